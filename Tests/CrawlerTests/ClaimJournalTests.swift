import Foundation
import Testing
import YouTubeKit

@testable import Crawler

#if canImport(Glibc)
    import Glibc
#endif

/// Claims a killed run could not give back: the ledger keeps what it claimed under its journal's
/// name, the journal says what it spent, and the next run to open the ledger gives back the
/// difference once, wherever the kill fell and whatever the journal's last rewrite left behind it.
@Suite("Claims journal")
struct ClaimJournalTests {
    /// A process id no process has: the first above the current ones that `kill` cannot find.
    static func deadProcess() -> pid_t {
        var pid: pid_t = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid += 1 }
        return pid
    }

    /// The runs' claims the ledger file keeps, by journal name.
    static func runs(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/quota-ledger.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return root["runs"] as? [String: Any] ?? [:]
    }

    @Test func aKillBetweenTheLedgersWriteAndTheJournalsLosesNothing() throws {
        let fixture = try LedgerFixture(key: "made-up-kill-key")
        defer { fixture.remove() }
        let (directory, ledger, fingerprint, day) = (
            fixture.directory, fixture.ledger, fixture.fingerprint, fixture.day
        )
        let dead = "spent-\(Self.deadProcess())-0.journal"
        let live = "spent-\(getpid())-7.journal"
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units, run: dead) { _ in 16 }
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units, run: live) { _ in 8 }
        try "\(fingerprint),\(day),11,0,0\n".write(
            toFile: directory + "/" + dead, atomically: true, encoding: .utf8)
        // The second claim reached the ledger; the kill came before the journal was rewritten.
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units, run: dead) { _ in 16 }
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 40))
        #expect(try ledger.reclaimDeadRuns() == 21, "32 claimed, 11 spent")
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 19))
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + dead))
        #expect(try Set(Self.runs(directory).keys) == [live], "a live run's claims stay its own")
        #expect(try ledger.reclaimDeadRuns() == 0, "given back once")
        try ledger.endRun(live, unspent: [(fingerprint: fingerprint, day: day, counts: QuotaCounts(units: 8))])
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 11))
        #expect(try Self.runs(directory).isEmpty)
    }

    /// Without its journal, what a killed run spent is not known: its claims stay counted.
    @Test func aDeadRunWithoutItsJournalGivesNothingBack() throws {
        let fixture = try LedgerFixture(key: "made-up-lost-key")
        defer { fixture.remove() }
        let (directory, ledger, fingerprint, day) = (
            fixture.directory, fixture.ledger, fixture.fingerprint, fixture.day
        )
        let dead = "spent-\(Self.deadProcess())-0.journal"
        _ = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units, run: dead) { _ in 16 }
        #expect(try ledger.reclaimDeadRuns() == 0)
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaCounts(units: 16))
        #expect(try Self.runs(directory).isEmpty)
    }

    /// A journal of an earlier release said what was claimed and unspent.
    @Test func aDeadRunsUnspentClaimsAreGivenBackOnce() throws {
        let fixture = try LedgerFixture(key: "made-up-journal-key")
        defer { fixture.remove() }
        let (directory, ledger, fingerprint, day) = (
            fixture.directory, fixture.ledger, fixture.fingerprint, fixture.day
        )
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
        let fixture = try LedgerFixture(key: "made-up-live-key")
        defer { fixture.remove() }
        let (ledger, fingerprint, day) = (fixture.ledger, fixture.fingerprint, fixture.day)
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
        let name = try #require(journals().first)
        #expect(try Self.runs(directory).keys.first == name, "the claim is kept under the journal's name")
        #expect(ClaimJournal.entries(atPath: directory + "/" + name).first?.counts == QuotaCounts(units: 1))
        await limiter.complete(permit, .success)
        try await limiter.releaseClaims()
        #expect(journals().isEmpty)
        #expect(try Self.runs(directory).isEmpty)
        #expect(
            try ledger.usage(
                fingerprint: ledger.fingerprint(APIKey(value: "made-up-end-key", label: "k")),
                day: PacificTime.day(atUTC: 1_800_000_000)) == QuotaCounts(units: 1))
    }
}

/// A ledger in a directory of its own, one key's fingerprint in it and a day.
struct LedgerFixture {
    let directory = QuotaLedgerTests.temporaryDirectory()
    let ledger: QuotaLedger
    let fingerprint: String
    let day = PacificTime.day(atUTC: 1_800_000_000)

    init(key: String) throws {
        ledger = try QuotaLedger(directory: directory)
        fingerprint = ledger.fingerprint(APIKey(value: key, label: "k"))
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
