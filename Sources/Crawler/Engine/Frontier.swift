/// The crawl's pending work, in the order it is fetched: the lowest page number first (so every
/// seed gets its first page before any seed gets its fifth); within a page, the cheap discovery
/// first — playlist pages (50 videos a unit) before search pages (at most 50 videos for 100 units
/// in the classic model, or one of the 100 daily search calls) — and first in first out. Channel
/// lookups by id wait in their own queue and leave it 50 at a time, as one channels.list call
/// (1 unit for 50 channels), once 50 are waiting or nothing else is left.
///
/// Taking the next item costs O(pages), not O(items): a million-video crawl keeps tens of
/// thousands of items here.
struct Frontier: Sendable {
    /// Items by page number and cost (bucket `2 × page + 1` holds costly work, search pages; pages past
    /// `lastPage` share the last two buckets), each a FIFO.
    private var buckets: [[WorkItem]] = []
    private var heads: [Int] = []
    private var lookups: [QueuedLookup] = []
    private var lookupHead = 0
    private(set) var count = 0

    static let lastPage = 63
    static let channelBatch = 50

    struct QueuedLookup: Sendable, Hashable {
        var seed: Int
        var id: String
    }

    init(_ items: [WorkItem] = []) {
        for item in items { append(item) }
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ item: WorkItem) {
        switch item {
        case .channel(let lookup) where lookup.id != nil && lookup.handle == nil:
            lookups.append(QueuedLookup(seed: lookup.seed, id: lookup.id ?? ""))
            count += 1
        case .channels(let batch):
            for (seed, id) in zip(batch.seeds, batch.ids) { append(.channel(ChannelLookup(seed: seed, id: id))) }
        default:
            let work = item.work
            var index = 2 * min(max(work.page, 0), Self.lastPage)
            if work.isCostly { index += 1 }
            while buckets.count <= index {
                buckets.append([])
                heads.append(0)
            }
            buckets[index].append(item)
            count += 1
        }
    }

    /// The next item to fetch, or `nil` when there is none.
    mutating func next() -> WorkItem? {
        let waitingLookups = lookups.count - lookupHead
        let others = count - waitingLookups
        if waitingLookups >= Self.channelBatch || (waitingLookups > 0 && others == 0) {
            let batch = lookups[lookupHead..<(lookupHead + min(waitingLookups, Self.channelBatch))]
            lookupHead += batch.count
            count -= batch.count
            Self.compact(&lookups, head: &lookupHead)
            return .channels(ChannelBatch(seeds: batch.map(\.seed), ids: batch.map(\.id)))
        }
        for page in buckets.indices where heads[page] < buckets[page].count {
            let item = buckets[page][heads[page]]
            heads[page] += 1
            count -= 1
            Self.compact(&buckets[page], head: &heads[page])
            return item
        }
        return nil
    }

    /// After items were taken from the front of a queue (`head` is the next one): a drained
    /// queue gives its storage back — every channel's first page and lookup waits here at the
    /// start of a large crawl, and kept, those megabytes would stay resident to its end, when
    /// the seen-set is largest — and a queue mostly taken drops its taken front.
    private static func compact<Element>(_ queue: inout [Element], head: inout Int) {
        if head == queue.count {
            queue = []
            head = 0
        } else if head > 256, head * 4 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }

    /// Everything still pending (channel lookups as single items).
    var items: [WorkItem] {
        var all: [WorkItem] = []
        all.reserveCapacity(count)
        forEach { all.append($0) }
        return all
    }

    /// Visits everything still pending in the order ``items`` lists it, without making that
    /// array: a checkpoint writes tens of thousands of items once a second.
    func forEach(_ body: (WorkItem) -> Void) {
        for lookup in lookups[lookupHead...] { body(.channel(ChannelLookup(seed: lookup.seed, id: lookup.id))) }
        for page in buckets.indices {
            for item in buckets[page][heads[page]...] { body(item) }
        }
    }
}
