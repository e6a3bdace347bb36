import Foundation
import POSIXSupport
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// What a running process has spent of the quota it claimed, by key and day, kept in
/// `STATE_DIR/spent-PID-N.journal`. The ledger keeps what the process claimed under the journal's
/// name (``QuotaLedger/claim(fingerprint:day:bucket:run:amount:)``), in the same write as the
/// claim itself; so when the process is killed before it could give back what it did not spend
/// (SIGKILL, a power cut), the next run to open the ledger gives back the claims less what the
/// journal says was spent (``QuotaLedger/reclaimDeadRuns()``), wherever the kill fell.
///
/// The journal holds one line (``InPlaceLine``), rewritten after every claim, grant and refund. A
/// run that ends normally gives its claims back and removes its journal.
final class ClaimJournal: @unchecked Sendable {
    /// What one key spent on one day.
    struct Entry: Sendable, Hashable {
        var fingerprint: String
        var day: String
        var counts: QuotaCounts
    }

    private let file: InPlaceLine
    var path: String { file.path }
    /// The journal's file name: the name its run's claims have in the ledger.
    var name: String { String(file.path.split(separator: "/").last ?? "") }

    static let prefix = "spent-"
    /// Journals of earlier releases, which said what was claimed and unspent.
    static let unspentPrefix = "claims-"
    static let suffix = ".journal"

    /// Creates this process's journal in `directory`.
    ///
    /// - Throws: ``LedgerError`` naming the file.
    init(directory: String) throws {
        guard let made = InPlaceLine.unique(in: directory, prefix: Self.prefix, suffix: Self.suffix) else {
            throw LedgerError("cannot create a claims journal in \(directory): \(String(cString: strerror(errno)))")
        }
        file = made
    }

    /// Says `entries` are what is spent now.
    func record(_ entries: [Entry]) { file.write(entries.map(Self.text).joined(separator: " ")) }

    /// The run gave its claims back: nothing is left to reclaim.
    func remove() { file.remove() }

    private static func text(_ entry: Entry) -> String {
        "\(entry.fingerprint),\(entry.day),\(entry.counts.units),\(entry.counts.searches),\(entry.counts.stats)"
    }

    /// The entries of a journal's text (its first line); malformed parts are skipped.
    static func entries(in text: String) -> [Entry] {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return entries(inLine: line)
    }

    /// The entries of the journal at `path`.
    static func entries(atPath path: String) -> [Entry] { entries(inLine: InPlaceLine.firstLine(atPath: path)) }

    private static func entries(inLine line: Substring) -> [Entry] {
        line.split(separator: " ").compactMap { part in
            let fields = part.split(separator: ",").map(String.init)
            guard fields.count == 5, let units = Int(fields[2]), let searches = Int(fields[3]),
                let stats = Int(fields[4]), units >= 0, searches >= 0, stats >= 0
            else { return nil }
            return Entry(
                fingerprint: fields[0], day: fields[1],
                counts: QuotaCounts(units: units, searches: searches, stats: stats))
        }
    }

    /// The process that wrote the journal named `name`, when the name is a journal's.
    static func process(of name: String) -> pid_t? {
        guard let prefix = [prefix, unspentPrefix].first(where: name.hasPrefix), name.hasSuffix(suffix) else {
            return nil
        }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.split(separator: "-").first.flatMap { pid_t($0) }
    }

    /// Whether `name` is a journal whose process is gone (not this one, and no process has its id).
    static func isJournalOfAnEndedProcess(_ name: String) -> Bool {
        guard let pid = process(of: name), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
