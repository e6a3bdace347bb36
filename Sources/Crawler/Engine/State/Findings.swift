/// What a run found to report: warnings, work that failed for good (kept for a rerun), and
/// channels whose uploads playlist listed fewer videos than their `videoCount`.
struct Findings: Sendable {
    private(set) var warnings: [String] = []
    private(set) var failures: [Failure] = []
    private(set) var channelGaps: [String] = []
    /// Seeds a cap ended (`search limit`, `maxPages`), by seed index.
    private(set) var capped: [Int: String] = [:]
    /// Comment threads whose replies stopped at `--max-reply-pages`.
    private(set) var threadsCapped = 0

    /// Work that failed for good this run: it stays in the checkpoint for a rerun.
    struct Failure: Sendable, Hashable {
        var item: WorkItem
        var reason: String
    }

    mutating func warn(_ message: String) { warnings.append(message) }
    mutating func fail(_ item: WorkItem, _ reason: String) { failures.append(Failure(item: item, reason: reason)) }
    mutating func gap(_ text: String) { channelGaps.append(text) }
    mutating func cap(_ seed: Int, _ cap: String) { capped[seed] = capped[seed] ?? cap }
    mutating func capThread(_ seed: Int) {
        threadsCapped += 1
        cap(seed, "max-reply-pages")
    }

    /// Adds what one event found: its warnings, failures and gaps after the run's; a seed's
    /// first cap stays.
    mutating func merge(_ other: Findings) {
        warnings += other.warnings
        failures += other.failures
        channelGaps += other.channelGaps
        capped.merge(other.capped) { first, _ in first }
        threadsCapped += other.threadsCapped
    }
}
