import Archive
import Foundation
import YouTubeKit

/// `ytcrawl update`: what is new since the output's last run, for its seeds, at the fewest
/// units. Watched channels are checked 50 to a channels.list call and only those whose
/// `videoCount` changed are walked, newest first, down to the last run; searches ask only for
/// what was published since; playlists are walked again (they are reordered and edited);
/// followed videos' comments are read newest first down to the last run; video seeds have
/// nothing to discover. A search with `repeat=yes` is asked again whole, as the first run asked it. Seeds added since the last run start as in a crawl.
///
/// What is read here decides; ``Discovery/beginUpdate(_:change:from:since:added:_:)`` does it.
extension Discovery {
    /// The work an update asks of the kept seeds, the watched channels and the followed videos,
    /// in the order it is queued; what it asks again is counted in `out`.
    func updateWork(since: Int64, added: Set<Int>, commentVideos: [String], _ out: inout EventOutput) -> [WorkItem] {
        var work: [WorkItem] = []
        var playlists: Set<String> = []
        var channels: Set<String> = []
        for index in seeds.indices where !added.contains(index) {
            guard let item = updateWork(ofSeed: index, since: since, &out) else { continue }
            switch item {
            case .playlist(let walk):
                guard playlists.insert(walk.playlistId).inserted else { continue }
                out.count(.playlistsUpdated)
            case .channel(let lookup):
                if let id = lookup.id, !channels.insert(id).inserted { continue }
            default: break
            }
            work.append(item)
        }
        // The categories of the regions the charts name, once a run.
        var regions: Set<String> = []
        for (index, seed) in seeds.enumerated() where !added.contains(index) {
            if case .chart(let chart) = seed.target, regions.insert(chart.regionCode).inserted {
                work.append(.categories(CategoryList(seed: index, regionCode: chart.regionCode)))
            }
        }
        let watched = watch.entries.sorted { $0.key < $1.key }
        // The playlists of channel seeds with `playlists=`: listed again (new ones written), and
        // with `walk` each walked again (reordered, edited: the new run's entries).
        for (id, entry) in watched where seeds.indices.contains(entry.seed) && !added.contains(entry.seed) {
            guard let option = seeds[entry.seed].playlists, case .channel = seeds[entry.seed].target else { continue }
            work.append(.playlists(PlaylistsPage(seed: entry.seed, channelId: id, walk: option == .walk)))
        }
        for start in stride(from: 0, to: watched.count, by: ChannelCheck.batchSize) {
            let batch = watched[start..<min(start + ChannelCheck.batchSize, watched.count)]
            let check = ChannelCheck(seeds: batch.map(\.value.seed), ids: batch.map(\.key), since: since)
            work.append(.channelCheck(check))
        }
        work += commentWork(of: commentVideos, since: since, &out)
        let searches = out.tallies[.searchesUpdated, default: 0]
        let playlistCount = out.tallies[.playlistsUpdated, default: 0]
        let videos = out.tallies[.commentVideosUpdated, default: 0]
        out.log(
            "updating \(options.output): what is new since \(RFC3339.format(seconds: since)) (the last run's start, less \((options.update ?? UpdateOptions()).overlapSeconds / 3600) h): \(watch.count) watched channel\(watch.count == 1 ? "" : "s"), \(searches) search\(searches == 1 ? "" : "es"), \(playlistCount) playlist\(playlistCount == 1 ? "" : "s"), \(videos) followed video\(videos == 1 ? "" : "s")' comments"
                + (added.isEmpty
                    ? "" : "; \(added.count) seed\(added.count == 1 ? "" : "s") added since (crawled from the start)"))
        return work
    }

