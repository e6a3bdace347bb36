import Archive
import Digest
import Foundation
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// What each key claimed on each Pacific day, kept across runs in `STATE_DIR/quota-ledger.json`.
///
/// Keys appear only as fingerprints: an HMAC-SHA256 of the key under a random secret kept in
/// `STATE_DIR/ledger-secret` (mode 0600, made once under the lock). A run claims quota in small
/// chunks before it spends it (``claim(fingerprint:day:bucket:amount:)``) and gives back what it did
/// not spend when it ends (``giveBack(_:fingerprint:day:)``); both re-read the file under an
/// exclusive `flock` and write it atomically, so processes on one machine share each key's day and
/// never lose each other's counts.
public final class QuotaLedger: Sendable {
    /// What a key used on a day, per bucket.
    public typealias Usage = QuotaCounts

    public let directory: String
    private let secret: [UInt8]

    private var ledgerPath: String { directory + "/quota-ledger.json" }
    private var lockPath: String { Self.lockPath(directory) }
    private static func lockPath(_ directory: String) -> String { directory + "/quota-ledger.lock" }

    /// The state directory: `$XDG_STATE_HOME/ytcrawl`, else `~/.local/state/ytcrawl`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/ytcrawl" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/ytcrawl"
    }

    /// Opens (creating if needed) the ledger in `directory`.
    ///
    /// - Throws: ``LedgerError`` naming the path and the reason.
    public init(directory: String) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LedgerError(
                "cannot create the state directory \(directory): \(error.localizedDescription); set --state-dir")
        }
        secret = try Self.withLock(Self.lockPath(directory)) {
            try LedgerSecret.loadOrCreate(at: directory + "/ledger-secret")
        }
    }

    /// The key's fingerprint for the API at `apiBase`: never the key, and useless without this
    /// machine's secret. Counts belong to the API they count: the real API (the default base)
    /// keeps the key-only fingerprint of earlier versions; any other base (an emulator, a proxy)
    /// has counts of its own, so offline runs never touch the real API's.
    public func fingerprint(_ key: APIKey, apiBase: String = APIRequest.defaultBase) -> String {
        var message = Array(key.value.utf8)
        if apiBase != APIRequest.defaultBase { message += [0] + Array(apiBase.utf8) }
        return String(SHA256.hex(HMACSHA256.authenticate(message, key: secret)).prefix(24))
    }

    /// What `fingerprint` used on `day`: spent by runs that ended, plus what running ones claimed.
    public func usage(fingerprint: String, day: PacificTime.Day) throws -> Usage {
        try Self.withLock(lockPath) { try read()[day.description]?[fingerprint] } ?? Usage()
    }

    /// Claims part of `bucket` for a key's day: under the lock, re-reads the file, lets `amount`
    /// decide from the key's counts there now (every process's claims), adds what it says and
    /// writes the file.
    ///
    /// - Returns: what was taken, and the key's counts after it.
    /// - Throws: ``LedgerError`` when the file cannot be read or written; nothing is taken then.
    public func claim(
        fingerprint: String, day: PacificTime.Day, bucket: QuotaBucket, amount: (Usage) -> Int
    ) throws -> (taken: Int, usage: Usage) {
        var taken = 0
        let usage = try update(fingerprint: fingerprint, day: day) { usage in
            taken = max(0, amount(usage))
            usage[bucket] += taken
        }
        return (taken, usage)
    }

    /// Gives back the claims of runs that ended without giving them back (killed): every claims
    /// journal in the directory whose process is gone, in one write of the ledger under its
    /// lock, then the journals are removed. Returns the units given back, all buckets together.
    @discardableResult
    public func reclaimDeadRuns() throws -> Int {
        try Self.withLock(lockPath) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            var dead: [String] = []
            var entries: [ClaimJournal.Entry] = []
            for name in names.sorted() {
                guard let pid = ClaimJournal.process(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                dead.append(directory + "/" + name)
                entries += ClaimJournal.entries(atPath: directory + "/" + name)
            }
            guard !dead.isEmpty else { return 0 }
            var ledger = try read()
            var given = 0
            for entry in entries {
                guard var usage = ledger[entry.day]?[entry.fingerprint] else { continue }
                for bucket in QuotaBucket.allCases {
                    let back = min(usage[bucket], entry.counts[bucket])
                    usage[bucket] -= back
                    given += back
                }
                ledger[entry.day]?[entry.fingerprint] = usage
            }
            if given > 0 { try write(ledger) }
            for path in dead { unlink(path) }
            return given
        }
    }

    /// A journal for this process's claims (``ClaimJournal``).
    func openClaimJournal() throws -> ClaimJournal { try ClaimJournal(directory: directory) }

    /// Gives back what a run claimed and did not spend (a count never drops below zero).
    public func giveBack(_ unspent: Usage, fingerprint: String, day: PacificTime.Day) throws {
        _ = try update(fingerprint: fingerprint, day: day) { usage in
            for bucket in QuotaBucket.allCases { usage[bucket] = max(0, usage[bucket] - unspent[bucket]) }
        }
    }

    /// Changes one key's counts for a day under the lock (the file is written only when they
    /// change); days older than a week are dropped.
    private func update(fingerprint: String, day: PacificTime.Day, _ change: (inout Usage) -> Void) throws -> Usage {
        try Self.withLock(lockPath) {
            var ledger = try read()
            let before = ledger[day.description]?[fingerprint] ?? Usage()
            var usage = before
            change(&usage)
            guard usage != before else { return usage }
            ledger[day.description, default: [:]][fingerprint] = usage
            let newest = ledger.keys.max() ?? ""
            let cutoff = Self.day(daysBefore: 7, newest)
            try write(ledger.filter { $0.key >= cutoff })
            return usage
        }
    }

    static func day(daysBefore count: Int, _ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        let (year, month, dayOfMonth) = RFC3339.civilFromDays(
            RFC3339.daysFromCivil(year: parts[0], month: parts[1], day: parts[2]) - count)
        return PacificTime.Day(year: year, month: month, day: dayOfMonth).description
    }

    private static func withLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LedgerError("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw LedgerError("cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private func read() throws -> [String: [String: Usage]] {
        guard let data = FileManager.default.contents(atPath: ledgerPath), !data.isEmpty else { return [:] }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let days = root["days"] as? [String: [String: [String: Int]]]
        else {
            throw LedgerError("\(ledgerPath) is not a quota ledger (malformed JSON); move it away to start a new one")
        }
        let ledger = days.mapValues { keys in
            keys.mapValues { counts in
                var usage = Usage()
                for bucket in QuotaBucket.allCases { usage[bucket] = counts[bucket.rawValue] ?? 0 }
                return usage
            }
        }
        for (day, keys) in ledger {
            for usage in keys.values where QuotaBucket.allCases.contains(where: { usage[$0] < 0 }) {
                throw LedgerError(
                    "\(ledgerPath) holds a negative count on \(day): it was edited; fix that entry or move the file away to start a new ledger"
                )
            }
        }
        return ledger
    }

    private func write(_ ledger: [String: [String: Usage]]) throws {
        // `stats` only where it was spent: the file stays as earlier versions wrote it otherwise.
        let days = ledger.mapValues { keys in
            keys.mapValues { usage in
                var counts = ["units": usage.units, "searches": usage.searches]
                if usage.stats != 0 { counts["stats"] = usage.stats }
                return counts
            }
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["version": 1, "days": days], options: [.sortedKeys, .prettyPrinted])
        do {
            try AtomicFile.write(Array(data), to: ledgerPath)
        } catch {
            throw LedgerError("cannot write \(ledgerPath): \(error)")
        }
    }
}

public struct LedgerError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The quota ledger could not be written (a full disk, permissions): the run stops sending, since
/// the quota it spends could no longer be counted for the next runs.
public struct LedgerWriteFailed: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "cannot record the quota spent in the ledger: \(reason)" }
}
