import Crawler
import Foundation
import TestSupport
import Testing

/// Crawls started together with one key on a fresh `--state-dir`, against one emulator process:
/// they make one ledger secret between them and share the key's daily cap.
@Suite("Concurrent crawls share a key's daily cap")
struct SharedDailyCapTests {
    static let key = "made-up-shared-cap-key"
    static let dailyUnits = 90
    static let dailySearches = 5
    static let runs = 3

    /// What one trial's runs spent, as each source counts it.
    struct Spend: CustomStringConvertible {
        var ledger = (units: 0, searches: 0)
        var summaries = (units: 0, searches: 0)
        var emulator = (requests: 0, searches: 0)
        var fingerprints = 0
        var secrets: [String] = []

        var description: String {
            "ledger \(ledger.units) units \(ledger.searches) searches; runs \(summaries.units) units "
                + "\(summaries.searches) searches; emulator \(emulator.requests) requests \(emulator.searches) "
                + "searches; \(fingerprints) fingerprints; secrets \(secrets)"
        }
    }

    /// One emulator process (its own daily quota far above the crawls' caps: the crawls must keep
    /// to theirs), and the seeds and key files the runs share.
    struct Fixture {
        let emulator: ExternalEmulator
        let seeds = CrawlCommandTests.temporary("shared-cap-seeds") + ".txt"
        let keys = CrawlCommandTests.temporary("shared-cap-keys") + ".txt"

        static func start() async throws -> Fixture {
            let fixture = Fixture(
                emulator: try await ExternalEmulator.start([
                    "--keys", key, "--channels", "200", "--videos-per-channel", "30", "--daily-units", "10000000",
                    "--daily-searches", "1000000",
                ]))
            // Each run wants two searches, three together more than the day has: both buckets bind.
            try "search music walk=channels maxPages=1\nsearch cooking walk=channels maxPages=1\n".write(
                toFile: fixture.seeds, atomically: true, encoding: .utf8)
            try "\(key)\n".write(toFile: fixture.keys, atomically: true, encoding: .utf8)
            return fixture
        }

        /// The options every run takes, besides its output.
        func arguments(state: String, rps: Int = 300) -> [String] {
            [
                "--seeds", seeds, "--budget", "100000", "--api-base", emulator.base, "--key-file", keys, "--rps",
                String(rps),
                "--concurrency", "8", "--no-hydrate", "--state-dir", state, "--quiet",
            ]
        }

        func stop() {
            emulator.stop()
            for path in [seeds, keys] { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// What the ledger in `state` holds, summed over days and fingerprints.
    static func ledger(_ state: String) throws -> (units: Int, searches: Int, fingerprints: Int) {
        let data = try #require(FileManager.default.contents(atPath: state + "/quota-ledger.json"))
        let ledger = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let days = try #require(ledger["days"] as? [String: [String: [String: Int]]])
        let counts = days.values.flatMap(\.values)
        return (
            counts.reduce(0) { $0 + ($1["units"] ?? 0) }, counts.reduce(0) { $0 + ($1["searches"] ?? 0) },
            Set(days.values.flatMap(\.keys)).count
        )
    }

    @Test func threeRunsStartedTogetherStayWithinTheCapTogether() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.stop() }
        let emulator = fixture.emulator
        var answered = try await offThePool { emulator.answeredCounts() }
        for trial in 0..<10 {
            let spend = try await Self.trial(fixture, answeredBefore: &answered)
            #expect(spend.secrets == ["ledger-secret"], "trial \(trial): one secret, nothing left beside it")
            #expect(spend.fingerprints == 1, "trial \(trial): one key, one fingerprint: \(spend)")
            // Each claim is taken under the ledger's lock before a request is sent: nothing goes over.
            #expect(spend.ledger.units <= Self.dailyUnits, "trial \(trial): \(spend)")
            #expect(spend.ledger.searches <= Self.dailySearches, "trial \(trial): \(spend)")
            #expect(spend.summaries.units <= Self.dailyUnits, "trial \(trial): \(spend)")
            #expect(spend.summaries.searches <= Self.dailySearches, "trial \(trial): \(spend)")
            #expect(
                spend.emulator.requests - spend.emulator.searches <= Self.dailyUnits, "trial \(trial): \(spend)")
            #expect(spend.emulator.searches <= Self.dailySearches, "trial \(trial): \(spend)")
            // Runs that ended normally gave back what they claimed and did not spend.
            #expect(spend.ledger.units == spend.summaries.units, "trial \(trial): \(spend)")
            #expect(spend.ledger.searches == spend.summaries.searches, "trial \(trial): \(spend)")
            // The cap, not the seeds, ended the runs: together they used most of it.
            #expect(spend.summaries.units >= Self.dailyUnits * 3 / 4, "trial \(trial): \(spend)")
        }
    }

