import Archive
import Emulator
import Foundation
import StreamingJSON
import Synchronization
import TestSupport
import Testing
import Transport
import YouTubeKit

@testable import Crawler

@Suite("Crawls against the emulator")
struct CrawlTests {
    static let key = APIKey(value: "made-up-crawl-key", label: "YOUTUBE_API_KEY")

    static func emulator(
        faultRate: Double = 0, faults: [FaultKind] = [.http500, .http503, .reset, .truncate, .garbage],
        corpus: CorpusConfiguration = CorpusConfiguration(seed: 21, channels: 12, videosPerChannel: 70),
        configure: (inout EmulatorConfiguration) -> Void = { _ in }
    ) throws -> EmulatorServer {
        var configuration = EmulatorConfiguration(
            corpus: corpus, keys: [key.value], faultRate: faultRate, faults: faults, slowMilliseconds: 100)
        configure(&configuration)
        let server = try EmulatorServer(configuration)
        server.start()
        return server
    }

    static func crawl(
        _ emulator: EmulatorServer, seeds text: String, out: String, budget: Int? = nil, ledger: String,
        model: QuotaModel = .buckets, hydrate: Bool = true, comments: Bool = false, formats: Bool = false,
        utcNow: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) async throws -> CrawlSummary {
        let seeds = try SeedsParser.parse(text, file: "seeds.txt")
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(
                quotaModel: model, requestsPerSecond: 1000, burst: 100, runBudgetUnits: budget, dailyUnits: 1_000_000,
                dailySearches: 1_000_000),
            keys: [key], clock: ContinuousClock(), utcNow: utcNow, ledger: try QuotaLedger(directory: ledger))
        var configuration = CrawlConfiguration(
            seeds: seeds, seedsDigest: String(text.utf8.count) + String(text.prefix(64)), apiBase: emulator.baseURL,
            out: out, concurrency: 8, shardOptions: .init(shardRecords: 200), checkpointEvery: 3,
            checkpointInterval: .zero, quotaModel: model)
        configuration.selection.hydrate = hydrate
        configuration.selection.comments = comments
        configuration.selection.formats = formats
        configuration.checksInvariants = true
        let crawler = Crawler(
            configuration: configuration, transport: try CurlTransport(), limiter: limiter,
            sink: try configuration.openOutput(startedAt: utcNow()))
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
        let expected = Set(emulator.truthVideos().filter { channels.contains($0.channelId ?? "") }.map(\.videoId))
        let report = ArchiveVerifier.verify(directory: out)
        #expect(report.problem == nil, "\(report.problem ?? "")")
        #expect(try ArchiveReader.videoIds(directory: out) == expected)
        #expect(report.videos == expected.count, "each video exactly once")
        #expect(report.channels == 4)
        // Every field as the emulator's videos.list shows it.
        let truth = Dictionary(uniqueKeysWithValues: emulator.truthVideos().map { ($0.videoId, $0) })
        for name in ArchiveReader.shardNames(directory: out, kind: .videos) {
            try ArchiveReader.forEachLine(path: out + "/" + name) { line, number in
                let record = try JSONValue.parse(Array(line))
                guard case .string(let id)? = record["videoId"], let expected = truth[id] else {
                    Issue.record("\(name):\(number) has an unknown video")
                    return
                }
                var writer = JSONWriter()
                // The truth as the default parts show it (no localizations).
                var copy = EmulatorService.truth(
                    expected, shownBy: Set(APIRequest.Parts.videos.split(separator: ",").map(String.init)))
                if case .object(let members) = record {
                    // source and fetchedAt are the crawl's own; everything else must match.
                    copy.source = nil
                    copy.fetchedAt = nil
                    RecordEncoder.encode(copy, into: &writer)
                    let truthRecord = try JSONValue.parse(Array(writer.bytes.dropLast()))
                    guard case .object(let truthMembers) = truthRecord else { return }
                    // `format` is the crawl's label (none without formats=yes), every other column the API's.
                    for (key, value) in truthMembers where !["source", "fetchedAt", "format"].contains(key) {
                        #expect(members.first { $0.key == key }?.value == value, "\(id) \(key)")
                    }
                    #expect(record["format"] == .null, "\(id): not labelled without formats=yes")
                    if case .object(let source)? = record["source"] {
                        #expect(source.first { $0.key == "endpoint" }?.value == .string("playlistItems.list"))
                    }
                }
            }
        }
        // Theoretical best: 1 unit per 50 playlist items + 1 per 50 hydrated videos, + the channel
        // lookups (50 ids per call); hydration batches can end one short per flush of the queue.
        let playlistPages = emulator.truthChannels().filter { channels.contains($0.channelId) }.map {
            (($0.videoCount ?? 0) + 49) / 50
        }
        .reduce(0, +)
        let best = (channels.count + 49) / 50 + playlistPages + (expected.count + 49) / 50
        #expect(summary.units >= best)
        #expect(
            Double(summary.units) <= Double(best) / 0.95 + 1,
            "within 95% of the theoretical best, \(summary.units) vs \(best)")
    }

    /// With hydration (the default) a playlist page need only name its videos: the walk asks for
    /// `part=contentDetails` (a tenth of the bytes, the same unit) and every video still arrives
    /// whole from videos.list; private and deleted entries, which it can no longer tell apart,
    /// are dropped there. Without hydration it asks for the snippet it writes. Every run writes
    /// the same videos.
    @Test func hydratedWalksAskForIdsAloneAndWriteTheSameVideos() async throws {
        let targets = Mutex<[String]>([])
        let emulator = try Self.emulator(corpus: CorpusConfiguration(seed: 5, channels: 40, videosPerChannel: 10)) {
            $0.log = { line in
                let words = line.split(separator: " ", maxSplits: 2)
                if words.count >= 2, words[1].contains("/playlistItems") {
                    targets.withLock { $0.append(String(words[1])) }
                }
            }
        }
        defer { emulator.stop() }
        // A playlist with private or deleted entries, and what it holds that is public.
        let client = LoopbackHTTPClient(port: emulator.port)
        defer { client.close() }
        var playlist: String?
        var publicIds: Set<String> = []
        for candidate in emulator.playlistIds where playlist == nil {
            let response = try client.get(
                "/youtube/v3/playlistItems?part=contentDetails&maxResults=50&playlistId=\(candidate)",
                headers: ["X-Goog-Api-Key": Self.key.value])
            let page = try JSONValue.parse(response.body)
            guard case .array(let items)? = page["items"], page["nextPageToken"] == nil else { continue }
            let published = items.filter { $0["contentDetails"]?["videoPublishedAt"] != nil }
            if published.count < items.count, !published.isEmpty {
                playlist = candidate
                for item in published {
                    if case .string(let id)? = item["contentDetails"]?["videoId"] { publicIds.insert(id) }
                }
            }
        }
        let withPlaceholders = try #require(playlist, "the corpus has a one-page playlist with placeholders")
        let channel = emulator.channelIds[3]
        let expected = publicIds.union(emulator.truthVideos().filter { $0.channelId == channel }.map(\.videoId))
        let uploads = "UU" + channel.dropFirst(2)
        let full = "snippet,contentDetails"
        // Hydrated, not hydrated, and hydrated with the playlist's comments: a seed that wants
        // comments keeps the snippet, whose titles tell placeholders apart before a commentThreads
        // call is spent on one (which would be a warning and a unit each).
        // (`--comments` keeps it for every seed.) A playlist that is not an uploads list keeps it
        // always: its entries' positions and dates are its `memberships` lines.
        let runs: [(hydrate: Bool, comments: Bool, everyVideo: Bool, uploadsPart: String, playlistPart: String)] = [
            (true, false, false, "contentDetails", full), (false, false, false, full, full),
            (true, true, false, "contentDetails", full), (true, false, true, full, full),
        ]
        for run in runs {
            let out = Self.temporary("parts")
            let ledger = Self.temporary("ledger")
            defer {
                try? FileManager.default.removeItem(atPath: out)
                try? FileManager.default.removeItem(atPath: ledger)
            }
            targets.withLock { $0.removeAll() }
            let seeds = "channel \(channel)\nplaylist \(withPlaceholders)" + (run.comments ? " comments=yes\n" : "\n")
            let summary = try await Self.crawl(
                emulator, seeds: seeds, out: out, ledger: ledger, hydrate: run.hydrate, comments: run.everyVideo)
            #expect(summary.ending == .completed)
            #expect(summary.warnings.isEmpty, "\(summary.warnings)")
            var parts: [String: Set<String>] = [:]
            for target in targets.withLock({ $0 }) {
                let query = URLComponents(string: target)?.queryItems ?? []
                if let playlist = query.first(where: { $0.name == "playlistId" })?.value,
                    let part = query.first(where: { $0.name == "part" })?.value
                {
                    parts[playlist, default: []].insert(part)
                }
            }
            #expect(parts == [uploads: [run.uploadsPart], withPlaceholders: [run.playlistPart]], "\(run)")
            #expect(ArchiveVerifier.verify(directory: out).problem == nil)
            #expect(try ArchiveReader.videoIds(directory: out) == expected, "\(run)")
            for name in ArchiveReader.shardNames(directory: out, kind: .videos) {
                try ArchiveReader.forEachLine(path: out + "/" + name) { line, _ in
                    let record = try JSONValue.parse(Array(line))
                    #expect(record["title"].map { $0 != .null } == true, "every video has its title")
                }
            }
        }
    }

    @Test func tenPercentFaultsOfEveryKindFindTheSameVideos() async throws {
        let clean = try Self.emulator()
        let faulty = try Self.emulator(faultRate: 0.10, faults: FaultKind.allCases)
        defer {
            clean.stop()
            faulty.stop()
        }
        let seeds =
            clean.channelIds.prefix(6).map { "channel \($0)" }.joined(separator: "\n") + "\nsearch music maxPages=2\n"
        var found: [Set<String>] = []
        for emulator in [clean, faulty] {
            let out = Self.temporary("crawl-faults")
            let ledger = Self.temporary("ledger")
            defer {
                try? FileManager.default.removeItem(atPath: out)
                try? FileManager.default.removeItem(atPath: ledger)
            }
            let summary = try await Self.crawl(emulator, seeds: seeds, out: out, ledger: ledger)
            #expect(summary.ending == .completed)
            #expect(ArchiveVerifier.verify(directory: out).problem == nil)
            found.append(try ArchiveReader.videoIds(directory: out))
            if emulator === faulty { #expect(summary.retries > 0) }
        }
        #expect(found[0] == found[1])
    }

    @Test func channelSeedsInTheClassicModelYieldTwentyVideosPerUnit() async throws {
        let emulator = try Self.emulator(corpus: CorpusConfiguration(seed: 4, channels: 20, videosPerChannel: 200)) {
            $0.quotaModel = .classic
        }
        defer { emulator.stop() }
        let out = Self.temporary("crawl-classic")
        let ledger = Self.temporary("ledger")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: ledger)
        }
        let seeds = emulator.channelIds.map { "channel \($0)" }.joined(separator: "\n")
        let summary = try await Self.crawl(
            emulator, seeds: seeds, out: out, budget: 10_000, ledger: ledger, model: .classic)
        #expect(summary.ending == .completed)
        let perUnit = Double(summary.videosWritten) / Double(summary.units)
        #expect(perUnit >= 20, "\(summary.videosWritten) videos for \(summary.units) units")
    }

    @Test func quotaExceededStopsThenARunAfterPacificMidnightFinishes() async throws {
        let clock = ManualClock(epochSeconds: RFC3339.parseSeconds("2026-11-01T20:00:00Z")!)
        let emulator = try Self.emulator {
            $0.dailyUnits = 40
            $0.clock = { clock.utcSeconds }
        }
        defer { emulator.stop() }
        let out = Self.temporary("crawl-quota")
        let ledger = Self.temporary("ledger")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: ledger)
        }
        let seeds = emulator.channelIds.map { "channel \($0)" }.joined(separator: "\n")
        let first = try await Self.crawl(emulator, seeds: seeds, out: out, ledger: ledger) { clock.utcSeconds }
        guard first.ending.cause == .quotaSpent else {
            Issue.record("expected quotaExceeded to stop the crawl, got \(first.ending)")
            return
        }
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
        // The 25-hour day ends at 08:00 UTC.
        clock.advance(toUTC: RFC3339.parseSeconds("2026-11-02T08:00:00Z")!)
        let second = try await Self.crawl(emulator, seeds: seeds, out: out, ledger: ledger) { clock.utcSeconds }
        #expect(second.ending == .completed)
        #expect(ArchiveVerifier.verify(directory: out).problem == nil)
        #expect(try ArchiveReader.videoIds(directory: out) == Set(emulator.truthVideos().map(\.videoId)))
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
        guard first.ending.cause == .budgetSpent else {
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
        let uploads = Set(emulator.truthVideos().filter { channels.contains($0.channelId ?? "") }.map(\.videoId))
        let found = try ArchiveReader.videoIds(directory: out)
        #expect(uploads.isSubset(of: found), "every upload of the seeded channels, despite faults and restarts")
        #expect(report.videos == found.count, "no video twice across runs")
    }
}
