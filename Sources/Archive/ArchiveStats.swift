import Foundation
import StreamingJSON

/// `ytcrawl stats DIR`: what a crawl holds.
public struct ArchiveStats: Sendable {
    public var videoRecords = 0
    public var uniqueVideos = 0
    public var channelRecords = 0
    public var uniqueChannels = 0
    public var commentRecords = 0
    public var replies = 0
    /// Videos with at least one comment, and videos whose comments are disabled.
    public var videosWithComments = 0
    public var commentsDisabled = 0
    /// Channel links (`links=` seeds): records, by relation, and the channels they join.
    public var linkRecords = 0
    public var featuredLinks = 0
    public var linkedChannels = 0
    /// Playlists' own records, the entries of walked playlists (`memberships`) and the
    /// playlists they are of, and the ids asked for that did not come back, by kind.
    public var playlistRecords = 0
    public var uniquePlaylists = 0
    public var membershipRecords = 0
    public var walkedPlaylists = 0
    public var missingByKind: [String: Int] = [:]
    public var earliest: String?
    public var latest: String?
    /// Channels with the most videos: (channelId, title, videos).
    public var topChannels: [(String, String, Int)] = []
    public var unitsByMethod: [String: Int] = [:]
    public var shards = 0
    public var bytes = 0
    /// The statistics snapshots, oldest first.
    public var snapshots: [Snapshot] = []
    /// Every run: the output's (crawls, updates, merges) and its snapshots' (refreshes), by start.
    public var runs: [Manifest.Run] = []

    /// One statistics snapshot: its lines, of which gone, the videos it covers, and of those, how
    /// many the output holds.
    public struct Snapshot: Sendable, Hashable {
        public var name: String
        public var lines = 0
        public var gone = 0
        public var covers = 0
        public var ofOutput = 0
        public var finished = false
    }

