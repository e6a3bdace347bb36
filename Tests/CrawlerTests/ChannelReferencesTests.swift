import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// The channels written videos name without a channel record: asked of channels.list once
/// everything else is done, 50 a call, written once and never walked; those the API does not
/// return stay dangling, as do all of them with `--no-resolve-channels`.
@Suite("Channels the videos name")
struct ChannelReferencesTests {
    static func channel(_ index: Int) -> String { "UC" + String(format: "%022d", index) }

    /// A playlist seed whose one page names 120 videos of 60 channels (two each), one channel
    /// being the seed's own; the channels answer but `missing`.
    static func run(resolve: Bool, missing: Set<String> = []) throws -> (engine: CrawlEngine, asked: [[String]]) {
        var engine = CrawlEngine(
            seeds: try SeedsParser.parse("playlist \(CrawlEngineTests.pl("a"))", file: "seeds.txt"),
            options: .init(selection: .withoutHydration, concurrency: 1, resolveChannels: resolve))
        _ = try engine.beginChecked(from: nil)
        var asked: [[String]] = []
        var steps = 0
        while let (ticket, item) = CrawlEngineTests.start(&engine) {
            steps += 1
            guard steps < 100 else { throw CrawlEngineTests.NothingToStart() }
            let result: FetchResult
            switch item {
            case .playlist:
                let videos = (0..<120).map { DecodedRecord.video(Video(videoId: "v\($0)", channelId: channel($0 / 2))) }
                result = FetchResult(outcome: .page(videos, PageSummary()), requests: 1)
            case .referencedChannels(let batch):
                asked.append(batch.ids)
                result = CrawlEngineTests.channels(batch.ids.filter { !missing.contains($0) })
            case .playlistRecords(let lookup):
                result = CrawlEngineTests.playlists(lookup.ids)
            default:
                Issue.record("unexpected \(item)")
                result = CrawlEngineTests.channels([])
            }
            _ = engine.finishChecked(ticket, result, now: .zero, wallClock: CrawlEngineTests.epoch)
        }
        return (engine, asked)
    }

    @Test func theNamedChannelsAreAskedFiftyAtATimeAtTheEnd() throws {
        let (engine, asked) = try Self.run(resolve: true, missing: [Self.channel(7)])
        #expect(asked.map(\.count) == [50, 10])
        #expect(Set(asked.joined()) == Set((0..<60).map(Self.channel)))
        #expect(engine.isOver && engine.conclusion == .completed)
        #expect(engine.counters.channelsWritten == 59)
        #expect(engine.discovery.unresolvedChannels == 1, "the one the API did not return")
        #expect(engine.savedReferences.dangling == [Self.channel(7)])
    }

    @Test func withoutResolutionNoneIsAskedAndAllCount() throws {
        let (engine, asked) = try Self.run(resolve: false)
        #expect(asked.isEmpty)
        #expect(engine.discovery.unresolvedChannels == 60)
        #expect(engine.isFinished)
    }

    /// A batch whose request was not answered (a budget stop) waits in the checkpoint, and a
    /// resumed run asks it.
    @Test func aBatchNotAnsweredIsKeptForTheRerun() throws {
        var engine = CrawlEngine(
            seeds: try SeedsParser.parse("playlist \(CrawlEngineTests.pl("a"))", file: "seeds.txt"),
            options: .init(selection: .withoutHydration, concurrency: 1))
        _ = try engine.beginChecked(from: nil)
        let (ticket, _) = try CrawlEngineTests.next(&engine)
        let videos = (0..<4).map { DecodedRecord.video(Video(videoId: "v\($0)", channelId: Self.channel($0))) }
        _ = engine.finishChecked(
            ticket, FetchResult(outcome: .page(videos, PageSummary()), requests: 1), now: .zero,
            wallClock: CrawlEngineTests.epoch)
        let (batchTicket, item) = try CrawlEngineTests.next(&engine)
        guard case .referencedChannels(let batch) = item else {
            Issue.record("expected the named channels, got \(item)")
            return
        }
        #expect(batch.ids.count == 4)
        _ = engine.finishChecked(
            batchTicket, FetchResult(outcome: .stop(.init(.budgetSpent, "spent")), requests: 0), now: .zero,
            wallClock: CrawlEngineTests.epoch)
        #expect(engine.isOver)
        let state = engine.checkpointState()
        #expect(state.referencedChannels == batch.ids)
        let decoded = try JSONDecoder().decode(FrontierState.self, from: Data(state.encodedJSON()))
        #expect(decoded.referencedChannels == batch.ids)
    }
}
