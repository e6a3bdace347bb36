import Foundation
import StreamingJSON
import YouTubeKit

/// What the `results` lines of an output say about each search across runs (`ytcrawl compare`):
/// per seed and run the ranked answer, per pair of runs how far the answers agree (Jaccard, RBO
/// at p = 0.9, ids entered and left), and for searches by date windows the decay table — the
/// share of the first run's results still returned at each later run, by days since publication.
public struct SearchComparison: Sendable {
    /// One run's answer to one seed: its ids in rank order (windows newest first).
    public struct RunAnswer: Sendable, Hashable {
        /// The run's place among the seed's runs, from 1, in the order they were answered (a
        /// merged output's runs from each input count apart).
        public var run: Int
        /// The run as its lines name it (`number@id`).
        public var runId: String
        /// Whether it asked what the seed's first run asked (the same parameters from the same
        /// start): only such runs are compared. An update's window since the last run is not.
        public var comparable: Bool
        /// When its first request was sent.
        public var sentAt: String?
        public var ids: [String]
        /// Video results whose text holds every term of `q`, of all video results; `nil` when the
        /// query has no terms.
        public var matchesQueryShare: Double?
    }

    public struct Pair: Sendable, Hashable {
        public var runA: Int
        public var runB: Int
        public var resultsA: Int
        public var resultsB: Int
        public var jaccard: Double
        public var rbo: Double
        /// Ids in run B's answer and not in A's, and the reverse.
        public var entered: Int
        public var left: Int
    }

    /// The first run's video results of an age at a later run, and how many that run returned.
    public struct DecayRow: Sendable, Hashable {
        public var run: Int
        /// Days since publication at the later run, the bucket's start (buckets of ``bucketDays``;
        /// the last holds every older one).
        public var ageDays: Int
        public var firstRun: Int
        public var stillReturned: Int
        public var share: Double { firstRun == 0 ? 0 : Double(stillReturned) / Double(firstRun) }
    }

    public struct SeedComparison: Sendable, Hashable {
        /// From 1, in the order of the seeds' positions.
        public var number: Int
        public var seed: String
        /// Whether its requests were by date windows (`split=time`, an update's window).
        public var windowed: Bool
        public var runs: [RunAnswer]
        public var pairs: [Pair]
        public var decay: [DecayRow]
    }

    public static let bucketDays = 10
    public static let lastBucket = 120

    public var seeds: [SeedComparison]

