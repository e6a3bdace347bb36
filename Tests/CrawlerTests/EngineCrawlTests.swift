import Archive
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import TransportCore
import YouTubeKit

@testable import Crawler

/// Whole crawls through the actor, against the emulator's handler in process (no sockets) or a
/// scripted server, on a clock that jumps to every deadline (no real sleeping).
@Suite("Crawls in process, on virtual time")
struct EngineCrawlTests {
    static let key = APIKey(value: "made-up-engine-key", label: "YOUTUBE_API_KEY")

    static func service(faultRate: Double = 0, faults: [FaultKind] = FaultKind.allCases) -> EmulatorService {
        EmulatorService(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 21, channels: 8, videosPerChannel: 120), keys: [key.value],
                faultRate: faultRate, faults: faults))
    }

    struct Run {
        var out = CrawlTests.temporary("engine-crawl")
        var ledger = CrawlTests.temporary("engine-ledger")
        var clock = ManualClock(advancesBySleeping: true)

        func remove() {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: ledger)
        }

        func crawl(
            _ transport: any HTTPTransport, seeds text: String, maxRetries: Int = 6, budget: Int? = nil,
            sink: (any RecordSink)? = nil
        ) async throws -> CrawlSummary {
            let clock = self.clock
            let limiter = try RateLimiter(
                configuration: RateLimiterConfiguration(
                    requestsPerSecond: 200, burst: 20, runBudgetUnits: budget, dailyUnits: 1_000_000,
                    dailySearches: 1_000_000),
                keys: [EngineCrawlTests.key], clock: clock, utcNow: { clock.utcSeconds },
                ledger: try QuotaLedger(directory: ledger))
            var configuration = CrawlConfiguration(
                seeds: try SeedsParser.parse(text, file: "seeds.txt"), seedsDigest: "digest",
                apiBase: "http://127.0.0.1:9",
                out: out, concurrency: 8, shardOptions: .init(shardRecords: 150), checkpointEvery: 3,
                checkpointInterval: .zero)
            configuration.backoff = Backoff(base: .milliseconds(200), cap: .seconds(20), maxRetries: maxRetries)
            let crawler = try Crawler(configuration: configuration, transport: transport, limiter: limiter, sink: sink)
            return try await crawler.run()
        }

        /// Units the ledger holds for the key today.
        func ledgerUnits() throws -> Int {
            let ledger = try QuotaLedger(directory: ledger)
            return try ledger.usage(
                fingerprint: ledger.fingerprint(EngineCrawlTests.key), day: PacificTime.day(atUTC: clock.utcSeconds)
            ).units
        }
    }

    static func seeds(_ service: EmulatorService, channels: Int = 4) -> String {
        service.channelIds.prefix(channels).map { "channel \($0)" }.joined(separator: "\n")
            + "\nsearch music maxPages=2\n"
    }

    /// The videos an uninterrupted crawl of `seeds` finds without faults.
    static func reference(_ seeds: String) async throws -> Set<String> {
        let run = Run()
        defer { run.remove() }
        let summary = try await run.crawl(InProcessTransport(emulator: service()), seeds: seeds)
        #expect(summary.ending == .completed)
        return try ArchiveReader.videoIds(directory: run.out)
    }

    @Test func tenPercentFaultsOnVirtualTimeFindWhatACleanCrawlFinds() async throws {
        let seeds = Self.seeds(Self.service(), channels: 8)
        let expected = try await Self.reference(seeds)
        let run = Run()
        defer { run.remove() }
        let transport = InProcessTransport(emulator: Self.service(faultRate: 0.10))
        let summary = try await run.crawl(transport, seeds: seeds, maxRetries: 12)
        #expect(summary.ending == .completed)
        #expect(summary.retries > 0, "faults were met and retried")
        #expect(run.clock.now.offset > .zero, "backoff waited on the crawl's clock")
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        let report = ArchiveVerifier.verify(directory: run.out)
        #expect(report.problem == nil && report.videos == expected.count)
    }

    @Test func anUnreachableAPIIsNotDoneAndCostsNothing() async throws {
        let seeds = Self.seeds(Self.service())
        let expected = try await Self.reference(seeds)
        let run = Run()
        defer { run.remove() }
        let unreachable = InProcessTransport { _ in .failure(.connectionRefused) }
        let first = try await run.crawl(unreachable, seeds: seeds, maxRetries: 2)
        #expect(first.ending.cause == .incomplete)
        #expect(first.ending.exitCode == 4)
        #expect(!first.left.isEmpty)
        #expect(first.units == 0 && first.requests == 0, "a request that never reached the server is not charged")
        #expect(try run.ledgerUnits() == 0)
        let checkpoint = try #require(try Checkpoint.load(directory: run.out))
        #expect(!checkpoint.finished)
        // The rerun against a healthy API ends with exactly the videos of an uninterrupted run.
        let second = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        #expect(second.ending == .completed)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count)
    }

    @Test func sixtyPercent503sWithFewRetriesLoseNothing() async throws {
        let seeds = Self.seeds(Self.service())
        let expected = try await Self.reference(seeds)
        let run = Run()
        defer { run.remove() }
        let flaky = InProcessTransport(emulator: Self.service(faultRate: 0.6, faults: [.http503]))
        var summary = try await run.crawl(flaky, seeds: seeds, maxRetries: 1)
        #expect(summary.ending.cause == .incomplete, "\(summary.ending)")
        #expect(try ArchiveReader.videoIds(directory: run.out).isSubset(of: expected))
        summary = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        #expect(summary.ending == .completed)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count, "each exactly once")
    }

    @Test(arguments: [TransportError.Kind.dnsFailure, .tls, .insecureKey, .bodyTooLarge])
    func configurationErrorsStopAtOnce(_ kind: TransportError.Kind) async throws {
        let run = Run()
        defer { run.remove() }
        let broken = InProcessTransport { _ in .failure(kind) }
        let summary = try await run.crawl(broken, seeds: Self.seeds(Self.service()))
        #expect(summary.ending.cause == .configuration)
        #expect(summary.ending.exitCode == 1)
        #expect(summary.retries == 0, "no retry can fix it")
        #expect(broken.requestCount <= 8, "one attempt for each item in flight")
        if kind != .bodyTooLarge { #expect(try run.ledgerUnits() == 0) }
    }

    @Test func aRedirectIsAConfigurationError() async throws {
        let run = Run()
        defer { run.remove() }
        let moved = InProcessTransport { _ in
            .reply(status: 302, headers: ["location": "https://elsewhere.example/youtube/v3/search?q=secret"], body: [])
        }
        let summary = try await run.crawl(moved, seeds: Self.seeds(Self.service()))
        #expect(summary.ending.cause == .configuration)
        #expect(summary.ending.detail.contains("elsewhere.example"))
        #expect(!summary.ending.detail.contains("secret"), "where it points, never its query")
        #expect(summary.retries == 0)
    }

    @Test func refusedKeysAndRefusedRequestsStopWithExitCode3() async throws {
        for (reason, cause) in [("keyInvalid", CrawlEnding.Cause.keyRefused), ("accessNotConfigured", .apiRefused)] {
            let run = Run()
            defer { run.remove() }
            let body = Array(
                #"{"error":{"code":403,"message":"no","errors":[{"domain":"usageLimits","reason":"\#(reason)","message":"no"}]}}"#
                    .utf8)
            let refusing = InProcessTransport { _ in .reply(status: 403, headers: [:], body: body) }
            let summary = try await run.crawl(refusing, seeds: Self.seeds(Self.service()))
            #expect(summary.ending.cause == cause, "\(reason)")
            #expect(summary.ending.exitCode == 3)
        }
    }

    @Test func aServerRepeatingItsPageTokenCostsAFewCalls() async throws {
        let run = Run()
        defer { run.remove() }
        let service = Self.service()
        let looping = InProcessTransport { request in
            // Every page token gets the first page again.
            var first = request
            first.url = request.url.replacing(/&pageToken=[^&]*/, with: "")
            let emulated = InProcessTransport.answer(service, first)
            guard request.url.contains("/search?"), case .reply(let status, let headers, let body) = emulated else {
                return emulated
            }
            // The same page, and the same token, forever.
            let text = String(decoding: body, as: UTF8.self).replacing(/"nextPageToken": "[^"]*",/, with: "")
            return .reply(
                status: status, headers: headers,
                body: Array(("{\"nextPageToken\": \"again\"," + text.dropFirst()).utf8))
        }
        let summary = try await run.crawl(looping, seeds: "search music\n")
        #expect(summary.ending == .completed)
        #expect((summary.unitsByMethod["search.list"] ?? 0) <= 3)
        #expect(summary.warnings.contains { $0.contains("same nextPageToken") })
    }

    /// A crawl stopped by a 12-unit budget, and what an uninterrupted crawl of its seeds finds.
    static func stoppedByBudget(_ run: Run) async throws -> (seeds: String, expected: Set<String>) {
        let seeds = Self.seeds(Self.service())
        let expected = try await Self.reference(seeds)
        let first = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds, budget: 12)
        #expect(first.ending.cause == .budgetSpent)
        return (seeds, expected)
    }

    /// Moves the checkpoint away and reruns: exactly `expected`, each once.
    static func rerunWithoutCheckpoint(_ run: Run, seeds: String, expected: Set<String>) async throws {
        try FileManager.default.removeItem(atPath: run.out + "/checkpoint.json")
        let again = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        #expect(again.ending == .completed)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        let report = ArchiveVerifier.verify(directory: run.out)
        #expect(report.problem == nil, "\(report.problem ?? "")")
        #expect(report.videos == expected.count, "each exactly once")
    }

    /// A run killed before its first checkpoint, or a checkpoint moved away: the next run starts
    /// from the seeds and writes nothing the shards already hold.
    @Test func withoutACheckpointNothingIsWrittenTwice() async throws {
        let run = Run()
        defer { run.remove() }
        let (seeds, expected) = try await Self.stoppedByBudget(run)
        try await Self.rerunWithoutCheckpoint(run, seeds: seeds, expected: expected)
    }

    /// Cleaning up temporary files after a stop: the open shard the checkpoint counts is deleted.
    /// Resume and verify both say what was lost and how to get it back; doing so gets it back.
    @Test func aDeletedOpenShardIsReportedAndCanBeFetchedAgain() async throws {
        let run = Run()
        defer { run.remove() }
        let (seeds, expected) = try await Self.stoppedByBudget(run)
        let checkpoint = try #require(try Checkpoint.load(directory: run.out))
        let open = try #require(checkpoint.openShards.first { $0.records > 0 })
        try FileManager.default.removeItem(atPath: run.out + "/" + open.name)
        let report = ArchiveVerifier.verify(directory: run.out)
        #expect(report.problem?.contains("\(open.name) is missing") == true, "\(report.problem ?? "")")
        #expect(report.problem?.contains("the \(open.records) records") == true)
        await #expect(throws: (any Error).self) {
            _ = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        }
        // The advice works: without the checkpoint the run fetches what is missing, once.
        try await Self.rerunWithoutCheckpoint(run, seeds: seeds, expected: expected)
    }

    @Test func aFailedChannelWriteEndsTheCrawlAsAFailedVideoWriteDoes() async throws {
        let run = Run()
        defer { run.remove() }
        let sink = RefusingSink(refuse: { if case .channel = $0 { true } else { false } })
        let summary = try await run.crawl(
            InProcessTransport(emulator: Self.service()), seeds: Self.seeds(Self.service()), sink: sink)
        #expect(summary.ending.cause == .writeFailed)
        #expect(summary.ending.exitCode == 1)
        #expect(summary.ending.detail.contains("cannot write to"))
        #expect(sink.callsAfterFailure == 0, "no checkpoint over the last good one")
    }
}

struct DiskFull: Error, CustomStringConvertible {
    var description: String { "no space left on device" }
}

/// A sink that fails on the first record `refuse` picks, and counts what it was asked after.
final class RefusingSink: RecordSink, @unchecked Sendable {
    private let lock = NSLock()
    private let refuse: @Sendable (DecodedRecord) -> Bool
    private var failed = false
    private var after = 0

    init(refuse: @escaping @Sendable (DecodedRecord) -> Bool) { self.refuse = refuse }

    var callsAfterFailure: Int { lock.withLock { after } }

    func resumePoint() async throws -> ResumePoint? { nil }

    func append(_ records: [DecodedRecord]) async throws {
        try lock.withLock {
            if failed { after += 1 }
            if records.contains(where: refuse) {
                failed = true
                throw DiskFull()
            }
        }
    }

    func checkpoint(frontierJSON: [UInt8], unitsByMethod: [String: Int]) async throws {
        lock.withLock { if failed { after += 1 } }
    }

    func finish(unitsByMethod: [String: Int]) async throws {
        lock.withLock { if failed { after += 1 } }
    }
}
