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
/// The journal holds one line, rewritten in place after every claim, grant and refund (one
/// `pwrite` of a few dozen bytes: a kill cannot cut it, the kernel finishes the call), so it always
/// says what is unspent at that moment; a shorter line leaves stale bytes after its newline,
/// which readers ignore. A run that ends normally gives its claims back and removes its journal.
final class ClaimJournal: @unchecked Sendable {
    /// What one key left unspent on one day.
    struct Entry: Sendable, Hashable {
        var fingerprint: String
        var day: String
        var counts: QuotaCounts
    }

    let path: String
    private let fd: Int32

    static let prefix = "claims-"
    static let suffix = ".journal"

    /// Creates this process's journal in `directory`.
    ///
    /// - Throws: ``LedgerError`` naming the file.
    init(directory: String) throws {
        var attempt = 0
        var made: (String, Int32)?
        while made == nil, attempt < 1000 {
            let path = directory + "/\(Self.prefix)\(getpid())-\(attempt)\(Self.suffix)"
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { made = (path, fd) } else if errno != EEXIST { break }
            attempt += 1
        }
        guard let (path, fd) = made else {
            throw LedgerError("cannot create a claims journal in \(directory): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Says `entries` are what is unspent now.
    func record(_ entries: [Entry]) {
        let line = Array((entries.map(Self.text).joined(separator: " ") + "\n").utf8)
        _ = line.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The run gave its claims back: nothing is left to reclaim.
    func remove() { unlink(path) }

    private static func text(_ entry: Entry) -> String {
        "\(entry.fingerprint),\(entry.day),\(entry.counts.units),\(entry.counts.searches),\(entry.counts.stats)"
    }

    /// The entries of a journal's text (its first line); malformed parts are skipped.
    static func entries(in text: String) -> [Entry] {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return line.split(separator: " ").compactMap { part in
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
