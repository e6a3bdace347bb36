import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// The live chat poller in the engine, without clocks or sockets: a `live` seed's video decides
/// whether its chat is polled; each answer's messages are written once; the next poll waits in
/// the timed lane exactly the interval the answer asked (or `--chat-interval`, if longer); the
/// end of the chat, `--chat-units`, closed chats and restarts (gaps) are each handled.
@Suite("Chat poller (the plan, without clocks)")
struct ChatPollTests {
    static let video = "abcdefghijk"
    static let chat = "Cg0KC2FiY2RlZmdoaWpr"

    static func engine(_ options: (inout CrawlEngine.Options) -> Void = { _ in }) throws -> CrawlEngine {
        var settings = CrawlEngine.Options(concurrency: 8, checkpointEvery: 1000, checkpointInterval: .seconds(1000))
        options(&settings)
        var engine = CrawlEngine(seeds: try SeedsParser.parse("live \(video)\n", file: "seeds.txt"), options: settings)
        _ = try engine.beginChecked(from: nil)
        return engine
    }

    static func liveVideo(upcomingIn seconds: Int64? = nil) -> FetchResult {
        var video = Video(videoId: video, channelId: "UC" + String(repeating: "c", count: 22))
        video.liveBroadcastContent = seconds == nil ? "live" : "upcoming"
        video.liveStreamingDetails = LiveStreamingDetails(
            scheduledStartTime: seconds.map { CrawlEngineTests.epoch.addingTimeInterval(TimeInterval($0)) },
            activeLiveChatId: chat)
        return FetchResult(outcome: .page([.video(video)], PageSummary()), charged: ["videos.list": 1], requests: 1)
    }

    /// An answer holding messages `numbers` (published at that many seconds), asking `interval`.
    static func answer(_ numbers: [Int], interval: Int? = 10_000, next: String? = "tok", offline: Bool = false)
        -> FetchResult
    {
        var summary = PageSummary()
        summary.nextPageToken = next
        summary.pollingIntervalMillis = interval
        if offline { summary.offlineAtMicros = 1_800_000_999_000_000 }
        let records = numbers.map { number -> DecodedRecord in
            var message = ChatMessage(messageId: "LCC.m\(number)", liveChatId: chat)
            message.publishedAtMicros = 1_800_000_000_000_000 + Int64(number) * 1_000_000
            message.type = "textMessageEvent"
            message.authorChannelId = "UC" + String(repeating: "a", count: 22)
            message.authorDisplayName = "Ann Lee"
            message.text = "@Ann Lee hello"
            return .chat(message)
        }
        return FetchResult(outcome: .page(records, summary), charged: ["liveChatMessages.list": 5], requests: 1)
    }

    static func started(_ engine: inout CrawlEngine, at now: Int64) -> [(ticket: Int, item: WorkItem)] {
        let actions = engine.startWork(now: now)
        engine.checkInvariants()
        return actions.compactMap { action in
            guard case .fetch(let ticket, _) = action, let item = engine.tickets.items[ticket] else { return nil }
            return (ticket, item)
        }
    }

    static func finish(_ engine: inout CrawlEngine, _ ticket: Int, _ result: FetchResult, at now: Int64)
        -> [CrawlEngine.Action]
    {
        engine.finishChecked(ticket, result, now: .milliseconds(now), wallClock: CrawlEngineTests.epoch)
    }

    static func written(_ actions: [CrawlEngine.Action]) -> [ChatMessage] {
        actions.flatMap(\.records).compactMap { record in
            if case .chat(let message) = record { return message }
            return nil
        }
    }

