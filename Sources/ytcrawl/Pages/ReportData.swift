import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// What `ytcrawl report` shows of an output directory, read in one pass over each kind (two over
/// the snapshots): counts by month, a views histogram, formats, channels, comments per video,
/// snapshots and the fastest-growing videos' curves. Schema-1 lines lack the schema-2 keys; a
/// missing key counts as null.
struct ReportData {
    struct ChannelTotals {
        var title = ""
        var videos = 0
        var views = 0
    }

    struct SnapshotSummary {
        var name: String
        var taken: Int64?
        var lines = 0
        var gone = 0
    }

    var videos = 0
    var channelsResolved = 0
    /// `yyyy-MM` → videos published that month.
    var perMonth: [String: Int] = [:]
    /// Index n: videos with 10^(n-1) ≤ views < 10^n (index 0: no views); and videos with hidden counts.
    var viewsByDigits: [Int] = Array(repeating: 0, count: 12)
    var viewsUnknown = 0
    /// Videos by their `format` label (`short`, `live`, `long`); the rest are not labelled.
    var formats: [String: Int] = [:]
    static let formatLabels = ["short", "live", "long"]
    /// Videos whose record says (`madeForKids` or `license` not null): the status part was read.
    var statusKnown = 0
    var madeForKids = 0
    var creativeCommons = 0
    var channels: [String: ChannelTotals] = [:]
    var titles: [String: String] = [:]
    var comments = 0
    var commentsPerVideo: [String: Int] = [:]
    var commentsDisabled = 0
    /// How comment authors are written (`--pseudonymize-authors`), when pseudonymized.
    var authorPseudonyms: AuthorPseudonyms?
    var snapshots: [SnapshotSummary] = []
    /// Videos gone in the latest snapshot.
    var goneLatest = 0
    /// The fastest-growing videos (views a day), with their views per snapshot.
    var growth: [(videoId: String, perDay: Double, points: [(x: Double, y: Double)])] = []

    static let topGrowing = 8
    /// Videos by `categoryId`, and the titles the output's categories give them.
    var categories: [String: Int] = [:]
    var categoryTitles: [String: String] = [:]
    /// Live chat: messages per stream and per minute of each stream (minutes since its first
    /// message captured), and super chat and sticker totals by currency (millionths).
    var chatMessages = 0
    var chatPerStream: [String: [Int: Int]] = [:]
    var chatFirst: [String: Int64] = [:]
    var superChats: [String: (count: Int, micros: Int64)] = [:]
    /// How each search's answers changed across runs (its `results` lines), when it has any.
    var search: SearchComparison?

