import YouTubeKit

extension CrawlEngine {
    /// Queues the first work of seed `index` (a fresh crawl, or a seed added to a resumed one); a
    /// channel, playlist or video already queued or written is not queued again.
    mutating func startSeed(_ index: Int, _ out: inout EventOutput) {
        let seed = seeds[index]
        switch seed.target {
        case .search where seed.splitTime:
            enqueue(.window(SearchWindow(seed: index, page: 0, rank: 0, results: 0, windows: 0)))
        case .search: enqueue(.search(SearchPage(seed: index, page: 0, rank: 0)))
        case .channel(.id(let id)):
            // Known as a seed's channel from the start: a link from another seed that arrives
            // before its own lookup does not take it for a channel one hop away.
            if !seed.links.isEmpty { _ = links.reach(id, depth: 0) }
            if seen.queueChannel(id) {
                enqueue(.channel(ChannelLookup(seed: index, id: id)))
            } else if !seed.links.isEmpty, seen.hasChannel(id), links.expand(id) {
                // Its channel is in the output already (links= added to a crawled seed): its links
                // are asked all the same, without looking it up or walking its uploads again.
                askLinks(of: id, depth: 0, seed: index)
            }
        case .channel(.handle(let handle)): enqueue(.channel(ChannelLookup(seed: index, handle: handle)))
        case .playlist(let id):
            if seen.queuePlaylist(id) {
                enqueue(
                    .playlist(PlaylistPage(seed: index, playlistId: id, page: 0, rank: 0, uploads: id.hasPrefix("UU"))))
            }
        // A video seed yields its video: asked of videos.list even with --no-hydrate.
        case .video(let id): discover(id, seed: index, endpoint: .videos, rank: 0, partial: nil, &out)
        case .comments(let comments): wantComments(of: comments.videoId, seed: index)
        }
    }
}
