import Archive

extension ArgumentScanner {
    /// The shard options every writing command shares: `--shard-records N`, `--shard-bytes SIZE`
    /// (compressed; `128M`, `1G` or bytes) and `--gzip-level N`.
    func shardOptions() throws -> ShardWriter.Options {
        var options = ShardWriter.Options(
            shardRecords: try integer("--shard-records", default: 100_000, range: 1...Int.max),
            shardBytes: ShardWriter.Options.defaultShardBytes,
            level: Int32(try integer("--gzip-level", default: ShardWriter.Options.defaultLevel, range: 1...9)))
        if let text = string("--shard-bytes") {
            guard let bytes = Self.size(text), bytes >= 4096, bytes <= 4_000_000_000 else {
                throw UsageError(
                    "--shard-bytes \(text): expected a compressed size from 4K to 4G (BigQuery's limit per gzip file), as 128M"
                )
            }
            options.shardBytes = bytes
            // Members small enough that a shard can end near its target.
            options.memberBytes = min(options.memberBytes, max(16 << 10, bytes))
        }
        return options
    }

    /// Bytes in `4096`, `64K`, `128M`, `1G` (powers of 1024); `nil` for anything else.
    static func size(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.uppercased().last, let unit = units[last] {
            return Int(text.dropLast()).flatMap { $0 > 0 ? $0 * unit : nil }
        }
        return Int(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
