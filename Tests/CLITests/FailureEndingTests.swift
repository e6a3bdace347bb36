import Foundation
import TestSupport
import Testing

/// Runs whose requests all failed end `incomplete` (exit 4) naming what failed, whatever the
/// command and whatever stopped them besides; the summary's units by method are this run's only.
@Suite("failure wins over a budget stop")
struct FailureEndingTests {
    static func crawled() async throws -> (out: String, seeds: String) {
        let out = CrawlCommandTests.temporary("failure-out")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        return (out, seeds)
    }

    static func summary(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// An update whose every request meets a 503 storm: exit 4, `incomplete`, the failed items
    /// listed; never `budgetSpent` with exit 0.
    @Test func anUpdateInA503StormIsIncomplete() async throws {
        let (out, seeds) = try await Self.crawled()
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let json = out + "-summary.json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let update = try await CLIRunner.run([
            "update", out, "--budget", "3", "--emulator", "--emulator-fault-rate", "1", "--emulator-faults", "503",
            "--retries", "1", "--state-dir", out + "-state", "--summary-json", json, "--quiet",
        ])
        #expect(update.status == 4, "\(update.stdout)\(update.stderr)")
        #expect(update.stderr.contains("incomplete"), "\(update.stderr)")
        let summary = try Self.summary(json)
        #expect(summary["ending"] as? String == "incomplete")
        #expect(!((summary["left"] as? [String]) ?? []).isEmpty, "what failed is named")
    }

    /// A refresh against an API that does not answer, with a one-unit budget: exit 4 naming the
    /// failure, not "the run's --budget is spent" with nothing spent.
    @Test func aRefreshOfAnUnreachableAPIIsIncomplete() async throws {
        let (out, seeds) = try await Self.crawled()
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let refresh = try await CLIRunner.run(
            [
                "refresh", out, "--budget", "1", "--api-base", "http://127.0.0.1:9", "--retries", "1", "--state-dir",
                out + "-state",
            ], environment: ["YOUTUBE_API_KEY": "unreachable-key"])
        #expect(refresh.status == 4, "\(refresh.stdout)\(refresh.stderr)")
        #expect(!refresh.stdout.contains("budget is spent"), "\(refresh.stdout)")
        #expect(refresh.stdout.contains("left for a rerun"), "\(refresh.stdout)")
    }

    /// A rerun of a finished crawl spends nothing: its "by method" is empty, while the manifest
    /// keeps the output's whole spending.
    @Test func byMethodCountsThisRunOnly() async throws {
        let (out, seeds) = try await Self.crawled()
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let json = out + "-summary.json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let again = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", out + "-state",
            "--summary-json", json,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        let summary = try Self.summary(json)
        let byMethod = try #require(summary["unitsByMethod"] as? [String: Int])
        #expect(byMethod.isEmpty, "nothing was asked again: \(byMethod)")
        let manifest = try Self.summary(out + "/manifest.json")
        #expect(((manifest["unitsByMethod"] as? [String: Int]) ?? [:]).values.reduce(0, +) > 0)
    }
}
