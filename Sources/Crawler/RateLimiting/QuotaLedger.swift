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
/// chunks before it spends it (``claim(fingerprint:day:bucket:run:amount:)``) and gives back what it
/// did not spend when it ends (``endRun(_:unspent:)``); both re-read the file under an exclusive
/// `flock` and write it atomically, so processes on one machine share each key's day and never
/// lose each other's counts.
///
/// A claim is written with the name of its run's ``ClaimJournal`` in the same write as the count
/// it adds to (`runs`), so a run killed at any moment, even between the ledger's write and its
/// journal's, leaves in the ledger exactly what it claimed; the journal says what it spent of
/// that, and the next run gives back the difference (``reclaimDeadRuns()``).
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
        try Self.withLock(lockPath) { try read().days[day.description]?[fingerprint] } ?? Usage()
    }

    /// Claims part of `bucket` for a key's day: under the lock, re-reads the file, lets `amount`
    /// decide from the key's counts there now (every process's claims), adds what it says and
    /// writes the file.
    ///
    /// - Parameter run: the name of the claiming run's ``ClaimJournal``: what it claims is kept
    ///   under that name in the same write, to give back should the run be killed.
    /// - Returns: what was taken, and the key's counts after it.
    /// - Throws: ``LedgerError`` when the file cannot be read or written; nothing is taken then.
    public func claim(
        fingerprint: String, day: PacificTime.Day, bucket: QuotaBucket, run: String? = nil,
        amount: (Usage) -> Int
    ) throws -> (taken: Int, usage: Usage) {
        var taken = 0
        var usage = Usage()
        try update { contents in
            usage = contents.days[day.description]?[fingerprint] ?? Usage()
            taken = max(0, amount(usage))
            guard taken > 0 else { return }
            usage[bucket] += taken
            contents.days[day.description, default: [:]][fingerprint] = usage
            if let run {
                contents.runs[run, default: [:]][day.description, default: [:]][fingerprint, default: Usage()][
                    bucket] +=
                    taken
            }
        }
        return (taken, usage)
    }

    /// Gives back the claims of runs that ended without giving them back (killed): for every run
    /// whose process is gone, what it claimed (kept in the ledger) less what its journal says it
    /// spent, in one write of the ledger under its lock; then their journals are removed.
    /// Journals of earlier releases (`claims-…`, which said what was unspent) are given back as
    /// they say. A run whose journal is missing gives nothing back: what it spent is not known,
    /// so its claims stay counted. Returns the units given back, all buckets together.
    @discardableResult
    public func reclaimDeadRuns() throws -> Int {
        try Self.withLock(lockPath) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let dead = names.filter { ClaimJournal.isJournalOfAnEndedProcess($0) }.sorted()
            let before = try read()
            var contents = before
            var given = 0
            for name in dead where name.hasPrefix(ClaimJournal.unspentPrefix) {
                for entry in ClaimJournal.entries(atPath: directory + "/" + name) {
                    given += contents.giveBack(entry.counts, day: entry.day, fingerprint: entry.fingerprint)
                }
            }
            for (run, claims) in contents.runs.sorted(by: { $0.key < $1.key })
            where ClaimJournal.isJournalOfAnEndedProcess(run) {
                contents.runs[run] = nil
                guard names.contains(run) else { continue }
                var spent: [String: Usage] = [:]
                for entry in ClaimJournal.entries(atPath: directory + "/" + run) {
                    spent[entry.day + "," + entry.fingerprint] = entry.counts
                }
                for (day, keys) in claims {
                    for (fingerprint, claimed) in keys {
                        var unspent = claimed
                        let used = spent[day + "," + fingerprint] ?? Usage()
                        for bucket in QuotaBucket.allCases { unspent[bucket] -= used[bucket] }
                        given += contents.giveBack(unspent, day: day, fingerprint: fingerprint)
                    }
                }
            }
            if contents != before { try write(contents) }
            for name in dead { unlink(directory + "/" + name) }
            return given
        }
    }

    /// A journal for this process's claims (``ClaimJournal``).
    func openClaimJournal() throws -> ClaimJournal { try ClaimJournal(directory: directory) }

    /// Gives back what a run claimed and did not spend (a count never drops below zero).
    public func giveBack(_ unspent: Usage, fingerprint: String, day: PacificTime.Day) throws {
        try update { contents in contents.giveBack(unspent, day: day.description, fingerprint: fingerprint) }
    }

    /// Ends the run whose journal is named `run`: gives back what it did not spend and forgets
    /// its claims, in one write.
    public func endRun(_ run: String, unspent: [(fingerprint: String, day: PacificTime.Day, counts: Usage)]) throws {
        try update { contents in
            for entry in unspent {
                contents.giveBack(entry.counts, day: entry.day.description, fingerprint: entry.fingerprint)
            }
            contents.runs[run] = nil
        }
    }

    /// Changes the ledger under the lock (the file is written only when it changes); days older
    /// than a week are dropped.
    private func update(_ change: (inout Contents) -> Void) throws {
        try Self.withLock(lockPath) {
            let before = try read()
            var contents = before
            change(&contents)
            guard contents != before else { return }
            let cutoff = Self.day(daysBefore: 7, contents.days.keys.max() ?? "")
            contents.days = contents.days.filter { $0.key >= cutoff }
            try write(contents)
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

    /// The ledger's file: what each key used on each day, and what each running process claimed
    /// of it (day → fingerprint → counts, by the name of the process's journal).
    struct Contents: Equatable {
        var days: [String: [String: Usage]] = [:]
        var runs: [String: [String: [String: Usage]]] = [:]

        /// Gives back `unspent` of a key's day (a count never drops below zero); returns the
        /// units given back, all buckets together.
        @discardableResult
        mutating func giveBack(_ unspent: Usage, day: String, fingerprint: String) -> Int {
            guard var usage = days[day]?[fingerprint] else { return 0 }
            var given = 0
            for bucket in QuotaBucket.allCases {
                let back = min(usage[bucket], max(0, unspent[bucket]))
                usage[bucket] -= back
                given += back
            }
            days[day]?[fingerprint] = usage
            return given
        }
    }

    private func read() throws -> Contents {
        guard let data = FileManager.default.contents(atPath: ledgerPath), !data.isEmpty else { return Contents() }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let days = root["days"] as? [String: [String: [String: Int]]]
        else {
            throw LedgerError("\(ledgerPath) is not a quota ledger (malformed JSON); move it away to start a new one")
        }
        var contents = Contents(days: Self.usages(days))
        for (day, keys) in contents.days {
            for usage in keys.values where QuotaBucket.allCases.contains(where: { usage[$0] < 0 }) {
                throw LedgerError(
                    "\(ledgerPath) holds a negative count on \(day): it was edited; fix that entry or move the file away to start a new ledger"
                )
            }
        }
        // A run's claims that cannot be read are left out: they stay counted in `days`.
        for (run, claims) in root["runs"] as? [String: Any] ?? [:] {
            if let claims = claims as? [String: [String: [String: Int]]] { contents.runs[run] = Self.usages(claims) }
        }
        return contents
    }

    private static func usages(_ days: [String: [String: [String: Int]]]) -> [String: [String: Usage]] {
        days.mapValues { keys in
            keys.mapValues { counts in
                var usage = Usage()
                for bucket in QuotaBucket.allCases { usage[bucket] = counts[bucket.rawValue] ?? 0 }
                return usage
            }
        }
    }

    private static func json(_ days: [String: [String: Usage]]) -> [String: [String: [String: Int]]] {
        // `stats` only where it was spent: the file stays as earlier versions wrote it otherwise.
        days.mapValues { keys in
            keys.mapValues { usage in
                var counts = ["units": usage.units, "searches": usage.searches]
                if usage.stats != 0 { counts["stats"] = usage.stats }
                return counts
            }
        }
    }

    /// The file's form: `runs` left out when empty.
    private struct File: Encodable {
        var version = 1
        var days: [String: [String: [String: Int]]]
        var runs: [String: [String: [String: [String: Int]]]]?
    }

    private func write(_ contents: Contents) throws {
        let file = File(
            days: Self.json(contents.days), runs: contents.runs.isEmpty ? nil : contents.runs.mapValues(Self.json))
        // JSONEncoder, not JSONSerialization: the latter sorts keys through ICU's locale data,
        // 3.5 MB made resident in every crawl for a file of a few lines.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(file)
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
