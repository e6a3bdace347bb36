import Foundation
import StreamingJSON
import YouTubeKit

/// The crawl's plan, free of time, sockets and concurrency: the frontier, the seen sets, the
/// videos waiting for hydration, the work in flight, the counters and how the crawl ends.
///
/// ``Crawler`` asks it what to start next (``start()``) and hands it each finished item's result
/// (``finish(_:_:now:wallClock:)``); it answers with actions (write these records, warn, save a
/// checkpoint) that the actor performs. Tested directly, with no sockets and no sleeping.
///
/// Order: a hydration batch as soon as 50 ids wait; otherwise the lowest page number first, so
/// every seed gets its first page before any seed gets its fifth.
struct CrawlEngine {
    struct Options: Sendable {
        var hydrate = true
        /// A page cap for every seed without its own `maxPages`.
        var maxPages: Int?
        var concurrency = 8
        /// Checkpoint after this many pages…
        var checkpointEvery = 25
        /// …and not sooner than this after the last one.
        var checkpointInterval: Duration = .seconds(1)
        /// `--comments`: the comments of every video of the crawl.
        var comments = false
        /// `--max-comment-pages N`: commentThreads pages per video at most (a `comments` seed's
        /// own `maxPages` wins).
        var maxCommentPages: Int?
        /// `--pseudonymize-authors`: authors' channel ids replaced by a keyed hash, names dropped.
        var pseudonymizer: AuthorPseudonymizer?
        /// `--complete-channels`: `complete=search` for every channel.
        var completeChannels = false
    }

    /// What the actor does after a result.
    enum Action: Sendable, Hashable {
        /// Append these records (videos and channels, in order) to the output.
        case write([DecodedRecord])
        /// Tell the user.
        case warn(String)
        /// Make the output durable and save ``checkpointState()``.
        case checkpoint
        /// Note these videos as having their comments disabled (the manifest lists them).
        case commentsDisabled([String])
    }

    /// Work that failed for good this run: it stays in the checkpoint for a rerun.
    struct Failure: Sendable, Hashable {
        var item: WorkItem
        var reason: String
    }

    let seeds: [Seed]
    let options: Options
    var frontier = Frontier()
    var pending: [String: PendingVideo] = [:]
    /// Found videos to hydrate in this run, oldest first (failed batches' ids stay in `pending` only).
    var pendingOrder: [String] = []
    var pendingHead = 0
    var seenVideos = VideoIdSet()
    var seenChannels = CompactStringSet()
    var queuedChannels = CompactStringSet()
    var queuedPlaylists = CompactStringSet()
    /// Comments written (the shards are the truth) and videos whose comments are queued or done.
    var seenComments = CompactStringSet()
    /// The `commentCount` of hydrated videos whose comments are fetched (a bound on their paging).
    var commentCounts: [String: Int] = [:]
    /// `@mentions` of authors, rewritten with `--pseudonymize-authors`.
    var mentions = MentionScrubber()
    var commentVideos = CompactStringSet()
    /// Videos whose comments are disabled, found this run; and those not yet in the manifest.
    var commentsDisabled: [String] = []
    var disabledOutbox: [String] = []
    /// Channels whose uploads playlist listed fewer videos than their `videoCount`.
    var channelGaps: [String] = []
    /// A statistics snapshot's ids (`ytcrawl refresh`; see `CrawlEngine+Snapshot.swift`).
    var snapshot = SnapshotQueue()
    var inFlight: [Int: WorkItem] = [:]
    var nextTicket = 0
    var counters = Counters()
    var warnings: [String] = []
    var failures: [Failure] = []
    /// Why the crawl stops taking work, once something stopped it.
    var ending: CrawlEnding?
    /// Search work stopped by its own bucket (the day's search calls, `--search-budget`, or in
    /// the classic model a budget too small for a search): the rest goes on, and the searches
    /// wait in the checkpoint for a rerun.
    var searchesStopped: CrawlEnding?
    var waitingSearches: [WorkItem] = []
    /// Even videos.list was refused by the budget: nothing more can start.
    var hydrationStopped = false
    var pagesAtCheckpoint = 0
    var lastCheckpoint: Duration = .zero
    /// Filled while a result is applied, handed out as actions.
    var outbox: [DecodedRecord] = []
    var notes: [String] = []
    var wallClock = Date(timeIntervalSince1970: 0)

    struct Counters: Sendable, Hashable {
        var pages = 0
        var retries = 0
        var retriesByCause: [String: Int] = [:]
        var requests = 0
        var videosWritten = 0
        var commentsWritten = 0
        /// Windows of `split=time` searches finished.
        var searchWindows = 0
        var commentsBefore = 0
        /// What the output held when this run started.
        var videosBefore = 0
        var channelsBefore = 0
        var channelsWritten = 0
        /// Snapshot lines in the snapshot (earlier runs' included), what it held when this run
        /// started, and the `gone` lines this run wrote.
        var statsWritten = 0
        var statsBefore = 0
        var statsGone = 0
        var unitsByMethod: [String: Int] = [:]
    }

