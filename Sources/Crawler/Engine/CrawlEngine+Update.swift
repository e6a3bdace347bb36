import Archive
import Foundation
import YouTubeKit

/// `ytcrawl update`: what is new since the output's last run, for its seeds, at the fewest
/// units. Watched channels are checked 50 to a channels.list call and only those whose
/// `videoCount` changed are walked, newest first, down to the last run; searches ask only for
/// what was published since; playlists are walked again (they are reordered and edited);
/// followed videos' comments are read newest first down to the last run; video seeds have
/// nothing to discover. Seeds added since the last run start as in a crawl.
extension CrawlEngine {
    /// Starts an update from a finished run's state (its items already cleared).
    mutating func beginUpdate(
        _ finished: FrontierState, change: SeedChange?, from point: ResumePoint, _ out: inout EventOutput
    ) {
        let update = options.update ?? UpdateOptions()
        let now = run.startedAt
        let previous = finished.startedAt ?? point.startedAt ?? now
        let since = previous - update.overlapSeconds
        var state = finished
        if let change { state = state.reseeded(change).state }
        restore(state, from: point)
        if let change { watch.reseed(change) }
        run = (.update, now)
        // An output of an earlier version has no watch list: its channels are adopted (a channel
        // of a seed removed since is not).
        if finished.channels == nil { adoptUnwatched(point.channelIds) }
        let added = Set(change?.added ?? [])
        for index in seeds.indices where !added.contains(index) { updateSeed(index, since: since, &out) }
        let watched = watch.entries.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: watched.count, by: ChannelCheck.batchSize) {
            let batch = watched[start..<min(start + ChannelCheck.batchSize, watched.count)]
            enqueue(.channelCheck(ChannelCheck(seeds: batch.map(\.value.seed), ids: batch.map(\.key), since: since)))
        }
        followComments(of: state.commentVideos, since: since)
        for index in added.sorted() { startSeed(index, &out) }
        out.log(
            "updating \(options.output): what is new since \(RFC3339.format(seconds: since)) (the last run's start, less \(update.overlapSeconds / 3600) h): \(watch.count) watched channel\(watch.count == 1 ? "" : "s"), \(counters.searchesUpdated) search\(counters.searchesUpdated == 1 ? "" : "es"), \(counters.playlistsUpdated) playlist\(counters.playlistsUpdated == 1 ? "" : "s"), \(counters.commentVideosUpdated) followed video\(counters.commentVideosUpdated == 1 ? "" : "s")' comments"
                + (added.isEmpty
                    ? "" : "; \(added.count) seed\(added.count == 1 ? "" : "s") added since (crawled from the start)"))
    }

    /// A kept seed's update work: searches since, playlists again, a channel seed never resolved
    /// looked up; a channel seed's channel is among the watched ones.
    private mutating func updateSeed(_ index: Int, since: Int64, _ out: inout EventOutput) {
        let seed = seeds[index]
        switch seed.target {
        case .search:
            let after = max(SearchWindow.lowerBound(seed), since)
            if let before = SearchWindow.upperBound(seed), before <= after { return }
            var window = SearchWindow(seed: index, after: after, page: 0, rank: 0, results: 0, windows: 0)
            window.endsBelowCap = true
            enqueue(.window(window))
            counters.searchesUpdated += 1
        case .playlist(let id):
            guard seen.queuePlaylist(id) else { return }
            var walk = PlaylistPage(seed: index, playlistId: id, page: 0, rank: 0, uploads: id.hasPrefix("UU"))
            // An uploads list is newest first; any other is walked whole (reordered, edited).
            if walk.uploads { walk.until = since }
            enqueue(.playlist(walk))
            counters.playlistsUpdated += 1
        case .channel(.id(let id)):
            if watch.entries[id] == nil, seen.queueChannel(id) {
                enqueue(.channel(ChannelLookup(seed: index, id: id)))
            }
        case .channel(.handle(let handle)):
            if !watch.entries.values.contains(where: { $0.seed == index }) {
                enqueue(.channel(ChannelLookup(seed: index, handle: handle)))
            }
        case .video, .comments:
            // A video has nothing new to discover (statistics are `refresh`'s); a comments seed's
            // video is among the followed ones.
            break
        }
    }

    /// The channels of an output of an earlier version (without a watch list): each
    /// goes to the channel seed naming it, else to the first `walk=channels` search, else to the
    /// first channel seed; its count unknown, its first page is read.
    private mutating func adoptUnwatched(_ channelIds: Set<String>) {
        let walking = seeds.firstIndex { $0.walkChannels }
        let firstChannel = seeds.firstIndex { $0.kind == .channel }
        for id in channelIds.sorted() where watch.entries[id] == nil {
            let named = seeds.firstIndex { $0.target == .channel(.id(id)) }
            guard let seed = named ?? walking ?? firstChannel else { continue }
            watch.watch(id, seed: seed, videoCount: nil)
        }
    }

    /// The followed videos' comments, newest first down to `since` (a `comments` seed ordered by
    /// relevance is read whole: its pages are not by date).
    private mutating func followComments(of videoIds: [String], since: Int64) {
        guard !videoIds.isEmpty else { return }
        var seedOf: [String: Int] = [:]
        for (index, seed) in seeds.enumerated() {
            if case .comments(let asked) = seed.target, seedOf[asked.videoId] == nil { seedOf[asked.videoId] = index }
        }
        let fallback = seeds.firstIndex { $0.comments && !$0.isCommentsSeed } ?? seeds.indices.first
        for videoId in videoIds {
            guard let seed = seedOf[videoId] ?? fallback else { continue }
            var page = CommentThreadsPage(seed: seed, videoId: videoId, page: 0, rank: 0)
            if case .comments(let asked) = seeds[seed].target, asked.videoId == videoId, asked.order != .time {
                page.until = nil
            } else {
                page.until = since
            }
            enqueue(.commentThreads(page))
            counters.commentVideosUpdated += 1
        }
    }
}

extension ChannelCheck {
    /// Channels per channels.list call.
    static let batchSize = 50
}
