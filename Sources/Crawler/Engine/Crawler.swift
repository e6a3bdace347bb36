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
    /// The sink refused a write: nothing more is written, so the last checkpoint stays as it was.
    /// (A crawl stopped by another failed write, the quota ledger's, still writes what it fetched.)
    private var sinkFailed = false

    /// - Parameters:
    ///   - sink: where records go; by default an ``ArchiveSink`` on `configuration.out`.
    ///   - log: where warnings (and, with `verbose`, retries) are written.
    /// - Throws: ``ArchiveError`` when the output directory cannot be opened.
    public init(
        configuration: CrawlConfiguration, transport: any HTTPTransport, limiter: RateLimiter<C>,
        sink: (any RecordSink)? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.transport = transport
        self.limiter = limiter
        self.log = log
        if let sink {
            self.sink = sink
        } else {
            var manifest = Manifest(
                toolVersion: configuration.toolVersion, quotaModel: configuration.quotaModel.rawValue,
                seedsDigest: configuration.snapshot == nil ? configuration.seedsDigest : nil,
                startedAt: RFC3339.format(seconds: limiter.utcNow()))
            manifest.authorPseudonyms = configuration.pseudonymizer?.recorded
            manifest.snapshot = configuration.snapshot.map {
                Manifest.Snapshot(source: $0.source, videos: Set($0.ids).count, method: $0.method.apiMethod.quotaName)
            }
            self.sink = try ArchiveSink(
                directory: configuration.out, options: configuration.shardOptions, manifest: manifest,
                kinds: configuration.snapshot == nil ? RecordKind.crawlKinds : [.stats])
        }
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
        try await restoreOrSeed()
        let fetcher = Fetcher(
            transport: transport, limiter: limiter, clock: limiter.clock, apiBase: configuration.apiBase,
            log: configuration.verbose ? log : nil, backoff: configuration.backoff,
            needs: RequestNeeds(hydrating: configuration.hydrate, commentsOfEveryVideo: configuration.comments))
        let seeds = configuration.seeds
        await withTaskGroup(of: (Int, FetchResult).self) { group in
            var running = 0
            while true {
                if Task.isCancelled { engine.stopTaking(.interrupted) }
                await limiter.reserve(units: engine.keepBack)
                while let (ticket, item) = engine.start() {
                    // Before its request asks for a permit: what this item may bring is kept back too.
                    await limiter.reserve(units: engine.keepBack)
                    running += 1
                    group.addTask { (ticket, await fetcher.fetch(item, seeds: seeds)) }
                }
                guard running > 0, let (ticket, result) = await group.next() else { break }
                running -= 1
                let actions = engine.finish(
                    ticket, result, now: started.duration(to: limiter.clock.now), wallClock: wallClock())
                await perform(actions)
            }
        }
        if !sinkFailed {
            do {
                if engine.isFinished {
                    try await sink.finish(
                        frontierJSON: engine.checkpointJSON(),
                        unitsByMethod: engine.counters.unitsByMethod)
                } else {
                    try await sink.checkpoint(
                        frontierJSON: engine.checkpointJSON(),
                        unitsByMethod: engine.counters.unitsByMethod)
                }
            } catch {
                sinkFailed = true
                engine.writeFailed("cannot write to \(configuration.out): \(error)")
            }
        }
        do {
            try await limiter.releaseClaims()
        } catch {
            log("warning: \(error)")
        }
        return await summary()
    }

    /// Where the crawl stands now (cheap: safe to ask a few times a second while it runs).
    public func progress() async -> CrawlProgress {
        var progress = CrawlProgress()
        progress.requests = engine.counters.requests
        progress.pages = engine.counters.pages
        progress.retries = engine.counters.retries
        progress.errors = engine.warnings.count
        progress.videosWritten = engine.counters.videosWritten
        progress.channelsWritten = engine.counters.channelsWritten
        progress.frontier = engine.frontier.count + engine.inFlight.count
        progress.pendingVideos = engine.pending.count
        progress.units = await limiter.spent.units + limiter.spent.stats
        progress.snapshotVideos = engine.snapshot.targets
        progress.statsWritten = engine.counters.statsWritten
        progress.searches = await limiter.spentSearches
        return progress
    }

    /// The plan's counters, for ``metrics()``.
    func engineCounters() -> CrawlEngine.Counters { engine.counters }

    /// The quota model the crawl runs under.
    nonisolated var quotaModel: QuotaModel { configuration.quotaModel }

    private func wallClock() -> Date { Date(timeIntervalSince1970: TimeInterval(limiter.utcNow())) }

    private func perform(_ actions: [CrawlEngine.Action]) async {
        for action in actions {
            if sinkFailed { return }
            do {
                switch action {
                case .warn(let message): log("warning: " + message)
                case .write(let records): try await sink.append(records)
                case .commentsDisabled(let videoIds): try await sink.noteCommentsDisabled(videoIds)
                case .checkpoint:
                    try await sink.checkpoint(
                        frontierJSON: engine.checkpointJSON(),
                        unitsByMethod: engine.counters.unitsByMethod)
                }
            } catch {
                sinkFailed = true
                engine.writeFailed("cannot write to \(configuration.out): \(error)")
                log("error: cannot write to \(configuration.out): \(error)")
            }
        }
    }

    private func restoreOrSeed() async throws {
        if let snapshot = configuration.snapshot {
            try await restoreSnapshot(snapshot)
            return
        }
        guard let point = try await sink.resumePoint() else {
            engine.seedFrontier()
            return
        }
        let written = (videos: point.videoRecords, channels: point.channelRecords)
        engine.restoreComments(point.commentIds)
        let decoded = point.frontierJSON.flatMap { try? JSONDecoder().decode(FrontierState.self, from: Data($0.utf8)) }
        guard let json = point.frontierJSON, decoded?.seeds != nil || point.seedsDigest == configuration.seedsDigest
        else {
            // Records but no checkpoint (or an earlier version's, for other seeds): start from
            // the seeds, and never write again what the shards hold.
            engine.startOver(videoIds: point.videoIds, channelIds: point.channelIds, written: written)
            log(
                "\(configuration.out) holds \(point.videoIds.count) videos but no checkpoint for these seeds: starting from the seeds; videos and channels already there are not written again"
            )
            return
        }
        guard var state = decoded ?? (point.finished && json == "[]" ? FrontierState.finished : nil) else {
            throw CrawlSetupError(
                "the checkpoint in \(configuration.out) holds pending work this version cannot read; move checkpoint.json away to start from the seeds (videos already there are not written again)"
            )
        }
        if point.finished {
            state.items = []
            state.pending = []
        }
        let change = state.seeds.map { SeedChange(old: $0, new: configuration.seeds.map(\.text)) }
        var dropped = (items: 0, videos: 0)
        if let change, !change.isNone { (state, dropped.items, dropped.videos) = state.reseeded(change) }
        engine.restore(state, videoIds: point.videoIds, channelIds: point.channelIds, written: written)
        if let change, !change.added.isEmpty || !change.removed.isEmpty {
            engine.seedFrontier(only: change.added)
            log(change.report(kept: configuration.seeds.count - change.added.count, dropped: dropped))
        }
        log(
            "resuming \(configuration.out): \(point.videoIds.count) videos already there, \(engine.frontier.count) item\(engine.frontier.count == 1 ? "" : "s") pending"
        )
    }

    /// A snapshot continues from its shards: the ids they hold are done; units so far come from
    /// its checkpoint.
    private func restoreSnapshot(_ snapshot: SnapshotPlan) async throws {
        let point = try await sink.resumePoint()
        engine.seedSnapshot(ids: snapshot.ids, written: point?.statsIds ?? [], method: snapshot.method)
        if let json = point?.frontierJSON,
            let state = try? JSONDecoder().decode(FrontierState.self, from: Data(json.utf8))
        {
            engine.counters.unitsByMethod = state.unitsByMethod
        }
        if engine.counters.statsBefore > 0 {
            log(
                "continuing the snapshot in \(configuration.out): \(engine.counters.statsBefore) of \(engine.snapshot.targets) videos already there"
            )
        }
    }

    private func summary() async -> CrawlSummary {
        let counters = engine.counters
        var summary = CrawlSummary(
            ending: engine.conclusion, videosWritten: counters.videosWritten, channelsWritten: counters.channelsWritten,
            videosBefore: counters.videosBefore, channelsBefore: counters.channelsBefore,
            commentsWritten: counters.commentsWritten, commentsBefore: counters.commentsBefore,
            commentsDisabled: engine.commentsDisabled, searchWindows: counters.searchWindows,
            windowsLeft: engine.windowsLeft, channelGaps: engine.channelGaps,
            pages: counters.pages, retries: counters.retries, unitsByMethod: counters.unitsByMethod,
            warnings: engine.warnings, left: engine.left, units: await limiter.spentUnits,
            searches: await limiter.spentSearches, requests: counters.requests)
        summary.searchesWaiting = engine.searchesWaiting
        summary.statsWritten = counters.statsWritten
        summary.statsBefore = counters.statsBefore
        summary.statsGone = counters.statsGone
        summary.snapshotVideos = engine.snapshot.targets
        summary.statsUnits = await limiter.spent.stats
        return summary
    }
}

/// The crawl could not start: its output cannot be resumed.
public struct CrawlSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