    static func read(directory: String) throws -> ReportData {
        var data = ReportData()
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos, includeOpen: true) { record, _ in
            data.addVideo(record)
        }
        try ArchiveReader.forEachRecord(directory: directory, kind: .channels, includeOpen: true) { _, _ in
            data.channelsResolved += 1
        }
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments, includeOpen: true) { record, _ in
            data.comments += 1
            if case .string(let video)? = record["videoId"] { data.commentsPerVideo[video, default: 0] += 1 }
        }
        if !ArchiveReader.shardNames(directory: directory, kind: .chat, includeOpen: true).isEmpty {
            try data.readChat(directory: directory)
        }
        let manifest = (try? Manifest.load(directory: directory)) ?? nil
        data.commentsDisabled = manifest?.commentsDisabled?.count ?? 0
        data.authorPseudonyms = manifest?.authorPseudonyms
        try data.readSnapshots(directory: directory)
        data.categoryTitles = try ExportCommand.categoryTitles(directory) ?? [:]
        if !ArchiveReader.shardNames(directory: directory, kind: .results, includeOpen: true).isEmpty {
            // A results shard lost leaves the search sections out, not the report (compare says why).
            data.search = try? SearchComparison.compute(directory: directory)
        }
        return data
    }

    private mutating func addVideo(_ record: JSONValue) {
        videos += 1
        if case .string(let published)? = record["publishedAt"], published.count >= 7 {
            perMonth[String(published.prefix(7)), default: 0] += 1
        }
        var views: Int?
        if case .number(let text)? = record["viewCount"] { views = Int(text) }
        if let views {
            let digits = views <= 0 ? 0 : min(String(views).count, viewsByDigits.count - 1)
            viewsByDigits[digits] += 1
        } else {
            viewsUnknown += 1
        }
        if case .string(let format)? = record["format"], Self.formatLabels.contains(format) {
            formats[format, default: 0] += 1
        }
        var status = false
        if case .bool(let kids)? = record["madeForKids"] {
            status = true
            if kids { madeForKids += 1 }
        }
        if case .string(let license)? = record["license"] {
            status = true
            if license == "creativeCommon" { creativeCommons += 1 }
        }
        if status { statusKnown += 1 }
        if case .string(let category)? = record["categoryId"] { categories[category, default: 0] += 1 }
        guard case .string(let channel)? = record["channelId"] else { return }
        var totals = channels[channel] ?? ChannelTotals()
        if case .string(let title)? = record["channelTitle"] { totals.title = title }
        totals.videos += 1
        totals.views += views ?? 0
        channels[channel] = totals
        if case .string(let id)? = record["videoId"], case .string(let title)? = record["title"] {
            titles[id] = title
        }
    }

    private mutating func readSnapshots(directory: String) throws {
        struct Span {
            var first: (at: Int64, views: Int)
            var last: (at: Int64, views: Int)
        }
        var spans: [String: Span] = [:]
        let names = SnapshotDirectory.names(in: directory)
        for name in names {
            var summary = SnapshotSummary(name: name)
            let path = SnapshotDirectory.root(of: directory) + "/" + name
            try ArchiveReader.forEachRecord(directory: path, kind: .stats, includeOpen: true) { record, _ in
                summary.lines += 1
                guard case .string(let id)? = record["videoId"] else { return }
                if case .string("gone")? = record["status"] {
                    summary.gone += 1
                    return
                }
                guard case .string(let fetched)? = record["fetchedAt"], let at = RFC3339.parseSeconds(fetched),
                    case .number(let text)? = record["viewCount"], let views = Int(text)
                else { return }
                summary.taken = min(summary.taken ?? at, at)
                if var span = spans[id] {
                    if at >= span.last.at { span.last = (at, views) }
                    if at < span.first.at { span.first = (at, views) }
                    spans[id] = span
                } else {
                    spans[id] = Span(first: (at, views), last: (at, views))
                }
            }
            snapshots.append(summary)
        }
        goneLatest = snapshots.last?.gone ?? 0
        let ranked = spans.compactMap { id, span -> (String, Double)? in
            let days = Double(span.last.at - span.first.at) / 86_400
            guard days > 0 else { return nil }
            return (id, Double(span.last.views - span.first.views) / days)
        }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(Self.topGrowing)
        guard !ranked.isEmpty else { return }
        var points: [String: [(x: Double, y: Double)]] = [:]
        let wanted = Set(ranked.map(\.0))
        for name in names {
            let path = SnapshotDirectory.root(of: directory) + "/" + name
            try ArchiveReader.forEachRecord(directory: path, kind: .stats, includeOpen: true) { record, _ in
                guard case .string(let id)? = record["videoId"], wanted.contains(id),
                    case .string(let fetched)? = record["fetchedAt"], let at = RFC3339.parseSeconds(fetched),
                    case .number(let text)? = record["viewCount"], let views = Double(text)
                else { return }
                points[id, default: []].append((Double(at), views))
            }
        }
        growth = ranked.map { ($0.0, $0.1, points[$0.0] ?? []) }
    }

    /// The chat lines: messages per minute of each stream, and super chat totals by currency.
    private mutating func readChat(directory: String) throws {
        var times: [String: [Int64]] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .chat, includeOpen: true) { record, _ in
            guard case .string(let video)? = record["videoId"], case .string(let published)? = record["publishedAt"],
                let micros = RFC3339.parseMicroseconds(published)
            else { return }
            chatMessages += 1
            times[video, default: []].append(micros)
            if case .string(let currency)? = record["currency"], case .number(let amount)? = record["amountMicros"],
                let value = Int64(amount)
            {
                let total = superChats[currency] ?? (0, 0)
                superChats[currency] = (total.count + 1, total.micros + value)
            }
        }
        for (video, stamps) in times {
            let first = stamps.min() ?? 0
            chatFirst[video] = first
            var minutes: [Int: Int] = [:]
            for stamp in stamps { minutes[Int((stamp - first) / 60_000_000), default: 0] += 1 }
            chatPerStream[video] = minutes
        }
    }
}
