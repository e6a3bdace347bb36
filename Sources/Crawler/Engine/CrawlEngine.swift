import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// The crawl's plan, free of time, sockets and concurrency: a state machine in the shape of
/// async-http-client's connection pool. Every event — ``begin(from:wallClock:history:)``,
/// ``beginSnapshot(_:from:)``, ``startWork()``, ``finish(_:_:now:wallClock:)``, ``stop(_:)``,
/// ``writeFailed(_:)``, ``end()`` — returns the actions (fetch this request, keep units back,
/// write these records, warn, checkpoint) that ``Crawler``, the actor, performs in order. Time
/// comes in with the event; nothing waits between events.
///
/// The state is a few parts, each with its own invariants, changed only by the events in this
/// file: the ``Mode`` (a crawl's ``Discovery`` or a snapshot's ``SnapshotQueue``), the
/// ``Frontier``, the ``Tickets`` in flight, the ``Counters``, the ``Stops``, the ``Findings``
/// and the ``CheckpointPacer``. Kinds of work see only their mode's state, through its verbs;
/// what they queue, report and count comes back in the event's ``EventOutput``, which the event
/// folds in (``take(_:)``). The engine names no kind of work: what a kind does is in its type
/// (``CrawlWork``).
///
/// Order: a hydration batch as soon as 50 ids wait; otherwise the lowest page number first, so
/// every seed gets its first page before any seed gets its fifth.
struct CrawlEngine: CrawlSetup {
    let seeds: [Seed]
    let options: Options
    private(set) var mode: Mode
    private(set) var frontier = Frontier()
    private(set) var tickets = Tickets()
    private(set) var counters = Counters()
    private(set) var stops = Stops()
    private(set) var findings = Findings()
    /// The run: a crawl or an update, and when it began (Unix seconds; an update resumed keeps
    /// its first start).
    private(set) var run = (kind: RunKind.crawl, startedAt: Int64(0))
    private(set) var pacer: CheckpointPacer

    init(seeds: [Seed], options: Options) {
        self.seeds = seeds
        self.options = options
        mode = .crawl(Discovery(seeds: seeds, options: options))
        pacer = CheckpointPacer(every: options.checkpointEvery, interval: options.checkpointInterval)
    }

    // MARK: Beginning

    /// The run begins: from the seeds, or from what the output holds (``ResumeDecision``).
    ///
    /// - Throws: ``CrawlSetupError`` when the checkpoint holds pending work this version cannot read.
    mutating func begin(
        from point: ResumePoint?, wallClock: Date, history: (number: Int, key: String)? = nil
    ) throws -> [Action] {
        var out = EventOutput(wallClock: wallClock)
        run = (options.update == nil ? .crawl : .update, Int64(wallClock.timeIntervalSince1970))
        mode.withDiscovery { [run] in $0.begin(at: run.startedAt, from: point, run: history) }
        if let point {
            counters.start(.comments, at: point.commentIds.count)
            counters.startUnits(at: point.unitsByMethod)
        }
        let decision = ResumeDecision(point, seeds: seeds, seedsDigest: options.seedsDigest)
        if options.update != nil { try checkUpdatable(decision, finished: point?.finished ?? false) }
        let point = point ?? ResumePoint.empty
        switch decision {
        case .resume(let state, let change) where options.update != nil && point.finished:
            let previous = state.startedAt ?? point.startedAt ?? run.startedAt
            let since = previous - (options.update ?? UpdateOptions()).overlapSeconds
            var state = state
            if let change { state = state.reseeded(change).state }
            frontier = Frontier(state.items)
            run = (.update, run.startedAt)
            countWritten(point)
            let added = Set(change?.added ?? [])
            mode.withDiscovery { $0.beginUpdate(state, change: change, from: point, since: since, added: added, &out) }
        case .fresh:
            mode.withDiscovery { discovery in for index in seeds.indices { discovery.startSeed(index, &out) } }
        case .startOver:
            mode.withDiscovery { $0.startOver(point, &out) }
            countWritten(point)
            out.log(
                "\(options.output) holds \(point.videoIds.count) videos but no checkpoint for these seeds: starting from the seeds; videos and channels already there are not written again"
            )
        case .unreadable:
            throw CrawlSetupError(
                "the checkpoint in \(options.output) holds pending work this version cannot read; move checkpoint.json away to start from the seeds (videos already there are not written again)"
            )
        case .resume(var state, let change):
            var dropped = (items: 0, videos: 0)
            if let change { (state, dropped.items, dropped.videos) = state.reseeded(change) }
            restore(state, from: point)
            if let change, !change.added.isEmpty || !change.removed.isEmpty {
                mode.withDiscovery { discovery in for index in change.added { discovery.startSeed(index, &out) } }
                out.log(change.report(kept: seeds.count - change.added.count, dropped: dropped))
            }
            out.log(
                "resuming \(options.output): \(point.videoIds.count) videos already there, \(frontier.count) item\(frontier.count == 1 ? "" : "s") pending"
            )
        }
        return take(out)
    }

