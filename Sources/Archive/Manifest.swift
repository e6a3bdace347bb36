import Foundation
import StreamingJSON

/// `manifest.json`: what a crawl produced, for people and for `ytcrawl verify`. Never holds a key.
public struct Manifest: Codable, Sendable, Hashable {
    public struct Shard: Codable, Sendable, Hashable {
        public var name: String
        public var kind: String
        public var records: Int
        public var bytes: Int
        public var sha256: String
    }

    public var tool = "ytcrawl"
    public var toolVersion: String
    public var schemaVersion = 1
    public var quotaModel: String?
    public var seedsDigest: String?
    public var startedAt: String
    public var finishedAt: String?
    /// Units (and, in the buckets model, search calls) spent per list method: `search.list` → 12.
    public var unitsByMethod: [String: Int]
    public var records: [String: Int]
    public var shards: [Shard]
    /// Videos whose comments are disabled (a comments crawl asked for them); absent otherwise.
    public var commentsDisabled: [String]?
    /// What a statistics snapshot covers; absent in a crawl's manifest.
    public var snapshot: Snapshot?
    /// The output directories a merge combined (`ytcrawl merge`), in the order given.
    public var inputs: [String]?
    /// The schema version of each kind the directory holds (`ytcrawl schema KIND`).
    public var schemaVersions: [String: Int]?
    /// Comment authors pseudonymized (`--pseudonymize-authors`) and with which secret; absent when
    /// they are in clear.
    public var authorPseudonyms: AuthorPseudonyms?

    /// A statistics snapshot's scope.
    public struct Snapshot: Codable, Sendable, Hashable {
        /// Where its ids came from.
        public var source: String
        /// Distinct videos it covers: when finished, its records.
        public var videos: Int
        /// `videos.batchGetStats` or `videos.list`.
        public var method: String

        public init(source: String, videos: Int, method: String) {
            self.source = source
            self.videos = videos
            self.method = method
        }
    }

    public init(
        toolVersion: String, quotaModel: String? = nil, seedsDigest: String? = nil, startedAt: String,
        finishedAt: String? = nil, unitsByMethod: [String: Int] = [:], records: [String: Int] = [:],
        shards: [Shard] = []
    ) {
        self.toolVersion = toolVersion
        self.quotaModel = quotaModel
        self.seedsDigest = seedsDigest
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.unitsByMethod = unitsByMethod
        self.records = records
        self.shards = shards
    }

    public static let fileName = "manifest.json"

    public static func load(directory: String) throws -> Manifest? {
        try JSONFile.load(Manifest.self, path: directory + "/" + fileName, what: "manifest", fix: "remove it and rerun")
    }

    func write(directory: String) throws {
        try JSONFile.write(self, to: directory + "/" + Self.fileName, pretty: true)
    }
}

/// `checkpoint.json`: what a resumed run needs. The crawler's frontier is kept as the JSON text it gives.
public struct Checkpoint: Codable, Sendable, Hashable {
    public var schemaVersion = 1
    public var seedsDigest: String?
    public var updatedAt: String
    /// The shard of each kind left open, with its committed length and records.
    public var openShards: [ShardWriter.Commit]
    public var closedShards: [String: [ShardWriter.ClosedShard]]
    /// The crawler's pending work (page tokens, queues), as JSON text.
    public var frontier: String
    /// Units spent so far per method.
    public var unitsByMethod: [String: Int]
    public var finished: Bool
    /// As in the manifest: comment authors pseudonymized, and with which secret.
    public var authorPseudonyms: AuthorPseudonyms?

    public static let fileName = "checkpoint.json"

    public static func load(directory: String) throws -> Checkpoint? {
        try JSONFile.load(
            Checkpoint.self, path: directory + "/" + fileName, what: "checkpoint",
            fix: "move it away: the next run starts from the seeds and writes nothing the shards hold again")
    }

    func write(directory: String) throws {
        try JSONFile.write(self, to: directory + "/" + Self.fileName, pretty: false)
    }

    /// Writes the checkpoint with the frontier given as its JSON bytes, escaped into the file a
    /// piece at a time: the frontier (megabytes at a million videos) is neither copied into a String
    /// and through Foundation's encoder nor escaped whole into a second buffer — at a checkpoint a
    /// second, such copies were the largest part of the crawl's peak memory.
    func write(directory: String, frontierJSON: JSONWriter) throws {
        var shell = self
        shell.frontier = Self.placeholder
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = Array(try encoder.encode(shell))
        let marker = Array(#""\u0000frontier\u0000""#.utf8)
        guard let start = Self.firstIndex(of: marker, in: encoded) else {
            // An encoder that escapes differently: the plain way, still correct.
            var whole = self
            whole.frontier = frontierJSON.withBytes { String(decoding: $0, as: UTF8.self) }
            try whole.write(directory: directory)
            return
        }
        try AtomicFile.write(to: directory + "/" + Self.fileName) { append in
            try encoded[..<start].withUnsafeBytes(append)
            var piece = JSONWriter(capacity: 6 * Self.pieceSize + 2)
            piece.raw(UInt8(ascii: "\""))
            try frontierJSON.withBytes { frontier in
                var offset = 0
                while offset < frontier.count {
                    var end = min(offset + Self.pieceSize, frontier.count)
                    // Cut between characters: never before a UTF-8 continuation byte.
                    while end < frontier.count, end > offset + 1, frontier[end] & 0xC0 == 0x80 { end -= 1 }
                    piece.escapedText(utf8: UnsafeRawBufferPointer(rebasing: frontier[offset..<end]))
                    try piece.withBytes(append)
                    piece.removeAll()
                    offset = end
                }
            }
            piece.raw(UInt8(ascii: "\""))
            for byte in encoded[(start + marker.count)...] { piece.raw(byte) }
            piece.raw(0x0A)
            try piece.withBytes(append)
        }
    }

    /// Frontier bytes escaped at a time.
    private static let pieceSize = 64 * 1024

    private static let placeholder = "\u{0}frontier\u{0}"

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// The directory's small JSON files: read with a clear error, written atomically.
enum JSONFile {
    static func load<T: Decodable>(_ type: T.Type, path: String, what: String, fix: String) throws -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw ArchiveError("\(path) is not a valid \(what) (\(error)); \(fix)")
        }
    }

    static func write<T: Encodable>(_ value: T, to path: String, pretty: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(value)) + [0x0A], to: path)
    }
}
