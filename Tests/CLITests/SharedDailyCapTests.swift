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

    @Test func threeRunsStartedTogetherStayWithinTheCapTogether() async throws {
        // The emulator's own daily quota is far above the crawls' caps: the crawls must keep to theirs.
        let emulator = try await ExternalEmulator.start([
            "--keys", Self.key, "--channels", "200", "--videos-per-channel", "30", "--daily-units", "10000000",
            "--daily-searches", "1000000",
        ])
        defer { emulator.stop() }
        let seeds = CrawlCommandTests.temporary("shared-cap-seeds") + ".txt"
        let keys = CrawlCommandTests.temporary("shared-cap-keys") + ".txt"
        defer { for path in [seeds, keys] { try? FileManager.default.removeItem(atPath: path) } }
        // Each run wants two searches, the three together more than the day has: both buckets bind.
        try "search music walk=channels maxPages=1\nsearch cooking walk=channels maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        try "\(Self.key)\n".write(toFile: keys, atomically: true, encoding: .utf8)
        var answered = try await offThePool { emulator.answeredCounts() }
        for trial in 0..<10 {
            let spend = try await Self.trial(emulator, seeds: seeds, keys: keys, answeredBefore: &answered)
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

    /// Starts the runs at once on a fresh state directory and reads what they spent.
    static func trial(
        _ emulator: ExternalEmulator, seeds: String, keys: String, answeredBefore: inout (requests: Int, searches: Int)
    ) async throws -> Spend {
        let state = CrawlCommandTests.temporary("shared-cap-state")
        let outs = (0..<runs).map { _ in CrawlCommandTests.temporary("shared-cap-out") }
        let summaries = outs.map { $0 + ".json" }
        defer { for path in [state] + outs + summaries { try? FileManager.default.removeItem(atPath: path) } }
        let statuses = try await offThePool {
            let processes = try zip(outs, summaries).map { out, summary in
                let process = SpawnedProcess()
                process.executableURL = CLIRunner.binary
                process.arguments = [
                    "--seeds", seeds, "--budget", "100000", "--api-base", emulator.base, "--key-file", keys,
                    "--daily-units", String(dailyUnits), "--daily-searches", String(dailySearches), "--rps", "300",
                    "--concurrency", "8", "--no-hydrate", "--state-dir", state, "--out", out, "--summary-json", summary,
                    "--quiet",
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
        let answered = try await offThePool { emulator.answeredCounts() }
        spend.emulator = (answered.requests - answeredBefore.requests, answered.searches - answeredBefore.searches)
        answeredBefore = answered
        spend.secrets = try FileManager.default.contentsOfDirectory(atPath: state).filter {
            $0.hasPrefix("ledger-secret")
        }
        let ledgerData = try #require(FileManager.default.contents(atPath: state + "/quota-ledger.json"))
        let ledger = try #require(try JSONSerialization.jsonObject(with: ledgerData) as? [String: Any])
        let days = try #require(ledger["days"] as? [String: [String: [String: Int]]])
        spend.fingerprints = Set(days.values.flatMap(\.keys)).count
        for counts in days.values.flatMap(\.values) {
            spend.ledger.units += counts["units"] ?? 0
            spend.ledger.searches += counts["searches"] ?? 0
        }
        for path in summaries {
            let data = try #require(FileManager.default.contents(atPath: path), "\(path)")
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            spend.summaries.units += summary["units"] as? Int ?? 0
            spend.summaries.searches += summary["searchCalls"] as? Int ?? 0
        }
        return spend
    }
}
