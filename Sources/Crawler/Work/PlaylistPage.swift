import StreamingJSON
import YouTubeKit

/// A playlistItems.list page: a channel's uploads or any other playlist.
struct PlaylistPage: PagedWork {
    static let tag = "playlist"
    var seed: Int
    var playlistId: String
    var pageToken: String?
    var page: Int
    var rank: Int
    var uploads: Bool
    /// Times this item started over after `invalidPageToken` (absent in older checkpoints).
    var restarts: Int?
    /// An uploads playlist's channel and its `videoCount`: a walk that ends short of it reports
    /// the gap (and, with `complete=search`, searches for the rest).
    var channelId: String?
    var expected: Int?
    /// The oldest upload found so far.
    var oldest: Int64?

    /// Hydrated videos come from videos.list: the page need only say which they are and when
    /// they were published (`contentDetails`), a tenth of the bytes of the snippet (same unit).
    /// Without a snippet, a private or deleted entry cannot be told from a video here; it goes
    /// to videos.list, which does not return it. When the seed wants comments the snippet stays:
    /// its title tells a placeholder apart before a commentThreads call is spent on it.
    func request(for plan: CrawlEngine) throws -> APIRequest {
        guard plan.options.hydrate, !plan.options.comments, !plan.seeds[seed].comments else {
            return try APIRequest.playlistItems(playlistId: playlistId, pageToken: pageToken)
        }
        return try APIRequest.playlistItems(
            playlistId: playlistId, part: APIRequest.Parts.playlistItemIds, pageToken: pageToken)
    }

    /// Marks its playlist as queued.
    func markQueued(in seen: inout SeenSets) { _ = seen.queuePlaylist(playlistId) }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine, _ out: inout EventOutput) {
        var position = rank
        var oldest = self.oldest
        for case .video(let video) in fetched.records {
            plan.discover(
                video.videoId, seed: seed, endpoint: "playlistItems.list", rank: position, partial: video, &out)
            if let date = video.publishedAt.map({ Int64($0.timeIntervalSince1970) }) {
                oldest = min(oldest ?? date, date)
            }
            position += 1
        }
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.playlistPages(seed) ?? .max) else {
            if fetched.summary.nextPageToken == nil, let channelId, let expected, expected > position {
                plan.uploadsEnded(channelId: channelId, expected: expected, found: position, oldest: oldest, seed: seed)
            }
            return
        }
        if token == pageToken {
            plan.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; this playlist ends here",
                &out)
            return
        }
        if page > 0, fetched.records.isEmpty, fetched.summary.itemCount == 0 {
            plan.warn(
                "\(describe(seeds: plan.seeds)): a page without entries but with a next page; this playlist ends here",
                &out)
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.oldest = oldest
        plan.enqueue(.playlist(next))
    }

    /// The walk starts over: its rank and oldest upload too (the channel and its `videoCount` stay).
    mutating func startOver() {
        rank = 0
        oldest = nil
    }

    var item: WorkItem { .playlist(self) }

    func write(into writer: inout JSONWriter) {
        writer.pagingMembers(seed: seed, pageToken: pageToken, page: page, rank: rank, restarts: restarts)
        writer.member("playlistId", playlistId)
        writer.memberKey("uploads")
        writer.bool(uploads)
        writer.member("channelId", channelId)
        writer.member("expected", expected)
        if let oldest { writer.member("oldest", Int(oldest)) }
    }

    func describe(seeds: [Seed]) -> String {
        (uploads ? "uploads playlist \(playlistId)" : "playlist \(playlistId)") + " (page \(page + 1))"
    }
}
