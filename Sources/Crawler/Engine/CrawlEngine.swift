import Foundation
import StreamingJSON
import YouTubeKit

/// The crawl's plan, free of time, sockets and concurrency: a state machine in the shape of
/// async-http-client's connection pool. Every event — ``begin(from:wallClock:)``,
/// ``startWork()``, ``finish(_:_:now:wallClock:)``, ``stop(_:)``, ``writeFailed(_:)``,
/// ``end()`` — returns the actions (fetch this request, keep units back, write these records,
/// warn, checkpoint) that ``Crawler``, the actor, performs in order. Time comes in with the
/// event; nothing waits between events.
///
/// The state is a few parts, each with its own invariants: the ``Frontier``, the
/// ``HydrationQueue``, the ``SeenSets``, the ``CommentLedger``, a snapshot's ``SnapshotQueue``,
/// the ``Tickets`` in flight, the ``Stops``, the ``Findings`` and the ``CheckpointPacer``. The
/// engine names no kind of work: what a kind does is in its type (``CrawlWork``).
///
/// Order: a hydration batch as soon as 50 ids wait; otherwise the lowest page number first, so
/// every seed gets its first page before any seed gets its fifth.
struct CrawlEngine {
    struct Options: Sendable {
        /// What the crawl collects (``CrawlSelection``).
        var selection = CrawlSelection()
        /// A page cap for every seed without its own `maxPages`.
        var maxPages: Int?
        var concurrency = 8
        /// Checkpoint after this many pages…
        var checkpointEvery = 25
        /// …and not sooner than this after the last one.
        var checkpointInterval: Duration = .seconds(1)
        /// `--max-reply-pages N`: comments.list pages of one thread's replies at most.
        var maxReplyPages = CrawlConfiguration.defaultMaxReplyPages
        /// `--pseudonymize-authors`: authors' channel ids replaced by a keyed hash, names dropped.
        var pseudonymizer: AuthorPseudonymizer?
        /// The seeds file's digest: a checkpoint of earlier versions (without its seeds) is
        /// resumed only for the same file.
        var seedsDigest = ""
        /// The output, as the user named it (for messages).
        var output = "the output"
        /// `ytcrawl update`: what is new since the output's last run (``UpdateOptions``).
        var update: UpdateOptions?
        /// `--max-link-channels N`: channels the links of `links=` seeds may reach beyond the seeds'.
        var maxLinkChannels: Int?
        /// Ask channels.list for the channels written videos name without a record in the
        /// output (`--no-resolve-channels` turns it off): ``ChannelReferences``.
        var resolveChannels = true
    }

    /// What the actor does, in order.
    enum Action: Sendable {
        /// Send the request of the item started under `ticket` (once the units of the event's
        /// `keepBack` are kept back), then hand its result to ``finish(_:_:now:wallClock:)``.
        case fetch(ticket: Int, request: APIRequest)
        /// Keep this many units back from everything but videos.list (``keepBack``).
        case keepBack(Int)
        /// Append these records to the output, in order.
        case write([DecodedRecord])
        /// Tell the user: a warning (counted in the summary).
        case warn(String)
        /// Tell the user: what the run does (resuming, seeds changed).
        case log(String)
        /// Note these videos as having their comments disabled (the manifest lists them).
        case commentsDisabled([String])
        /// Make the output durable and save this state.
        case checkpoint(SavedState)
        /// The run ends with work left: make the output durable, close its open shards (what it
        /// wrote is readable now; the next run opens new ones) and save this state.
        case suspendOutput(SavedState)
        /// Close the output for good with this final state: everything is done.
        case finishOutput(SavedState)
    }

    /// What a checkpoint saves of the engine: its frontier as JSON and the units spent by method.
    struct SavedState: Sendable {
        var frontier: JSONWriter
        var unitsByMethod: [String: Int]
    }

    let seeds: [Seed]
    let options: Options
    // The parts are set by the engine's extensions in other files (Swift's `private(set)` ends
    // at the file); each part keeps its own fields `private(set)`, changed only through its
    // methods, which keep its invariants.
    var frontier = Frontier()
    var hydration = HydrationQueue()
    var seen = SeenSets()
    var comments = CommentLedger()
    var snapshot = SnapshotQueue()
    var tickets = Tickets()
    var counters = Counters()
    var stops = Stops()
    var findings = Findings()
    var watch = ChannelWatch()
    var references = ChannelReferences()
    var links = LinkLedger()
    /// The run: a crawl or an update, and when it began (Unix seconds; an update resumed keeps
    /// its first start).
    var run = (kind: RunKind.crawl, startedAt: Int64(0))
    var pacer: CheckpointPacer

    struct Counters: Sendable, Hashable {
        var pages = 0
        var retries = 0
        var retriesByCause: [String: Int] = [:]
        var requests = 0
        /// Records in the output at the end (earlier runs' included), and what it held when
        /// this run started, by kind.
        var written: [RecordKind: Int] = [:]
        var before: [RecordKind: Int] = [:]
        /// Windows of `split=time` searches finished.
        var searchWindows = 0
        /// Pages of `UUSH…`/`UULV…` lists read, and those lists' 404s (none of that kind): the
        /// units format labels cost.
        var formatPages = 0
        /// `gone` lines of a snapshot this run wrote.
        var statsGone = 0
        /// An update's channels: checked for new uploads, walked again, and those that had some.
        var channelsChecked = 0
        var channelsWalked = 0
        var channelsWithNew: Set<String> = []
        /// An update's searches and playlists looked at again.
        var searchesUpdated = 0
        var playlistsUpdated = 0
        var commentVideosUpdated = 0
        /// Units spent on the output by method, earlier runs' included (the manifest's), and
        /// what it had spent when this run started.
        var unitsByMethod: [String: Int] = [:]
        var unitsBefore: [String: Int] = [:]
        /// Pages fetched this run, by seed index.
        var pagesBySeed: [Int: Int] = [:]

