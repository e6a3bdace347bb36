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
        /// SHA-256 of the shard's decompressed lines: a shard recompressed (other gzip bytes,
        /// the same records) is told from one whose records changed. Absent for shards written
        /// before it was kept, or continued after a kill.
        public var contentSha256: String?

        public init(
            name: String, kind: String, records: Int, bytes: Int, sha256: String, contentSha256: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.records = records
            self.bytes = bytes
            self.sha256 = sha256
            self.contentSha256 = contentSha256
        }
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
    /// Every run that wrote here, oldest first (absent in manifests of earlier versions).
    public var runs: [Run]?
    /// How the output was collected: API, revision, seeds and their outcomes (absent in manifests
    /// of earlier versions).
    public var provenance: Provenance?
    /// Channel ids the videos name that the output holds no channel record of (closed
    /// channels, or `--no-resolve-channels`): while any, the data package declares no foreign key
    /// from videos to channels (absent in outputs of earlier versions).
    public var unresolvedChannels: Int?
    /// Videos whose comments a `comments` seed read (it does not ask for the video) that the
    /// output holds no video record of: while any, the data package declares no foreign key from
    /// comments to videos (absent when none).
    public var unresolvedVideos: Int?
    /// The live chats captured or tried (`live` seeds, `live=yes`), each once, with its possible
    /// gaps (absent when no seed asked for one).
    public var chats: [ChatCapture]?

    /// One run: a crawl, an update, a refresh or a merge, from its start to its end (a run
    /// stopped by the budget, the quota or a kill goes on when it is rerun: one entry).
    public struct Run: Codable, Sendable, Hashable {
        public var kind: String
        public var startedAt: String
        /// `nil` while it has not finished.
        public var finishedAt: String?
        public var unitsByMethod: [String: Int]
        /// Records it added, by kind.
        public var recordsAdded: [String: Int]
        /// Records it removed, by kind (`ytcrawl prune`; absent for other runs).
        public var recordsRemoved: [String: Int]?
        /// When it sent its first and its last request (absent in runs of earlier versions and
        /// in runs that sent none, such as a merge).
        public var firstRequestAt: String?
        public var lastRequestAt: String?
        /// Drawn at random when it begins (absent in runs of earlier versions): what tells this run
        /// from another output's run of the same start, as `results` lines name it.
        public var id: String?

        /// A run of `kind` beginning at `now`, its ``id`` drawn: 64 random bits in hex.
        static func starting(_ kind: String, at now: String) -> Run {
            var run = Run(kind: kind, startedAt: now)
            let hex = String(UInt64.random(in: .min ... .max), radix: 16)
            run.id = String(repeating: "0", count: 16 - hex.count) + hex
            return run
        }

        public init(
            kind: String, startedAt: String, finishedAt: String? = nil, unitsByMethod: [String: Int] = [:],
            recordsAdded: [String: Int] = [:]
        ) {
            self.kind = kind
            self.startedAt = startedAt
            self.finishedAt = finishedAt
            self.unitsByMethod = unitsByMethod
            self.recordsAdded = recordsAdded
        }

        /// Units of every method together.
        public var units: Int { unitsByMethod.values.reduce(0, +) }
    }

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

    /// The runs so far; an output of an earlier version, without a history, counts as one run of
    /// what it holds.
    public var history: [Run] {
        if let runs, !runs.isEmpty { return runs }
        guard !records.isEmpty || !shards.isEmpty else { return [] }
        return [
            Run(
                kind: snapshot == nil ? (inputs == nil ? "crawl" : "merge") : "refresh", startedAt: startedAt,
                finishedAt: finishedAt, unitsByMethod: unitsByMethod, recordsAdded: records)
        ]
    }

    /// The runs so far, with the one starting now (`kind`) unless the last one has not finished
    /// and `continues` (its checkpoint is unfinished), or it is of the same kind and was killed
    /// before its first checkpoint: that one goes on, under its number and start (what it wrote,
    /// its `results` lines included, is its own, not another run's).
    func runs(starting kind: String, at now: String, continues: Bool) -> [Run] {
        var runs = history
        if let last = runs.last, last.finishedAt == nil, continues || last.kind == kind { return runs }
        runs.append(.starting(kind, at: now))
        return runs
    }

    /// The last run's units and records: what the manifest counts beyond the earlier runs'.
    mutating func accountLastRun(finished: String?) {
        guard var runs, var last = runs.popLast() else { return }
        var units = unitsByMethod
        var added = records
        for run in runs {
            for (method, spent) in run.unitsByMethod { units[method, default: 0] -= spent }
            for (kind, count) in run.recordsAdded { added[kind, default: 0] -= count }
        }
        last.unitsByMethod = units.filter { $0.value != 0 }
        last.recordsAdded = added
        if let finished { last.finishedAt = finished }
        runs.append(last)
        self.runs = runs
    }

    public static func load(directory: String) throws -> Manifest? {
        try JSONFile.load(
            Manifest.self, path: directory + "/" + fileName, what: "manifest",
            fix:
                "restore it from a backup if there is one; otherwise remove it and rerun: it is rebuilt from the shards, without the earlier runs' history and units"
        )
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

    /// Writes `value` as JSON text (with a newline at the end) as it is encoded: a manifest of
    /// thousands of seeds, rewritten at every checkpoint, never is a tree or a whole text in memory.
    static func write<T: Encodable>(_ value: T, to path: String, pretty: Bool) throws {
        try AtomicFile.write(to: path) { append in
            try JSONStreamEncoder(pretty: pretty).encode(value, to: append)
            try withUnsafeBytes(of: UInt8(0x0A)) { try append($0) }
        }
    }
}
