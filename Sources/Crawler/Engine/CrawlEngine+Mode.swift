import YouTubeKit

extension CrawlEngine {
    /// What a run does: a crawl (or an update) discovers from its seeds; a snapshot asks the
    /// statistics of the ids it was given. Each holds only its own state, and each kind of work
    /// is folded into the mode it belongs to (``CrawlWork``'s two `apply`s).
    enum Mode: Sendable {
        case crawl(Discovery)
        case snapshot(SnapshotQueue)
        /// Only while one of the methods below changes the state in place, so that its sets are
        /// not copied (as async-http-client's state machines do).
        case modifying

        /// The crawl's state (`nil` in a snapshot).
        var discovery: Discovery? {
            if case .crawl(let discovery) = self { discovery } else { nil }
        }

        /// The snapshot's state (`nil` in a crawl).
        var snapshot: SnapshotQueue? {
            if case .snapshot(let queue) = self { queue } else { nil }
        }

        /// Found videos not written yet (waiting for videos.list or held for a walk).
        var pendingVideos: Int { discovery?.hydration.count ?? 0 }
        /// Found videos ready for a videos.list batch.
        var waitingVideos: Int { discovery?.hydration.waiting ?? 0 }
        /// Videos held for a channel walk.
        var holdsVideos: Bool { discovery?.hydration.holds ?? false }
        /// Channel ids the videos name waiting for channels.list.
        var hasReferencesWaiting: Bool { discovery?.references.hasWaiting ?? false }
        /// Records `playlist` seeds want, not asked yet.
        var hasPlaylistLookupsWaiting: Bool { discovery?.playlists.hasWanted ?? false }
        /// Snapshot ids queued, and those not written yet.
        var snapshotWaiting: Int { snapshot?.waiting ?? 0 }
        var snapshotUnwritten: Int { snapshot?.unwritten ?? 0 }

        // MARK: Changes, in place

        /// Changes the crawl's state; `nil` (and nothing done) in a snapshot.
        @discardableResult
        mutating func withDiscovery<R>(_ body: (inout Discovery) -> R) -> R? {
            modify(crawl: body, snapshot: { _ in nil })
        }

        /// Changes the snapshot's state; `nil` (and nothing done) in a crawl.
        @discardableResult
        mutating func withSnapshot<R>(_ body: (inout SnapshotQueue) -> R) -> R? {
            modify(crawl: { _ in nil }, snapshot: body)
        }

        /// Folds a fetched page of `work` into the state of its mode.
        mutating func apply(_ work: any CrawlWork, _ page: FetchedPage, _ out: inout EventOutput) {
            modify(crawl: { work.apply(page, to: &$0, &out) }, snapshot: { work.apply(page, to: &$0, &out) })
        }

        /// `work`'s request was not answered: it goes back where it came from.
        mutating func putBack(_ work: any CrawlWork, _ out: inout EventOutput) {
            modify(crawl: { work.putBack(into: &$0, &out) }, snapshot: { work.putBack(into: &$0) })
        }

        /// `work`'s request was skipped: what it held back is let go.
        mutating func skipped(_ work: any CrawlWork, _ out: inout EventOutput) {
            withDiscovery { work.skipped(to: &$0, &out) }
        }

        /// What `work` asked for is not there or not open: `true` when its kind handled it.
        mutating func unavailable(_ work: any CrawlWork, _ reasons: [APIErrorReason], _ out: inout EventOutput) -> Bool
        {
            withDiscovery { work.unavailable(reasons, to: &$0, &out) } ?? false
        }

        private mutating func modify<R>(
            crawl: (inout Discovery) -> R, snapshot: (inout SnapshotQueue) -> R
        ) -> R {
            switch self {
            case .crawl(var discovery):
                self = .modifying
                defer { self = .crawl(discovery) }
                return crawl(&discovery)
            case .snapshot(var queue):
                self = .modifying
                defer { self = .snapshot(queue) }
                return snapshot(&queue)
            case .modifying:
                preconditionFailure("the run's state is already being changed")
            }
        }
    }
}
