/// A list method of the YouTube Data API v3 that ytcrawl calls.
public enum APIMethod: String, Sendable, Hashable, CaseIterable, Codable {
    case search
    case videos
    case channels
    case playlistItems
    case playlists
    case commentThreads
    case comments

    /// The path below the API base, e.g. `/youtube/v3/search`.
    public var path: String { "/youtube/v3/\(rawValue)" }

    /// The method's name as quota reports spell it, e.g. `search.list`.
    public var quotaName: String { "\(rawValue).list" }
}
