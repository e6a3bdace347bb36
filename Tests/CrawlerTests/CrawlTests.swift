import Archive
import Emulator
import Foundation
import Testing
import Transport
import YouTubeKit

@testable import Crawler

@Suite("Crawls against the emulator")
struct CrawlTests {
    static let key = APIKey(value: "made-up-crawl-key", label: "YOUTUBE_API_KEY")

    static func emulator(faultRate: Double = 0) throws -> EmulatorServer {
        let server = try EmulatorServer(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 21, channels: 12, videosPerChannel: 70), keys: [key.value],
                faultRate: faultRate, faults: [.http500, .http503, .reset, .truncate, .garbage]))
        server.start()
        return server
    }

    static func crawl(
        _ emulator: EmulatorServer, seeds text: String, out: String, budget: Int? = nil, ledger: String
    ) async throws -> CrawlSummary {
        let seeds = try SeedsParser.parse(text, file: "seeds.txt")
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(requestsPerSecond: 1000, burst: 100, runBudgetUnits: budget),
            keys: [key],
            clock: ContinuousClock(), utcNow: { Int64(Date().timeIntervalSince1970) },
            ledger: try QuotaLedger(directory: ledger))
        let crawler = try Crawler(
            configuration: CrawlConfiguration(
                seeds: seeds, seedsDigest: String(text.hashValue), apiBase: emulator.baseURL, out: out, concurrency: 8,
                shardOptions: .init(shardRecords: 200), checkpointEvery: 3),
            transport: try CurlTransport(), limiter: limiter)
        return try await crawler.run()
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())").path
    }

    @Test func channelWalksFindExactlyTheirUploadsOnceEach() async throws {
        let emulator = try Self.emulator()
        defer { emulator.stop() }
        let out = Self.temporary("crawl")
        let ledger = Self.temporary("ledger")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: ledger)
        }
        let channels = Array(emulator.channelIds.prefix(4))
        let seeds = channels.map { "channel \($0)" }.joined(separator: "\n") + "\nchannel \(channels[0])\n"
        let summary = try await Self.crawl(emulator, seeds: seeds, out: out, ledger: ledger)
        #expect(summary.ending == .completed)
        let expected = Set(emulator.truthVideos().filter { channels.contains($0.channelId) }.map(\.videoId))
        let report = ArchiveVerifier.verify(directory: out)
        #expect(report.problem == nil, "\(report.problem ?? "")")
        #expect(try ArchiveReader.videoIds(directory: out) == expected)
        #expect(report.videos == expected.count, "each video exactly once")
        #expect(report.channels == 4)
        // Theoretical best: 1 unit per 50 playlist items + 1 per 50 hydrated videos, + 4 channel lookups;
        // hydration batches can end one short per flush of the queue.
        let playlistPages = emulator.truthChannels().filter { channels.contains($0.channelId) }.map {
            (($0.videoCount ?? 0) + 49) / 50
        }
        .reduce(0, +)
        let best = 4 + playlistPages + (expected.count + 49) / 50
        #expect(summary.units >= best)
        #expect(
            Double(summary.units) <= Double(best) / 0.95 + 1,
            "within 95% of the theoretical best, \(summary.units) vs \(best)")
    }

    @Test func aRunStoppedByItsBudgetIsContinuedByTheNext() async throws {
        let emulator = try Self.emulator(faultRate: 0.05)
        defer { emulator.stop() }
        let out = Self.temporary("crawl-resume")
        let ledger = Self.temporary("ledger")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: ledger)
        }
        let channels = Array(emulator.channelIds.suffix(5))
        let seeds = channels.map { "channel \($0)" }.joined(separator: "\n") + "\nsearch music type=video maxPages=1\n"
        let first = try await Self.crawl(emulator, seeds: seeds, out: out, budget: 9, ledger: ledger)
        guard case .budgetSpent = first.ending else {
            Issue.record("expected the budget to stop the first run, got \(first.ending)")
            return
        }
        var summary = first
        for _ in 0..<10 where summary.ending != .completed {
            summary = try await Self.crawl(emulator, seeds: seeds, out: out, budget: 9, ledger: ledger)
        }
        #expect(summary.ending == .completed)
        let report = ArchiveVerifier.verify(directory: out)
        #expect(report.problem == nil, "\(report.problem ?? "")")
        let uploads = Set(emulator.truthVideos().filter { channels.contains($0.channelId) }.map(\.videoId))
        let found = try ArchiveReader.videoIds(directory: out)
        #expect(uploads.isSubset(of: found), "every upload of the seeded channels, despite faults and restarts")
        #expect(report.videos == found.count, "no video twice across runs")
    }
}
