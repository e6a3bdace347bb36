import Archive
import Foundation
import StreamingJSON
import TransportCore
import YouTubeKit

/// Runs a crawl: asks the plan (``CrawlEngine``) what to start, runs up to `concurrency` items at
/// once in a task group, hands each result back to the plan and performs what it says (write
/// records, warn, checkpoint). Time comes from the limiter's clock only.
public actor Crawler<C: Clock> where C.Duration == Duration {
    private let configuration: CrawlConfiguration
    private let transport: any HTTPTransport
    let limiter: RateLimiter<C>
    private let sink: any RecordSink
    private let log: @Sendable (String) -> Void
    private var engine: CrawlEngine
    private let started: C.Instant
    /// When this run sent its first and its last request (Unix seconds).
    private var requestWindow: (first: Int64, last: Int64)?
    /// The sink refused a write: nothing more is written, so the last checkpoint stays as it was.
    /// (A crawl stopped by another failed write, the quota ledger's, still writes what it fetched.)
    private var sinkFailed = false
    /// Checkpoints written since the heap's free pages were last given back: every tenth does
    /// (at most once in ten seconds; each costs a walk of the heap, 3% of a crawl's CPU if done at
    /// every checkpoint).
    private var checkpointsSinceTrim = 0
    /// This run's grants, for the next run's accounting should this one be killed.
    private var journal: SpendJournal?

    /// - Parameters:
    ///   - sink: where records go: the output ``CrawlConfiguration/openOutput(startedAt:)``
    ///     opens, or a test's.
    ///   - log: where warnings (and, with `verbose`, retries) are written.
    public init(
        configuration: CrawlConfiguration, transport: any HTTPTransport, limiter: RateLimiter<C>,
        sink: any RecordSink, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.limiter = limiter
        self.log = log
        self.sink = sink
        engine = CrawlEngine(seeds: configuration.seeds, options: configuration.engineOptions)
        started = limiter.clock.now
    }

    /// Crawls until every seed is done, or something stops it; the summary says which.
    ///
    /// - Throws: only when the output cannot be opened or read back for a resume.
    public func run() async throws -> CrawlSummary {
        do {
            let summary = try await crawl()
            await sink.close()
            return summary
        } catch {
            await sink.close()
            throw error
        }
    }

    private func crawl() async throws -> CrawlSummary {
        var point = try await sink.resumePoint()
        // What killed runs spent after their last checkpoint counts as spent on the output, even
        // one killed before its first checkpoint (the run then starts fresh with their units).
        let (journal, unrecorded) = SpendJournal.open(
            directory: configuration.out, recorded: point?.unitsByMethod ?? [:])
        if !unrecorded.isEmpty {
            var carried = point ?? .empty
            carried.unitsByMethod.merge(unrecorded) { $0 + $1 }
            point = carried
        }
        self.journal = journal
        await limiter.noteSpending(in: journal)
        if let snapshot = configuration.snapshot {
            await perform(engine.beginSnapshot(snapshot, from: point))
        } else {
            let history = await sink.currentRun()
            await perform(try engine.begin(from: point, wallClock: wallClock(), history: history))
        }
        let fetcher = Fetcher(
            transport: transport, limiter: limiter, clock: limiter.clock, apiBase: configuration.apiBase,
            log: configuration.verbose ? log : nil, backoff: configuration.backoff)
        // A task is a fetch (its ticket and result) or a timer that wakes the loop when a timed
        // item (a live chat's next poll) is due (its due time, no result).
        await withTaskGroup(of: (Int, FetchResult?).self) { group in
            var running = 0
            var timers: Set<Int64> = []
            while true {
                if Task.isCancelled { await perform(engine.stop(.interrupted)) }
                for (ticket, request) in await perform(engine.startWork(now: elapsedMilliseconds())) {
                    running += 1
                    group.addTask { (ticket, await fetcher.fetch(request)) }
                }
                let due = engine.nextDue
                if let due, !timers.contains(where: { $0 <= due }) {
                    timers.insert(due)
                    let clock = limiter.clock
                    let deadline = started.advanced(by: .milliseconds(due))
                    group.addTask {
                        try? await clock.sleep(until: deadline, tolerance: nil)
                        return (Int(due), nil)
                    }
                }
                guard running > 0 || due != nil, let (ticket, result) = await group.next() else { break }
                guard let result else {
                    timers.remove(Int64(ticket))
                    continue
                }
                running -= 1
                await perform(
                    engine.finish(
                        ticket, result, now: started.duration(to: limiter.clock.now), wallClock: wallClock()))
            }
            // Only timers are left: nothing more is due.
            group.cancelAll()
        }
        await perform(engine.end())
        if !sinkFailed { journal?.remove() }
        do {
            try await limiter.releaseClaims()
        } catch {
            log("warning: \(error)")
        }
        return await summary()
    }

    /// Where the crawl stands now (cheap: safe to ask a few times a second while it runs).
    public func progress() async -> CrawlProgress {
        let report = engine.report
        var progress = CrawlProgress()
        progress.requests = report.counters.requests
        progress.pages = report.counters.pages
        progress.retries = report.counters.retries
        progress.errors = report.warnings.count
        progress.videosWritten = report.counters.videosWritten
        progress.channelsWritten = report.counters.channelsWritten
        progress.frontier = report.waiting
        progress.pendingVideos = report.pendingVideos
        progress.units = await limiter.spent.units + limiter.spent.stats
        progress.snapshotVideos = report.snapshotVideos
        progress.statsWritten = report.counters.statsWritten
        progress.searches = await limiter.spentSearches
        progress.chatsLive = report.chats.filter { $0.status == .capturing }.count
        progress.chatMessages = report.counters.written[.chat, default: 0]
        return progress
    }

    /// The engine's report, for ``metrics()``.
    func engineReport() -> CrawlEngine.Report { engine.report }

    /// The quota model the crawl runs under.
    nonisolated var quotaModel: QuotaModel { configuration.quotaModel }

    /// The crawl's clock: milliseconds since it started.
    private func elapsedMilliseconds() -> Int64 {
        CrawlEngine.milliseconds(started.duration(to: limiter.clock.now))
    }

    private func wallClock() -> Date { Date(timeIntervalSince1970: TimeInterval(limiter.utcNow())) }

    /// Performs the engine's actions in order, and returns the fetches to start (by the task
    /// group, once the units they may need are kept back).
    @discardableResult
    private func perform(_ actions: [CrawlEngine.Action]) async -> [(ticket: Int, request: APIRequest)] {
        // After the event that made them: its state must hold every invariant.
        if configuration.checksInvariants { engine.checkInvariants() }
        var fetches: [(ticket: Int, request: APIRequest)] = []
        for action in actions {
            do {
                switch action {
                case .fetch(let ticket, let request):
                    let now = limiter.utcNow()
                    requestWindow = (requestWindow?.first ?? now, now)
                    fetches.append((ticket, request))
                case .keepBack(let units): await limiter.reserve(units: units)
                case .warn(let message): log("warning: " + message)
                case .log(let message): log(message)
                case .write(let records):
                    guard !sinkFailed else { continue }
                    try await sink.append(records)
                case .commentsDisabled(let videoIds):
                    guard !sinkFailed else { continue }
                    try await sink.noteCommentsDisabled(videoIds)
                case .checkpoint(let state):
                    guard !sinkFailed else { continue }
                    try await sink.note(runProgress)
                    try await sink.checkpoint(frontierJSON: state.frontier, unitsByMethod: state.unitsByMethod)
                    checkpointsSinceTrim += 1
                    if checkpointsSinceTrim >= 10 {
                        checkpointsSinceTrim = 0
                        AllocatorTuning.releaseFreePages()
                    }
                case .suspendOutput(let state):
                    guard !sinkFailed else { continue }
                    try await sink.note(runProgress)
                    try await sink.suspend(frontierJSON: state.frontier, unitsByMethod: state.unitsByMethod)
                case .finishOutput(let state):
                    guard !sinkFailed else { continue }
                    try await sink.note(runProgress)
                    try await sink.finish(frontierJSON: state.frontier, unitsByMethod: state.unitsByMethod)
                }
            } catch {
                sinkFailed = true
                await perform(engine.writeFailed("cannot write to \(configuration.out): \(error)"))
            }
        }
        return fetches
    }

    /// Where the run stands, for the output's provenance.
    private var runProgress: RunProgress {
        let discovery = engine.discovery
        let (outcomes, counts) = engine.seedOutcomes(first: Provenance.maximumListedSeeds)
        var progress = RunProgress(
            seedOutcomes: outcomes, firstRequestAt: requestWindow.map { RFC3339.format(seconds: $0.first) },
            lastRequestAt: requestWindow.map { RFC3339.format(seconds: $0.last) },
            unresolvedChannels: discovery.unresolvedChannels, unresolvedVideos: discovery.unresolvedVideos,
            chats: discovery.chats.captures.isEmpty ? nil : discovery.chats.captures)
        progress.seedCount = engine.seeds.count
        progress.outcomeCounts = counts
        return progress
    }

    private func summary() async -> CrawlSummary {
        let report = engine.report
        let counters = report.counters
        var summary = CrawlSummary(
            ending: report.conclusion, videosWritten: counters.videosWritten, channelsWritten: counters.channelsWritten,
            videosBefore: counters.videosBefore, channelsBefore: counters.channelsBefore,
            commentsWritten: counters.commentsWritten, commentsBefore: counters.commentsBefore,
            commentsDisabled: report.commentsDisabled, searchWindows: counters.searchWindows,
            windowsLeft: report.windowsLeft, channelGaps: report.channelGaps,
            pages: counters.pages, retries: counters.retries, unitsByMethod: counters.unitsThisRun,
            warnings: report.warnings, left: report.left, units: await limiter.spentUnits,
            searches: await limiter.spentSearches, requests: counters.requests)
        summary.searchesWaiting = report.searchesWaiting
        summary.threadsCapped = report.threadsCapped
        summary.unresolvedChannels = report.unresolvedChannels
        summary.unresolvedVideos = report.unresolvedVideos
        summary.chats = report.chats
        summary.formatUnits = counters.formatPages
        summary.statsWritten = counters.statsWritten
        summary.statsBefore = counters.statsBefore
        summary.statsGone = counters.statsGone
        summary.snapshotVideos = report.snapshotVideos
        summary.statsUnits = await limiter.spent.stats
        for kind in RecordKind.allCases {
            summary.recordsThisRun[kind] = counters.written[kind, default: 0] - counters.before[kind, default: 0]
        }
        summary.linksWritten = counters.written[.links, default: 0]
        summary.linksBefore = counters.before[.links, default: 0]
        summary.subscriptionsPrivate = report.subscriptionsPrivate
        summary.linksCapped = report.linksCapped
        summary.linkedChannelsGone = report.linkedChannelsGone
        if report.runKind == .update {
            summary.update = UpdateSummary(
                channelsWatched: report.channelsWatched, channelsChecked: counters.channelsChecked,
                channelsWalked: counters.channelsWalked, channelsWithNew: counters.channelsWithNew.count,
                searches: counters.searchesUpdated, playlists: counters.playlistsUpdated,
                commentVideos: counters.commentVideosUpdated)
        }
        return summary
    }
}