    /// A run killed (SIGKILL) cannot give back its unspent claims: until the next run opens the
    /// ledger, it counts more than was sent, by at most one claim per bucket (32 units and 2
    /// searches with the default limits) and what was in flight. The next run gives back what the
    /// killed ones claimed less what their journals say they spent, so only what was in flight
    /// (granted, perhaps not sent) stays counted, wherever the kills fell.
    @Test func aKilledRunsClaimsAreGivenBackByTheNextRun() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.stop() }
        let state = CrawlCommandTests.temporary("shared-cap-state")
        let out = CrawlCommandTests.temporary("shared-cap-out")
        defer { for path in [state, out] { try? FileManager.default.removeItem(atPath: path) } }
        let before = try await offThePool { fixture.emulator.answeredCounts() }
        let concurrency = 8
        // Slowed down so that a run (about a hundred requests) outlasts the moment of the kill.
        let killed = try await CLIRunner.killRuns(
            fixture.arguments(state: state, rps: 25) + ["--out", out], times: 3, after: 0.6...1.2,
            ready: { FileManager.default.fileExists(atPath: state + "/quota-ledger.json") }
        ) { _ in }
        #expect(killed >= 1)
        let after = try await offThePool { fixture.emulator.answeredCounts() }
        let sentSearches = after.searches - before.searches
        let sentUnits = after.requests - before.requests - sentSearches
        let ledger = try Self.ledger(state)
        #expect(ledger.units >= sentUnits && ledger.searches >= sentSearches, "claimed before sent")
        var lost = (units: ledger.units - sentUnits, searches: ledger.searches - sentSearches)
        #expect(lost.units <= killed * (32 + concurrency), "\(lost) after \(killed) kills")
        #expect(lost.searches <= killed * (2 + concurrency), "\(lost) after \(killed) kills")

        // What the next run does first when it opens the ledger.
        try QuotaLedger(directory: state).reclaimDeadRuns()
        let reclaimed = try Self.ledger(state)
        lost = (units: reclaimed.units - sentUnits, searches: reclaimed.searches - sentSearches)
        #expect(lost.units >= 0 && lost.searches >= 0, "claimed before sent: \(lost)")
        #expect(lost.units + lost.searches <= killed * concurrency, "only what was in flight: \(lost)")
        let journals = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasSuffix(".journal") }
        #expect(journals.isEmpty, "\(journals)")
    }

    /// Starts the runs at once on a fresh state directory and reads what they spent.
    static func trial(_ fixture: Fixture, answeredBefore: inout (requests: Int, searches: Int)) async throws -> Spend {
        let state = CrawlCommandTests.temporary("shared-cap-state")
        let outs = (0..<runs).map { _ in CrawlCommandTests.temporary("shared-cap-out") }
        let summaries = outs.map { $0 + ".json" }
        defer { for path in [state] + outs + summaries { try? FileManager.default.removeItem(atPath: path) } }
        let statuses = try await offThePool {
            let processes = try zip(outs, summaries).map { out, summary in
                let process = SpawnedProcess()
                process.executableURL = CLIRunner.binary
                process.arguments =
                    fixture.arguments(state: state) + [
                        "--daily-units", String(dailyUnits), "--daily-searches", String(dailySearches), "--out", out,
                        "--summary-json", summary,
                    ]
                try process.run()
                return process
            }
            return processes.map { process in
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 3 }, "done or stopped by the daily cap: \(statuses)")
        var spend = Spend()
        let answered = try await offThePool { fixture.emulator.answeredCounts() }
        spend.emulator = (answered.requests - answeredBefore.requests, answered.searches - answeredBefore.searches)
        answeredBefore = answered
        spend.secrets = try FileManager.default.contentsOfDirectory(atPath: state).filter {
            $0.hasPrefix("ledger-secret")
        }
        let ledger = try Self.ledger(state)
        spend.ledger = (ledger.units, ledger.searches)
        spend.fingerprints = ledger.fingerprints
        for path in summaries {
            let data = try #require(FileManager.default.contents(atPath: path), "\(path)")
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            spend.summaries.units += summary["units"] as? Int ?? 0
            spend.summaries.searches += summary["searchCalls"] as? Int ?? 0
        }
        return spend
    }
}
