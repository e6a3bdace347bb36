/// A snapshot of a running crawl, for a progress line.
public struct CrawlProgress: Sendable, Hashable {
    /// Requests sent, retries included.
    public var requests = 0
    public var pages = 0
    public var retries = 0
    /// Seeds skipped, keys parked and other warnings so far.
    public var errors = 0
    public var videosWritten = 0
    public var channelsWritten = 0
    /// Work items waiting or in flight (pages to fetch, channels to resolve, hydration batches).
    public var frontier = 0
    /// Videos found and not yet hydrated.
    public var pendingVideos = 0
    /// Units spent this run (the shared bucket, and `videos:batchGetStats`' own).
    public var units = 0
    /// search.list calls made this run (the buckets model's search bucket).
    public var searches = 0

    /// A statistics snapshot's videos, and of those, the lines written (0 and 0 in a crawl).
    public var snapshotVideos = 0
    public var statsWritten = 0
    /// Live chats being captured, and chat messages written this run.
    public var chatsLive = 0
    public var chatMessages = 0

    public init() {}

    /// Work left, in requests: every frontier item plus a call per 50 videos waiting for
    /// hydration or for their statistics.
    public var requestsLeft: Int {
        frontier + (pendingVideos + 49) / 50 + (max(0, snapshotVideos - statsWritten) + 49) / 50
    }
}
