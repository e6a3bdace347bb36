/// What stopped the crawl from taking work, if anything: the first cause for everything, and
/// search work stopped by its own bucket while the rest goes on.
struct Stops: Sendable {
    /// Why the crawl stops taking work, once something stopped it (the first cause wins).
    private(set) var ending: CrawlEnding?
    /// Search work stopped by its own bucket (the day's search calls, `--search-budget`, or in
    /// the classic model a budget too small for a search): the searches wait in the checkpoint.
    private(set) var searches: CrawlEnding?
    private(set) var waitingSearches: [WorkItem] = []
    /// Even videos.list was refused by the budget: nothing more can start.
    private(set) var hydration = false

    /// Ends the crawl for `ending` unless something ended it already.
    mutating func stop(_ ending: CrawlEnding) {
        if self.ending == nil { self.ending = ending }
    }

    /// A failed write wins over any other cause.
    mutating func writeFailed(_ detail: String) {
        if ending?.cause != .writeFailed { ending = CrawlEnding(.writeFailed, detail) }
    }

    /// Searches stop for `ending`; `true` the first time.
    mutating func stopSearches(_ ending: CrawlEnding) -> Bool {
        guard searches == nil else { return false }
        searches = ending
        return true
    }

    mutating func park(_ search: WorkItem) { waitingSearches.append(search) }

    mutating func stopHydration() { hydration = true }
}
