import Foundation
import YouTubeKit

/// A statistics snapshot (`ytcrawl refresh`) as work of the engine: its ids go out 50 to a
/// request (``StatsBatch``), each written once, `ok` or `gone`; a rerun asks only for the ids its
/// shards do not hold yet.
extension CrawlEngine {
    /// Starts (or continues) a snapshot of `ids`: those `written` holds are done.
    mutating func seedSnapshot(ids: [String], written: Set<String>, method: StatsMethod) {
        snapshot = SnapshotQueue(ids: ids, done: written, method: method)
        counters.statsWritten = snapshot.written.count
        counters.statsBefore = snapshot.written.count
    }

    /// One line of the snapshot, written unless its id already is.
    mutating func snapshot(_ stats: VideoStats) {
        guard snapshot.markWritten(stats.videoId) else { return }
        var line = stats
        line.fetchedAt = wallClock
        if line.status == .gone { counters.statsGone += 1 }
        write(.stats(line))
    }
}
