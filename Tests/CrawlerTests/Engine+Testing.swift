import StreamingJSON

@testable import Crawler

/// What tests read of the engine's checkpoint as values rather than bytes.
extension CrawlEngine {
    /// Pending work for a checkpoint: the frontier, what is in flight and what failed for good (a
    /// crash or a rerun must not lose either), and every found video not yet written. Work that
    /// is not checkpointed (``CrawlWork/isCheckpointed``) is not listed: hydration batches' ids are
    /// among the pending videos, a snapshot's ids and shards say what is left.
    func checkpointState() -> FrontierState {
        var items: [WorkItem] = []
        forEachCheckpointItem { items.append($0) }
        return FrontierState(
            items: items, pending: hydration.inCheckpointOrder, seeds: seeds.map(\.text),
            commentVideos: comments.videos.isEmpty ? nil : comments.videos.members,
            channels: watch.count == 0 ? nil : watch.listed, run: run.kind, startedAt: run.startedAt,
            options: savedOptions, links: links.saved,
            referencedChannels: savedReferences.waiting.isEmpty ? nil : savedReferences.waiting,
            danglingChannels: savedReferences.dangling.isEmpty ? nil : savedReferences.dangling)
    }
}

extension FrontierState {
    /// The state as JSON, in the form its `Decodable` conformance reads, written straight into
    /// bytes: a checkpoint of a million-video crawl holds tens of thousands of items, and
    /// Foundation's encoder would build a tree of them once a second.
    func encodedJSON() -> [UInt8] {
        Self.encodedJSON(
            itemCount: items.count, items: { visit in items.forEach(visit) }, pending: pending,
            seeds: seeds, commentVideos: commentVideos, channels: channels ?? [],
            run: run.map { ($0, startedAt ?? 0) }, options: options, links: links,
            references: (referencedChannels ?? [], danglingChannels ?? [])
        ).bytes
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