    @Test func pollsAtTheIntervalAskedWritesEachMessageOnceAndStopsAtTheEnd() throws {
        var engine = try Self.engine()
        let lookup = try #require(Self.started(&engine, at: 0).first)
        guard case .liveLookup = lookup.item else { Issue.record("the video first: \(lookup.item)"); return }
        _ = Self.finish(&engine, lookup.ticket, Self.liveVideo(), at: 5)
        let first = try #require(Self.started(&engine, at: 5).first)
        guard case .chat(let poll) = first.item else { Issue.record("then its chat: \(first.item)"); return }
        #expect(poll.pageToken == nil)

        var actions = Self.finish(&engine, first.ticket, Self.answer([1, 2, 3]), at: 100)
        #expect(Self.written(actions).map(\.messageId) == ["LCC.m1", "LCC.m2", "LCC.m3"])
        #expect(Self.written(actions).allSatisfy { $0.videoId == Self.video && $0.source?.rank != nil })
        // Not a millisecond sooner than asked.
        #expect(Self.started(&engine, at: 10_099).isEmpty)
        #expect(engine.nextDue == 10_100)
        let second = try #require(Self.started(&engine, at: 10_100).first)
        guard case .chat(let next) = second.item else { return }
        #expect(next.pageToken == "tok" && next.calls == 1)

        // The same messages again (a restart's overlap) are not written twice.
        actions = Self.finish(&engine, second.ticket, Self.answer([3, 4], interval: 7_000), at: 10_150)
        #expect(Self.written(actions).map(\.messageId) == ["LCC.m4"])
        #expect(engine.nextDue == 17_150)
        let third = try #require(Self.started(&engine, at: 17_150).first)
        actions = Self.finish(&engine, third.ticket, Self.answer([5], offline: true), at: 17_200)
        #expect(Self.written(actions).map(\.messageId) == ["LCC.m5"])
        #expect(engine.nextDue == nil && engine.isFinished)
        let capture = try #require(engine.discovery.chats.capture(of: Self.video))
        #expect(capture.status == .ended && capture.calls == 3 && capture.messages == 5 && capture.gaps.isEmpty)
    }

    @Test func chatIntervalOnlySlowsAndChatUnitsStop() throws {
        var engine = try Self.engine {
            $0.chatInterval = 15_000
            $0.chatUnits = 10
        }
        let lookup = try #require(Self.started(&engine, at: 0).first)
        _ = Self.finish(&engine, lookup.ticket, Self.liveVideo(), at: 0)
        let first = try #require(Self.started(&engine, at: 0).first)
        _ = Self.finish(&engine, first.ticket, Self.answer([1], interval: 10_000), at: 0)
        #expect(engine.nextDue == 15_000, "the longer of the two")
        let second = try #require(Self.started(&engine, at: 15_000).first)
        let actions = Self.finish(&engine, second.ticket, Self.answer([2], interval: 20_000), at: 15_000)
        #expect(actions.contains { $0.warning?.contains("--chat-units 10 spent") == true })
        #expect(engine.nextDue == nil, "a third call would pass 10 units")
        #expect(engine.discovery.chats.capture(of: Self.video)?.status == .unitsSpent)
    }

    @Test func anExpiredTokenRecordsTheGapBetweenTheLastWrittenAndTheLatest() throws {
        var engine = try Self.engine()
        let lookup = try #require(Self.started(&engine, at: 0).first)
        _ = Self.finish(&engine, lookup.ticket, Self.liveVideo(), at: 0)
        let first = try #require(Self.started(&engine, at: 0).first)
        _ = Self.finish(&engine, first.ticket, Self.answer([1, 2]), at: 0)
        let second = try #require(Self.started(&engine, at: 10_000).first)
        let restart = FetchResult(outcome: .restartPaging, requests: 1)
        _ = Self.finish(&engine, second.ticket, restart, at: 10_000)
        let again = try #require(Self.started(&engine, at: 10_000).first)
        guard case .chat(let poll) = again.item else { return }
        #expect(poll.pageToken == nil)
        // The latest messages hold nothing written: 2 < gap < 40.
        let actions = Self.finish(&engine, again.ticket, Self.answer([40, 41]), at: 10_010)
        #expect(actions.contains { $0.warning?.contains("may be missing") == true })
        let gaps = engine.discovery.chats.capture(of: Self.video)?.gaps ?? []
        #expect(gaps.map(\.from) == [RFC3339.format(microseconds: 1_800_000_002_000_000)])
        #expect(gaps.map(\.to) == [RFC3339.format(microseconds: 1_800_000_040_000_000)])

        // A restart whose latest messages overlap what was written leaves no gap.
        let fourth = try #require(Self.started(&engine, at: 20_010).first)
        _ = Self.finish(&engine, fourth.ticket, restart, at: 20_010)
        let fifth = try #require(Self.started(&engine, at: 20_010).first)
        _ = Self.finish(&engine, fifth.ticket, Self.answer([41, 42]), at: 20_020)
        #expect(engine.discovery.chats.capture(of: Self.video)?.gaps.count == 1)
    }

