import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import StreamingJSON

/// liveChatMessages.list bodies into chat records: the two real bodies of ../shared/fixtures
/// (2020 with `Z` and milliseconds, 2023 with `+00:00` and microseconds; one a whole page with its
/// polling interval, one only its items), super chats and stickers, types this library does not
/// know, and errors.
@Suite("Chat pages")
struct ChatPageDecoderTests {
    static func decode(_ bytes: [UInt8], chunk: Int = 7) throws -> (records: [DecodedRecord], summary: PageSummary) {
        var decoder = LinkPageDecoder(.liveChatMessages)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try Array(bytes[start..<end]).withUnsafeBytes { try decoder.feed($0) }
            start = end
        }
        return try decoder.finishRecords(httpStatus: 200)
    }

    static func messages(_ records: [DecodedRecord]) -> [ChatMessage] {
        records.compactMap { record in
            if case .chat(let message) = record { return message }
            return nil
        }
    }

    @Test(
        .enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent),
        arguments: [
            "more-endpoints/Abhisheksingh734-my-videoTube__liveChatMessages.list_full_page_reserialized.json",
            "more-endpoints/Ankush11903-TubeView__liveChatMessages.list_items_only_slice.json",
        ])
    func realBodiesGiveEveryItemWithItsFields(path: String) throws {
        let bytes = try SharedFixtures.bytes(path)
        let (records, summary) = try Self.decode(bytes)
        let messages = Self.messages(records)
        let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        let items = root["items"] as? [[String: Any]] ?? []
        #expect(!items.isEmpty)
        #expect(messages.count == items.count)
        for (message, item) in zip(messages, items) {
            let snippet = item["snippet"] as? [String: Any] ?? [:]
            let author = item["authorDetails"] as? [String: Any] ?? [:]
            #expect(message.messageId == item["id"] as? String)
            #expect(message.liveChatId == snippet["liveChatId"] as? String)
            #expect(message.type == snippet["type"] as? String)
            #expect(message.text == snippet["displayMessage"] as? String)
            #expect(message.authorChannelId == author["channelId"] as? String)
            #expect(message.authorDisplayName == author["displayName"] as? String)
            #expect(message.isChatModerator == author["isChatModerator"] as? Bool)
            #expect(message.isVerified == author["isVerified"] as? Bool)
            // The instant, to the microsecond, whichever form the body used.
            let published = try #require(snippet["publishedAt"] as? String)
            let micros = try #require(message.publishedAtMicros)
            #expect(RFC3339.parseSeconds(published) == micros / 1_000_000)
            let fraction = published.split(separator: ".").last.map { String($0.prefix { $0.isNumber }) } ?? ""
            #expect(Int64((fraction + "000000").prefix(6)) == micros % 1_000_000, "\(published)")
            #expect(message.amountMicros == nil && message.currency == nil && message.tier == nil)
        }
        #expect(summary.pollingIntervalMillis == root["pollingIntervalMillis"] as? Int)
        #expect(summary.nextPageToken == root["nextPageToken"] as? String)
        #expect(summary.offlineAtMicros == nil)
    }

    @Test func superChatsStickersUnknownTypesAndTheEnd() throws {
        let body = """
            {"kind":"youtube#liveChatMessageListResponse","pollingIntervalMillis":10000,
             "offlineAt":"2026-12-06T10:00:00.5Z","nextPageToken":"GxYz",
             "items":[
              {"id":"LCC.a","snippet":{"type":"superChatEvent","liveChatId":"chat1","publishedAt":"2026-12-06T09:59:58.000001+00:00",
                "displayMessage":"thanks!","superChatDetails":{"amountMicros":"5000000","currency":"USD","amountDisplayString":"$5.00","userComment":"thanks!","tier":2}},
               "authorDetails":{"channelId":"UCaaaaaaaaaaaaaaaaaaaaaa","displayName":"Ann Lee","isChatOwner":false,"isChatSponsor":true,"isChatModerator":false,"isVerified":false}},
              {"id":"LCC.b","snippet":{"type":"superStickerEvent","liveChatId":"chat1","publishedAt":"2026-12-06T09:59:59+01:00",
                "superStickerDetails":{"amountMicros":1000000000,"currency":"JPY","amountDisplayString":"¥1,000","tier":3,"superStickerMetadata":{"stickerId":"x"}}},
               "authorDetails":{"channelId":"UCbbbbbbbbbbbbbbbbbbbbbb","displayName":"ビー"}},
              {"id":"LCC.c","snippet":{"type":"pollEvent","liveChatId":"chat1","authorChannelId":"UCcccccccccccccccccccccc","publishedAt":"2026-12-06T09:59:59.9Z","pollDetails":{}}},
              {"snippet":{"type":"textMessageEvent","liveChatId":"chat1"}},
              {"id":"LCC.e","snippet":{"type":"textMessageEvent"}}
             ]}
            """
        let (records, summary) = try Self.decode(Array(body.utf8), chunk: 3)
        let messages = Self.messages(records)
        #expect(
            messages.map(\.messageId) == ["LCC.a", "LCC.b", "LCC.c"], "items without an id or a chat are no records")
        #expect(messages[0].amountMicros == 5_000_000 && messages[0].currency == "USD" && messages[0].tier == 2)
        #expect(messages[0].amountDisplayString == "$5.00" && messages[0].isChatSponsor == true)
        #expect(messages[0].publishedAtMicros == RFC3339.parseSeconds("2026-12-06T09:59:58Z")! * 1_000_000 + 1)
        #expect(messages[1].amountMicros == 1_000_000_000 && messages[1].currency == "JPY" && messages[1].tier == 3)
        #expect(messages[1].publishedAtMicros == RFC3339.parseSeconds("2026-12-06T08:59:59Z")! * 1_000_000)
        #expect(messages[2].type == "pollEvent" && messages[2].authorChannelId == "UCcccccccccccccccccccccc")
        #expect(messages[2].text == nil && messages[2].amountMicros == nil)
        #expect(summary.pollingIntervalMillis == 10000 && summary.nextPageToken == "GxYz")
        #expect(summary.offlineAtMicros == RFC3339.parseSeconds("2026-12-06T10:00:00Z")! * 1_000_000 + 500_000)
    }

    @Test func anErrorBodyAndGarbage() throws {
        let error = """
            {"error":{"code":403,"message":"The live chat is no longer live.","errors":[{"message":"The live chat is no longer live.","domain":"youtube.liveChat","reason":"liveChatEnded"}]}}
            """
        var decoder = LinkPageDecoder(.liveChatMessages)
        try Array(error.utf8).withUnsafeBytes { try decoder.feed($0) }
        let (records, summary) = try decoder.finishRecords(httpStatus: 403)
        #expect(records.isEmpty)
        #expect(summary.error?.parsedReasons == [.liveChatEnded])
        #expect(summary.error?.disposition == .skipSeed)
        #expect(throws: (any Error).self) { try Self.decode(Array("{\"items\":[".utf8)) }
        #expect(throws: (any Error).self) { try Self.decode(Array("{\"items\":{}}".utf8)) }
    }

    @Test func microsecondTimesRoundTripAndSort() {
        let cases: [(String, Int64?)] = [
            ("2020-07-10T14:00:30.645000Z", 1_594_389_630_645_000),
            ("2023-05-25T20:08:08.479833+00:00", 1_685_045_288_479_833),
            ("2023-05-25T20:08:08.4798339Z", 1_685_045_288_479_833),
            ("2023-05-25T20:08:08Z", 1_685_045_288_000_000),
            ("1969-12-31T23:59:59.5Z", -500_000),
            ("2023-05-25T20:08:08.Z", nil),
            ("not a time", nil),
        ]
        for (text, micros) in cases {
            #expect(RFC3339.parseMicroseconds(text) == micros, "\(text)")
            if let micros {
                #expect(RFC3339.parseMicroseconds(RFC3339.format(microseconds: micros)) == micros)
                #expect(RFC3339.format(microseconds: micros).count == 27)
            }
        }
        let sorted = [Int64(5), 1_000_000, -1, 999_999].map { RFC3339.format(microseconds: $0) }
        #expect(sorted.sorted() == [Int64(-1), 5, 999_999, 1_000_000].map { RFC3339.format(microseconds: $0) })
    }
}
