import Foundation
import Gzip
import StreamingJSON

/// What a shard file cut short anywhere still holds: the records of its complete gzip members
/// (each checked by its CRC), for an open shard no checkpoint knows (a run killed before its first
/// checkpoint, or after a rotation). Its records were written once and are kept, not fetched again.
enum ShardSalvage {
    /// The complete record lines (each with its `\n`) of `path`, in order; nothing from the member a
    /// crash cut, nor from anything after a corrupt byte; with `upTo`, only from its first bytes
    /// (what a checkpoint committed).
    static func records(path: String, kind: RecordKind, upTo limit: Int? = nil) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path),
            let decompressor = try? GzipDecompressor()
        else { return [] }
        var output: [UInt8] = []
        // A corrupt or cut member ends the reading; what came before it stands.
        _ = try? data.prefix(limit ?? data.count).withUnsafeBytes { try decompressor.decompress($0, into: &output) }
        let trusted = output[..<min(decompressor.outputOfCompleteMembers, output.count)]
        var lines: [[UInt8]] = []
        var start = trusted.startIndex
        while let end = trusted[start...].firstIndex(of: 0x0A) {
            let line = trusted[start..<end]
            if kind.id(inLine: line) != nil, line.last == UInt8(ascii: "}") {
                lines.append(Array(trusted[start...end]))
            }
            start = end + 1
        }
        return lines
    }

}
