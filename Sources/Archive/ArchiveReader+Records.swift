import Foundation
import StreamingJSON

extension ArchiveReader {
    /// Calls `body` with every record of `kind` in the directory, shard by shard, parsed.
    ///
    /// - Parameters:
    ///   - includeOpen: also read the shards still being written (`.part`).
    ///   - body: gets each record and the name of its shard.
    /// - Throws: ``ArchiveError`` naming the shard and line of a record that is not JSON, or what
    ///   `body` throws.
    public static func forEachRecord(
        directory: String, kind: RecordKind, includeOpen: Bool = false,
        _ body: (_ record: JSONValue, _ shard: String) throws -> Void
    ) throws {
        for name in shardNames(directory: directory, kind: kind, includeOpen: includeOpen) {
            try forEachLine(path: directory + "/" + name) { line, number in
                guard let record = try? JSONValue.parse(Array(line)) else {
                    throw ArchiveError(
                        "\(name) line \(number): not a JSON record; run ytcrawl verify \(directory) for details")
                }
                try body(record, name)
            }
        }
    }

    /// Bytes on disk of the shards of `kind` (open ones too), and how many there are.
    static func shardSizes(directory: String, kind: RecordKind) -> (shards: Int, bytes: Int) {
        let names = shardNames(directory: directory, kind: kind, includeOpen: true)
        let bytes = names.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + $1)[.size] as? Int) ?? 0)
        }
        return (names.count, bytes)
    }
}