    /// Reads the `results` (and, for publication dates and the query's terms, `videos`) of
    /// `directory`.
    ///
    /// - Throws: ``ArchiveError`` when a `results` or `videos` shard the manifest lists is not
    ///   there: a comparison without it would be wrong without saying so.
    public static func compute(directory: String) throws -> SearchComparison {
        if let manifest = try Manifest.load(directory: directory) {
            for shard in manifest.shards where shard.kind == RecordKind.results.rawValue || shard.kind == "videos" {
                guard FileManager.default.fileExists(atPath: directory + "/" + shard.name) else {
                    throw ArchiveError(
                        "\(directory)/\(shard.name) is listed in manifest.json but missing: the comparison would leave its lines out; run ytcrawl verify \(directory) and restore it (or fetch it again as verify says)"
                    )
                }
            }
        }
        struct Line {
            /// The window's end: newest window first, one without an end before any.
            var windowEnd: String?
            var rank: Int
            var id: String
            var isVideo: Bool
            var matches: Bool?
        }
        struct Entry {
            var sentAt: String?
            var lines: [Line] = []
            /// The first line's request (in rank order) without its page and window end: what
            /// the run asked.
            var first: (line: Line, asked: String)?
        }
        struct Group {
            var firstSent: String?
            var windowed = false
            var q: String?
            var runs: [String: Entry] = [:]
        }
        var groups: [String: Group] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .results, includeOpen: true) { record, _ in
            guard case .string(let seed)? = record["seed"], case .string(let id)? = record["id"],
                case .string(let resultId)? = record["resultId"],
                let runId = resultId.split(separator: "/", maxSplits: 1).first.map(String.init),
                case .number(let rankText)? = record["rank"], let rank = Int(rankText)
            else { return }
            var group = groups[seed] ?? Group()
            if case .string(let q)? = record["request"]?["q"] { group.q = q }
            var windowEnd: String?
            if case .object = record["window"] {
                group.windowed = true
                if case .string(let text)? = record["window"]?["publishedBefore"] { windowEnd = text }
            }
            var sentAt: String?
            if case .string(let text)? = record["sentAt"] { sentAt = text }
            var matches: Bool?
            if case .bool(let value)? = record["matchesQuery"] { matches = value }
            var entry = group.runs[runId] ?? Entry(sentAt: sentAt)
            if let sentAt, entry.sentAt.map({ sentAt < $0 }) ?? true { entry.sentAt = sentAt }
            if let sentAt, group.firstSent.map({ sentAt < $0 }) ?? true { group.firstSent = sentAt }
            let isVideo: Bool
            if case .string("video")? = record["kind"] { isVideo = true } else { isVideo = false }
            let line = Line(windowEnd: windowEnd, rank: rank, id: id, isVideo: isVideo, matches: matches)
            entry.lines.append(line)
            if entry.first.map({ precedes(line, $0.line) }) ?? true {
                var asked: [String] = []
                if case .object(let members)? = record["request"] {
                    for (name, value) in members where name != "page" && name != "publishedBefore" {
                        if case .string(let text) = value { asked.append(name + "=" + text) }
                    }
                }
                entry.first = (line, asked.sorted().joined(separator: "&"))
            }
            group.runs[runId] = entry
            groups[seed] = group
        }
        /// Newest window first (one without an end before any), then by rank.
        func precedes(_ a: Line, _ b: Line) -> Bool {
            guard a.windowEnd == b.windowEnd else {
                guard let endA = a.windowEnd else { return true }
                guard let endB = b.windowEnd else { return false }
                return endA > endB
            }
            return a.rank < b.rank
        }
        // Only the videos the lines name are read, and of each only its date and which queries its
        // text matches: an output of a million videos costs what its results cost.
        var needed: Set<String> = []
        var queries: [String: QueryTerms] = [:]
        for group in groups.values {
            if let q = group.q { queries[q] = QueryTerms(q) }
            for entry in group.runs.values {
                for line in entry.lines where line.isVideo { needed.insert(line.id) }
            }
        }
        let videos = try videoFacts(directory: directory, needed: needed, queries: queries)
        var seeds: [SeedComparison] = []
        // Seeds in the order they were first answered; runs too.
        let ordered = groups.sorted { ($0.value.firstSent ?? "", $0.key) < ($1.value.firstSent ?? "", $1.key) }
        for (seed, group) in ordered {
            let terms = group.q.map(QueryTerms.init)
            var answers: [RunAnswer] = []
            let runs = group.runs.sorted { ($0.value.sentAt ?? "", $0.key) < ($1.value.sentAt ?? "", $1.key) }
            let firstAsked = runs.first?.value.first?.asked
            for (place, (runId, entry)) in runs.enumerated() {
                let lines = entry.lines.sorted(by: precedes)
                var share: Double?
                if let terms, !terms.terms.isEmpty {
                    let videoLines = lines.filter(\.isVideo)
                    let matched = videoLines.filter { line in
                        line.matches == true
                            || (group.q.map { videos[line.id]?.matching.contains($0) } ?? false) == true
                    }
                    share = videoLines.isEmpty ? nil : Double(matched.count) / Double(videoLines.count)
                }
                answers.append(
                    RunAnswer(
                        run: place + 1, runId: runId, comparable: entry.first?.asked == firstAsked,
                        sentAt: entry.sentAt, ids: RankedListOverlap.firstOccurrences(lines.map(\.id)),
                        matchesQueryShare: share))
            }
            var pairs: [Pair] = []
            let comparable = answers.filter(\.comparable)
            for (i, a) in comparable.enumerated() {
                for b in comparable[(i + 1)...] {
                    let setA = Set(a.ids)
                    let setB = Set(b.ids)
                    pairs.append(
                        Pair(
                            runA: a.run, runB: b.run, resultsA: a.ids.count, resultsB: b.ids.count,
                            jaccard: RankedListOverlap.jaccard(a.ids, b.ids), rbo: RankedListOverlap.rbo(a.ids, b.ids),
                            entered: setB.subtracting(setA).count, left: setA.subtracting(setB).count))
                }
            }
            let decay = group.windowed ? decayTable(comparable, publishedAt: videos) : []
            seeds.append(
                SeedComparison(
                    number: seeds.count + 1, seed: seed, windowed: group.windowed, runs: answers, pairs: pairs,
                    decay: decay))
        }
        return SearchComparison(seeds: seeds)
    }

    /// The first run's videos, by their age at each later run, and how many that run returned.
    private static func decayTable(_ answers: [RunAnswer], publishedAt videos: [String: VideoFacts]) -> [DecayRow] {
        guard let first = answers.first else { return [] }
        var rows: [DecayRow] = []
        for later in answers.dropFirst() {
            guard let sent = later.sentAt.flatMap(RFC3339.parseSeconds) else { continue }
            let returned = Set(later.ids)
            var buckets: [Int: (first: Int, still: Int)] = [:]
            for id in first.ids {
                guard let published = videos[id]?.publishedAt else { continue }
                let age = max(0, Int((sent - published) / 86_400))
                let bucket = min(age / bucketDays * bucketDays, lastBucket)
                var counts = buckets[bucket] ?? (0, 0)
                counts.first += 1
                if returned.contains(id) { counts.still += 1 }
                buckets[bucket] = counts
            }
            for (bucket, counts) in buckets.sorted(by: { $0.key < $1.key }) {
                rows.append(
                    DecayRow(run: later.run, ageDays: bucket, firstRun: counts.first, stillReturned: counts.still))
            }
        }
        return rows
    }

    struct VideoFacts {
        var publishedAt: Int64?
        /// The queries (`q` as sent) whose every term its title, description or tags hold.
        var matching: Set<String>
    }

    /// The publication date of each video in `needed`, and which of `queries` its text (title,
    /// description, tags) matches.
    private static func videoFacts(directory: String, needed: Set<String>, queries: [String: QueryTerms]) throws
        -> [String: VideoFacts]
    {
        var facts: [String: VideoFacts] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos, includeOpen: true) { record, _ in
            guard case .string(let id)? = record["videoId"], needed.contains(id) else { return }
            var strings: [String] = []
            for column in ["title", "description"] {
                if case .string(let text)? = record[column] { strings.append(text) }
            }
            if case .array(let tags)? = record["tags"] {
                for case .string(let tag) in tags { strings.append(tag) }
            }
            var published: Int64?
            if case .string(let text)? = record["publishedAt"] { published = RFC3339.parseSeconds(text) }
            let matching = queries.filter { $0.value.matches(strings) == true }.keys
            facts[id] = VideoFacts(publishedAt: published, matching: Set(matching))
        }
        return facts
    }
}