    @Test func closedChatsAreRecordedAndUpcomingStreamsWaitOnlyWithinLiveWait() throws {
        for (reason, status) in [
            (APIErrorReason.liveChatEnded, ChatCapture.Status.ended), (.liveChatDisabled, .disabled),
            (.forbidden, .membersOnly), (.liveChatNotFound, .notFound),
        ] {
            var engine = try Self.engine()
            let lookup = try #require(Self.started(&engine, at: 0).first)
            _ = Self.finish(&engine, lookup.ticket, Self.liveVideo(), at: 0)
            let poll = try #require(Self.started(&engine, at: 0).first)
            let refused = FetchResult(outcome: .unavailable([reason], "refused"), requests: 1)
            let actions = Self.finish(&engine, poll.ticket, refused, at: 0)
            #expect(actions.allSatisfy { $0.warning == nil }, "recorded, not a warning")
            #expect(engine.discovery.chats.capture(of: Self.video)?.status == status)
            #expect(engine.isFinished)
        }
        var later = try Self.engine { $0.liveWait = 600 }
        let lookup = try #require(Self.started(&later, at: 0).first)
        _ = Self.finish(&later, lookup.ticket, Self.liveVideo(upcomingIn: 601), at: 0)
        #expect(later.discovery.chats.capture(of: Self.video)?.status == .notStarting)
        var soon = try Self.engine { $0.liveWait = 600 }
        let soonLookup = try #require(Self.started(&soon, at: 0).first)
        _ = Self.finish(&soon, soonLookup.ticket, Self.liveVideo(upcomingIn: 600), at: 0)
        #expect(soon.discovery.chats.capture(of: Self.video)?.status == .capturing)
    }

    /// A named stream that ended before it was looked up is `over`; one without a chat id
    /// (never live, or its chat off) is `noChat`: neither is polled nor a warning.
    @Test func endedStreamsAndStreamsWithoutAChatAreRecordedNotPolled() throws {
        var ended = Self.liveVideo()
        if case .page(var records, let summary) = ended.outcome, case .video(var video) = records[0] {
            video.liveBroadcastContent = "none"
            video.liveStreamingDetails?.actualEndTime = CrawlEngineTests.epoch
            records[0] = .video(video)
            ended.outcome = .page(records, summary)
        }
        var chatOff = Self.liveVideo()
        if case .page(var records, let summary) = chatOff.outcome, case .video(var video) = records[0] {
            video.liveStreamingDetails?.activeLiveChatId = nil
            records[0] = .video(video)
            chatOff.outcome = .page(records, summary)
        }
        for (answer, status) in [(ended, ChatCapture.Status.over), (chatOff, .noChat)] {
            var engine = try Self.engine()
            let lookup = try #require(Self.started(&engine, at: 0).first)
            let actions = Self.finish(&engine, lookup.ticket, answer, at: 0)
            #expect(actions.allSatisfy { $0.warning == nil })
            #expect(engine.discovery.chats.capture(of: Self.video)?.status == status)
            #expect(engine.isFinished, "nothing polled")
        }
    }

    @Test func aCheckpointedPollWaitsOneWholeIntervalInTheNextRun() throws {
        var poll = ChatPoll(seed: 0, videoId: Self.video, liveChatId: Self.chat)
        poll.pageToken = "tok"
        poll.calls = 7
        poll.interval = 9_000
        poll.due = 123_456
        let saved = try JSONEncoder().encode(WorkItem.chat(poll))
        #expect(!String(decoding: saved, as: UTF8.self).contains("123456"), "the due time is this run's own")
        let read = try JSONDecoder().decode(WorkItem.self, from: saved)
        guard case .chat(let back) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(back.pageToken == "tok" && back.calls == 7 && back.interval == 9_000 && back.due == 9_000)
        var frontier = Frontier([read])
        #expect(frontier.next(now: 8_999) == nil && frontier.nextDue == 9_000)
        #expect(frontier.next(now: 9_000) == read)
    }
}
