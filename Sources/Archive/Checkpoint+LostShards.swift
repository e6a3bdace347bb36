import Foundation

extension Checkpoint {
    /// A shard the checkpoint counts records in that is gone or shorter than it says.
    public struct LostShard: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var records: Int
        /// It is there whole, with every record counted, but its content differs from what was
        /// written (a record changed).
        public var changed = false

        public var description: String {
            changed
                ? "\(name) holds the \(records) records checkpoint.json counted, but their content differs from what was written (a record was changed)"
                : "\(name) is missing or shorter than checkpoint.json says: of the \(records) records it counted there, some or all are lost"
        }
    }

    /// What to do about lost shards: fetch their records again. A shorter shard goes too: a
    /// run started from the seeds reads every shard, and one cut inside a gzip member stops it.
    public static let lostShardsFix =
        "to fetch them again, move the shorter shard (if it is there) and checkpoint.json out of the directory and rerun the same command (it starts from the seeds and writes only what the other shards do not hold)"

    /// Shards this checkpoint counts records in that are no longer whole in `directory`: an open
    /// shard gone (neither its `.part` nor its closed name is there) or cut below its committed
    /// length, a closed shard gone or of another size.
    public func lostShards(directory: String) -> [LostShard] {
        func size(_ name: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? nil
        }
        var lost: [LostShard] = []
        for open in openShards where open.records > 0 {
            let closedName = ShardName(fileName: open.name).map(\.fileName)
            if let bytes = size(open.name), bytes >= open.committedBytes { continue }
            if let closedName, let bytes = size(closedName), bytes >= open.committedBytes { continue }
            lost.append(LostShard(name: open.name, records: open.records))
        }
        for shard in closedShards.values.joined() where size(shard.name) != shard.bytes {
            // Another size: lost only when its records are not all there (a shard recompressed
            // with every record, as `gzip -9` leaves it, is whole).
            guard let found = try? ArchiveReader.describe(directory: directory, name: shard.name),
                found.records >= shard.records
            else {
                lost.append(LostShard(name: shard.name, records: shard.records))
                continue
            }
            if let written = shard.contentSha256, found.contentSha256 != written {
                lost.append(LostShard(name: shard.name, records: shard.records, changed: true))
            }
        }
        return lost
    }
}
