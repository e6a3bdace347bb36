import YouTubeKit

/// Which list method a response body came from: what the page decoder reads it as.
public enum Endpoint: String, Sendable, Hashable, CaseIterable {
    /// Detect from `kind`, else from the shape of the items.
    case auto
    case search
    case videos
    case playlistItems
    case channels
    case commentThreads
    case comments

    /// Whether its items are comments (a decoder of its own).
    public var isComments: Bool { self == .commentThreads || self == .comments }

    /// The list method's name (`search.list`) for record provenance.
    public var methodName: String { rawValue == "auto" ? "unknown" : rawValue + ".list" }

    public init(_ method: APIMethod) {
        switch method {
        case .search: self = .search
        case .videos, .batchGetStats: self = .videos
        case .playlistItems: self = .playlistItems
        case .channels: self = .channels
        case .playlists, .channelSections, .subscriptions, .videoCategories, .liveChatMessages: self = .auto
        case .commentThreads: self = .commentThreads
        case .comments: self = .comments
        }
    }

    /// The endpoint a response or item `kind` names (`youtube#searchListResponse`, `youtube#video`, …).
    public init?(kind: String) {
        switch kind {
        case "youtube#searchListResponse", "youtube#searchResult": self = .search
        case "youtube#videoListResponse", "youtube#video", "youtube#batchGetStatsResponse", "youtube#videoStats":
            self = .videos
        case "youtube#playlistItemListResponse", "youtube#playlistItem": self = .playlistItems
        case "youtube#channelListResponse", "youtube#channel": self = .channels
        case "youtube#commentThreadListResponse", "youtube#commentThread": self = .commentThreads
        case "youtube#commentListResponse", "youtube#comment": self = .comments
        default: return nil
        }
    }
}
