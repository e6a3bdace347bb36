import Foundation
import POSIXSupport
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// What a running process has claimed in the quota ledger and not spent yet, kept in
/// `STATE_DIR/claims-PID-N.journal` so that a run killed before it could give its claims back
/// (SIGKILL, a power cut) does not leave them counted as spent: the next run to open the ledger
/// gives back the claims of every journal whose process is gone (``QuotaLedger/reclaimDeadRuns()``).
///
/// The journal holds one line (``InPlaceLine``), rewritten after every claim, grant and refund, so
/// it always says what is unspent at that moment. A run that ends normally gives its claims back and removes its journal.
final class ClaimJournal: @unchecked Sendable {
    /// What one key left unspent on one day.
    struct Entry: Sendable, Hashable {
        var fingerprint: String
        var day: String
        var counts: QuotaCounts
    }

    private let file: InPlaceLine
    var path: String { file.path }

    static let prefix = "claims-"
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

    /// Says `entries` are what is unspent now.
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
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.split(separator: "-").first.flatMap { pid_t($0) }
    }
}
