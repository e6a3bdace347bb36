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
    /// Units spent in the shared bucket this run.
    public var units = 0
    /// search.list calls made this run (the buckets model's search bucket).
    public var searches = 0

    public init() {}

    /// Work left, in requests: every frontier item plus a hydration call per 50 waiting videos.
    public var requestsLeft: Int { frontier + (pendingVideos + 49) / 50 }
}
