import StreamingJSON
import YouTubeKit

/// One kind of work a crawl does: a search page, a channel lookup, a playlist page, a hydration
/// batch. Everything about a kind lives in its type: the request it sends, what its page does to
/// the plan, whether it can restart its paging, and its checkpoint form. The scheduling loop
/// (``Crawler``) and the plan (``CrawlEngine``) know none of them by name.
///
/// To add a kind: write a type conforming to this protocol, add its case to ``WorkItem`` and the
/// case's line in `WorkItem+Kinds.swift`.
protocol CrawlWork: Sendable, Hashable, Codable {
    /// Its name in a checkpoint (`{"search":{…}}`): never change it once released.
    static var tag: String { get }
    /// The page number within its seed, for fairness (every seed's first page before any seed's
    /// fifth); lookups and batches are page 0.
    var page: Int { get }
    /// Costs more than other work of the same page (a search page), so goes after it.
    var isCostly: Bool { get }
    /// The request to send.
    func request(seeds: [Seed]) throws -> APIRequest
    /// The request to send, knowing what the crawl does with what its page finds: a kind whose
    /// pages carry more than the crawl needs asks for less (the default: the same request).
    func request(seeds: [Seed], needs: RequestNeeds) throws -> APIRequest
    /// Folds a fetched page into the plan: records to write, work to queue, warnings.
    func apply(_ page: FetchedPage, to plan: inout CrawlEngine)
    /// The same work from its first page, after `invalidPageToken`; `nil` when it cannot restart
    /// (or has restarted too often).
    func restartedPaging() -> WorkItem?
    /// What the item asked for is not there or not open (the API's reasons): handles it and
    /// returns `true`, or returns `false` for the default (a warning, the item skipped).
    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine) -> Bool
    /// The same work for a rerun whose seeds changed (``SeedChange``): its seed renumbered, or
    /// `nil` when its seed was removed.
    func reseeded(_ change: SeedChange) -> WorkItem?
    /// Writes its members (without braces) for a checkpoint, as its `Codable` form reads them.
    func write(into writer: inout JSONWriter)
    /// For people: what it is (`search "cats" page 3`).
    func describe(seeds: [Seed]) -> String
}

extension CrawlWork {
    func request(seeds: [Seed], needs: RequestNeeds) throws -> APIRequest { try request(seeds: seeds) }
}

/// What the crawl does with the videos a page finds, from its options.
struct RequestNeeds: Sendable {
    /// They are hydrated by videos.list after (not `--no-hydrate`).
    var hydrating = true
    /// Their comments are fetched whatever their seed (`--comments`).
    var commentsOfEveryVideo = false
}

/// Work that belongs to one seed: a rerun with other seeds renumbers it, or drops it with its seed.
protocol SeededWork: CrawlWork {
    var seed: Int { get set }
    /// The work as a frontier item.
    var item: WorkItem { get }
}

extension SeededWork {
    func reseeded(_ change: SeedChange) -> WorkItem? {
        guard let seed = change(seed) else { return nil }
        var moved = self
        moved.seed = seed
        return moved.item
    }
}

/// Work that pages through a list: `invalidPageToken` starts its paging over (once), the rest of
/// the item as it was.
protocol PagedWork: SeededWork {
    var pageToken: String? { get set }
    var page: Int { get set }
    var rank: Int { get set }
    var restarts: Int? { get set }
    /// What else a start from the first page resets (by default the rank).
    mutating func startOver()
}

extension PagedWork {
    func restartedPaging() -> WorkItem? {
        guard (restarts ?? 0) < maximumPagingRestarts else { return nil }
        var again = self
        again.pageToken = nil
        again.page = 0
        again.restarts = (restarts ?? 0) + 1
        again.startOver()
        return again.item
    }

    mutating func startOver() { rank = 0 }
}

extension CrawlWork {
    var isCostly: Bool { false }
    func restartedPaging() -> WorkItem? { nil }
    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine) -> Bool { false }
}

/// A successful answer to one work item's request.
struct FetchedPage: Sendable {
    var records: [DecodedRecord]
    var summary: PageSummary
    /// The page token the request was sent with.
    var pageToken: String?
}

/// How many times one work item may start its paging over after `invalidPageToken`.
let maximumPagingRestarts = 1

extension JSONWriter {
    /// The members every paged kind of work has: `"seed":…,"pageToken":…,"page":…,"rank":…` and
    /// `"restarts"` when it restarted.
    mutating func pagingMembers(seed: Int, pageToken: String?, page: Int, rank: Int, restarts: Int?) {
        key("seed")
        int(seed)
        // Absent when there is none (`Decodable` reads that as nil): most items of a large
        // checkpoint are first pages.
        if let pageToken { member("pageToken", pageToken) }
        member("page", page)
        member("rank", rank)
        if let restarts { member("restarts", restarts) }
    }
}
