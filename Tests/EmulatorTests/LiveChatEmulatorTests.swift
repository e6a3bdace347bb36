import Emulator
import Foundation
import StreamingJSON
import Synchronization
import Testing
import YouTubeKit

/// liveChatMessages.list and live streams as the emulator serves them, over a chat clock the
/// tests move by hand (no sleeping).
@Suite("Emulator live chats")
struct LiveChatEmulatorTests {
    /// Real microseconds, advanced by hand.
    final class HandClock: Sendable {
        let micros = Atomic<Int64>(0)
        func advance(emulatedSeconds: Double, speed: Double) {
            micros.add(Int64(emulatedSeconds / speed * 1_000_000), ordering: .relaxed)
        }
    }

    static let dayZero: Int64 = 1_767_225_600

    static func emulator(speed: Double = 1, channels: Int = 12, clock: HandClock) throws -> EmulatorHarness {
        try EmulatorHarness { configuration in
            configuration.corpus = CorpusConfiguration(seed: 7, channels: channels, videosPerChannel: 30)
            configuration.dailyUnits = 1_000_000
            configuration.dayZero = dayZero
            configuration.clock = { dayZero }
            configuration.speed = speed
            configuration.microsecondClock = { clock.micros.load(ordering: .relaxed) }
        }
    }

    static func target(_ chat: String, token: String? = nil, extra: String = "") -> String {
        "/youtube/v3/liveChatMessages?part=id,snippet,authorDetails&liveChatId=\(chat)"
            + (token.map { "&pageToken=\($0)" } ?? "") + extra
    }

