import Crawler
import Foundation
import YouTubeKit

/// `--every DURATION` (refresh, update): one run, then the next `every` after it began (after
/// Pacific midnight when the quota was spent), until Ctrl-C or an ending no waiting can fix.
enum RepeatingRuns {
    /// The `--every DURATION` option: seconds between runs' starts, at least a minute; `nil` for
    /// one run. `what` begins its help.
    static func every(_ what: String) -> Option<Int?> {
        Option<Int?>(
            "--every", "DURATION",
            help: what + ", sleeping across Pacific midnight when the quota is spent; Ctrl-C stops", default: nil,
            shownDefault: nil
        ) { name, text in
            guard let seconds = RefreshCommand.duration(text), seconds >= 60 else {
                throw UsageError(
                    "\(name) \(text): expected a duration of at least a minute, as 30m, 6h, 1d or 3600 (seconds)")
            }
            return seconds
        }
    }

    /// Runs `once` (which reports its run and returns its summary and exit code) once, or again
    /// and again with `every`; returns the last run's exit code.
    static func run(
        every: Int?, harness: RunHarness, quiet: Bool, what: String,
        _ once: () async throws -> (summary: CrawlSummary, exitCode: Int32)
    ) async throws -> Int32 {
        repeat {
            let started = Int64(Date().timeIntervalSince1970)
            let (summary, status) = try await once()
            guard let every, !harness.stop.isSet else { return status }
            switch summary.ending.cause {
            case .completed, .budgetSpent, .quotaSpent, .incomplete: break
            case .interrupted, .keyRefused, .apiRefused, .configuration, .writeFailed: return status
            }
            // An unfinished run is completed by the next one.
            var next = started + Int64(every)
            if summary.ending.cause == .quotaSpent {
                next = max(next, PacificTime.nextMidnight(afterUTC: Int64(Date().timeIntervalSince1970)) + 60)
            }
            if !quiet { writeStderr("ytcrawl: next \(what) at \(RFC3339.format(seconds: next)) (Ctrl-C stops)") }
            guard await harness.stop.sleep(untilUTC: next) else { return status }
        } while true
    }
}
