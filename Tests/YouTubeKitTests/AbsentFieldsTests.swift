import Foundation
import StreamingJSON
import TestSupport
import Testing

@testable import YouTubeKit

/// DESIGN.md "Records": `""` only when the API sent an empty string, null when the response did
/// not carry the field. Checked on the emulator's `fields=` responses and on hand-made bodies, in
/// the streaming decoder and in `YouTubeClient`'s Foundation path, down to the written line.
@Suite("Absent fields are null")
struct AbsentFieldsTests {
    /// The records of a body read both ways; the test fails when the two disagree.
    static func bothWays(_ bytes: [UInt8], endpoint: Endpoint, name: String) throws -> [DecodedRecord] {
        let (streamed, _) = try PageDecoder.decode(bytes, endpoint: endpoint)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        var tree: [DecodedRecord] = []
        for item in YouTubeClient.items(root) {
            switch endpoint {
            case .search: if let video = item.searchVideo() { tree.append(.video(video)) }
            case .videos: if let video = item.hydratedVideo() { tree.append(.video(video)) }
            case .playlistItems:
                if !item.isPlaceholder, let video = item.playlistVideo() { tree.append(.video(video)) }
            case .channels: if let channel = item.channel() { tree.append(.channel(channel)) }
            case .auto, .commentThreads, .comments: tree = YouTubeClient.comments(root).map { .comment($0) }
            }
        }
        #expect(tree == streamed, "\(name): the Foundation path and the streaming decoder agree")
        return streamed
    }

    static func line(_ record: DecodedRecord) -> [String: Any] {
        var writer = JSONWriter()
        RecordEncoder.encode(record, into: &writer)
        return (try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any]) ?? [:]
    }

    @Test func fieldsFilteredEmulatorResponsesGiveNullNotEmptyText() throws {
        let emulator = try YouTubeClientTests.Emulator()
        let http = LoopbackHTTPClient(port: emulator.server.port)
        defer { http.close() }
        let ids = emulator.server.truthVideos().prefix(20).map(\.videoId).joined(separator: ",")
        let busy = try #require(emulator.server.service.truthComments().first { $0.parentId == nil })
        let cases: [(String, Endpoint, [String])] = [
            (
                "search?part=snippet&q=music&maxResults=50&type=video&fields=items(id,snippet(publishedAt)),nextPageToken",
                .search, ["title", "description", "channelId", "channelTitle", "thumbnailUrl"]
            ),
            (
                "videos?part=snippet,statistics&id=\(ids)&fields=items(id,snippet(publishedAt,channelId),statistics(viewCount))",
                .videos, ["title", "description", "channelTitle", "tags", "likeCount", "commentCount"]
            ),
            (
                "playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(emulator.server.playlistIds[0])"
                    + "&fields=items(snippet(resourceId),contentDetails(videoId,videoPublishedAt))",
                .playlistItems, ["title", "description", "channelId", "channelTitle"]
            ),
            (
                "channels?part=snippet,statistics&id=\(emulator.server.channelIds[0])&fields=items(id,statistics(videoCount))",
                .channels, ["title", "description", "publishedAt", "customUrl"]
            ),
            (
                "commentThreads?part=snippet&videoId=\(busy.videoId ?? "")&fields=items(id,snippet(topLevelComment(id,snippet(videoId))))",
                .commentThreads, ["text", "authorDisplayName", "likeCount", "publishedAt"]
            ),
        ]
        for (target, endpoint, absent) in cases {
            let response = try http.get("/youtube/v3/" + target, headers: ["X-Goog-Api-Key": YouTubeClientTests.key])
            #expect(response.status == 200, "\(target)")
            let records = try Self.bothWays(Array(response.body), endpoint: endpoint, name: target)
            #expect(!records.isEmpty, "\(target)")
            for record in records {
                let line = Self.line(record)
                for name in absent {
                    #expect(
                        line[name] is NSNull,
                        "\(endpoint): \(name) was not sent, so it is null, not \(line[name] ?? "")")
                }
            }
        }
    }

    @Test func handMadeBodiesKeepEmptyTextApartFromMissingText() throws {
        let empty = #""title":"","description":"","channelTitle":"""#
        let bodies: [(Endpoint, String)] = [
            (
                .search,
                #"{"kind":"youtube#searchListResponse","items":[{"kind":"youtube#searchResult","id":{"kind":"youtube#video","videoId":"aaaaaaaaaaa"},"snippet":{"publishedAt":"2024-01-01T00:00:00Z"}},{"kind":"youtube#searchResult","id":{"kind":"youtube#video","videoId":"bbbbbbbbbbb"},"snippet":{"channelId":"UCx",\#(empty)}}]}"#
            ),
            (
                .videos,
                #"{"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"aaaaaaaaaaa","snippet":{"publishedAt":"2024-01-01T00:00:00Z"}},{"kind":"youtube#video","id":"bbbbbbbbbbb","snippet":{"channelId":"UCx",\#(empty)}}]}"#
            ),
            (
                .playlistItems,
                #"{"kind":"youtube#playlistItemListResponse","items":[{"kind":"youtube#playlistItem","contentDetails":{"videoId":"aaaaaaaaaaa"}},{"kind":"youtube#playlistItem","snippet":{"channelId":"UCx",\#(empty),"resourceId":{"videoId":"bbbbbbbbbbb"}}}]}"#
            ),
            (
                .channels,
                #"{"kind":"youtube#channelListResponse","items":[{"kind":"youtube#channel","id":"UCa"},{"kind":"youtube#channel","id":"UCb","snippet":{"title":"","description":""}}]}"#
            ),
        ]
        for (endpoint, body) in bodies {
            let records = try Self.bothWays(Array(body.utf8), endpoint: endpoint, name: "\(endpoint)")
            try #require(records.count == 2, "\(endpoint)")
            let missing = Self.line(records[0])
            let sent = Self.line(records[1])
            let texts = endpoint == .channels ? ["title", "description"] : ["title", "description", "channelTitle"]
            for name in texts {
                #expect(missing[name] is NSNull, "\(endpoint) \(name) absent → null")
                #expect(sent[name] as? String == "", "\(endpoint) \(name) sent empty → \"\"")
            }
            if endpoint != .channels {
                #expect(missing["channelId"] is NSNull, "\(endpoint) channelId absent → null")
                #expect(sent["channelId"] as? String == "UCx")
            }
        }
    }

    /// Absent text survives every chunk boundary of the stream.
    @Test func absenceHoldsAcrossChunkSplits() throws {
        let body = Array(
            #"{"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"aaaaaaaaaaa","snippet":{"channelId":"UCx","title":""}}]}"#
                .utf8)
        final class Collected: @unchecked Sendable { var records: [DecodedRecord] = [] }
        for split in 1..<body.count {
            let collected = Collected()
            var decoder = PageDecoder(endpoint: .videos) { collected.records.append($0) }
            try decoder.feed(Array(body[..<split]))
            try decoder.feed(Array(body[split...]))
            _ = try decoder.finish()
            guard case .video(let video)? = collected.records.first else {
                Issue.record("no record at split \(split)")
                continue
            }
            #expect(video.title == "" && video.description == nil && video.channelTitle == nil, "split \(split)")
        }
    }
}