    /// Continues from a checkpoint and what the output already holds (``Discovery/restore(_:from:startedAt:)``).
    private mutating func restore(_ state: FrontierState, from point: ResumePoint) {
        frontier = Frontier(state.items)
        // A run resumed goes on as the run it was; a finished one rerun keeps its start (an
        // update looks for what is newer than the last run that looked at everything).
        run = (state.run, state.startedAt ?? point.startedAt ?? run.startedAt)
        mode.withDiscovery { $0.restore(state, from: point, startedAt: run.startedAt) }
        countWritten(point)
    }

    private mutating func countWritten(_ point: ResumePoint) {
        counters.start(.videos, at: point.videoRecords)
        counters.start(.channels, at: point.channelRecords)
        counters.start(.links, at: point.linkKeys.count)
    }

    /// Starts (or continues) a snapshot of `plan`'s ids (`ytcrawl refresh`): those the output
    /// holds are done; units so far come from its manifest. Its ids go out 50 to a request
    /// (``StatsBatch``), each written once, `ok` or `gone`.
    mutating func beginSnapshot(_ plan: SnapshotPlan, from point: ResumePoint?) -> [Action] {
        let queue = SnapshotQueue(ids: plan.ids, done: point?.statsIds ?? [], method: plan.method)
        mode = .snapshot(queue)
        counters.start(.stats, at: queue.written.count)
        counters.startUnits(at: point?.unitsByMethod ?? [:])
        guard counters.statsBefore > 0 else { return [] }
        return [
            .log(
                "continuing the snapshot in \(options.output): \(counters.statsBefore) of \(queue.targets) videos already there"
            )
        ]
    }

    // MARK: Starting work

    /// Starts everything that may start now: each item registered in flight under its ticket,
    /// its request built here; then the units to keep back for hydration, counting them.
    ///
    /// - Parameter now: the crawl's clock in milliseconds: timed items (a live chat's next poll)
    ///   due by then may start.
    mutating func startWork(now: Int64 = .max) -> [Action] {
        var fetches: [Action] = []
        var out = EventOutput(wallClock: Date(timeIntervalSince1970: 0))
        out.now = now
        while mayStart, tickets.count < options.concurrency, let item = nextItem(&out) {
            let request: APIRequest
            do {
                request = try item.work.request(for: self)
            } catch {
                // An item whose request cannot be built (a seed changed under a checkpoint, a
                // value the API would refuse): it fails for good, the rest goes on.
                let reason = "cannot build the request: \(error)"
                findings.fail(item, reason)
                out.warn("\(item.work.describe(seeds: seeds)): \(reason); left for a rerun")
                continue
            }
            fetches.append(.fetch(ticket: tickets.issue(item), request: request))
        }
        // Before their requests ask for permits: what the items may bring is kept back too.
        return take(out) + fetches + [.keepBack(keepBack)]
    }

