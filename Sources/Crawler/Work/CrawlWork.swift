import Foundation
import StreamingJSON
import YouTubeKit

/// One kind of work a crawl does: a search page, a channel lookup, a playlist page, a hydration
/// batch. Everything about a kind lives in its type: the request it sends, what its page does to
/// the plan, where it waits in the frontier, what it marks as queued on a resume, whether it is
/// checkpointed and how, and how it goes back when its request is refused. The scheduling loop
/// (``Crawler``) and the plan (``CrawlEngine``) know none of them by name.
///
/// What adding a kind costs: a type conforming to this protocol (most requirements have
/// defaults: a paged kind conforms to ``PagedWork`` and writes `request`, `apply`, `write` and
/// `describe`), its case in ``WorkItem`` and the case's two lines in `WorkItem+Kinds.swift`
/// (`work` and the checkpoint tag). A seed that starts it adds a line to
/// ``Discovery/startSeed(_:_:)``; records of a new kind add a case to `DecodedRecord`.
protocol CrawlWork: Sendable, Hashable, Codable {
    /// Its name in a checkpoint (`{"search":{…}}`): never change it once released.
    static var tag: String { get }
    /// The work as a frontier item.
    var item: WorkItem { get }
    /// The page number within its seed, for fairness (every seed's first page before any seed's
    /// fifth); lookups and batches are page 0.
    var page: Int { get }
    /// Costs more than other work of the same page (a search page), so goes after it; stopped
    /// alone when search's own bucket is spent.
    var isCostly: Bool { get }
    /// Where it waits in the frontier (by default by its page and cost).
    var lane: FrontierLane { get }
    /// The request to send, knowing what the crawl does with what its page finds (the plan's
    /// seeds and options): a kind whose pages carry more than the crawl needs asks for less.
    func request(for plan: some CrawlSetup) throws -> APIRequest
    /// Folds a fetched page into a crawl: records to write, work to queue, warnings.
    func apply(_ page: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput)
    /// Folds a fetched page into a snapshot (only a snapshot's kind of work has one).
    func apply(_ page: FetchedPage, to snapshot: inout SnapshotQueue, _ out: inout EventOutput)
    /// The same work from its first page, after `invalidPageToken`; `nil` when it cannot restart
    /// (or has restarted too often).
    func restartedPaging() -> WorkItem?
    /// What the item asked for is not there or not open (the API's reasons): handles it and
    /// returns `true`, or returns `false` for the default (a warning, the item skipped).
    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool
    /// Its request was not answered (the budget, the quota, an interruption): back where it
    /// came from (by default the frontier).
    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput)
    /// A snapshot's work whose request was not answered goes back to the snapshot's queue.
    func putBack(into snapshot: inout SnapshotQueue)
    /// Its request was skipped (a 400, or an unavailable answer the kind does not handle): what it
    /// held back is let go (by default nothing).
    func skipped(to plan: inout some CrawlVerbs, _ out: inout EventOutput)
    /// A skipped request (a 400) leaves its work for a rerun, and the run incomplete (a
    /// hydration batch: its videos are found and must be written); by default it is skipped.
    var skipLeavesWork: Bool { get }
    /// Listed in a checkpoint (work whose state is kept elsewhere, as hydration batches' ids
    /// among the pending videos, is not).
    var isCheckpointed: Bool { get }
    /// Its page may bring videos to hydrate (by default): a unit is kept back for them while it
    /// is in flight.
    var findsVideos: Bool { get }
    /// A `split=time` search window (the summary counts those left).
    var isSearchWindow: Bool { get }
    /// On a resume from a checkpoint: marks what it queued (a channel, a playlist) so it is not
    /// queued twice.
    func markQueued(in seen: inout SeenSets)
    /// The same work for a rerun whose seeds changed (``SeedChange``): its seed renumbered, or
    /// `nil` when its seed was removed.
    func reseeded(_ change: SeedChange) -> WorkItem?
    /// For people: what it is (`search "cats" page 3`).
    func describe(seeds: [Seed]) -> String
    /// Work that is never sent but stands for more (a cursor in a file of ids): taken from the
    /// frontier, it becomes the work to start now, if any, and itself further on, if not done.
    /// `nil` (the default): the item is sent as it is.
    func unfold(_ plan: inout some CrawlVerbs, _ out: inout EventOutput) -> (start: WorkItem?, next: WorkItem?)?
}

extension CrawlWork {
    var isCostly: Bool { false }
    var lane: FrontierLane { .paged(page: page, costly: isCostly) }
    func restartedPaging() -> WorkItem? { nil }
    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        false
    }
    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput) { out.enqueue(item) }
    func apply(_ page: FetchedPage, to snapshot: inout SnapshotQueue, _ out: inout EventOutput) {
        preconditionFailure("\(Self.tag) is a crawl's work, not a snapshot's")
    }
    func putBack(into snapshot: inout SnapshotQueue) {
        preconditionFailure("\(Self.tag) is a crawl's work, not a snapshot's")
    }
    func skipped(to plan: inout some CrawlVerbs, _ out: inout EventOutput) {}
    var skipLeavesWork: Bool { false }
    var isCheckpointed: Bool { true }
    var findsVideos: Bool { true }
    var isSearchWindow: Bool { false }
    func markQueued(in seen: inout SeenSets) {}
    func unfold(_ plan: inout some CrawlVerbs, _ out: inout EventOutput) -> (start: WorkItem?, next: WorkItem?)? {
        nil
    }
}

/// Work that belongs to one seed: a rerun with other seeds renumbers it, or drops it with its seed.
protocol SeededWork: CrawlWork {
    var seed: Int { get set }
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

/// A successful answer to one work item's request.
struct FetchedPage: Sendable {
    var records: [DecodedRecord]
    var summary: PageSummary
    /// When its request was sent (`nil` in tests that make pages).
    var sentAt: Date?
}

/// How many times one work item may start its paging over after `invalidPageToken`.
let maximumPagingRestarts = 1