    init(seeds: [Seed], options: Options) {
        self.seeds = seeds
        self.options = options
    }

    // MARK: Starting work

    /// Queues every seed's first request (a fresh crawl).
    mutating func seedFrontier() { seedFrontier(only: seeds.indices) }

    /// Queues the first request of the seeds at `indices` (seeds added to a resumed crawl); a
    /// channel, playlist or video already queued or written is not queued again.
    mutating func seedFrontier(only indices: some Sequence<Int>) {
        for index in indices {
            let seed = seeds[index]
            switch seed.target {
            case .search where seed.splitTime:
                enqueue(.window(SearchWindow(seed: index, page: 0, rank: 0, results: 0, windows: 0)))
            case .search: enqueue(.search(SearchPage(seed: index, page: 0, rank: 0)))
            case .channel(.id(let id)):
                if queuedChannels.insert(id) { enqueue(.channel(ChannelLookup(seed: index, id: id))) }
            case .channel(.handle(let handle)): enqueue(.channel(ChannelLookup(seed: index, handle: handle)))
            case .playlist(let id):
                if queuedPlaylists.insert(id) {
                    enqueue(
                        .playlist(
                            PlaylistPage(seed: index, playlistId: id, page: 0, rank: 0, uploads: id.hasPrefix("UU"))))
                }
            // A video seed yields its video: asked of videos.list even with --no-hydrate.
            case .video(let id): discover(id, seed: index, endpoint: "videos.list", rank: 0, partial: nil)
            case .comments(let comments): wantComments(of: comments.videoId, seed: index)
            }
        }
    }

    /// Whether new work may start: always while nothing stopped the crawl; after the budget
    /// stopped discovery, hydration of what was found still runs on the units kept back for it.
    var mayStart: Bool {
        switch ending?.cause {
        case nil: true
        case .budgetSpent?: waitingForHydration > 0 && !hydrationStopped
        default: false
        }
    }

    /// The next item to fetch, registered as in flight under its ticket; `nil` when nothing may
    /// start now (the concurrency is used, the crawl is stopping, or the frontier is empty).
    mutating func start() -> (ticket: Int, item: WorkItem)? {
        guard mayStart, inFlight.count < options.concurrency, let item = nextItem() else { return nil }
        nextTicket += 1
        inFlight[nextTicket] = item
        return (nextTicket, item)
    }

    var waitingForHydration: Int { pendingOrder.count - pendingHead }

    private mutating func nextItem() -> WorkItem? {
        let discoveryStopped = ending != nil
        let waiting = waitingForHydration
        // Without hydration only video seeds wait here.
        if waiting > 0, waiting >= 50 || discoveryStopped || (frontier.isEmpty && inFlight.isEmpty) {
            let end = pendingHead + min(50, waiting)
            let batch = Array(pendingOrder[pendingHead..<end])
            pendingHead = end
            if pendingHead > 4096, pendingHead * 2 > pendingOrder.count {
                pendingOrder.removeFirst(pendingHead)
                pendingHead = 0
            }
            return .hydrate(HydrationBatch(ids: batch))
        }
        guard !discoveryStopped else { return nil }
        if let batch = snapshot.next() { return .stats(batch) }
        while let item = frontier.next() {
            guard searchesStopped != nil, item.work.isCostly else { return item }
            waitingSearches.append(item)
        }
        return nil
    }

    /// Units to keep back for hydrating what was found: one per 50 waiting, one for each item in
    /// flight (a discovery page may bring 50 more; a hydration batch's permit may not be granted
    /// yet). Only videos.list may spend them.
    var keepBack: Int { (waitingForHydration + 49) / 50 + (options.hydrate ? inFlight.count : 0) }

    /// Nothing in flight and nothing more to start: the run is over.
    var isOver: Bool { inFlight.isEmpty && !mayStartAnything }

    var mayStartAnything: Bool {
        guard mayStart else { return false }
        return waitingForHydration > 0 || (ending == nil && (!frontier.isEmpty || snapshot.waiting > 0))
    }

    /// The page cap of seed `seed`: its own `maxPages=`, else `--max-pages`.
    func maxPages(_ seed: Int) -> Int? { seeds[seed].maxPages ?? options.maxPages }

    /// The page cap of a playlist walked for `seed`: a search's walked channels go to their end
    /// unless it says `walkPages=N` (its `maxPages` is the search's own); other seeds' own cap.
    func playlistPages(_ seed: Int) -> Int? {
        if case .search = seeds[seed].target { return seeds[seed].walkPages }
        return maxPages(seed)
    }
}