    /// A public chat whose stream is live at the start.
    static func liveChat(_ emulator: EmulatorHarness) throws -> LiveChatTruth {
        let now = emulator.server.service.chatClock
        return try #require(
            emulator.server.service.truthLiveChats().first {
                $0.access == "public" && $0.startsAt <= now && now < $0.endsAt
            })
    }

    @Test func theFirstCallReturnsTheLatest75InTheRealShape() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(clock: clock)
        let chat = try Self.liveChat(emulator)
        let now = emulator.server.service.chatClock
        let truth = emulator.server.service.truthChatMessages(liveChatId: chat.liveChatId)
        let (status, page) = try emulator.json(Self.target(chat.liveChatId))
        #expect(status == 200)
        #expect(page["kind"]?.string == "youtube#liveChatMessageListResponse")
        let expected = truth.filter { $0.publishedAtMicros <= now }.suffix(75)
        #expect(page.items.count == expected.count && expected.count <= 75 && !expected.isEmpty)
        #expect(page.items.compactMap { $0["id"]?.string } == expected.map(\.messageId))
        #expect(page[path: "pageInfo", "totalResults"]?.int == expected.count)
        #expect(page[path: "pageInfo", "resultsPerPage"]?.int == expected.count)
        let token = try #require(page["nextPageToken"]?.string)
        #expect(token.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0.isASCIIAlnum })
        guard case .object(let top)? = Optional(page) else { return }
        #expect(top.map(\.key) == ["kind", "etag", "pollingIntervalMillis", "pageInfo", "nextPageToken", "items"])
        let item = try #require(page.items.first)
        guard case .object(let members) = item, case .object(let snippet)? = item["snippet"] else {
            Issue.record("an item is an object with a snippet")
            return
        }
        #expect(members.map(\.key) == ["kind", "etag", "id", "snippet", "authorDetails"])
        #expect(
            snippet.prefix(6).map(\.key) == [
                "type", "liveChatId", "authorChannelId", "publishedAt", "hasDisplayContent", "displayMessage",
            ])
        let published = try #require(item[path: "snippet", "publishedAt"]?.string)
        #expect(published.hasSuffix("+00:00") && published.count == 32, "\(published)")
        #expect(item["id"]?.string?.hasPrefix("LCC.") == true)
        let channel = try #require(item[path: "authorDetails", "channelId"]?.string)
        #expect(item[path: "authorDetails", "channelUrl"]?.string == "http://www.youtube.com/channel/" + channel)
        #expect(emulator.server.quotaUsed(key: EmulatorHarness.key).units == 5)
    }

    @Test func pagingServesEveryMessageOnceInOrderThenOfflineAtThenEnded() throws {
        let clock = HandClock()
        let speed = 600.0
        let emulator = try Self.emulator(speed: speed, clock: clock)
        let chat = try Self.liveChat(emulator)
        let truth = emulator.server.service.truthChatMessages(liveChatId: chat.liveChatId)
        var served: [JSONValue] = []
        var (status, page) = try emulator.json(Self.target(chat.liveChatId))
        #expect(status == 200)
        #expect(page["pollingIntervalMillis"]?.int == max(1, Int((Double(chat.intervalMillis) / speed).rounded())))
        served += page.items
        var offline: String?
        var polls = 0
        while offline == nil, polls < 500 {
            polls += 1
            clock.advance(emulatedSeconds: 600, speed: speed)
            let token = try #require(page["nextPageToken"]?.string)
            (status, page) = try emulator.json(Self.target(chat.liveChatId, token: token, extra: "&maxResults=2000"))
            #expect(status == 200)
            #expect(page.items.count <= 2000)
            served += page.items
            offline = page["offlineAt"]?.string
        }
        let ids = served.compactMap { $0["id"]?.string }
        let first = try #require(truth.firstIndex { $0.messageId == ids.first })
        #expect(ids == truth[first...].map(\.messageId), "every message from the first served, once, in order")
        #expect(offline == String(ResourceRendererTime.micros(chat.endsAt)))
        #expect(served.last?["id"]?.string == truth.last?.messageId)
        let token = try #require(page["nextPageToken"]?.string)
        clock.advance(emulatedSeconds: 60, speed: speed)
        (status, page) = try emulator.json(Self.target(chat.liveChatId, token: token))
        #expect(status == 403 && page.errorReason == "liveChatEnded")
        (status, page) = try emulator.json(Self.target(chat.liveChatId))
        #expect(status == 403 && page.errorReason == "liveChatEnded")
        #expect(emulator.server.service.earlyChatPolls == 0)
        #expect(emulator.server.service.chatCalls[chat.liveChatId] == polls + 1)
    }

    @Test func maxResultsCapsAPageAndTheRestComesNext() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(speed: 60, clock: clock)
        // Of the first few chats live for the next 50 minutes, the busiest then.
        let service = emulator.server.service
        let start = service.chatClock
        let candidates = service.truthLiveChats().filter {
            $0.access == "public" && $0.startsAt <= start && start + 3_000_000_000 < $0.endsAt
        }.prefix(4).map { chat in
            let messages = service.truthChatMessages(liveChatId: chat.liveChatId)
            return (chat, messages, messages.filter { $0.publishedAtMicros > start }.count)
        }
        let (chat, truth, _) = try #require(candidates.max { $0.2 < $1.2 })
        let (_, first) = try emulator.json(Self.target(chat.liveChatId))
        let lastSeen = try #require(first.items.last?["id"]?.string)
        let next = try #require(truth.firstIndex { $0.messageId == lastSeen }) + 1
        clock.advance(emulatedSeconds: 3000, speed: 60)
        let now = emulator.server.service.chatClock
        let waiting = truth[next...].prefix { $0.publishedAtMicros <= now }
        try #require(waiting.count > 200, "the chat has over 200 messages in 50 minutes")
        let token = try #require(first["nextPageToken"]?.string)
        let (status, page) = try emulator.json(Self.target(chat.liveChatId, token: token, extra: "&maxResults=200"))
        #expect(status == 200 && page.items.count == 200)
        #expect(page.items.compactMap { $0["id"]?.string } == waiting.prefix(200).map(\.messageId))
        clock.advance(emulatedSeconds: 1, speed: 60)
        let following = try #require(page["nextPageToken"]?.string)
        let (_, rest) = try emulator.json(
            Self.target(chat.liveChatId, token: following, extra: "&maxResults=2000"))
        #expect(rest.items.first?["id"]?.string == waiting.dropFirst(200).first?.messageId)
        let (tooFew, _) = try emulator.json(Self.target(chat.liveChatId, extra: "&maxResults=100"))
        #expect(tooFew == 400)
    }

    @Test func expiredForeignAndGarbageTokensAreInvalid() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(clock: clock)
        let chats = emulator.server.service.truthLiveChats().filter { $0.access == "public" }.sorted {
            $0.endsAt > $1.endsAt
        }
        try #require(chats.count >= 2)
        try #require(chats[0].endsAt > emulator.server.service.chatClock + 3_700_000_000)
        let (_, page) = try emulator.json(Self.target(chats[0].liveChatId))
        let token = try #require(page["nextPageToken"]?.string)
        let (foreign, foreignBody) = try emulator.json(Self.target(chats[1].liveChatId, token: token))
        #expect(foreign == 400 && foreignBody.errorReason == "invalidPageToken")
        let (garbage, garbageBody) = try emulator.json(Self.target(chats[0].liveChatId, token: "not-a-token"))
        #expect(garbage == 400 && garbageBody.errorReason == "invalidPageToken")
        let edited = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
        let (editedStatus, _) = try emulator.json(Self.target(chats[0].liveChatId, token: edited))
        #expect(editedStatus == 400)
        // An hour and a second later (emulated) the token has expired: the chat is still open.
        clock.advance(emulatedSeconds: 3601, speed: 1)
        let (expired, body) = try emulator.json(Self.target(chats[0].liveChatId, token: token))
        #expect(expired == 400 && body.errorReason == "invalidPageToken")
        #expect(body[path: "error", "message"]?.string == "The request specifies an invalid page token.")
    }

    @Test func disabledMembersOnlyUnknownAndMalformedRequestsFail() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(channels: 40, clock: clock)
        let chats = emulator.server.service.truthLiveChats()
        let disabled = try #require(chats.first { $0.access == "disabled" })
        let members = try #require(chats.first { $0.access == "membersOnly" })
        var (status, body) = try emulator.json(Self.target(disabled.liveChatId))
        #expect(status == 403 && body.errorReason == "liveChatDisabled")
        #expect(body[path: "error", "message"]?.string == "Live chat is not enabled for the specified broadcast.")
        (status, body) = try emulator.json(Self.target(members.liveChatId))
        #expect(status == 403 && body.errorReason == "forbidden")
        (status, body) = try emulator.json(
            Self.target("Cg0KC0Q5ZnFGZHY1RU5vKicKGFVDUHNmTTR2dXVfRm1qUVhmV0NIZGg0ZxILRDlmcUZkdjVFTm8"))
        #expect(status == 404 && body.errorReason == "liveChatNotFound")
        (status, body) = try emulator.json("/youtube/v3/liveChatMessages?part=snippet")
        #expect(status == 400 && body.errorReason == "missingRequiredParameter")
        (status, body) = try emulator.json(
            "/youtube/v3/liveChatMessages?part=snippet,replies&liveChatId=\(disabled.liveChatId)")
        #expect(status == 400 && body.errorReason == "unknownPart")
        // The disabled chat's video shows no chat id.
        let (_, videos) = try emulator.json("/youtube/v3/videos?part=liveStreamingDetails&id=\(disabled.videoId)")
        #expect(videos.items.first?[path: "liveStreamingDetails", "scheduledStartTime"] != nil)
        #expect(videos.items.first?[path: "liveStreamingDetails", "activeLiveChatId"] == nil)
    }

    @Test func videosListMovesFromLiveToEndedWithTheClock() throws {
        let clock = HandClock()
        let speed = 1000.0
        let emulator = try Self.emulator(speed: speed, clock: clock)
        let chat = try Self.liveChat(emulator)
        let target = "/youtube/v3/videos?part=snippet,liveStreamingDetails&id=\(chat.videoId)"
        let (_, before) = try emulator.json(target)
        #expect(before.items.first?[path: "snippet", "liveBroadcastContent"]?.string == "live")
        #expect(before.items.first?[path: "liveStreamingDetails", "activeLiveChatId"]?.string == chat.liveChatId)
        let now = emulator.server.service.chatClock
        clock.advance(emulatedSeconds: Double(chat.endsAt - now) / 1_000_000 + 1, speed: speed)
        let (_, after) = try emulator.json(target)
        let video = try #require(after.items.first)
        #expect(video[path: "snippet", "liveBroadcastContent"]?.string == "none")
        #expect(video[path: "liveStreamingDetails", "activeLiveChatId"] == nil)
        #expect(video[path: "liveStreamingDetails", "actualStartTime"] != nil)
        #expect(
            video[path: "liveStreamingDetails", "actualEndTime"]?.string
                == RFC3339.format(seconds: chat.endsAt / 1_000_000))
        let truth = emulator.server.service.truthVideos().first { $0.videoId == chat.videoId }
        #expect(truth?.liveBroadcastContent == "none")
        #expect(truth?.liveStreamingDetails?.activeLiveChatId == nil)
    }

    @Test func anUpcomingStreamGoesLiveThenEnds() throws {
        let clock = HandClock()
        let speed = 1000.0
        let emulator = try Self.emulator(speed: speed, clock: clock)
        let now = emulator.server.service.chatClock
        let chat = try #require(emulator.server.service.truthLiveChats().first { $0.startsAt > now })
        #expect((1_805_000_000..<1_841_000_000).contains(chat.startsAt - chat.opensAt))
        let target = "/youtube/v3/videos?part=snippet,liveStreamingDetails&id=\(chat.videoId)"
        func state() throws -> String? {
            try emulator.json(target).1.items.first?[path: "snippet", "liveBroadcastContent"]?.string
        }
        #expect(try state() == "upcoming")
        clock.advance(emulatedSeconds: Double(chat.startsAt - now) / 1_000_000 + 1, speed: speed)
        #expect(try state() == "live")
        clock.advance(emulatedSeconds: Double(chat.endsAt - chat.startsAt) / 1_000_000 + 1, speed: speed)
        #expect(try state() == "none")
    }

    @Test func anEarlyPollIsCounted() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(clock: clock)
        let chat = try Self.liveChat(emulator)
        let (_, page) = try emulator.json(Self.target(chat.liveChatId))
        let token = try #require(page["nextPageToken"]?.string)
        #expect(emulator.server.service.earlyChatPolls == 0)
        let (status, _) = try emulator.json(Self.target(chat.liveChatId, token: token))
        #expect(status == 200)
        #expect(emulator.server.service.earlyChatPolls == 1)
        #expect(emulator.server.service.chatCalls[chat.liveChatId] == 2)
    }

    @Test func theDumpHoldsWhatTheEndpointServed() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(clock: clock)
        let chat = try Self.liveChat(emulator)
        let (_, page) = try emulator.json(Self.target(chat.liveChatId))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chat-truth-\(UInt64.random(in: 0...UInt64.max))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try emulator.server.dumpChatTruth(to: directory)
        let chats = try String(contentsOfFile: directory + "/chats.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(chats.count == emulator.server.service.truthLiveChats().count)
        var lines: [String: JSONValue] = [:]
        for line in try String(contentsOfFile: directory + "/chat.jsonl", encoding: .utf8).split(separator: "\n") {
            let value = try JSONValue.parse(Array(line.utf8))
            if let id = value["messageId"]?.string { lines[id] = value }
        }
        #expect(!page.items.isEmpty)
        for item in page.items {
            let line = try #require(lines[item["id"]?.string ?? ""])
            #expect(line["liveChatId"]?.string == chat.liveChatId)
            #expect(line["publishedAt"]?.string == item[path: "snippet", "publishedAt"]?.string)
            #expect(line["text"]?.string == item[path: "snippet", "displayMessage"]?.string)
            #expect(line["type"]?.string == item[path: "snippet", "type"]?.string)
            #expect(line["authorChannelId"]?.string == item[path: "authorDetails", "channelId"]?.string)
            #expect(line["authorDisplayName"]?.string == item[path: "authorDetails", "displayName"]?.string)
            #expect(line["publishedAtMicros"]?.int != nil)
        }
    }

    @Test func chatsAreRichAndDeterministic() throws {
        let clock = HandClock()
        let emulator = try Self.emulator(clock: clock)
        let service = emulator.server.service
        var all: [LiveChatTruthMessage] = []
        for (index, chat) in service.truthLiveChats().enumerated() {
            let messages = service.truthChatMessages(liveChatId: chat.liveChatId)
            if index < 2 { #expect(messages == service.truthChatMessages(liveChatId: chat.liveChatId)) }
            let times = messages.map(\.publishedAtMicros)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing")
            #expect(times.allSatisfy { $0 >= chat.opensAt && $0 <= chat.endsAt })
            all += messages
        }
        #expect(Set(all.map(\.messageId)).count == all.count, "ids unique across chats")
        let types = Set(all.map(\.type))
        for type in ["textMessageEvent", "superChatEvent", "newSponsorEvent", "membershipGiftingEvent"] {
            #expect(types.contains(type), "\(type)")
        }
        let superChats = all.filter { $0.type == "superChatEvent" }
        #expect(superChats.allSatisfy { $0.amountMicros != nil && $0.tier.map { (1...7).contains($0) } == true })
        #expect(all.filter { $0.type == "textMessageEvent" }.allSatisfy { $0.amountMicros == nil })
        #expect(all.contains { $0.isChatOwner } && all.contains { $0.text.contains("@") })
        let milestones = all.filter { $0.type == "memberMilestoneChatEvent" }
        #expect(milestones.allSatisfy { $0.isChatSponsor })
    }
}

/// The `offlineAt` text of a chat-clock microsecond.
enum ResourceRendererTime {
    static func micros(_ micros: Int64) -> String {
        let fraction = String(micros % 1_000_000)
        return RFC3339.format(seconds: micros / 1_000_000).dropLast() + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction + "Z"
    }
}

extension UInt8 {
    fileprivate var isASCIIAlnum: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
