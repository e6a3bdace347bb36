import StreamingJSON
import YouTubeKit

/// A playlistItems.list page: a channel's uploads or any other playlist.
struct PlaylistPage: CrawlWork {
    static let tag = "playlist"
    var seed: Int
    var playlistId: String
    var pageToken: String?
    var page: Int
    var rank: Int
    var uploads: Bool
    /// Times this item started over after `invalidPageToken` (absent in older checkpoints).
    var restarts: Int?

    func request(seeds: [Seed]) throws -> APIRequest {
        try APIRequest.playlistItems(playlistId: playlistId, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine) {
        var position = rank
        for case .video(let video) in fetched.records {
            plan.discover(video.videoId, seed: seed, endpoint: "playlistItems.list", rank: position, partial: video)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.maxPages(seed) ?? .max) else { return }
        if token == pageToken {
            plan.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; this playlist ends here")
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        plan.enqueue(.playlist(next))
    }

    func restartedPaging() -> WorkItem? {
        guard (restarts ?? 0) < maximumPagingRestarts else { return nil }
        return .playlist(
            PlaylistPage(
                seed: seed, playlistId: playlistId, pageToken: nil, page: 0, rank: 0, uploads: uploads,
                restarts: (restarts ?? 0) + 1))
    }

    func reseeded(_ change: SeedChange) -> WorkItem? {
        guard let seed = change(seed) else { return nil }
        var moved = self
        moved.seed = seed
        return .playlist(moved)
    }

    func write(into writer: inout JSONWriter) {
        writer.pagingMembers(seed: seed, pageToken: pageToken, page: page, rank: rank, restarts: restarts)
        writer.member("playlistId", playlistId)
        writer.memberKey("uploads")
        writer.bool(uploads)
    }

    func describe(seeds: [Seed]) -> String {
        (uploads ? "uploads playlist \(playlistId)" : "playlist \(playlistId)") + " (page \(page + 1))"
    }
}
