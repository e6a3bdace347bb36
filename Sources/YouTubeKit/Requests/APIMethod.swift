/// A method of the YouTube Data API v3 that ytcrawl calls: the list methods and
/// `videos:batchGetStats`.
public enum APIMethod: String, Sendable, Hashable, CaseIterable, Codable {
    case search
    case videos
    case channels
    case playlistItems
    case playlists
    case commentThreads
    case comments
    /// `videos:batchGetStats`: statistics (and duration) of up to 50 videos (added in 2026).
    case batchGetStats
    /// A channel's sections: its featured-channel shelves among them.
    case channelSections
    /// A channel's public subscriptions.
    case subscriptions
    /// The video categories of a region (their titles: `categoryId` 10 is Music).
    case videoCategories
    /// The messages of a live chat (5 units a call; public chats are readable with a key).
    case liveChatMessages

    /// The path below the API base, e.g. `/youtube/v3/search`.
    public var path: String { "/youtube/v3/" + pathName }

    /// The last part of its path: `search`, `videos:batchGetStats`.
    public var pathName: String { self == .batchGetStats ? "videos:batchGetStats" : rawValue }

    /// The method a path's last part names (`videos`, `videos:batchGetStats`); `nil` for others.
    public init?(pathName: String) {
        if pathName == "videos:batchGetStats" {
            self = .batchGetStats
        } else if let method = APIMethod(rawValue: pathName), method != .batchGetStats {
            self = method
        } else {
            return nil
        }
    }

    /// The method's name as quota reports spell it, e.g. `search.list`, `videos.batchGetStats`.
    public var quotaName: String { self == .batchGetStats ? "videos.batchGetStats" : "\(rawValue).list" }

    /// The method a quota name (``quotaName``) names; `nil` for any other text.
    public init?(quotaName: String) {
        guard let method = Self.allCases.first(where: { $0.quotaName == quotaName }) else { return nil }
        self = method
    }
}
