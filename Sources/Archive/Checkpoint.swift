import Foundation
import StreamingJSON

/// `checkpoint.json`: what a resumed run needs. The crawler's frontier is a raw JSON member (the
/// last one, `"frontier":{…}`), written and read back as the bytes the crawler gives, without
/// escaping; checkpoints of earlier versions hold it as a string, which still reads.
public struct Checkpoint: Sendable, Hashable {
    public var schemaVersion = 1
    public var seedsDigest: String?
    public var updatedAt: String
    /// The shard of each kind left open, with its committed length and records.
    public var openShards: [ShardWriter.Commit]
    public var closedShards: [String: [ShardWriter.ClosedShard]]
    /// The crawler's pending work (page tokens, queues), as JSON bytes.
    public var frontier: [UInt8]?
    /// Units per method in checkpoints of earlier versions; the manifest keeps them now.
    public var unitsByMethod: [String: Int]?
    public var finished: Bool
    /// As in the manifest: comment authors pseudonymized, and with which secret.
    public var authorPseudonyms: AuthorPseudonyms?

    public static let fileName = "checkpoint.json"

    public init(
        seedsDigest: String?, updatedAt: String, openShards: [ShardWriter.Commit],
        closedShards: [String: [ShardWriter.ClosedShard]], finished: Bool, authorPseudonyms: AuthorPseudonyms?
    ) {
        self.seedsDigest = seedsDigest
        self.updatedAt = updatedAt
        self.openShards = openShards
        self.closedShards = closedShards
        self.finished = finished
        self.authorPseudonyms = authorPseudonyms
    }

    /// The frontier as text (for people and tests).
    public var frontierText: String? { frontier.map { String(decoding: $0, as: UTF8.self) } }

    public static func load(directory: String) throws -> Checkpoint? {
        let path = directory + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let fix = "move it away: the next run starts from the seeds and writes nothing the shards hold again"
        // The frontier (megabytes at a million videos) is cut out before the rest is decoded, so
        // it is parsed once, by the crawler; the string form of earlier versions decodes whole.
        let bytes = Array(data)
        guard let member = Self.frontierMember(in: bytes) else {
            return try JSONFile.decode(Checkpoint.self, from: data, path: path, what: "checkpoint", fix: fix)
        }
        let shell = Data(bytes[..<member.cut.lowerBound] + bytes[member.cut.upperBound...])
        guard
            var checkpoint = try JSONFile.decode(Checkpoint.self, from: shell, path: path, what: "checkpoint", fix: fix)
        else { return nil }
        checkpoint.frontier = Array(bytes[member.value])
        return checkpoint
    }

    /// Writes the checkpoint with `frontier` as its last member, its pieces as they come: the
    /// frontier (megabytes at a million videos) is encoded straight into the file, never held
    /// whole, neither copied into a String nor escaped.
    func write(directory: String, frontier: JSONPieces) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var shell = Array(try encoder.encode(self))
        // `{…}` without its closing brace, then the frontier member.
        guard shell.last == UInt8(ascii: "}") else { throw ArchiveError("the checkpoint's encoding is not an object") }
        shell.removeLast()
        let member = Array((shell.count > 1 ? #","frontier":"# : #""frontier":"#).utf8)
        try AtomicFile.write(to: directory + "/" + Self.fileName) { append in
            try shell.withUnsafeBytes(append)
            try member.withUnsafeBytes(append)
            try frontier.write(to: append)
            try Array("}\n".utf8).withUnsafeBytes(append)
        }
    }

    /// Where the raw frontier member of a checkpoint is — the value after the first
    /// `"frontier":` (a key only: every quote inside a string is escaped, and no member before it
    /// has that key) — and what to cut for the rest to be an object without it (the key, the
    /// value and one comma beside them). This version writes it last; a file rewritten by another
    /// tool (pretty-printed, keys sorted) still reads, as the value's own extent is found by its
    /// brackets.
    static func frontierMember(in bytes: [UInt8]) -> (value: ClosedRange<Int>, cut: Range<Int>)? {
        let key = Array(#""frontier""#.utf8)
        guard bytes.count > key.count,
            let found = (0...(bytes.count - key.count)).first(where: {
                bytes[$0..<($0 + key.count)].elementsEqual(key)
            })
        else { return nil }
        var index = found + key.count
        func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return nil
        }
        let start = index
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return (start...index, Self.memberCut(in: bytes, key: found, valueEnd: index)) }
            }
            index += 1
        }
        return nil
    }
}

extension Checkpoint {
    /// The bytes of a member from its key at `key` to its value's end, and the comma after it (or,
    /// for the last member, the one before it).
    fileprivate static func memberCut(in bytes: [UInt8], key: Int, valueEnd: Int) -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x0A, 0x0D, 0x09].contains(byte) }
        var after = valueEnd + 1
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ",") { return key..<(after + 1) }
        var before = key - 1
        while before > 0, isSpace(bytes[before]) { before -= 1 }
        if before >= 0, bytes[before] == UInt8(ascii: ",") { return before..<(valueEnd + 1) }
        return key..<(valueEnd + 1)
    }
}

extension Checkpoint: Codable {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, seedsDigest, updatedAt, openShards, closedShards, frontier, unitsByMethod, finished
        case authorPseudonyms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        seedsDigest = try container.decodeIfPresent(String.self, forKey: .seedsDigest)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        openShards = try container.decode([ShardWriter.Commit].self, forKey: .openShards)
        closedShards = try container.decode([String: [ShardWriter.ClosedShard]].self, forKey: .closedShards)
        // Earlier versions: the frontier as a string. This one: a raw member, read by `load`.
        frontier = (try? container.decodeIfPresent(String.self, forKey: .frontier)).flatMap { $0 }.map {
            Array($0.utf8)
        }
        unitsByMethod = try container.decodeIfPresent([String: Int].self, forKey: .unitsByMethod)
        finished = try container.decode(Bool.self, forKey: .finished)
        authorPseudonyms = try container.decodeIfPresent(AuthorPseudonyms.self, forKey: .authorPseudonyms)
    }

    /// Every member but the frontier (``write(directory:frontier:)`` appends it raw).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encodeIfPresent(seedsDigest, forKey: .seedsDigest)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(openShards, forKey: .openShards)
        try container.encode(closedShards, forKey: .closedShards)
        try container.encodeIfPresent(unitsByMethod, forKey: .unitsByMethod)
        try container.encode(finished, forKey: .finished)
        try container.encodeIfPresent(authorPseudonyms, forKey: .authorPseudonyms)
    }
}
