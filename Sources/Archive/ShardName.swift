import StreamingJSON

/// The name of a shard file: `videos-00042.jsonl.gz`, with `.part` while it is being written.
public struct ShardName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var kind: RecordKind
    public var index: Int

    public init(kind: RecordKind, index: Int) {
        precondition(index >= 0, "a shard index is never negative")
        self.kind = kind
        self.index = index
    }

    /// Parses `videos-00042.jsonl.gz` or `videos-00042.jsonl.gz.part`; `nil` for any other file name.
    public init?(fileName: String) {
        var name = Substring(fileName)
        if name.hasSuffix(".part") { name = name.dropLast(5) }
        guard name.hasSuffix(".jsonl.gz") else { return nil }
        name = name.dropLast(9)
        for kind in RecordKind.allCases where name.hasPrefix(kind.rawValue + "-") {
            let digits = name.dropFirst(kind.rawValue.count + 1)
            guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits)
            else { return nil }
            self.init(kind: kind, index: index)
            return
        }
        return nil
    }

    /// The closed shard's file name.
    public var fileName: String {
        let digits = String(index)
        return "\(kind.rawValue)-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits).jsonl.gz"
    }

    /// The file name while the shard is open.
    public var partFileName: String { fileName + ".part" }

    public var description: String { fileName }

    public static func < (lhs: ShardName, rhs: ShardName) -> Bool {
        (lhs.kind.rawValue, lhs.index) < (rhs.kind.rawValue, rhs.index)
    }
}
