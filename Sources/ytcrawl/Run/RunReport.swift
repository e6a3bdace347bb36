import Crawler
import Foundation

/// The end of a run, for people and programs: the summary printed on stdout, the same facts as
/// JSON for `--summary-json FILE`, and the ending on stderr when it is not a plain finish.
protocol RunReport {
    var summary: CrawlSummary { get }
    var text: String { get }
    var json: Data { get }
}

extension RunReport {
    /// Writes the JSON summary to `path` (written through; `-` is standard output).
    func writeJSON(to path: String) throws {
        try UserFile.write(Array(json) + [0x0A], to: path)
    }

    /// Prints the summary (unless `quiet`), writes the JSON one when asked, and names an ending
    /// that is not a plain finish on stderr.
    func emit(quiet: Bool, summaryPath: String?) {
        if !quiet { print(text) }
        if let summaryPath {
            do {
                try writeJSON(to: summaryPath)
            } catch {
                writeStderr("ytcrawl: \(error)")
            }
        }
        if summary.ending.cause != .completed, summary.ending.cause != .budgetSpent {
            writeStderr("ytcrawl: " + summary.ending.description)
        }
    }
}
