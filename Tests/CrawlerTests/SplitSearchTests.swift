import Archive
import Emulator
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Crawler
@testable import YouTubeKit

/// `split=time`: past search's ~500-result cap by date windows, on virtual time in process.
@Suite("Split searches")
struct SplitSearchTests {
    static let key = EngineCrawlTests.key

    /// About 12,000 videos, published unevenly (channels start and upload at their own pace).
    static func service() -> EmulatorService {
        EmulatorService(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 31, channels: 60, videosPerChannel: 200), keys: [key.value],
                dailySearches: 1_000_000))
    }

    static let seeds = "search type=video split=time\n"

    static func searches(_ summary: CrawlSummary) -> Int { summary.unitsByMethod["search.list"] ?? 0 }

    @Test func findsNearlyEveryMatchOnceWithFewCalls() async throws {
        let service = Self.service()
        let truth = Set(service.truthVideos().map(\.videoId))
        #expect((10_000...30_000).contains(truth.count), "\(truth.count) matches")
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(
            InProcessTransport(emulator: service), seeds: Self.seeds, configure: { $0.selection.hydrate = false })
        #expect(summary.ending == .completed, "\(summary.ending)")
        let found = try ArchiveReader.videoIds(directory: run.out)
        #expect(found.isSubset(of: truth))
        #expect(Double(found.count) >= 0.99 * Double(truth.count), "\(found.count) of \(truth.count)")
        #expect(ArchiveVerifier.verify(directory: run.out).videos == found.count, "each once")
        let ideal = (truth.count + 49) / 50
        let calls = Self.searches(summary)
        #expect(Double(calls) <= 1.3 * Double(ideal), "\(calls) search calls; ⌈matches/50⌉ = \(ideal)")
        #expect(summary.searchWindows >= truth.count / 500, "\(summary.searchWindows) windows")
    }

    /// The real API ends some windows early (no nextPageToken long before 500 results) and its
    /// totalResults is a loose estimate: a server that does both costs a few more calls, not videos.
    @Test func windowsEndingEarlyAndWrongTotalsLoseNothing() async throws {
        let service = Self.service()
        let truth = Set(service.truthVideos().map(\.videoId))
        let count = Count()
        let erratic = InProcessTransport { request in
            let answer = InProcessTransport.answer(service, request)
            guard request.url.contains("/search?"), case .reply(let status, let headers, let body) = answer else {
                return answer
            }
            let sequence = count.value.add(1, ordering: .relaxed).newValue
            var text = String(decoding: body, as: UTF8.self)
                .replacing(/"totalResults": \d+/, with: "\"totalResults\": \(sequence % 2 == 0 ? 1_000_000 : 3)")
            if sequence % 4 == 0 { text = text.replacing(/"nextPageToken": "[^"]*",/, with: "") }
            return .reply(status: status, headers: headers, body: Array(text.utf8))
        }
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(erratic, seeds: Self.seeds, configure: { $0.selection.hydrate = false })
        #expect(summary.ending == .completed, "\(summary.ending)")
        let found = try ArchiveReader.videoIds(directory: run.out)
        #expect(Double(found.count) >= 0.99 * Double(truth.count), "\(found.count) of \(truth.count)")
        let ideal = (truth.count + 49) / 50
        #expect(
            Double(Self.searches(summary)) <= 1.3 * Double(ideal), "\(Self.searches(summary)) calls; ideal \(ideal)")
        #expect(summary.searchWindows >= 2 * (truth.count / 500), "windows did end early: \(summary.searchWindows)")
    }

    @Test func stoppedBySearchBudgetThenRerunEndsWithTheSameSet() async throws {
        let service = Self.service()
        let reference = EngineCrawlTests.Run()
        defer { reference.remove() }
        let whole = try await reference.crawl(
            InProcessTransport(emulator: service), seeds: Self.seeds, configure: { $0.selection.hydrate = false })
        let expected = try ArchiveReader.videoIds(directory: reference.out)

        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        var runs = 0
        var summary: CrawlSummary
        repeat {
            summary = try await run.crawl(
                InProcessTransport(emulator: service), seeds: Self.seeds, searchBudget: 60,
                configure: { $0.selection.hydrate = false })
            runs += 1
        } while summary.ending.cause != .completed && runs < 20
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(runs >= 3, "the budget stopped it")
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count)
        // unitsByMethod is the whole crawl's: every run's calls, in flight when stopped included.
        #expect(
            Self.searches(summary) <= Self.searches(whole) + 8 * runs,
            "\(Self.searches(summary)) vs \(Self.searches(whole))")
    }
}

/// A channel of 25,078 videos: its uploads playlist lists 20,000.
@Suite("Channels past their uploads playlist")
struct ChannelCompletionTests {
    static func service() -> EmulatorService {
        EmulatorService(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 8, channels: 1, videosPerChannel: 13_000),
                keys: [SplitSearchTests.key.value], dailySearches: 1_000_000))
    }

    @Test func thePlainWalkReportsTheGapAndCompleteSearchFindsEveryVideo() async throws {
        let service = Self.service()
        let truth = Set(service.truthVideos().map(\.videoId))
        let channel = try #require(service.channelIds.first)
        #expect(truth.count > 20_000)

        let plain = EngineCrawlTests.Run()
        defer { plain.remove() }
        let walked = try await plain.crawl(
            InProcessTransport(emulator: service), seeds: "channel \(channel)\n",
            configure: { $0.selection.hydrate = false })
        #expect(walked.ending == .completed)
        #expect(walked.channelGaps == ["\(channel): videoCount \(truth.count), its uploads playlist listed 20000"])
        #expect(try ArchiveReader.videoIds(directory: plain.out).count == 20_000)
        #expect(walked.unitsByMethod["search.list"] == nil, "nothing searched unless asked")

        let completed = EngineCrawlTests.Run()
        defer { completed.remove() }
        let summary = try await completed.crawl(
            InProcessTransport(emulator: service), seeds: "channel \(channel) complete=search\n",
            configure: { $0.selection.hydrate = false })
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(try ArchiveReader.videoIds(directory: completed.out) == truth)
        #expect(ArchiveVerifier.verify(directory: completed.out).videos == truth.count, "each once")
        let searches = summary.unitsByMethod["search.list"] ?? 0
        #expect(searches <= (truth.count - 20_000 + 49) / 50 + 4, "\(searches) search calls for the rest")
    }
}
