import Archive

/// The shard options of every command that writes shards (crawl, refresh, merge).
struct ShardOptions {
    static let records = Option<Int>(
        "--shard-records", help: "records per shard at most", default: 100_000, range: 1...Int.max)
    static let bytes = Option<Int>(
        "--shard-bytes", "SIZE", help: "compressed bytes per shard at most, as 64M or 1G",
        default: ShardWriter.Options.defaultShardBytes, shownDefault: "default 128M"
    ) { name, text in
        guard let bytes = ShardOptions.size(text), bytes >= 4096, bytes <= 4_000_000_000 else {
            throw UsageError(
                "\(name) \(text): expected a compressed size from 4K to 4G (BigQuery's limit per gzip file), as 128M")
        }
        return bytes
    }
    static let gzipLevel = Option<Int>(
        "--gzip-level", help: "1 (fast) to 9 (small)", default: ShardWriter.Options.defaultLevel, range: 1...9)

    static let group = OptionGroup("Shards", [records.spec, bytes.spec, gzipLevel.spec])

    var writer: ShardWriter.Options

    init(_ scanner: ArgumentScanner) throws {
        writer = ShardWriter.Options(
            shardRecords: try scanner[Self.records], shardBytes: try scanner[Self.bytes],
            level: Int32(try scanner[Self.gzipLevel]))
        if scanner.isGiven(Self.bytes) {
            // Members small enough that a shard can end near its target.
            writer.memberBytes = min(writer.memberBytes, max(16 << 10, writer.shardBytes))
        }
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
