/// When a checkpoint is due: after `every` pages, and not sooner than `interval` after the last
/// one (a checkpoint flushes and fsyncs the shards and writes the whole frontier).
struct CheckpointPacer: Sendable, Hashable {
    let every: Int
    let interval: Duration
    private(set) var pagesAtLast = 0
    private(set) var last: Duration = .zero

    init(every: Int, interval: Duration) {
        self.every = every
        self.interval = interval
    }

    /// Whether a checkpoint is due after `pages` pages at `now`; if so, it counts as taken.
    mutating func due(pages: Int, now: Duration) -> Bool {
        guard pages - pagesAtLast >= every, now - last >= interval else { return false }
        pagesAtLast = pages
        last = now
        return true
    }
}
