/// One unit of work of a crawl: a page or a lookup, resumable from a checkpoint.
enum WorkItem: Codable, Sendable, Hashable {
    /// A search.list page of seed `seed`.
    case search(seed: Int, pageToken: String?, page: Int, rank: Int)
    /// channels.list for a channel id or handle; then its uploads are walked.
    case channel(seed: Int, id: String?, handle: String?)
    /// channels.list for up to 50 channel ids at once (the seed each was queued for).
    case channels(seeds: [Int], ids: [String])
    /// A playlistItems.list page (an uploads playlist or any other).
    case playlist(seed: Int, playlistId: String, pageToken: String?, page: Int, rank: Int, uploads: Bool)
    /// videos.list for up to 50 ids.
    case hydrate(ids: [String])

    var page: Int {
        switch self {
        case .search(_, _, let page, _), .playlist(_, _, _, let page, _, _): return page
        case .channel, .channels: return 0
        case .hydrate: return 0
        }
    }
}

/// How a video was first found, kept until its hydration.
struct PendingVideo: Codable, Sendable, Hashable {
    var videoId: String
    var seed: Int
    var endpoint: String
    var rank: Int
}

/// What a checkpoint keeps of a crawl in progress.
struct FrontierState: Codable, Sendable {
    var items: [WorkItem]
    var pending: [PendingVideo]
    var unitsByMethod: [String: Int]
}
