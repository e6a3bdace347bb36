import StreamingJSON

extension CrawlEngine {
    /// What a checkpoint saves: the pending work (the frontier, what is in flight and what failed
    /// for good — a crash or a rerun must not lose either — and every found video not yet
    /// written) as ``FrontierState``'s `Codable` form, encoded from the engine's own state (at a
    /// million videos the frontier holds tens of thousands of items, and an array of them made
    /// once a second only to be written was part of the crawl's peak memory), and the units spent
    /// by method (kept once, in the manifest).
    var savedState: SavedState {
        let references = savedReferences
        let discovery = discovery
        let state = FrontierEncoding(
            items: forEachCheckpointItem, pending: discovery.hydration.inCheckpointOrder, seeds: seeds.lazy.map(\.text),
            commentVideos: discovery.comments.videos.members, channels: discovery.watch.listed, run: run.kind,
            startedAt: run.startedAt, options: options.selection, links: discovery.links.saved,
            referencedChannels: references.waiting, danglingChannels: references.dangling)
        // About what an uploads-playlist item, a seed line and a pending video take.
        let capacity =
            192 * (frontier.count + tickets.count + findings.failures.count) + 96 * discovery.hydration.count + 48
            * seeds.count
            + 256
        do {
            let frontier = try JSONStreamEncoder().encode(state, capacity: capacity)
            return SavedState(frontier: frontier, unitsByMethod: counters.unitsByMethod)
        } catch {
            // Integers, strings, booleans and containers of them, each written before the next:
            // nothing in the state can make the encoder throw.
            preconditionFailure("the checkpoint's state could not be encoded: \(error)")
        }
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
        func visit(_ item: WorkItem) {
            if item.work.isCheckpointed { body(item) }
        }
        frontier.forEach(visit)
        for item in tickets.inOrder { visit(item) }
        for failure in findings.failures { visit(failure.item) }
        for search in stops.waitingSearches { visit(search) }
    }
}
