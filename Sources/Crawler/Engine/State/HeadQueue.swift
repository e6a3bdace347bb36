/// A first-in-first-out queue over an array and a head index: taking from the front is O(1).
///
/// The one queue of the engine's state (the frontier's lanes, the videos waiting for hydration, a
/// snapshot's ids). A drained queue gives its storage back — every channel's first page waits in
/// a lane at the start of a large crawl, and kept, those megabytes would stay resident to its end,
/// when the seen-set is largest — and a queue mostly taken drops its taken front, so storage never
/// holds more than four times what waits (amortized O(1) moves per element).
struct HeadQueue<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private var head = 0

    init() {}

    init(_ elements: [Element]) { storage = elements }

    /// Elements waiting.
    var count: Int { storage.count - head }

    var isEmpty: Bool { head == storage.count }

    /// What waits, front first.
    var waiting: ArraySlice<Element> { storage[head...] }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func append(contentsOf elements: some Sequence<Element>) { storage.append(contentsOf: elements) }

    /// Takes the front element.
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        compact()
        return element
    }

    /// Takes up to `limit` elements from the front, in order.
    mutating func popFirst(upTo limit: Int) -> [Element] {
        let end = head + min(limit, count)
        let taken = Array(storage[head..<end])
        head = end
        compact()
        return taken
    }

    /// Puts elements taken back at the front, in their order (work whose request was not answered).
    mutating func pushFront(contentsOf elements: [Element]) {
        storage.insert(contentsOf: elements, at: head)
    }

    private mutating func compact() {
        if head == storage.count {
            storage = []
            head = 0
        } else if head > 256, head * 4 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Problems with the queue's own bookkeeping, for ``CrawlEngine/invariantViolations``.
    var invariantViolations: [String] {
        head >= 0 && head <= storage.count ? [] : ["a queue's head \(head) is past its \(storage.count) elements"]
    }
}