        var videosWritten: Int { written[.videos, default: 0] }
        var channelsWritten: Int { written[.channels, default: 0] }
        var commentsWritten: Int { written[.comments, default: 0] }
        var statsWritten: Int { written[.stats, default: 0] }
        var videosBefore: Int { before[.videos, default: 0] }
        var channelsBefore: Int { before[.channels, default: 0] }
        var commentsBefore: Int { before[.comments, default: 0] }
        var statsBefore: Int { before[.stats, default: 0] }

        /// Records this run wrote, by kind (every kind listed).
        var writtenThisRun: [RecordKind: Int] {
            Dictionary(
                uniqueKeysWithValues: RecordKind.allCases.map { ($0, written[$0, default: 0] - before[$0, default: 0]) }
            )
        }

        /// Units this run spent, by method (methods it did not call left out).
        var unitsThisRun: [String: Int] {
            unitsByMethod.reduce(into: [:]) { result, entry in
                let spent = entry.value - unitsBefore[entry.key, default: 0]
                if spent != 0 { result[entry.key] = spent }
            }
        }

        /// Units the output had spent when this run started.
        mutating func startUnits(at units: [String: Int]) {
            unitsByMethod = units
            unitsBefore = units
        }

        /// The output held `count` records of `kind` when this run started.
        mutating func start(_ kind: RecordKind, at count: Int) {
            written[kind] = count
            before[kind] = count
        }
    }

    init(seeds: [Seed], options: Options) {
        self.seeds = seeds
        self.options = options
        pacer = CheckpointPacer(every: options.checkpointEvery, interval: options.checkpointInterval)
    }

    // MARK: Starting work

    /// Starts everything that may start now: each item registered in flight under its ticket,
    /// its request built here; then the units to keep back for hydration, counting them.
    mutating func startWork() -> [Action] {
        var fetches: [Action] = []
        var out = EventOutput(wallClock: Date(timeIntervalSince1970: 0))
        while mayStart, tickets.count < options.concurrency, let item = nextItem() {
            let request: APIRequest
            do {
                request = try item.work.request(for: self)
            } catch {
                // An item whose request cannot be built (a seed changed under a checkpoint, a
                // value the API would refuse): it fails for good, the rest goes on.
                let reason = "cannot build the request: \(error)"
                findings.fail(item, reason)
                warn("\(item.work.describe(seeds: seeds)): \(reason); left for a rerun", &out)
                continue
            }
            fetches.append(.fetch(ticket: tickets.issue(item), request: request))
        }
        // Before their requests ask for permits: what the items may bring is kept back too.
        return out.actions + fetches + [.keepBack(keepBack)]
    }

    /// Whether new work may start: always while nothing stopped the crawl; after the budget
    /// stopped discovery, hydration of what was found still runs on the units kept back for it.
    var mayStart: Bool {
        switch stops.ending?.cause {
        case nil: true
        case .budgetSpent?: hydration.waiting > 0 && !stops.hydration
        default: false
        }
    }

    private mutating func nextItem() -> WorkItem? {
        let discoveryStopped = stops.ending != nil
        if hydration.holds, !discoveryStopped, frontier.isEmpty, tickets.isEmpty {
            // Nothing left that could release them (a walk failed, or another seed's ended first).
            hydration.releaseAll()
        }
        let waiting = hydration.waiting
        // Without hydration only video seeds wait here.
        if waiting > 0,
            waiting >= HydrationQueue.batchSize || discoveryStopped || (frontier.isEmpty && tickets.isEmpty)
        {
            return .hydrate(HydrationBatch(ids: hydration.nextBatch()))
        }
        guard !discoveryStopped else { return nil }
        if let batch = snapshot.next() { return .stats(batch) }
        while let item = frontier.next(idle: tickets.isEmpty) {
            guard stops.searches != nil, item.work.isCostly else { return item }
            stops.park(item)
        }
        // Last, when nothing else is left or in flight: the channels the videos name.
        if mayResolveReferences {
            let ids = references.nextBatch(known: seen.hasChannel)
            if !ids.isEmpty { return .referencedChannels(ReferencedChannels(ids: ids)) }
        }
        return nil
    }

    /// Units to keep back for hydrating what was found: one per 50 waiting, one for each item in
    /// flight (a discovery page may bring 50 more; a hydration batch's permit may not be granted
    /// yet). Only videos.list may spend them.
    var keepBack: Int {
        (hydration.waiting + HydrationQueue.batchSize - 1) / HydrationQueue.batchSize
            + (options.selection.hydrate ? tickets.count : 0)
    }

    /// Nothing in flight and nothing more to start: the run is over.
    var isOver: Bool { tickets.isEmpty && !mayStartAnything }

    var mayStartAnything: Bool {
        guard mayStart else { return false }
        return hydration.waiting > 0
            || (stops.ending == nil && (!frontier.isEmpty || snapshot.waiting > 0 || hydration.holds))
            || mayResolveReferences
    }

    /// The channels the videos name are asked once everything else is done (a video found late
    /// may name one more) and while nothing stopped the crawl.
    var mayResolveReferences: Bool {
        options.resolveChannels && stops.ending == nil && references.hasWaiting && frontier.isEmpty
            && tickets.isEmpty && hydration.count == 0 && !hydration.holds && snapshot.waiting == 0
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
