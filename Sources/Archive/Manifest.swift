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
    public var schemaVersion = 2
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

/// The directory's small JSON files: read with a clear error, written atomically.
enum JSONFile {
    static func load<T: Decodable>(_ type: T.Type, path: String, what: String, fix: String) throws -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try decode(type, from: data, path: path, what: what, fix: fix)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String, what: String, fix: String) throws
        -> T?
    {
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
