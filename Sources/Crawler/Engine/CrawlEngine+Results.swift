import Foundation
import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// Whether new work may start: always while nothing stopped the crawl; after the budget
    /// stopped discovery, hydration of what was found still runs on the units kept back for it.
    var mayStart: Bool {
        switch stops.ending?.cause {
        case nil: true
        case .budgetSpent?: mode.waitingVideos > 0 && !stops.hydration
        default: false
        }
    }

    /// Units to keep back for hydrating what was found: one per 50 waiting, one for each item in
    /// flight that may find videos (a discovery page may bring 50 more; a hydration batch's permit
    /// may not be granted yet). Only videos.list may spend them.
    var keepBack: Int {
        (mode.waitingVideos + HydrationQueue.batchSize - 1) / HydrationQueue.batchSize
            + (options.selection.hydrate ? tickets.items.values.count(where: \.work.findsVideos) : 0)
    }

    /// Nothing in flight and nothing more to start: the run is over.
    var isOver: Bool { tickets.isEmpty && !mayStartAnything }

    var mayStartAnything: Bool {
        guard mayStart else { return false }
        return mode.waitingVideos > 0
            || (stops.ending == nil && (!frontier.isEmpty || mode.snapshotWaiting > 0 || mode.holdsVideos))
            || mayResolveReferences || mayLookUpPlaylists
    }

    /// The channels the videos name are asked once everything else is done (a video found late
    /// may name one more) and while nothing stopped the crawl.
    var mayResolveReferences: Bool {
        options.resolveChannels && stops.ending == nil && mode.hasReferencesWaiting && frontier.isEmpty
            && tickets.isEmpty && mode.pendingVideos == 0 && !mode.holdsVideos && mode.snapshotWaiting == 0
    }

    /// The records `playlist` seeds want are asked last too, 50 a call, while nothing stopped the
    /// crawl.
    var mayLookUpPlaylists: Bool {
        stops.ending == nil && mode.hasPlaylistLookupsWaiting && frontier.isEmpty && tickets.isEmpty
            && mode.pendingVideos == 0 && !mode.holdsVideos
    }

    /// How the run ends, once it is over: the first stop, else incomplete when work failed for
    /// good, else budget when found videos wait, else completed. Work that failed for good wins
    /// over a budget stop (exit 0 says everything asked was done or is waiting for budget): a
    /// storm of 503s that ends with the budget claimed still ends `incomplete`.
    var conclusion: CrawlEnding {
        let failed = failureEnding
        if let ending = stops.ending {
            guard ending.cause == .budgetSpent, let failed else { return ending }
            return CrawlEnding(.incomplete, failed.detail + "; and \(ending.detail)")
        }
        if let failed { return failed }
        if let searches = stops.searches, !stops.waitingSearches.isEmpty {
            return CrawlEnding(
                searches.cause,
                "\(searches.detail); \(searchesWaiting.count) search seed\(searchesWaiting.count == 1 ? "" : "s") wait, everything else is done",
                bucket: searches.bucket)
        }
        if mode.pendingVideos > 0 {
            return CrawlEnding(.budgetSpent, "the budget ran out before every found video was hydrated")
        }
        if mode.snapshotUnwritten > 0 {
            let count = mode.snapshotUnwritten
            return CrawlEnding(
                .incomplete, "\(count) video\(count == 1 ? "" : "s") of the snapshot got no answer; a rerun asks again")
        }
        return .completed
    }

    /// `incomplete` when some work failed for good (its retries ran out).
    private var failureEnding: CrawlEnding? {
        guard !findings.failures.isEmpty else { return nil }
        let count = findings.failures.count
        return CrawlEnding(
            .incomplete,
            "\(count) work item\(count == 1 ? "" : "s") failed after every retry (first: \(findings.failures[0].reason))"
        )
    }

    /// Whether the output can be closed for good: everything found is written and nothing is left.
    var isFinished: Bool {
        conclusion == .completed && frontier.isEmpty && mode.pendingVideos == 0 && tickets.isEmpty
            && mode.snapshotUnwritten == 0
    }

    /// Windows of `split=time` searches still to do (a rerun continues them).
    var windowsLeft: Int {
        var count = 0
        forEachCheckpointItem { if $0.work.isSearchWindow { count += 1 } }
        return count
    }

    /// The search seeds whose searches wait for their bucket (a rerun continues them), as written.
    var searchesWaiting: [String] {
        var seen = Set<Int>()
        return stops.waitingSearches.compactMap { item in
            guard let seed = item.seed, seen.insert(seed).inserted else { return nil }
            return seeds[seed].text
        }
    }

    /// What is left, for the summary: each failed item and why.
    var left: [String] { findings.failures.map { "\($0.item.work.describe(seeds: seeds)): \($0.reason)" } }
}
