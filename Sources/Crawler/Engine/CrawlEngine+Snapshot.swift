import Archive
import Foundation
import YouTubeKit

/// A statistics snapshot (`ytcrawl refresh`) as work of the engine: its ids go out 50 to a
/// request (``StatsBatch``), each written once, `ok` or `gone`; a rerun asks only for the ids its
/// shards do not hold yet.
extension CrawlEngine {
    /// Starts (or continues) a snapshot of `plan`'s ids: those the output holds are done; units
    /// so far come from its manifest.
    mutating func beginSnapshot(_ plan: SnapshotPlan, from point: ResumePoint?) -> [Action] {
        snapshot = SnapshotQueue(ids: plan.ids, done: point?.statsIds ?? [], method: plan.method)
        counters.start(.stats, at: snapshot.written.count)
        counters.startUnits(at: point?.unitsByMethod ?? [:])
        guard counters.statsBefore > 0 else { return [] }
        return [
            .log(
                "continuing the snapshot in \(options.output): \(counters.statsBefore) of \(snapshot.targets) videos already there"
            )
        ]
    }

    /// One line of the snapshot, written unless its id already is.
    mutating func snapshot(_ stats: VideoStats, _ out: inout EventOutput) {
        guard snapshot.markWritten(stats.videoId) else { return }
        var line = stats
        line.fetchedAt = out.wallClock
        if line.status == .gone { counters.statsGone += 1 }
        write(.stats(line), &out)
    }
}
