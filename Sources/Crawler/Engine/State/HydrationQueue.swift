import YouTubeKit

/// The found videos not yet hydrated: each with where it was first found, and the order they go
/// to videos.list, 50 to a batch.
///
/// A video may be held back for its channel (``PendingVideo/heldFor``): a search result of a
/// `walk=channels formats=yes` seed waits until its channel's labelling walk ends, so that it is
/// written with the label that walk gives it, not before with none.
///
/// Invariant: every id waiting in the order is pending and held for no channel; every held id is
/// pending and held for that channel; a pending id may wait nowhere (its batch is in flight, or
/// failed for good this run: a rerun asks again from the checkpoint).
struct HydrationQueue: Sendable {
    private(set) var pending: [String: PendingVideo] = [:]
    private var order = HeadQueue<String>()
    /// Held ids by the channel whose walk they wait for.
    private var held: [String: [String]] = [:]
    /// Channels whose Shorts or live list this run did not read whole.
    private var labelsCut: Set<String> = []
    /// Released videos no list labelled whose channel's label lists were read whole: long-form
    /// when published before this (the lists' lag). Not checkpointed: after a resume they stay
    /// unlabelled, which is honest.
    private var longFormBefore: [String: Int64] = [:]

    /// Videos to a videos.list request.
    static let batchSize = 50

    /// Found and not yet written.
    var count: Int { pending.count }

    /// Waiting for a batch of this run.
    var waiting: Int { order.count }

    /// Whether any video is held for its channel's walk.
    var holds: Bool { !held.isEmpty }

    /// Queues a found video (once: ``SeenSets`` keeps the id from coming twice), or holds it for
    /// the channel its ``PendingVideo/heldFor`` names.
    mutating func add(_ video: PendingVideo) {
        guard pending[video.videoId] == nil else { return }
        pending[video.videoId] = video
        if let channel = video.heldFor {
            held[channel, default: []].append(video.videoId)
        } else {
            order.append(video.videoId)
        }
    }

    /// A walk found a pending video again with its label: kept unless it has one already (the
    /// first list that names a video labels it).
    mutating func label(_ id: String, _ format: VideoFormat) {
        guard pending[id] != nil, pending[id]?.format == nil else { return }
        pending[id]?.format = format
    }

    /// The walk of `channel` ended: what waited for it goes to hydration. With
    /// `labelLongBefore`, a video that waited for it and got no label is long-form when published
    /// before that (``longForm(_:)``), unless its Shorts or live list was cut.
    mutating func release(channel: String, labelLongBefore: Int64? = nil) {
        guard let ids = held.removeValue(forKey: channel) else { return }
        if let labelLongBefore, !labelsCut.contains(channel) {
            for id in ids where pending[id]?.heldFor == channel && pending[id]?.format == nil {
                longFormBefore[id] = labelLongBefore
            }
        }
        for id in ids where pending[id]?.heldFor == channel {
            pending[id]?.heldFor = nil
            order.append(id)
        }
    }

    /// A channel's Shorts or live list was not read whole (in this run).
    mutating func labelListsCut(_ channel: String) { labelsCut.insert(channel) }

    /// The label of a hydrated video its channel's whole Shorts and live lists did not name:
    /// long-form when published before the lists' lag, else unknown. Asked once per video.
    mutating func longForm(_ video: Video) -> VideoFormat? {
        guard let before = longFormBefore.removeValue(forKey: video.videoId), let published = video.publishedAt,
            Int64(published.timeIntervalSince1970) < before
        else { return nil }
        return .long
    }

    /// Nothing else is left to do: every held video goes to hydration (a walk that failed, or one
    /// another seed had queued, will not release its channel's).
    mutating func releaseAll() {
        for channel in held.keys.sorted() { release(channel: channel) }
    }

    /// The next batch's ids, oldest found first.
    mutating func nextBatch() -> [String] { order.popFirst(upTo: Self.batchSize) }

    /// A batch whose request was not answered goes back to the front.
    mutating func putBack(_ ids: [String]) { order.pushFront(contentsOf: ids.filter { pending[$0] != nil }) }

    /// The video came back from videos.list (or did not: deleted since), or a walk wrote it: it
    /// no longer waits.
    mutating func remove(_ id: String) -> PendingVideo? {
        guard let video = pending.removeValue(forKey: id) else { return nil }
        if let channel = video.heldFor {
            held[channel]?.removeAll { $0 == id }
            if held[channel]?.isEmpty == true { held[channel] = nil }
        }
        return video
    }

    /// In a checkpoint's order: by seed, rank and id.
    var inCheckpointOrder: [PendingVideo] {
        pending.values.sorted { ($0.seed, $0.rank, $0.videoId) < ($1.seed, $1.rank, $1.videoId) }
    }

    var invariantViolations: [String] {
        var problems = order.invariantViolations
        if let stray = order.waiting.first(where: { pending[$0] == nil || pending[$0]?.heldFor != nil }) {
            problems.append("video \(stray) waits for hydration but is not pending, or is held")
        }
        for (channel, ids) in held {
            if let stray = ids.first(where: { pending[$0]?.heldFor != channel }) {
                problems.append("video \(stray) is held for \(channel) but not pending for it")
            }
        }
        if order.count > pending.count { problems.append("\(order.count) waiting, only \(pending.count) pending") }
        return problems
    }
}
