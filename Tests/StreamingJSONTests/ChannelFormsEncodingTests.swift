import Emulator
import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// A channel's keywords kept as text and its uploads id kept as derived: the decoder keeps the
/// derived form only when it is right, and the encoder writes both from their bytes, byte for
/// byte the line the split list and the whole id give (keywords with every character JSON
/// escapes).
@Suite("Channel forms in decoding and JSON lines")
struct ChannelFormsEncodingTests {
    static func line(_ channel: Channel) -> String {
        var writer = JSONWriter()
        RecordEncoder.encode(channel, into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func keywordsTextAndListWriteTheSameLine() throws {
        let pieces = [
            "a", "music", " ", "  ", "\t", "\n", "\"", "back\\slash", "\u{01}", "\u{1F}", "é", "日本語", "🎸",
            "line\u{2028}sep", "\u{7F}", "tab\there", "long keyword without spaces at all",
        ]
        var random = CorpusRandom(seed: 0xC4A7)
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            var sent = Channel(channelId: "UCsent")
            sent.keywordsForm = .text(text)
            var listed = Channel(channelId: "UCsent")
            listed.keywordsForm = .list(ChannelKeywords.split(text))
            let line = Self.line(sent)
            #expect(line == Self.line(listed), "\(text.debugDescription)")
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["keywords"] as? [String] == ChannelKeywords.split(text))
        }
        #expect(Self.line(Channel(channelId: "UCnone")).contains(#","keywords":null,"#))
    }

    /// The decoder keeps the uploads id as derived only when it is the item's own id's, in
    /// whatever order the members come (an id after `contentDetails`, a second `uploads`), and
    /// the Foundation path reads equal channels.
    @Test func theDecoderKeepsUploadsAsDerivedOnlyWhenItIs() throws {
        let items = [
            (#""id":"UCaaaa","contentDetails":{"relatedPlaylists":{"uploads":"UUaaaa"}}"#, "UUaaaa", true),
            (#""id":"UCaaaa","contentDetails":{"relatedPlaylists":{"uploads":"UUaaab"}}"#, "UUaaab", false),
            (#""contentDetails":{"relatedPlaylists":{"uploads":"UUcccc"}},"id":"UCcccc""#, "UUcccc", true),
            (#""id":"HCdddd","contentDetails":{"relatedPlaylists":{"uploads":"UUdddd"}}"#, "UUdddd", false),
            (
                #""id":"UCeeee","contentDetails":{"relatedPlaylists":{"uploads":"UUeeee","uploads":"UUffff"}}"#,
                "UUffff", false
            ),
            (
                #""id":"UCgggg","contentDetails":{"relatedPlaylists":{"uploads":"UUxxxx","uploads":"UUgggg"}}"#,
                "UUgggg", true
            ),
            (#""id":"UChhhh","contentDetails":{"relatedPlaylists":{"uploads":"UU\u0068hhh"}}"#, "UUhhhh", true),
        ]
        let text =
            #"{"kind":"youtube#channelListResponse","items":["#
            + items.map { #"{"kind":"youtube#channel","# + $0.0 + "}" }.joined(separator: ",") + "]}"
        let objects =
            (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["items"] as? [[String: Any]]
            ?? []
        for chunk in [nil, 1, 3] {
            let records = try RepeatedStringTests.records(text, endpoint: .channels, chunk: chunk)
            let channels = records.compactMap { record -> Channel? in
                if case .channel(let channel) = record { return channel }
                return nil
            }
            try #require(channels.count == items.count)
            for ((_, uploads, derived), (channel, object)) in zip(items, zip(channels, objects)) {
                #expect(channel.uploadsPlaylistId == uploads, "\(channel.channelId)")
                #expect((channel.uploadsForm == .derived) == derived, "\(channel.channelId)")
                #expect(ItemFields(jsonObject: object).channel() == channel, "\(channel.channelId): Foundation path")
            }
        }
    }

    @Test func aDerivedUploadsIdIsWrittenWhole() throws {
        for id in ["UCabcdefghijklmnopqrstuv", "UC", "UCé日本"] {
            let derived = Channel(channelId: id, uploadsPlaylistId: "UU" + id.dropFirst(2))
            #expect(derived.uploadsForm == .derived)
            var whole = derived
            whole.uploadsForm = .other("UU" + id.dropFirst(2))
            #expect(Self.line(derived) == Self.line(whole))
            let object = try JSONSerialization.jsonObject(with: Data(Self.line(derived).utf8)) as? [String: Any]
            #expect(object?["uploadsPlaylistId"] as? String == "UU" + id.dropFirst(2))
        }
        #expect(Self.line(Channel(channelId: "UCx")).contains(#","uploadsPlaylistId":null,"#))
    }
}
