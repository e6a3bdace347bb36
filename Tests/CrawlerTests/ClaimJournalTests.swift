import Foundation
import Testing
import YouTubeKit

@testable import Crawler

#if canImport(Glibc)
    import Glibc
#endif

/// Claims a killed run could not give back: its journal says what was unspent, and the next run
/// to open the ledger gives that back once, whatever the journal's last rewrite left behind it.
@Suite("Claims journal")
struct ClaimJournalTests {
    /// A process id no process has: the first above the current ones that `kill` cannot find.
    static func deadProcess() -> pid_t {
        var pid: pid_t = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid += 1 }
        return pid
    }

    @Test func aDeadRunsUnspentClaimsAreGivenBackOnce() throws {
        let directory = QuotaLedgerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let key = APIKey(value: "made-up-journal-key", label: "k")
        let fingerprint = ledger.fingerprint(key)
        let day = PacificTime.day(atUTC: 1_800_000_000)
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { _ in 32 }
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .searches) { _ in 2 }
        // The killed run had spent 11 of its 32 units and 1 of its 2 searches; its last rewrite
        // was shorter than an earlier one, whose tail stays after the newline.
        let journal = directory + "/claims-\(Self.deadProcess())-0.journal"
        try "\(fingerprint),\(day),21,1,0\nxx,\(day),99,99,99".write(toFile: journal, atomically: true, encoding: .utf8)
        #expect(try ledger.reclaimDeadRuns() == 22)
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 11, searches: 1))
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try ledger.reclaimDeadRuns() == 0, "given back once")
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 11, searches: 1))
    }

    @Test func aLiveRunsJournalIsLeftAlone() throws {
        let directory = QuotaLedgerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let fingerprint = ledger.fingerprint(APIKey(value: "made-up-live-key", label: "k"))
        let day = PacificTime.day(atUTC: 1_800_000_000)
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { _ in 10 }
        let journal = try ledger.openClaimJournal()
        journal.record([
            ClaimJournal.Entry(fingerprint: fingerprint, day: day.description, counts: QuotaCounts(units: 10))
        ])
        // This process is alive: its claims are its own to give back.
        #expect(try ledger.reclaimDeadRuns() == 0)
        #expect(FileManager.default.fileExists(atPath: journal.path))
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(ClaimJournal.entries(in: text).first?.counts == QuotaCounts(units: 10))
        journal.remove()
    }

    /// A limiter that ends normally gives its claims back and leaves no journal.
    @Test func aRunThatEndsLeavesNoJournal() async throws {
        let directory = QuotaLedgerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(), keys: [APIKey(value: "made-up-end-key", label: "k")],
            clock: ContinuousClock(), utcNow: { 1_800_000_000 }, ledger: ledger)
        let permit = try await limiter.acquire(.videos)
        let journals = {
            (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".journal") } ?? []
        }
        #expect(journals().count == 1)
        await limiter.complete(permit, .success)
        try await limiter.releaseClaims()
        #expect(journals().isEmpty)
    }
}
