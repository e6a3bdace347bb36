import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// The channel's strings a page repeats from item to item are made once and handed out again
/// (``LastString``): whatever follows a value — itself, a look-alike of the same length and the
/// same first sixteen bytes, a longer or shorter one, an escaped one, an empty one — every record
/// reads back exactly what its item sent, whole or in chunks of any size.
@Suite("Repeated channel strings")
struct LastStringTests {
    /// JSON string contents (escaped as sent), one per item, in an order that puts each next to
    /// its look-alikes.
    static let values = [
        "UCaaaaaaaaaaaaaaaaaaaaa1", "UCaaaaaaaaaaaaaaaaaaaaa1", "UCaaaaaaaaaaaaaaaaaaaaa2",
        "UCaaaaaaaaaaaaaaaaaaaaa2", "UCaaaaaaaaaaaaaaaaaaaaa", "UCaaaaaaaaaaaaaaaaaaaaa1x", "UCaaaaaaaaaaaaaaaaaaaaa1",
        "Short one", "Short one", "Short onf", "Short on", "", "", "sixteen bytes ok", "sixteen bytes ol",
        #"Caf\u00e9 \"quoted\""#, #"Caf\u00e9 \"quoted\""#, "Café \\\"quoted\\\"", "Café \\\"quoted\\\"",
        "日本語のチャンネル名", "日本語のチャンネル名", "日本語のチャンネル吊",
    ]

    static func decoded(_ escaped: String) throws -> String {
        try #require(
            try JSONSerialization.jsonObject(with: Data("\"\(escaped)\"".utf8), options: .fragmentsAllowed) as? String)
    }

    static func videosPage() -> String {
        let items = values.enumerated().map { index, value in
            #"{"kind":"youtube#video","id":"video\#(index)","snippet":{"channelId":"\#(value)","title":"t","#
                + #""channelTitle":"\#(value)"}}"#
        }
        return #"{"kind":"youtube#videoListResponse","items":["# + items.joined(separator: ",\n  ") + "]}"
    }

    /// Every third item without its owner fields: the record then falls back to the playlist's
    /// channel, which repeats the value of two items before.
    static func playlistItemsPage() -> String {
        let items = values.enumerated().map { index, value in
            let owner =
                index % 3 == 2 ? "" : #","videoOwnerChannelId":"\#(value)","videoOwnerChannelTitle":"\#(value)""#
            let channel = values[max(0, index - 2)]
            return #"{"kind":"youtube#playlistItem","id":"item\#(index)","snippet":{"channelId":"\#(channel)","#
                + #""channelTitle":"\#(channel)","playlistId":"PL\#(channel)","title":"t","#
                + #""resourceId":{"kind":"youtube#video","videoId":"video\#(index)"}\#(owner)}}"#
        }
        return #"{"kind":"youtube#playlistItemListResponse","items":["# + items.joined(separator: ",") + "]}"
    }

    static func videos(_ text: String, endpoint: Endpoint, chunk: Int?) throws -> [Video] {
        try RepeatedStringTests.records(text, endpoint: endpoint, chunk: chunk).compactMap {
            if case .video(let video) = $0 { video } else { nil }
        }
    }

    @Test(arguments: [nil, 1, 3, 7, 16, 64])
    func videosReadBackWhatEachItemSent(chunk: Int?) throws {
        let expected = try Self.values.map(Self.decoded)
        let videos = try Self.videos(Self.videosPage(), endpoint: .videos, chunk: chunk)
        #expect(videos.map(\.videoId) == Self.values.indices.map { "video\($0)" })
        #expect(videos.map(\.channelId) == expected)
        #expect(videos.map(\.channelTitle) == expected)
    }

    @Test(arguments: [nil, 1, 3, 7, 16, 64])
    func playlistItemsReadBackWhatEachItemSent(chunk: Int?) throws {
        let values = try Self.values.map(Self.decoded)
        let expected = values.indices.map { $0 % 3 == 2 ? values[max(0, $0 - 2)] : values[$0] }
        let videos = try Self.videos(Self.playlistItemsPage(), endpoint: .playlistItems, chunk: chunk)
        #expect(videos.map(\.videoId) == values.indices.map { "video\($0)" })
        #expect(videos.map(\.channelId) == expected)
        #expect(videos.map(\.channelTitle) == expected)
    }

    @Test func aRepeatedValueIsOneString() throws {
        var videos = try Self.videos(Self.videosPage(), endpoint: .videos, chunk: nil)
        func address(_ index: Int) -> UnsafePointer<UInt8>? {
            videos[index].channelId!.withUTF8 { $0.baseAddress }
        }
        #expect(address(0) == address(1), "the second item's channel id is the first's String")
        #expect(address(1) != address(2), "a look-alike is a String of its own")
        #expect(address(2) == address(3))
    }
}
