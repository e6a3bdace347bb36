import StreamingJSON

@testable import Crawler

/// What tests read of the engine's checkpoint as values rather than bytes.
extension CrawlEngine {
    /// Pending work for a checkpoint, as ``savedState`` writes it: the frontier, what is in flight
    /// and what failed for good, and every found video not yet written.
    func checkpointState() -> FrontierState {
        var items: [WorkItem] = []
        forEachCheckpointItem { items.append($0) }
        let discovery = discovery
        return FrontierState(
            items: items, pending: discovery.hydration.inCheckpointOrder, seeds: seeds.map(\.text),
            commentVideos: discovery.comments.videos.members, channels: discovery.watch.listed, run: run.kind,
            startedAt: run.startedAt,
            options: options.selection, links: discovery.links.saved, referencedChannels: savedReferences.waiting,
            danglingChannels: savedReferences.dangling)
    }
}

extension FrontierState {
    /// The state's `Codable` form, as a checkpoint holds it.
    func encodedJSON() -> [UInt8] {
        // The engine's checkpoints cannot fail to encode (see `CrawlEngine.savedState`).
        try! JSONStreamEncoder().encode(self)
    }
}

extension Frontier {
    /// Everything still pending (lookups as single items), in the order a checkpoint lists it.
    var items: [WorkItem] {
        var all: [WorkItem] = []
        all.reserveCapacity(count)
        forEach { all.append($0) }
        return all
    }
}

extension CrawlSelection {
    /// Discovery only: what search and playlist pages return, without videos.list.
    static let withoutHydration: CrawlSelection = {
        var selection = CrawlSelection()
        selection.hydrate = false
        return selection
    }()
}
