import Crawler
import Foundation

/// The end-of-snapshot summary: the text printed on stdout and the same facts as JSON for
/// `--summary-json FILE`.
struct RefreshReport: RunReport {
    var summary: CrawlSummary
    var snapshot: String
    var directory: String
    var budget: Int
    var elapsedSeconds: Double

    var exitCode: Int32 { summary.ending.exitCode }

    /// Units spent this run, either bucket.
    var units: Int { summary.units + summary.statsUnits }
    var thisRun: Int { summary.statsWritten - summary.statsBefore }
    var videosPerUnit: Double { units > 0 ? Double(thisRun) / Double(units) : 0 }
    var complete: Bool { summary.statsWritten == summary.snapshotVideos && exitCode == 0 }

    var nextStep: String {
        switch summary.ending.cause {
        case .completed where complete: "ytcrawl stats \(directory)"
        case .completed, .budgetSpent, .incomplete, .interrupted:
            "rerun the same command to complete the snapshot"
        case .quotaSpent: "rerun the same command after the quota resets (midnight Pacific Time)"
        case .keyRefused, .apiRefused, .configuration, .writeFailed:
            "fix the cause above, then rerun the same command to complete the snapshot"
        }
    }

    var text: String {
        let written =
            summary.statsBefore == 0
            ? "\(summary.statsWritten)" : "\(thisRun) this run (\(summary.statsWritten) in the snapshot)"
        var lines = [
            summary.ending.cause == .completed
                ? "done: every video of the snapshot answered" : TerminalText.line(summary.ending.description),
            "snapshot: \(snapshot): \(written) of \(summary.snapshotVideos) videos"
                + (summary.statsGone > 0 ? ", \(summary.statsGone) gone (deleted or private)" : "")
                + (complete ? ", complete" : ", not complete yet"),
            "units: \(units) of the budget of \(budget)"
                + (units > 0 ? String(format: " (%.1f videos per unit)", videosPerUnit) : "")
                + ", requests: \(summary.requests), retries (faults survived): \(summary.retries)",
            "by method: "
                + summary.unitsByMethod.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", "),
            "next: " + nextStep,
        ]
        if !summary.left.isEmpty {
            lines.append("left for a rerun (\(summary.left.count)):")
            lines += summary.left.prefix(10).map { "  " + TerminalText.line($0) }
        }
        if !summary.warnings.isEmpty { lines.append("warnings: \(summary.warnings.count) (see above)") }
        return lines.joined(separator: "\n")
    }

    /// The summary as one JSON object (sorted keys); it never holds an API key.
    var json: Data {
        let object: [String: Any] = [
            "tool": ToolInfo.name, "version": ToolInfo.version, "command": "refresh",
            "ending": summary.ending.cause.rawValue,
            "reason": summary.ending.detail.isEmpty ? NSNull() : TerminalText.redacted(summary.ending.detail),
            "exitCode": Int(exitCode), "elapsedSeconds": (elapsedSeconds * 1000).rounded() / 1000,
            "snapshot": URL(fileURLWithPath: snapshot).standardizedFileURL.path, "complete": complete,
            "videos": summary.snapshotVideos, "written": summary.statsWritten, "writtenThisRun": thisRun,
            "goneThisRun": summary.statsGone, "budget": budget, "units": units,
            "unitsByMethod": summary.unitsByMethod, "requests": summary.requests, "retries": summary.retries,
            "videosPerUnit": (videosPerUnit * 100).rounded() / 100,
            "left": summary.left.map(TerminalText.redacted), "warnings": summary.warnings.map(TerminalText.redacted),
            "next": nextStep,
        ]
        return
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }
}
