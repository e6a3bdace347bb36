import Archive
import Digest
import Emulator
import Foundation
import StreamingJSON
import Synchronization
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
            searchBudget: Int? = nil,
            sink: (any RecordSink)? = nil, log: @escaping @Sendable (String) -> Void = { _ in },
            configure: (inout CrawlConfiguration) -> Void = { _ in }
        ) async throws -> CrawlSummary {
            let clock = self.clock
            let limiter = try RateLimiter(
                configuration: RateLimiterConfiguration(
                    requestsPerSecond: 200, burst: 20, runBudgetUnits: budget, runBudgetSearches: searchBudget,
                    dailyUnits: 1_000_000,
                    dailySearches: 1_000_000),
                keys: [EngineCrawlTests.key], clock: clock, utcNow: { clock.utcSeconds },
                ledger: try QuotaLedger(directory: ledger))
            var configuration = CrawlConfiguration(
                seeds: try SeedsParser.parse(text, file: "seeds.txt"),
                seedsDigest: SHA256.hex(SHA256.hash(Array(text.utf8))),
                apiBase: "http://127.0.0.1:9",
                out: out, concurrency: 8, shardOptions: .init(shardRecords: 150), checkpointEvery: 3,
                checkpointInterval: .zero)
            configuration.backoff = Backoff(base: .milliseconds(200), cap: .seconds(20), maxRetries: maxRetries)
            configuration.checksInvariants = true
            configure(&configuration)
            let crawler = Crawler(
                configuration: configuration, transport: transport, limiter: limiter,
                sink: try sink ?? configuration.openOutput(startedAt: clock.utcSeconds), log: log)
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

    @Test(arguments: [TransportError.Kind.dnsFailure, .tls, .insecureKey])
    func configurationErrorsStopAtOnce(_ kind: TransportError.Kind) async throws {
        let run = Run()
        defer { run.remove() }
        let broken = InProcessTransport { _ in .failure(kind) }
        let summary = try await run.crawl(broken, seeds: Self.seeds(Self.service()))
        #expect(summary.ending.cause == .configuration)
        #expect(summary.ending.exitCode == 1)
        #expect(summary.retries == 0, "no retry can fix it")
        #expect(broken.requestCount <= 8, "one attempt for each item in flight")
        #expect(try run.ledgerUnits() == 0)
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

    /// A videos.list page whose `items` is a string is not a page without videos: it is retried,
    /// then counted as failed (exit 4), and a rerun against a sane server writes every video.
    @Test func aWronglyTypedPageIsRetriedThenCountedNotReadAsEmpty() async throws {
        let seeds = Self.seeds(Self.service())
        let expected = try await Self.reference(seeds)
        let run = Run()
        defer { run.remove() }
        let service = Self.service()
        let garbling = InProcessTransport { request in
            guard request.url.contains("/videos?") else { return InProcessTransport.answer(service, request) }
            return .reply(
                status: 200, headers: [:], body: Array(#"{"kind":"youtube#videoListResponse","items":"x"}"#.utf8))
        }
        let first = try await run.crawl(garbling, seeds: seeds, maxRetries: 1)
        #expect(first.ending.cause == .incomplete, "\(first.ending)")
        #expect(first.retries > 0)
        #expect(first.videosWritten == 0)
        #expect(first.left.contains { $0.contains("\"items\" is a string") }, "\(first.left)")
        let second = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        #expect(second.ending == .completed)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count)
    }

    /// The emulator in process, counting search.list requests.
    static func countingSearches(_ service: EmulatorService) -> (InProcessTransport, Count) {
        let searches = Count()
        let transport = InProcessTransport { request in
            if request.url.contains("/search?") { searches.value.add(1, ordering: .relaxed) }
            return InProcessTransport.answer(service, request)
        }
        return (transport, searches)
    }

    /// Comments, blank lines, spacing and order are not a change: the rerun continues the
    /// checkpoint, fetches no search page twice and writes nothing twice.
    @Test func seedsEditedInFormOnlyContinueTheCheckpoint() async throws {
        let seeds = Self.seeds(Self.service())
        let (referenceTransport, referenceSearches) = Self.countingSearches(Self.service())
        let reference = Run()
        defer { reference.remove() }
        _ = try await reference.crawl(referenceTransport, seeds: seeds)
        let expected = try ArchiveReader.videoIds(directory: reference.out)

        let run = Run()
        defer { run.remove() }
        let (transport, searches) = Self.countingSearches(Self.service())
        let first = try await run.crawl(transport, seeds: seeds, budget: 12)
        #expect(first.ending.cause == .budgetSpent)
        let edited =
            "# the same seeds, reordered and annotated\n\n"
            + seeds.split(separator: "\n").reversed().map { "   \($0)   # why" }.joined(separator: "\n\n") + "\n"
        let said = Mutex<[String]>([])
        let second = try await run.crawl(
            transport, seeds: edited, log: { line in said.withLock { $0.append(line) } })
        #expect(second.ending == .completed)
        #expect(
            said.withLock { $0 }.allSatisfy { !$0.contains("seeds changed") && !$0.contains("starting from the seeds") }
        )
        #expect(
            searches.value.load(ordering: .relaxed) == referenceSearches.value.load(ordering: .relaxed),
            "no search page twice")
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count, "each exactly once")
    }

    /// Seeds removed and added between runs: kept seeds continue, added ones start, removed ones'
    /// pending work is dropped, and the run says so; nothing is written twice. A finished crawl
    /// rerun with one more seed fetches only that seed's videos.
    @Test func seedsAddedAndRemovedBetweenRuns() async throws {
        let service = Self.service()
        let channels = service.channelIds
        let original =
            channels.prefix(4).map { "channel \($0)" }.joined(separator: "\n") + "\nsearch music maxPages=2\n"
        let changed =
            channels.dropFirst().prefix(3).map { "channel \($0)" }.joined(separator: "\n")
            + "\nsearch music maxPages=2\nchannel \(channels[5])\n"
        let run = Run()
        defer { run.remove() }
        let first = try await run.crawl(InProcessTransport(emulator: service), seeds: original, budget: 12)
        #expect(first.ending.cause == .budgetSpent)
        let said = Mutex<[String]>([])
        let second = try await run.crawl(
            InProcessTransport(emulator: service), seeds: changed, log: { line in said.withLock { $0.append(line) } })
        #expect(second.ending == .completed)
        let report = said.withLock { $0 }.first { $0.contains("seeds changed") } ?? ""
        #expect(report.contains("4 kept") && report.contains("1 added") && report.contains("1 removed"), "\(report)")
        #expect(report.contains("channel \(channels[0])"))
        let ids = try ArchiveReader.videoIds(directory: run.out)
        let wanted = try await Self.reference(changed)
        #expect(wanted.isSubset(of: ids), "every video of the new seeds")
        #expect(ids.isSubset(of: wanted.union(try await Self.reference(original))))
        #expect(ArchiveVerifier.verify(directory: run.out).videos == ids.count, "each exactly once")

        // Finished: the same seeds again fetch nothing; one more seed fetches only its videos.
        let unchanged = InProcessTransport(emulator: service)
        let third = try await run.crawl(unchanged, seeds: changed)
        #expect(third.ending == .completed)
        #expect(unchanged.requestCount == 0)
        #expect(third.videosThisRun == 0 && third.videosWritten == ids.count && third.videosPerThousandUnits == 0)
        let added = changed + "channel \(channels[6])\n"
        let fourth = try await run.crawl(InProcessTransport(emulator: service), seeds: added)
        #expect(fourth.ending == .completed)
        #expect(fourth.videosBefore == ids.count && fourth.videosThisRun > 0)
        let all = try ArchiveReader.videoIds(directory: run.out)
        #expect(try await Self.reference("channel \(channels[6])\n").isSubset(of: all))
        #expect(
            (fourth.unitsByMethod["search.list"] ?? 0) == (third.unitsByMethod["search.list"] ?? 0), "no search again")
        #expect(ArchiveVerifier.verify(directory: run.out).videos == all.count, "each exactly once")
    }

    /// `maxPages` is the search's own: the channels it walks go to their end, unless the seed says
    /// `walkPages=N`.
    @Test func maxPagesLimitsTheSearchAndWalkPagesTheWalkedChannels() async throws {
        let service = Self.service()
        let truth = service.truthVideos()
        let run = Run()
        defer { run.remove() }
        let summary = try await run.crawl(
            InProcessTransport(emulator: service), seeds: "search music walk=channels maxPages=1\n")
        #expect(summary.ending == .completed)
        #expect(summary.unitsByMethod["search.list"] == 1)
        let found = try ArchiveReader.videoIds(directory: run.out)
        let walked = Set(try ArchiveReader.channelIds(directory: run.out))
        #expect(!walked.isEmpty)
        for channel in walked {
            let uploads = truth.filter { $0.channelId == channel }.map(\.videoId)
            #expect(uploads.count > 50, "a channel of more than one page")
            #expect(Set(uploads).isSubset(of: found), "\(channel) walked to its end")
        }

        let capped = Run()
        defer { capped.remove() }
        _ = try await capped.crawl(
            InProcessTransport(emulator: service), seeds: "search music walk=channels maxPages=1 walkPages=1\n")
        let uploadsPages = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: capped.out + "/manifest.json"))) as? [String: Any])
        let units = uploadsPages["unitsByMethod"] as? [String: Int]
        #expect(units?["playlistItems.list"] == walked.count, "one page per walked channel")
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
        try await rerunToTheEnd(run, seeds: seeds, expected: expected)
    }

    /// Reruns: the crawl completes with exactly `expected`, each once.
    static func rerunToTheEnd(_ run: Run, seeds: String, expected: Set<String>) async throws {
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

    /// Cleaning up files after a stop: a shard the checkpoint counts (the stopped run closed
    /// them all) is deleted. Resume and verify both say what was lost and how to get it back;
    /// doing so gets it back.
    @Test func aDeletedShardOfAStoppedRunIsReportedAndCanBeFetchedAgain() async throws {
        let run = Run()
        defer { run.remove() }
        let (seeds, expected) = try await Self.stoppedByBudget(run)
        let checkpoint = try #require(try Checkpoint.load(directory: run.out))
        #expect(checkpoint.openShards.isEmpty, "a stopped run closes its shards")
        let open = try #require(checkpoint.closedShards["videos"]?.last { $0.records > 0 })
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

    /// A closed shard damaged on disk (same size, bytes changed) or cut in half (a copy that
    /// stopped): the resumed run stops naming it and a fix, and the fix followed to the letter —
    /// the shard and the checkpoint moved out, the same command again — gets its videos back,
    /// each once. (The cut shard's fix named the checkpoint alone, and the rerun then stopped at
    /// "ends inside a gzip member".)
    @Test(arguments: [false, true])
    func aBrokenClosedShardIsNamedWithAFixThatWorks(cutInHalf: Bool) async throws {
        let run = Run()
        defer { run.remove() }
        let (seeds, expected) = try await Self.stoppedByBudget(run)
        let checkpoint = try #require(try Checkpoint.load(directory: run.out))
        let closed = try #require(checkpoint.closedShards[RecordKind.videos.rawValue]?.first)
        let path = run.out + "/" + closed.name
        var bytes = try #require(FileManager.default.contents(atPath: path))
        if cutInHalf {
            bytes = bytes.prefix(bytes.count / 2)
        } else {
            for index in stride(from: bytes.count / 3, to: bytes.count / 3 + 64, by: 1) { bytes[index] ^= 0x5A }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let fix = cutInHalf ? Checkpoint.lostShardsFix : ArchiveReader.unreadableShardFix
        let problem = ArchiveVerifier.verify(directory: run.out).problem ?? ""
        #expect(problem.contains(closed.name) && problem.contains(fix), "\(problem)")
        let files = try FileManager.default.contentsOfDirectory(atPath: run.out).sorted()
        for _ in 0..<2 {
            await #expect {
                _ = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
            } throws: { error in
                "\(error)".contains(closed.name) && "\(error)".contains(fix)
            }
        }
        // A refused run leaves the directory as it found it: no empty `.part` shard per kind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.out).sorted() == files)
        try FileManager.default.moveItem(atPath: path, toPath: run.out + "-broken.gz")
        defer { try? FileManager.default.removeItem(atPath: run.out + "-broken.gz") }
        try await Self.rerunWithoutCheckpoint(run, seeds: seeds, expected: expected)
    }

    /// The quota ledger cannot be written (its file is a directory here; a full --state-dir does
    /// the same): the crawl stops sending, writes what it fetched and a checkpoint, and ends
    /// writeFailed naming the ledger. It used to end "interrupted" (exit 130). Quota is claimed in
    /// the ledger before it is spent, so nothing is sent uncounted: here not even the first
    /// request. Once fixed, a rerun ends with every video once.
    @Test func aLedgerThatCannotBeWrittenStopsTheCrawlAndLosesNothing() async throws {
        let run = Run()
        defer { run.remove() }
        let seeds = Self.seeds(Self.service(), channels: 8)
        let expected = try await Self.reference(seeds)
        let blocked = run.ledger + "/quota-ledger.json"
        try FileManager.default.createDirectory(atPath: blocked + "/in-the-way", withIntermediateDirectories: true)
        let first = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: seeds)
        #expect(first.ending.cause == .writeFailed, "after \(first.requests) requests")
        #expect(first.ending.exitCode == 1)
        #expect(first.ending.detail.contains("cannot record the quota spent in the ledger"), "\(first.ending)")
        #expect(first.ending.detail.contains("quota-ledger.json"), "\(first.ending)")
        #expect(try Checkpoint.load(directory: run.out) != nil, "what it fetched is checkpointed")
        #expect(first.requests == 0, "no request sent without its quota claimed")
        #expect(try ArchiveReader.videoIds(directory: run.out).isEmpty)
        try FileManager.default.removeItem(atPath: blocked)
        try await Self.rerunToTheEnd(run, seeds: seeds, expected: expected)
        #expect(try run.ledgerUnits() > 0, "the rerun's spending is recorded")
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

final class Count: Sendable {
    let value = Atomic<Int>(0)
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

    func checkpoint(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        lock.withLock { if failed { after += 1 } }
    }

    func finish(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        lock.withLock { if failed { after += 1 } }
    }
}
