import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// A long value that repeats an earlier one byte for byte (the API's `snippet.localized`) is not
/// scanned again; anything that differs from it, by a byte or in length, still is.
@Suite("Repeated long strings")
struct RepeatedStringTests {
    static let description =
        #"Line one with \"quotes\" and 日本語 — Ünïcödé\n\nLine two, long enough to be remembered: 🎸🔥"#

    static func page(title: String, description: String, localized: String) -> String {
        """
        {"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"aaaaaaaaaaa",
        "snippet":{"title":"\(title)","description":"\(description)",
        "localized":{"title":"\(title)","description":"\(localized)"}}},
        {"kind":"youtube#video","id":"bbbbbbbbbbb","snippet":{"title":"\(localized)","description":"\(description)"}}]}
        """
    }

    /// The records of `text` fed in chunks of `chunk` bytes (whole when `nil`).
    static func records(_ text: String, endpoint: Endpoint, chunk: Int? = nil) throws -> [DecodedRecord] {
        final class Collected: @unchecked Sendable { var records: [DecodedRecord] = [] }
        let collected = Collected()
        var decoder = PageDecoder(endpoint: endpoint) { collected.records.append($0) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + (chunk ?? bytes.count))
            try decoder.feed(Array(bytes[offset..<end]))
            offset = end
        }
        _ = try decoder.finish()
        return collected.records
    }

    static func videos(_ text: String, chunk: Int? = nil) throws -> [Video] {
        try records(text, endpoint: .videos, chunk: chunk).compactMap {
            if case .video(let video) = $0 { video } else { nil }
        }
    }

    @Test func repeatedValuesDecodeAsTheFirstDid() throws {
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data("\"\(Self.description)\"".utf8), options: .fragmentsAllowed)
                as? String)
        for chunk in [nil, 7, 64, 100] {
            let videos = try Self.videos(
                Self.page(title: "A title", description: Self.description, localized: Self.description), chunk: chunk)
            #expect(videos.map(\.description) == [expected, expected], "chunks of \(chunk ?? 0)")
            #expect(videos.map(\.title) == ["A title", expected], "a title repeating a description")
        }
    }

    @Test func theMemoryMatchesExactRepeatsOfLongStringsOnly() {
        let long = String(repeating: "x", count: 70)
        let text = Array("\"\(long)\" \"\(long)\" \"\(long)y\" \"short\" \"short\" \"y\(long.dropFirst())\"".utf8)
        text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var recent = RecentStrings()
            recent.note(start: 1, end: 71, escaped: false, nonASCII: false)
            #expect(recent.match(base, 73, text.count)?.length == 70, "the same 70 bytes and a quote")
            #expect(recent.match(base, 146, text.count) == nil, "70 bytes alike, then more")
            recent.note(start: 221, end: 226, escaped: false, nonASCII: false)
            #expect(recent.match(base, 228, text.count) == nil, "short strings are not remembered")
            #expect(recent.match(base, 236, text.count) == nil, "the same length and end, another first byte")
        }
    }

    @Test func theMemoryHoldsTheLastFourLongStrings() {
        // A channel's description, its three thumbnail URLs, then the description again.
        let strings = (0..<5).map {
            String(repeating: Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))), count: 70)
        }
        let text = Array(strings.map { "\"\($0)\"" }.joined(separator: " ").utf8)
        text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var recent = RecentStrings()
            for index in 0..<4 {
                recent.note(start: index * 73 + 1, end: index * 73 + 71, escaped: false, nonASCII: false)
            }
            #expect(recent.match(base, 0, text.count)?.start == 1, "the oldest of four is still known")
            recent.note(start: 4 * 73 + 1, end: 4 * 73 + 71, escaped: false, nonASCII: false)
            #expect(recent.match(base, 0, text.count) == nil, "a fifth pushes it out")
            #expect(recent.match(base, 73, text.count)?.start == 74)
        }
    }

    @Test func aChannelsDescriptionIsRecognisedAfterItsThumbnails() throws {
        let url = "https://yt3.ggpht.com/ytc/" + String(repeating: "x", count: 60) + "=s88-c-k-c0x00ffffff-no-rj"
        let thumbnails = ["default", "medium", "high"].map { "\"\($0)\":{\"url\":\"\(url)\($0)\"}" }
        let body = """
            {"kind":"youtube#channelListResponse","items":[{"kind":"youtube#channel","id":"UCaaaaaaaaaaaaaaaaaaaaaa",
            "snippet":{"title":"t","description":"\(Self.description)","thumbnails":{\(thumbnails.joined(separator: ","))},
            "localized":{"title":"t","description":"\(Self.description)"}},
            "brandingSettings":{"channel":{"description":"\(Self.description)","keywords":"a \\"b c\\""}}}]}
            """
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data("\"\(Self.description)\"".utf8), options: .fragmentsAllowed)
                as? String)
        for chunk in [nil, 1, 3, 64] {
            let channels = try Self.records(body, endpoint: .channels, chunk: chunk).compactMap {
                if case .channel(let channel) = $0 { channel } else { nil }
            }
            #expect(channels.map(\.description) == [expected], "chunks of \(chunk ?? 0)")
            #expect(channels.first?.thumbnails.sizes.count == 3)
            #expect(channels.first?.keywords == ["a", "b c"])
        }
    }

    @Test func nearRepeatsAreScannedInFull() throws {
        // Longer, shorter, one byte changed: each is its own string.
        for other in [
            Self.description + "!", String(Self.description.dropLast(3)),
            Self.description.replacingOccurrences(of: "two", with: "Two"),
        ] {
            let videos = try Self.videos(Self.page(title: "t", description: Self.description, localized: other))
            let expected =
                try JSONSerialization.jsonObject(
                    with: Data("\"\(other)\"".utf8), options: .fragmentsAllowed) as? String
            #expect(videos.count == 2 && videos[1].title == expected)
        }
    }

    @Test func aRepeatFollowedByBadBytesIsStillRejected() throws {
        // The same text, then a lone continuation byte, then the quote: not a repeat, and invalid.
        var bytes = Array(Self.page(title: "t", description: Self.description, localized: Self.description).utf8)
        let marker = Array("\"title\":\"".utf8)
        let last = try #require(
            (0...(bytes.count - marker.count)).last { Array(bytes[$0..<($0 + marker.count)]) == marker })
        let closing = last + marker.count + Array(Self.description.utf8).count
        #expect(bytes[closing] == UInt8(ascii: "\""))
        bytes.insert(0x80, at: closing)
        var decoder = PageDecoder(endpoint: .videos) { _ in }
        #expect(throws: JSONError.self) {
            try decoder.feed(bytes)
            _ = try decoder.finish()
        }
    }
}