    private mutating func nextItem(_ out: inout EventOutput) -> WorkItem? {
        let discoveryStopped = stops.ending != nil
        if mode.holdsVideos, !discoveryStopped, frontier.holdsOnlyTimed, tickets.isEmpty {
            // Nothing left that could release them (a walk failed, or another seed's ended first).
            mode.withDiscovery { $0.releaseHeldVideos() }
        }
        let waiting = mode.waitingVideos
        // Without hydration only video seeds wait here.
        if waiting > 0,
            waiting >= HydrationQueue.batchSize || discoveryStopped || (frontier.holdsOnlyTimed && tickets.isEmpty),
            let ids = mode.withDiscovery({ $0.nextHydrationBatch() })
        {
            return .hydrate(HydrationBatch(ids: ids))
        }
        guard !discoveryStopped else { return nil }
        if let batch = mode.withSnapshot({ $0.next() }) ?? nil { return .stats(batch) }
        while let item = frontier.next(idle: tickets.isEmpty, now: out.now) {
            if let unfolded = mode.withDiscovery({ item.work.unfold(&$0, &out) }) ?? nil {
                // Itself further on, now: the work it made may start in this same event.
                if let next = unfolded.next { frontier.append(next) }
                if let start = unfolded.start { return start }
                // It fed the hydration queue.
                return nextItem(&out)
            }
            guard stops.searches != nil, item.work.isCostly else { return item }
            stops.park(item)
        }
        // Last, when nothing else is left or in flight: the channels the videos name.
        if mayResolveReferences, let ids = mode.withDiscovery({ $0.nextReferencedChannels() }), !ids.isEmpty {
            return .referencedChannels(ReferencedChannels(ids: ids))
        }
        if mayLookUpPlaylists, let lookups = mode.withDiscovery({ $0.nextPlaylistLookups() }), !lookups.isEmpty {
            return .playlistRecords(PlaylistRecords(ids: lookups.map(\.id), seeds: lookups.map(\.seed)))
        }
        return nil
    }

    // MARK: Results

    /// Folds in the result of the item started under `ticket`.
    ///
    /// - Parameters:
    ///   - now: the crawl's monotonic clock, for the checkpoint interval.
    ///   - wallClock: the time written as records' `fetchedAt`.
    /// - Returns: what the actor must do, in order.
    mutating func finish(_ ticket: Int, _ result: FetchResult, now: Duration, wallClock: Date) -> [Action] {
        guard let item = tickets.redeem(ticket) else { return [] }
        var out = EventOutput(wallClock: wallClock)
        out.now = Self.milliseconds(now)
        counters.add(result)
        var checkpointDue = false
        let work = item.work
        switch result.outcome {
        case .page(let records, let summary):
            counters.addPage(seed: item.seed)
            mode.apply(work, FetchedPage(records: records, summary: summary, sentAt: result.sentAt), &out)
            checkpointDue = pacer.due(pages: counters.pages, now: now)
        case .stop(let stop) where work.isCostly && [.budgetSpent, .quotaSpent].contains(stop.cause):
            // Search's own bucket is spent: searches wait, hydration and walks go on.
            if stops.stopSearches(stop) {
                out.warn(
                    "searches stop here (\(stop.detail)); the rest of the crawl goes on, and the searches wait for a rerun"
                )
            }
            stops.park(item)
        case .stop(let stop):
            mode.putBack(work, &out)
            stops.stop(stop)
        case .gaveUp(let reason):
            findings.fail(item, reason)
            out.warn("\(work.describe(seeds: seeds)) failed for good, left for a rerun: \(reason)")
        case .skip(let reason) where work.skipLeavesWork:
            // Its work stays (a rerun asks again); the run ends incomplete, not "budget".
            findings.fail(item, reason)
            out.warn("\(work.describe(seeds: seeds)): \(reason); its videos are left for a rerun")
        case .skip(let reason):
            mode.skipped(work, &out)
            out.warn("\(work.describe(seeds: seeds)): \(reason); skipped")
        case .unavailable(let reasons, let message):
            if !mode.unavailable(work, reasons, &out) {
                out.warn("\(work.describe(seeds: seeds)): \(message); skipped")
            }
        case .restartPaging:
            if let restarted = work.restartedPaging() {
                out.warn(
                    "\(work.describe(seeds: seeds)): the page token expired (invalidPageToken); paging starts over")
                out.enqueue(restarted)
            } else {
                out.warn("\(work.describe(seeds: seeds)): the page token expired again; the rest of it is skipped")
            }
        }
        for notice in result.notices { out.warn(notice) }
        var actions = take(out)
        if checkpointDue { actions.append(.checkpoint(savedState)) }
        return actions
    }

    /// Folds in what an event's work queued, reported and counted, and returns its actions.
    private mutating func take(_ out: EventOutput) -> [Action] {
        for item in out.enqueued { frontier.append(item) }
        findings.merge(out.findings)
        counters.add(out)
        if out.stopsHydration { stops.stopHydration() }
        return out.actions
    }

    /// When the earliest timed item (a live chat's next poll) is due, in milliseconds of the
    /// crawl's clock; `nil` when none waits or nothing more may start.
    var nextDue: Int64? { mayStart && stops.ending == nil ? frontier.nextDue : nil }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    // MARK: Ending

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
}
