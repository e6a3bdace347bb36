import Archive
import Foundation
import StreamingJSON
import Transport
import YouTubeKit

/// Runs a crawl: keeps the frontier, runs up to `concurrency` work items at once in a task group,
/// dedupes videos and channels across seeds, hydrates discovered videos 50 ids per request, writes
/// records to the archive and checkpoints as it goes.
///
/// Order: hydration batches first when 50 ids wait; otherwise the lowest page number first, so
/// every seed gets its first page before any seed gets its fifth.
public actor Crawler<C: Clock> where C.Duration == Duration {
    private let configuration: CrawlConfiguration
    private let transport: any HTTPTransport
    private let limiter: RateLimiter<C>
    private let archive: ArchiveWriter
    private let log: @Sendable (String) -> Void
    private var frontier = Frontier()
    private var pending: [String: PendingVideo] = [:]
    private var pendingOrder: [String] = []
    private var seenVideos = VideoIdSet()
    private var seenChannels = CompactStringSet()
    private var queuedChannels = CompactStringSet()
    private var queuedPlaylists = CompactStringSet()
    private var restarted: Set<Int> = []
    private var unitsByMethod: [String: Int] = [:]
    private var pages = 0
    private var retries = 0
    private var requests = 0
    private var videosWritten = 0
    private var channelsWritten = 0
    private var warnings: [String] = []
    private var ending: CrawlSummary.Ending?
    /// Items being fetched: a checkpoint lists them as still to do.
    private var inFlight: [Int: WorkItem] = [:]
    /// Even videos.list was refused by the budget: nothing more can start.
    private var hydrationStopped = false
    private var nextTicket = 0
    private var pagesAtCheckpoint = 0
    private var lastCheckpoint = ContinuousClock.now

    public init(
        configuration: CrawlConfiguration, transport: any HTTPTransport, limiter: RateLimiter<C>,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.transport = transport
        self.limiter = limiter
        self.log = log
        archive = try ArchiveWriter(
            directory: configuration.out, options: configuration.shardOptions,
            manifest: Manifest(
                toolVersion: configuration.toolVersion, quotaModel: configuration.quotaModel.rawValue,
                seedsDigest: configuration.seedsDigest, startedAt: RFC3339.format(Date())))
    }

    /// Crawls until every seed is done, or the budget, quota or keys stop it.
    public func run() async throws -> CrawlSummary {
        try restoreOrSeed()
        try await withThrowingTaskGroup(of: (Int, WorkItem, FetchResult).self) { group in
            while true {
                await keepBackForHydration()
                while mayStart, inFlight.count < configuration.concurrency, let item = nextItem() {
                    let fetcher = Fetcher(
                        transport: transport, limiter: limiter, apiBase: configuration.apiBase,
                        log: configuration.verbose ? log : nil)
                    nextTicket += 1
                    let ticket = nextTicket
                    inFlight[ticket] = item
                    // Before its request asks for a permit: what this item may bring is kept back too.
                    await keepBackForHydration()
                    var query: SearchQuery?
                    if case .search(let seed, _, _, _) = item,
                        case .search(let seedQuery) = configuration.seeds[seed].target
                    {
                        query = seedQuery
                    }
                    group.addTask { [query] in (ticket, item, await fetcher.fetch(item, search: query)) }
                }
                guard !inFlight.isEmpty, let (ticket, item, result) = try await group.next() else { break }
                inFlight.removeValue(forKey: ticket)
                try integrate(item, result)
            }
        }
        if ending == nil, !pendingOrder.isEmpty {
            ending = .budgetSpent("the budget ran out before every found video was hydrated")
        }
        let finished = ending == nil || ending == .completed
        let state = frontierState()
        if finished && frontier.isEmpty && pendingOrder.isEmpty {
            try archive.finish(unitsByMethod: unitsByMethod)
        } else {
            try archive.checkpoint(frontierJSON: state.encodedJSON(), unitsByMethod: unitsByMethod)
        }
        try await limiter.flush()
        return CrawlSummary(
            ending: ending ?? .completed, videosWritten: videosWritten, channelsWritten: channelsWritten, pages: pages,
            retries: retries, unitsByMethod: unitsByMethod, warnings: warnings, units: await limiter.spentUnits,
            searches: await limiter.spentSearches, requests: requests)
    }

    /// Keeps back what hydrating the found videos costs: one unit per 50 waiting, one for each
    /// discovery request in flight (it may bring up to 50 more) and one for each hydration batch in
    /// flight (its permit may not be granted yet; counted until it ends, which only errs on the
    /// safe side). Only videos.list may spend what is kept back.
    private func keepBackForHydration() async {
        guard configuration.hydrate else { return }
        await limiter.reserve(units: (pendingOrder.count + 49) / 50 + inFlight.count)
    }

    /// Where the crawl stands now (cheap: safe to ask a few times a second while it runs).
    public func progress() async -> CrawlProgress {
        var progress = CrawlProgress()
        progress.requests = requests
        progress.pages = pages
        progress.retries = retries
        progress.errors = warnings.count
        progress.videosWritten = videosWritten
        progress.channelsWritten = channelsWritten
        progress.frontier = frontier.count + inFlight.count
        progress.pendingVideos = pendingOrder.count
        progress.units = await limiter.spentUnits
        progress.searches = await limiter.spentSearches
        return progress
    }

    // MARK: Frontier

    private func restoreOrSeed() throws {
        if let checkpoint = archive.resumed, checkpoint.seedsDigest == configuration.seedsDigest {
            if let data = checkpoint.frontier.data(using: .utf8),
                let state = try? JSONDecoder().decode(FrontierState.self, from: data)
            {
                frontier = Frontier(state.items)
                for video in state.pending where pending[video.videoId] == nil {
                    pending[video.videoId] = video
                    pendingOrder.append(video.videoId)
                }
                unitsByMethod = state.unitsByMethod
            }
            seenVideos = VideoIdSet(try ArchiveReader.videoIds(directory: configuration.out))
            for id in pendingOrder { seenVideos.insert(id) }
            seenChannels = CompactStringSet(try ArchiveReader.channelIds(directory: configuration.out))
            queuedChannels = seenChannels
            for item in frontier.items {
                switch item {
                case .channel(_, let id?, _): queuedChannels.insert(id)
                case .channels(_, let ids): for id in ids { queuedChannels.insert(id) }
                case .playlist(_, let id, _, _, _, _): queuedPlaylists.insert(id)
                default: break
                }
            }
            channelsWritten = archive.channelRecords
            videosWritten = archive.videoRecords
            log(
                "resuming \(configuration.out): \(seenVideos.count) videos already there, \(frontier.count) items pending"
            )
            return
        }
        for (index, seed) in configuration.seeds.enumerated() {
            switch seed.target {
            case .search: frontier.append(.search(seed: index, pageToken: nil, page: 0, rank: 0))
            case .channel(.id(let id)):
                if queuedChannels.insert(id) { frontier.append(.channel(seed: index, id: id, handle: nil)) }
            case .channel(.handle(let handle)): frontier.append(.channel(seed: index, id: nil, handle: handle))
            case .playlist(let id):
                if queuedPlaylists.insert(id) {
                    frontier.append(
                        .playlist(
                            seed: index, playlistId: id, pageToken: nil, page: 0, rank: 0, uploads: id.hasPrefix("UU")))
                }
            case .video(let id): discover(id, seed: index, endpoint: "videos.list", rank: 0, partial: nil)
            }
        }
    }

    /// Whether new work may start: always while nothing stopped the crawl; after the budget
    /// stopped discovery, hydration of what was found still runs on the units kept back for it.
    private var mayStart: Bool {
        switch ending {
        case nil: return true
        case .budgetSpent?: return configuration.hydrate && !pendingOrder.isEmpty && !hydrationStopped
        default: return false
        }
    }

    /// The next item: hydration when 50 ids wait (or when discovery has stopped or run dry);
    /// else the lowest page.
    private func nextItem() -> WorkItem? {
        let discoveryStopped = ending != nil
        if configuration.hydrate, !pendingOrder.isEmpty,
            pendingOrder.count >= 50 || discoveryStopped || (frontier.isEmpty && inFlight.isEmpty)
        {
            let batch = Array(pendingOrder.prefix(50))
            pendingOrder.removeFirst(batch.count)
            return .hydrate(ids: batch)
        }
        guard !discoveryStopped else { return nil }
        return frontier.next()
    }

    private func maxPages(_ seed: Int) -> Int? { configuration.seeds[seed].maxPages ?? configuration.maxPages }

    private func source(_ seed: Int, endpoint: String, rank: Int) -> VideoSource {
        let seedValue = configuration.seeds[seed]
        return VideoSource(kind: seedValue.kind, seed: seedValue.text, endpoint: endpoint, rank: rank)
    }

    /// A video found for the first time: queued for hydration, or written as found.
    private func discover(_ id: String, seed: Int, endpoint: String, rank: Int, partial: Video?) {
        guard seenVideos.insert(id) else { return }
        if configuration.hydrate {
            pending[id] = PendingVideo(videoId: id, seed: seed, endpoint: endpoint, rank: rank)
            pendingOrder.append(id)
        } else if var video = partial {
            video.source = source(seed, endpoint: endpoint, rank: rank)
            video.fetchedAt = Date()
            write(video)
        }
    }

    private func write(_ video: Video) {
        do {
            try archive.append(video)
            videosWritten += 1
        } catch {
            ending = .fatal("cannot write to \(configuration.out): \(error)")
        }
    }

    // MARK: Results

    private func integrate(_ item: WorkItem, _ result: FetchResult) throws {
        unitsByMethod.merge(result.charged) { $0 + $1 }
        retries += result.retries
        requests += result.requests
        switch result.outcome {
        case .page(let records, let summary):
            pages += 1
            apply(item, records, summary)
            if pages - pagesAtCheckpoint >= configuration.checkpointEvery,
                ContinuousClock.now - lastCheckpoint >= configuration.checkpointInterval
            {
                try checkpoint()
            }
        case .stop(let reason):
            if case .hydrate(let ids) = item {
                pendingOrder.insert(contentsOf: ids, at: 0)
                hydrationStopped = true
            } else {
                frontier.append(item)
            }
            if ending == nil {
                switch reason {
                case .runBudgetSpent?: ending = .budgetSpent(reason!.description)
                case .dailyQuotaSpent?, .noUsableKey?: ending = .quotaSpent(reason!.description)
                case nil: ending = .interrupted
                }
            }
        case .fatal(let reason):
            frontier.append(item)
            ending = .fatal(reason)
        case .skip(let reason):
            warnings.append(reason)
            log("warning: " + reason)
        case .restartPaging:
            if case .search(let seed, _, _, _) = item, restarted.insert(seed).inserted {
                frontier.append(.search(seed: seed, pageToken: nil, page: 0, rank: 0))
            } else if case .playlist(let seed, let id, _, _, _, let uploads) = item, restarted.insert(seed).inserted {
                frontier.append(
                    .playlist(seed: seed, playlistId: id, pageToken: nil, page: 0, rank: 0, uploads: uploads))
            }
        }
        for notice in result.notices {
            warnings.append(notice)
            log("warning: " + notice)
        }
    }

    private func apply(_ item: WorkItem, _ records: [DecodedRecord], _ summary: PageSummary) {
        switch item {
        case .search(let seed, _, let page, let rank):
            var position = rank
            for case .video(let video) in records {
                discover(video.videoId, seed: seed, endpoint: "search.list", rank: position, partial: video)
                position += 1
                if configuration.seeds[seed].walkChannels { walk(channel: video.channelId, seed: seed) }
            }
            if configuration.seeds[seed].walkChannels {
                for id in summary.channelResults { walk(channel: id, seed: seed) }
            }
            if let token = summary.nextPageToken, page + 1 < (maxPages(seed) ?? .max) {
                frontier.append(.search(seed: seed, pageToken: token, page: page + 1, rank: position))
            }
        case .channel(let seed, _, _):
            for case .channel(let channel) in records { resolved(channel, seed: seed) }
            if records.isEmpty { warnings.append("\(configuration.seeds[seed].text): no such channel; skipped") }
        case .channels(let seeds, let ids):
            let seedOf = Dictionary(zip(ids, seeds), uniquingKeysWith: { first, _ in first })
            var found: Set<String> = []
            for case .channel(let channel) in records {
                found.insert(channel.channelId)
                resolved(channel, seed: seedOf[channel.channelId] ?? seeds.first ?? 0)
            }
            // A channel seed the API does not know is worth a warning; a channel a search named is not.
            for (id, seed) in zip(ids, seeds) where !found.contains(id) && configuration.seeds[seed].kind == .channel {
                let warning = "\(configuration.seeds[seed].text): no such channel; skipped"
                warnings.append(warning)
                log("warning: " + warning)
            }
        case .playlist(let seed, let id, _, let page, let rank, let uploads):
            var position = rank
            for case .video(let video) in records {
                discover(video.videoId, seed: seed, endpoint: "playlistItems.list", rank: position, partial: video)
                position += 1
            }
            if let token = summary.nextPageToken, page + 1 < (maxPages(seed) ?? .max) {
                frontier.append(
                    .playlist(
                        seed: seed, playlistId: id, pageToken: token, page: page + 1, rank: position, uploads: uploads))
            }
        case .hydrate(let ids):
            var found: Set<String> = []
            for case .video(var video) in records {
                guard let origin = pending.removeValue(forKey: video.videoId) else { continue }
                found.insert(video.videoId)
                video.source = source(origin.seed, endpoint: origin.endpoint, rank: origin.rank)
                video.fetchedAt = Date()
                write(video)
            }
            for id in ids where !found.contains(id) { pending.removeValue(forKey: id) }
        }
    }

    /// A channel found: written once, and its uploads playlist queued for walking.
    private func resolved(_ found: Channel, seed: Int) {
        var channel = found
        if seenChannels.insert(channel.channelId) {
            channel.fetchedAt = Date()
            try? archive.append(channel)
            channelsWritten += 1
        }
        if let uploads = channel.derivedUploadsPlaylistId, queuedPlaylists.insert(uploads) {
            frontier.append(.playlist(seed: seed, playlistId: uploads, pageToken: nil, page: 0, rank: 0, uploads: true))
        }
    }

    private func walk(channel id: String, seed: Int) {
        guard !id.isEmpty, queuedChannels.insert(id) else { return }
        frontier.append(.channel(seed: seed, id: id, handle: nil))
    }

    /// Pending work, including what is in flight (a crash must not lose it) and every found video
    /// not yet written.
    private func frontierState() -> FrontierState {
        let items =
            frontier.items
            + inFlight.sorted { $0.key < $1.key }.map(\.value).filter {
                if case .hydrate = $0 { return false }
                return true
            }
        let videos = pending.values.sorted { ($0.seed, $0.rank, $0.videoId) < ($1.seed, $1.rank, $1.videoId) }
        return FrontierState(items: items, pending: videos, unitsByMethod: unitsByMethod)
    }

    private func checkpoint() throws {
        pagesAtCheckpoint = pages
        lastCheckpoint = .now
        try archive.checkpoint(frontierJSON: frontierState().encodedJSON(), unitsByMethod: unitsByMethod)
    }
}
