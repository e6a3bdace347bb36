import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// What a checkpoint saves: the pending work (the frontier, what is in flight and what failed
    /// for good — a crash or a rerun must not lose either — and every found video not yet
    /// written) as a ``CheckpointSnapshot`` of the engine's own state, encoded by the output's
    /// writer straight into the checkpoint file (at a million videos the frontier holds tens of
    /// thousands of items, megabytes of text that, held whole once a second, were the crawl's
    /// peak memory), and the units spent by method (kept once, in the manifest). The snapshot
    /// shares the engine's storage; what the engine changes before it is written is copied then.
    var savedState: SavedState {
        let references = savedReferences
        let discovery = discovery
        let snapshot = CheckpointSnapshot(
            frontier: frontier, inFlight: tickets.inOrder, failed: findings.failures.map(\.item),
            waitingSearches: stops.waitingSearches, pending: discovery.hydration.inCheckpointOrder, seeds: seeds,
            commentVideos: discovery.comments.videos.members, channels: discovery.watch.listed, run: run.kind,
            startedAt: run.startedAt, options: options.selection, links: discovery.links.saved,
            referencedChannels: references.waiting, danglingChannels: references.dangling)
        return SavedState(frontier: JSONPieces(encoding: snapshot), unitsByMethod: counters.unitsByMethod)
    }

    /// The channels the videos name that a checkpoint keeps (``ChannelReferences``), with the
    /// ids of a batch in flight (its request may never be answered).
    var savedReferences: (waiting: [String], dangling: [String]) {
        let discovery = discovery
        var saved = discovery.references.saved(known: discovery.seen.hasChannel)
        for case .referencedChannels(let batch) in tickets.inOrder { saved.waiting = batch.ids + saved.waiting }
        return saved
    }

    /// The items a checkpoint lists, in its order: the frontier, then what is in flight (by
    /// ticket), then what failed for good, then the searches waiting for their bucket.
    func forEachCheckpointItem(_ body: (WorkItem) -> Void) {
        CheckpointSnapshot.visit(
            frontier: frontier, inFlight: tickets.inOrder, failed: findings.failures.lazy.map(\.item),
            waitingSearches: stops.waitingSearches, body)
    }
}

/// The engine's pending work as a checkpoint saves it (``FrontierState``'s form): values that
/// share the engine's storage, encoded when the checkpoint is written, on the output's thread.
struct CheckpointSnapshot: Encodable, Sendable {
    var frontier: Frontier
    var inFlight: [WorkItem]
    var failed: [WorkItem]
    var waitingSearches: [WorkItem]
    var pending: [PendingVideo]
    var seeds: [Seed]
    var commentVideos: [String]
    var channels: [WatchedChannel]
    var run: RunKind
    var startedAt: Int64?
    var options: CrawlSelection
    var links: LinkLedger.Saved?
    var referencedChannels: [String]
    var danglingChannels: [String]

    /// The items a checkpoint lists, in its order: the frontier, then what is in flight (by
    /// ticket), then what failed for good, then the searches waiting for their bucket; work that
    /// is not checkpointed left out.
    static func visit(
        frontier: Frontier, inFlight: [WorkItem], failed: some Sequence<WorkItem>, waitingSearches: [WorkItem],
        _ body: (WorkItem) -> Void
    ) {
        func visit(_ item: WorkItem) {
            if item.work.isCheckpointed { body(item) }
        }
        frontier.forEach(visit)
        for item in inFlight { visit(item) }
        for item in failed { visit(item) }
        for search in waitingSearches { visit(search) }
    }

    func encode(to encoder: any Encoder) throws {
        try FrontierEncoding(
            items: { body in
                Self.visit(
                    frontier: frontier, inFlight: inFlight, failed: failed, waitingSearches: waitingSearches, body)
            }, pending: pending, seeds: seeds.lazy.map(\.text), commentVideos: commentVideos, channels: channels,
            run: run, startedAt: startedAt, options: options, links: links, referencedChannels: referencedChannels,
            danglingChannels: danglingChannels
        ).encode(to: encoder)
    }
}