    public static func compute(directory: String) throws -> ArchiveStats {
        var stats = ArchiveStats()
        var videoIds: Set<String> = []
        var perChannel: [String: (String, Int)] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos, includeOpen: true) { value, _ in
            stats.videoRecords += 1
            if case .string(let id)? = value["videoId"] { videoIds.insert(id) }
            if case .string(let date)? = value["publishedAt"] {
                if stats.earliest.map({ date < $0 }) ?? true { stats.earliest = date }
                if stats.latest.map({ date > $0 }) ?? true { stats.latest = date }
            }
            if case .string(let channel)? = value["channelId"] {
                var title = ""
                if case .string(let text)? = value["channelTitle"] { title = text }
                perChannel[channel, default: (title, 0)].1 += 1
            }
        }
        var channelIds: Set<String> = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .channels, includeOpen: true) { value, _ in
            stats.channelRecords += 1
            if case .string(let id)? = value["channelId"] { channelIds.insert(id) }
        }
        var commentedVideos: Set<String> = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments, includeOpen: true) { value, _ in
            stats.commentRecords += 1
            if case .string? = value["parentId"] { stats.replies += 1 }
            if case .string(let video)? = value["videoId"] { commentedVideos.insert(video) }
        }
        stats.videosWithComments = commentedVideos.count
        var linked: Set<String> = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .links, includeOpen: true) { value, _ in
            stats.linkRecords += 1
            if case .string("featured")? = value["relation"] { stats.featuredLinks += 1 }
            for column in ["fromChannelId", "toChannelId"] {
                if case .string(let id)? = value[column] { linked.insert(id) }
            }
        }
        stats.linkedChannels = linked.count
        var playlists: Set<String> = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .playlists, includeOpen: true) { value, _ in
            stats.playlistRecords += 1
            if case .string(let id)? = value["playlistId"] { playlists.insert(id) }
        }
        stats.uniquePlaylists = playlists.count
        var walked: Set<String> = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .memberships, includeOpen: true) { value, _ in
            stats.membershipRecords += 1
            if case .string(let id)? = value["playlistId"] { walked.insert(id) }
        }
        stats.walkedPlaylists = walked.count
        try ArchiveReader.forEachRecord(directory: directory, kind: .missing, includeOpen: true) { value, _ in
            if case .string(let kind)? = value["kind"] { stats.missingByKind[kind, default: 0] += 1 }
        }
        for kind in RecordKind.allCases {
            let (shards, bytes) = ArchiveReader.shardSizes(directory: directory, kind: kind)
            stats.shards += shards
            stats.bytes += bytes
        }
        stats.uniqueVideos = videoIds.count
        stats.uniqueChannels = channelIds.count
        stats.topChannels = perChannel.map { ($0.key, $0.value.0, $0.value.1) }.sorted { ($0.2, $1.0) > ($1.2, $0.0) }
            .prefix(10).map { $0 }
        let manifest = (try? Manifest.load(directory: directory)) ?? nil
        stats.unitsByMethod = manifest?.unitsByMethod ?? [:]
        stats.commentsDisabled = manifest?.commentsDisabled?.count ?? 0
        stats.runs = manifest?.history ?? []
        for name in SnapshotDirectory.names(in: directory) {
            let path = SnapshotDirectory.root(of: directory) + "/" + name
            var snapshot = Snapshot(name: name)
            var written: Set<String> = []
            try ArchiveReader.forEachRecord(directory: path, kind: .stats, includeOpen: true) { value, _ in
                snapshot.lines += 1
                if case .string(let id)? = value["videoId"] { written.insert(id) }
                if case .string("gone")? = value["status"] { snapshot.gone += 1 }
            }
            snapshot.covers = Set(SnapshotDirectory.ids(of: path) ?? []).count
            snapshot.ofOutput = written.intersection(videoIds).count
            let snapshotManifest = (try? Manifest.load(directory: path)) ?? nil
            snapshot.finished = snapshotManifest?.finishedAt != nil
            stats.runs += snapshotManifest?.history ?? []
            stats.snapshots.append(snapshot)
        }
        stats.runs.sort { $0.startedAt < $1.startedAt }
        return stats
    }

    /// The report `ytcrawl stats` prints.
    public var text: String {
        var lines = [
            "videos:    \(videoRecords) records, \(uniqueVideos) unique",
            "channels:  \(channelRecords) records, \(uniqueChannels) unique",
            "published: \(earliest ?? "-") … \(latest ?? "-")",
        ]
        if commentRecords > 0 || commentsDisabled > 0 {
            lines.append(
                "comments:  \(commentRecords) records (\(commentRecords - replies) top-level, \(replies) replies) on \(videosWithComments) videos; comments disabled on \(commentsDisabled)"
            )
        }
        if linkRecords > 0 {
            lines.append(
                "links:     \(linkRecords) records (\(featuredLinks) featured, \(linkRecords - featuredLinks) subscriptions) among \(linkedChannels) channels"
            )
        }
        if playlistRecords > 0 {
            lines.append("playlists: \(playlistRecords) records, \(uniquePlaylists) unique")
        }
        if membershipRecords > 0 {
            lines.append(
                "entries:   \(membershipRecords) playlist entries (memberships) of \(walkedPlaylists) playlists")
        }
        if !missingByKind.isEmpty {
            let byKind = missingByKind.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            lines.append(
                "missing:   \(missingByKind.values.reduce(0, +)) ids asked for and not returned (\(byKind.joined(separator: ", ")))"
            )
        }
        lines += [
            "shards:    \(shards) (\(bytes) bytes compressed)"
        ]
        if !unitsByMethod.isEmpty {
            lines.append(
                "units by method: "
                    + unitsByMethod.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if !snapshots.isEmpty {
            lines.append("statistics snapshots: \(snapshots.count) (snapshots/*/stats-*.jsonl.gz)")
            for snapshot in snapshots {
                let coverage =
                    uniqueVideos > 0
                    ? String(
                        format: ", %.1f%% of the output's videos",
                        Double(snapshot.ofOutput) * 100 / Double(uniqueVideos))
                    : ""
                lines.append(
                    "  \(snapshot.name)  \(snapshot.lines) of \(snapshot.covers) videos\(coverage), \(snapshot.gone) gone"
                        + (snapshot.finished ? "" : " (not complete: rerun ytcrawl refresh)"))
            }
        }
        if !runs.isEmpty {
            lines.append("runs: \(runs.count)")
            for run in runs {
                let added = run.recordsAdded.filter { $0.value != 0 }.sorted { $0.key > $1.key }
                    .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                lines.append(
                    "  \(run.kind.padding(toLength: 8, withPad: " ", startingAt: 0)) \(run.startedAt) … \(run.finishedAt ?? "not finished")  \(run.units) units"
                        + (added.isEmpty ? ", nothing added" : ", added \(added)"))
            }
        }
        if !topChannels.isEmpty {
            lines.append("top channels by videos:")
            for (id, title, count) in topChannels { lines.append("  \(count)\t\(id)\t\(title)") }
        }
        return lines.joined(separator: "\n")
    }
}
