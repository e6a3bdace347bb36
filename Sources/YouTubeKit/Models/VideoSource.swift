/// Where a crawl found a video: the seed, the list method and the position in that list.
public struct VideoSource: Sendable, Hashable {
    /// The kind of seed that led to the video.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case search, channel, playlist, video, chart
    }

    public var kind: Kind
    /// The seed line as written in the seeds file.
    public var seed: String
    /// The first list method that found the video (`search.list`, `playlistItems.list`, `videos.list`).
    public var endpoint: String
    /// Position in that result list, 0-based, counted across pages.
    public var rank: Int

    public init(kind: Kind, seed: String, endpoint: String, rank: Int) {
        self.kind = kind
        self.seed = seed
        self.endpoint = endpoint
        self.rank = rank
    }
}
