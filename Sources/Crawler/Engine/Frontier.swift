/// Where an item waits in the ``Frontier`` (``CrawlWork/lane``).
enum FrontierLane: Sendable {
    /// By page number and cost: the lowest page first, cheap before costly.
    case paged(page: Int, costly: Bool)
    /// Before anything else: the next page of work that holds what it read until its end (a
    /// thread's replies, ``HeldReplies``), so that what is held at once stays near the requests in
    /// flight rather than growing with every thread started.
    case continuation
    /// Lookups by id that go out together, ``Frontier/lookupBatch`` to a request.
    case lookups([Lookup])
    /// Not before `due` (milliseconds of the crawl's clock): a live chat's next poll, which the
    /// API's answer said to wait for. Due items go before everything else.
    case timed(due: Int64)

    struct Lookup: Sendable, Hashable {
        var seed: Int
        var id: String
        /// A channel a link reached (`links=` seeds): resolved, never walked. These wait in a lane
        /// of their own, which goes only 50 at a time or when nothing else is left or in flight:
        /// links arrive a few at a time, and each small batch would cost a unit.
        var linked = false
    }
}

/// The crawl's pending work, in the order it is fetched: the lowest page number first (so every
/// seed gets its first page before any seed gets its fifth); within a page, the cheap discovery
/// first — playlist pages (50 videos a unit) before search pages (at most 50 videos for 100 units
/// in the classic model, or one of the 100 daily search calls) — and first in first out. Lookups
/// by id wait in their own lane and leave it 50 at a time, as one call (channels.list: 1 unit for
/// 50 channels), once 50 are waiting or nothing else is left.
///
/// Taking the next item costs O(pages), not O(items): a million-video crawl keeps tens of
/// thousands of items here.
struct Frontier: Sendable {
    /// Items by page number and cost (bucket `2 × page + 1` holds costly work, search pages; pages past
    /// `lastPage` share the last two buckets).
    private var buckets: [HeadQueue<WorkItem>] = []
    private var continuations = HeadQueue<WorkItem>()
    private var lookups = HeadQueue<FrontierLane.Lookup>()
    private var linkedLookups = HeadQueue<FrontierLane.Lookup>()
    /// Items waiting for their time, with it (a few: one per live chat).
    private var timed: [(due: Int64, item: WorkItem)] = []
    private(set) var count = 0

    static let lastPage = 63
    static let lookupBatch = 50

    init(_ items: [WorkItem] = []) {
        for item in items { append(item) }
    }

    var isEmpty: Bool { count == 0 }

    /// Nothing waits but timed items: work that waits for more before it goes (hydration
    /// batches, lookups) need not wait for them.
    var holdsOnlyTimed: Bool { count == timed.count }

    /// When the earliest timed item is due (milliseconds of the crawl's clock), if any.
    var nextDue: Int64? { timed.map(\.due).min() }

    mutating func append(_ item: WorkItem) {
        switch item.work.lane {
        case .lookups(let waiting):
            for lookup in waiting {
                if lookup.linked { linkedLookups.append(lookup) } else { lookups.append(lookup) }
            }
            count += waiting.count
        case .continuation:
            continuations.append(item)
            count += 1
        case .timed(let due):
            timed.append((due, item))
            count += 1
        case .paged(let page, let costly):
            var index = 2 * min(max(page, 0), Self.lastPage)
            if costly { index += 1 }
            while buckets.count <= index { buckets.append(HeadQueue()) }
            buckets[index].append(item)
            count += 1
        }
    }

    /// The next item to fetch, or `nil` when there is none.
    ///
    /// - Parameters:
    ///   - idle: nothing is in flight (a linked channel's lookup waits for what the work in flight
    ///     may add to its batch).
    ///   - now: the crawl's clock in milliseconds: timed items due by then go first.
    mutating func next(idle: Bool = true, now: Int64 = .max) -> WorkItem? {
        if let index = timed.indices.filter({ timed[$0].due <= now }).min(by: { timed[$0].due < timed[$1].due }) {
            count -= 1
            return timed.remove(at: index).item
        }
        if let item = continuations.popFirst() {
            count -= 1
            return item
        }
        let others = count - lookups.count - linkedLookups.count - timed.count
        if lookups.count >= Self.lookupBatch || (!lookups.isEmpty && others == 0) {
            let batch = lookups.popFirst(upTo: Self.lookupBatch)
            count -= batch.count
            return .lookups(batch)
        }
        if linkedLookups.count >= Self.lookupBatch || (!linkedLookups.isEmpty && others == 0 && idle) {
            let batch = linkedLookups.popFirst(upTo: Self.lookupBatch)
            count -= batch.count
            return .lookups(batch)
        }
        for page in buckets.indices {
            if let item = buckets[page].popFirst() {
                count -= 1
                return item
            }
        }
        return nil
    }

    /// Visits everything still pending (lookups as single items), without making an array of
    /// it: a checkpoint writes tens of thousands of items once a second.
    func forEach(_ body: (WorkItem) -> Void) {
        for entry in timed { body(entry.item) }
        for item in continuations.waiting { body(item) }
        for lookup in lookups.waiting { body(.lookup(lookup)) }
        for lookup in linkedLookups.waiting { body(.lookup(lookup)) }
        for bucket in buckets {
            for item in bucket.waiting { body(item) }
        }
    }

    var invariantViolations: [String] {
        var problems =
            continuations.invariantViolations + lookups.invariantViolations + linkedLookups.invariantViolations
            + buckets.flatMap(\.invariantViolations)
        let held =
            timed.count + continuations.count + lookups.count + linkedLookups.count
            + buckets.reduce(0) { $0 + $1.count }
        if held != count { problems.append("the frontier counts \(count) items and holds \(held)") }
        return problems
    }
}