    /// A kept seed's update work: searches since, playlists again, a channel seed never resolved
    /// looked up; a channel seed's channel is among the watched ones.
    private func updateWork(ofSeed index: Int, since: Int64, _ out: inout EventOutput) -> WorkItem? {
        let seed = seeds[index]
        switch seed.target {
        case .search where seed.repeats:
            // Asked again as the first run asked it: the audit's repeated observation.
            out.count(.searchesUpdated)
            return seed.splitTime
                ? .window(SearchWindow(seed: index, page: 0, rank: 0, results: 0, windows: 0))
                : .search(SearchPage(seed: index, page: 0, rank: 0))
        case .search:
            let after = max(SearchWindow.lowerBound(seed), since)
            if let before = SearchWindow.upperBound(seed), before <= after { return nil }
            var window = SearchWindow(seed: index, after: after, page: 0, rank: 0, results: 0, windows: 0)
            window.endsBelowCap = true
            out.count(.searchesUpdated)
            return .window(window)
        case .playlist(let id):
            guard !seen.queuedPlaylists.contains(id) else { return nil }
            var walk = PlaylistPage(seed: index, playlistId: id, page: 0, rank: 0, uploads: id.hasPrefix("UU"))
            // An uploads list is newest first; any other is walked whole (reordered, edited).
            if walk.uploads { walk.until = since }
            return .playlist(walk)
        case .channel(.id(let id)):
            guard watch.entries[id] == nil, !seen.queuedChannels.contains(id) else { return nil }
            return .channel(ChannelLookup(seed: index, id: id))
        case .channel(.handle(let handle)):
            guard !watch.entries.values.contains(where: { $0.seed == index }) else { return nil }
            return .channel(ChannelLookup(seed: index, handle: handle))
        case .chart:
            // A chart is asked again whole: what it is today.
            out.count(.searchesUpdated)
            return .chart(ChartPage(seed: index, page: 0, rank: 0))
        case .video, .comments, .ids, .live:
            // A live chat is captured while it happens (its poll, if still open, is in the
            // checkpoint); a video has nothing new to discover (statistics are `refresh`'s); a comments seed's
            // video is among the followed ones.
            return nil
        }
    }

    /// The channels of an output of an earlier version (without a watch list) and the seed each
    /// goes to: the channel seed naming it, else the first `walk=channels` search, else the first
    /// channel seed (a channel of a seed removed since is not adopted); its count unknown, its
    /// first page is read.
    func adoptions(of channelIds: Set<String>) -> [(id: String, seed: Int)] {
        let walking = seeds.firstIndex { $0.walkChannels }
        let firstChannel = seeds.firstIndex { $0.kind == .channel }
        return channelIds.sorted().compactMap { id in
            guard watch.entries[id] == nil else { return nil }
            let named = seeds.firstIndex { $0.target == .channel(.id(id)) }
            return (named ?? walking ?? firstChannel).map { (id, $0) }
        }
    }

    /// The followed videos' comments, newest first down to `since` (a `comments` seed ordered by
    /// relevance is read whole: its pages are not by date).
    private func commentWork(of videoIds: [String], since: Int64, _ out: inout EventOutput) -> [WorkItem] {
        guard !videoIds.isEmpty else { return [] }
        var seedOf: [String: Int] = [:]
        for (index, seed) in seeds.enumerated() {
            if case .comments(let asked) = seed.target, seedOf[asked.videoId] == nil { seedOf[asked.videoId] = index }
        }
        let fallback = seeds.firstIndex { $0.comments && !$0.isCommentsSeed } ?? seeds.indices.first
        return videoIds.compactMap { videoId in
            guard let seed = seedOf[videoId] ?? fallback else { return nil }
            var page = CommentThreadsPage(seed: seed, videoId: videoId, page: 0, rank: 0)
            if case .comments(let asked) = seeds[seed].target, asked.videoId == videoId, asked.order != .time {
                page.until = nil
            } else {
                page.until = since
            }
            out.count(.commentVideosUpdated)
            return .commentThreads(page)
        }
    }
}

extension ChannelCheck {
    /// Channels per channels.list call.
    static let batchSize = 50
}
