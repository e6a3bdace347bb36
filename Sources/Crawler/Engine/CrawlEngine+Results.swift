import Foundation
import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// Folds in the result of the item started under `ticket`.
    ///
    /// - Parameters:
    ///   - now: the crawl's monotonic clock, for the checkpoint interval.
    ///   - wallClock: the time written as records' `fetchedAt`.
    /// - Returns: what the actor must do, in order.
    mutating func finish(_ ticket: Int, _ result: FetchResult, now: Duration, wallClock: Date) -> [Action] {
        guard let item = tickets.redeem(ticket) else { return [] }
        var out = EventOutput(wallClock: wallClock)
        counters.unitsByMethod.merge(result.charged) { $0 + $1 }
        counters.retries += result.retries
        counters.retriesByCause.merge(result.retriesByCause) { $0 + $1 }
        counters.requests += result.requests
        var checkpointDue = false
        let work = item.work
        switch result.outcome {
        case .page(let records, let summary):
            counters.pages += 1
            if let seed = item.seed { counters.pagesBySeed[seed, default: 0] += 1 }
            work.apply(FetchedPage(records: records, summary: summary), to: &self, &out)
            checkpointDue = pacer.due(pages: counters.pages, now: now)
        case .stop(let stop) where work.isCostly && [.budgetSpent, .quotaSpent].contains(stop.cause):
            // Search's own bucket is spent: searches wait, hydration and walks go on.
            if stops.stopSearches(stop) {
                warn(
                    "searches stop here (\(stop.detail)); the rest of the crawl goes on, and the searches wait for a rerun",
                    &out)
            }
            stops.park(item)
        case .stop(let stop):
            work.putBack(into: &self)
            stops.stop(stop)
        case .gaveUp(let reason):
            findings.fail(item, reason)
            warn("\(work.describe(seeds: seeds)) failed for good, left for a rerun: \(reason)", &out)
        case .skip(let reason) where work.skipLeavesWork:
            // Its work stays (a rerun asks again); the run ends incomplete, not "budget".
            findings.fail(item, reason)
            warn("\(work.describe(seeds: seeds)): \(reason); its videos are left for a rerun", &out)
        case .skip(let reason):
            work.skipped(to: &self, &out)
            warn("\(work.describe(seeds: seeds)): \(reason); skipped", &out)
        case .unavailable(let reasons, let message):
            if !work.unavailable(reasons, to: &self, &out) {
                warn("\(work.describe(seeds: seeds)): \(message); skipped", &out)
            }
        case .restartPaging:
            if let restarted = work.restartedPaging() {
                warn(
                    "\(work.describe(seeds: seeds)): the page token expired (invalidPageToken); paging starts over",
                    &out)
                enqueue(restarted)
            } else {
                warn("\(work.describe(seeds: seeds)): the page token expired again; the rest of it is skipped", &out)
            }
        }
        for notice in result.notices { warn(notice, &out) }
        var actions = out.actions
        if checkpointDue { actions.append(.checkpoint(savedState)) }
        return actions
    }

    /// The crawl stops taking work for `ending` (an interruption) unless something stopped it
    /// already: the first cause wins. What is in flight still comes back.
    mutating func stop(_ ending: CrawlEnding) -> [Action] {
        stops.stop(ending)
        return []
    }

    /// A record could not be written: the crawl stops; the last checkpoint stays as it was.
    mutating func writeFailed(_ detail: String) -> [Action] {
        stops.writeFailed(detail)
        return [.log("error: \(detail)")]
    }

    /// The run is over: the output is closed for good when everything is done, else its shards
    /// are closed and its state saved for a rerun (a budget, a quota, a signal: whatever ended it
    /// short of a SIGKILL leaves no record in a `.part` shard that readers skip).
    mutating func end() -> [Action] {
        [isFinished ? .finishOutput(savedState) : .suspendOutput(savedState)]
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
        if hydration.count > 0 {
            return CrawlEnding(.budgetSpent, "the budget ran out before every found video was hydrated")
        }
        if snapshot.unwritten > 0 {
            let count = snapshot.unwritten
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
        conclusion == .completed && frontier.isEmpty && hydration.count == 0 && tickets.isEmpty
            && snapshot.unwritten == 0
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
