/// The found videos not yet hydrated: each with where it was first found, and the order they go
/// to videos.list, 50 to a batch.
///
/// Invariant: every id waiting in the order is pending; a pending id may wait nowhere (its batch
/// is in flight, or failed for good this run: a rerun asks again from the checkpoint).
struct HydrationQueue: Sendable {
    private(set) var pending: [String: PendingVideo] = [:]
    private var order = HeadQueue<String>()

    /// Videos to a videos.list request.
    static let batchSize = 50

    /// Found and not yet written.
    var count: Int { pending.count }

    /// Waiting for a batch of this run.
    var waiting: Int { order.count }

    /// Queues a found video (once: ``SeenSets`` keeps the id from coming twice).
    mutating func add(_ video: PendingVideo) {
        guard pending[video.videoId] == nil else { return }
        pending[video.videoId] = video
        order.append(video.videoId)
    }

    /// The next batch's ids, oldest found first.
    mutating func nextBatch() -> [String] { order.popFirst(upTo: Self.batchSize) }

    /// A batch whose request was not answered goes back to the front.
    mutating func putBack(_ ids: [String]) { order.pushFront(contentsOf: ids.filter { pending[$0] != nil }) }

    /// The video came back from videos.list (or did not: deleted since): it no longer waits.
    mutating func remove(_ id: String) -> PendingVideo? { pending.removeValue(forKey: id) }

    /// In a checkpoint's order: by seed, rank and id.
    var inCheckpointOrder: [PendingVideo] {
        pending.values.sorted { ($0.seed, $0.rank, $0.videoId) < ($1.seed, $1.rank, $1.videoId) }
    }

    var invariantViolations: [String] {
        var problems = order.invariantViolations
        if let stray = order.waiting.first(where: { pending[$0] == nil }) {
            problems.append("video \(stray) waits for hydration but is not pending")
        }
        if order.count > pending.count { problems.append("\(order.count) waiting, only \(pending.count) pending") }
        return problems
    }
}
