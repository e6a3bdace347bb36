import Foundation
import StreamingJSON
import YouTubeKit

/// A snapshot's state (``CrawlEngine/Mode/snapshot(_:)``): the ids of a statistics snapshot
/// still to ask, in the order given, 50 to a request; and the ids already written (the
/// snapshot's shards are the truth), so each is written once.
struct SnapshotQueue: Sendable {
    private(set) var method = StatsMethod.batchGetStats
    /// Distinct ids the snapshot covers.
    private(set) var targets = 0
    private var order = HeadQueue<String>()
    private(set) var written = CompactStringSet()

    static let batchSize = 50

    /// Queues `ids` (duplicates once) but those `done` holds.
    init(ids: [String], done: Set<String>, method: StatsMethod) {
        self.method = method
        var distinct = CompactStringSet()
        for id in ids where distinct.insert(id) {
            targets += 1
            if done.contains(id) { written.insert(id) } else { order.append(id) }
        }
    }

    init() {}

    /// Ids queued and not handed out.
    var waiting: Int { order.count }

    /// Ids of the snapshot not written yet (queued, in flight or failed).
    var unwritten: Int { targets - written.count }

    /// The next batch to ask, or `nil` when none waits.
    mutating func next() -> StatsBatch? {
        guard waiting > 0 else { return nil }
        return StatsBatch(ids: order.popFirst(upTo: Self.batchSize), method: method)
    }

    /// A batch whose request was not answered goes back to the front.
    mutating func putBack(_ ids: [String]) {
        order.pushFront(contentsOf: ids)
    }

    /// Notes `id` as written; `false` when it was already.
    mutating func markWritten(_ id: String) -> Bool { written.insert(id) }

    /// One line of the snapshot, written unless its id already is.
    mutating func write(_ stats: VideoStats, _ out: inout EventOutput) {
        guard markWritten(stats.videoId) else { return }
        var line = stats
        line.fetchedAt = out.wallClock
        out.write(.stats(line))
    }
}
