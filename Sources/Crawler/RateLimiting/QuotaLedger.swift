import Archive
import Digest
import Foundation
import Synchronization
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// What each key spent on each Pacific day, kept across runs in `STATE_DIR/quota-ledger.json`.
///
/// Keys appear only as fingerprints: an HMAC-SHA256 of the key under a random secret kept in
/// `STATE_DIR/ledger-secret` (mode 0600). Updates are deltas applied under an exclusive `flock`
/// and written atomically, so two processes on one machine never lose each other's counts.
public final class QuotaLedger: Sendable {
    /// What a key used on a day, per bucket.
    public typealias Usage = QuotaCounts

    public let directory: String
    private let secret: [UInt8]
    private let pending = Mutex<[String: [String: Usage]]>([:])

    private var ledgerPath: String { directory + "/quota-ledger.json" }
    private var lockPath: String { directory + "/quota-ledger.lock" }

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
        let secretPath = directory + "/ledger-secret"
        // An empty file is another process's secret being created: the race below settles it.
        if let existing = FileManager.default.contents(atPath: secretPath), !existing.isEmpty {
            // A secret of another size was edited or cut: a new one would silently forget every count.
            guard existing.count == 32 else {
                throw LedgerError(
                    "\(secretPath) is not a ledger secret (\(existing.count) bytes, expected 32): it was edited or cut; move it and quota-ledger.json away to start a new ledger (today's counts are then forgotten)"
                )
            }
            secret = Array(existing)
        } else {
            var generator = SystemRandomNumberGenerator()
            let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let created = FileManager.default.createFile(
                atPath: secretPath, contents: Data(fresh), attributes: [.posixPermissions: 0o600])
            guard created else {
                throw LedgerError(
                    "cannot write \(secretPath): check that \(directory) is writable and its disk has space")
            }
            // Another process may have won the race: use whatever is on disk now.
            secret = Array(FileManager.default.contents(atPath: secretPath) ?? Data(fresh))
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

    /// What `fingerprint` used on `day`, as the file says plus what this process has not flushed.
    public func usage(fingerprint: String, day: PacificTime.Day) throws -> Usage {
        let stored = try withLock { try read()[day.description]?[fingerprint] }
        let unflushed = pending.withLock { $0[day.description]?[fingerprint] }
        var usage = stored ?? Usage()
        for bucket in QuotaBucket.allCases { usage[bucket] += unflushed?[bucket] ?? 0 }
        return usage
    }

    /// Records a charge (kept in memory until ``flush()``).
    public func record(fingerprint: String, day: PacificTime.Day, charge: QuotaCharge) {
        pending.withLock { pending in
            var usage = pending[day.description, default: [:]][fingerprint] ?? Usage()
            usage.add(charge)
            pending[day.description, default: [:]][fingerprint] = usage
        }
    }

    /// Adds the unflushed charges to the file under the lock; days older than a week are dropped.
    public func flush() throws {
        let deltas = pending.withLock { pending -> [String: [String: Usage]] in
            let taken = pending
            pending = [:]
            return taken
        }
        guard !deltas.isEmpty else { return }
        do {
            try add(deltas)
        } catch {
            // Kept for the next flush: a failed write loses no count.
            pending.withLock { Self.merge(deltas, into: &$0) }
            throw error
        }
    }

    private func add(_ deltas: [String: [String: Usage]]) throws {
        try withLock {
            var ledger = try read()
            Self.merge(deltas, into: &ledger)
            let newest = ledger.keys.max() ?? ""
            let cutoff = Self.day(daysBefore: 7, newest)
            ledger = ledger.filter { $0.key >= cutoff }
            try write(ledger)
        }
    }

    /// Adds counts by day and fingerprint into `totals`.
    private static func merge(_ deltas: [String: [String: Usage]], into totals: inout [String: [String: Usage]]) {
        for (day, keys) in deltas {
            for (fingerprint, delta) in keys {
                var usage = totals[day, default: [:]][fingerprint] ?? Usage()
                for bucket in QuotaBucket.allCases { usage[bucket] += delta[bucket] }
                totals[day, default: [:]][fingerprint] = usage
            }
        }
    }

    static func day(daysBefore count: Int, _ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        let (year, month, dayOfMonth) = RFC3339.civilFromDays(
            RFC3339.daysFromCivil(year: parts[0], month: parts[1], day: parts[2]) - count)
        return PacificTime.Day(year: year, month: month, day: dayOfMonth).description
    }

    private func withLock<T>(_ body: () throws -> T) throws -> T {
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
