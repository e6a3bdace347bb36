import Emulator
import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// Tags are gathered in a scratch array reused from item to item and handed over in an array of
/// their own when `tags` closes; region arrays are filled in place, and topic arrays are shared
/// with an earlier item that had the same. Whatever the sizes
/// in a row, the chunk splits, or the values a hostile page puts inside, each record has exactly
/// its own strings, and the Foundation path agrees.
@Suite("String arrays")
struct StringArrayTests {
    /// A videos page whose items carry tags and topics of the given sizes (`nil`: the key absent).
    static func page(_ sizes: [Int?], extra: String = "") -> String {
        let items = sizes.enumerated().map { index, size -> String in
            let tags = size.map { count in
                "\"tags\":["
                    + (0..<count).map { "\"tag \(index)-\($0)\(String(repeating: "x", count: $0 % 20))\"" }
                    .joined(separator: ",") + "],"
            }
            let topics = size.map { count in
                ",\"topicDetails\":{\"topicCategories\":["
                    + (0..<(count % 4)).map { "\"https://en.wikipedia.org/wiki/Topic_\($0)\"" }.joined(separator: ",")
                    + "],\"topicIds\":[" + (0..<(count % 3)).map { "\"/m/0\(index)\($0)\"" }.joined(separator: ",")
                    + "]}"
            }
            return """
                {"kind":"youtube#video","id":"video\(index)","snippet":{\(tags ?? "")\(extra)"title":"t\(index)"}\(topics ?? "")}
                """
        }
        return "{\"kind\":\"youtube#videoListResponse\",\"items\":[" + items.joined(separator: ",") + "]}"
    }

    @Test func eachRecordHasItsOwnStringsWhateverTheSizesInARow() throws {
        let sizes: [Int?] = [40, 0, 1, nil, 17, 2, 100, 3, 0, nil, 64, 5]
        let text = Self.page(sizes)
        let items =
            (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["items"] as? [[String: Any]]
            ?? []
        for chunk in [nil, 1, 3, 64] {
            let videos = try RepeatedStringTests.videos(text, chunk: chunk)
            try #require(videos.count == sizes.count)
            for (index, (video, size)) in zip(videos, sizes).enumerated() {
                let expected = size.map { count in
                    (0..<count).map { "tag \(index)-\($0)\(String(repeating: "x", count: $0 % 20))" }
                }
                #expect(video.tags == expected, "item \(index), chunk \(chunk ?? 0)")
                #expect(video.topicCategories?.count == size.map { $0 % 4 }, "item \(index)")
                #expect(video.topicIds?.count == size.map { $0 % 3 }, "item \(index)")
                #expect(ItemFields(jsonObject: items[index]).hydratedVideo() == video, "item \(index): Foundation path")
            }
        }
    }

    /// Topic arrays are shared with an earlier item's when equal (``RepeatedStringArrays``):
    /// drawn from arrays that are prefixes and extensions of one another, differ at every place,
    /// are empty, or hold a non-string (skipped), in random runs longer than the arrays
    /// remembered, every record has exactly its page's arrays, as JSONSerialization reads them.
    @Test func topicArraysInRandomRunsAreEachItemsOwn() throws {
        let music = "https://en.wikipedia.org/wiki/Music"
        let pop = "https://en.wikipedia.org/wiki/Pop_music"
        let food = "https://en.wikipedia.org/wiki/Food"
        let choices: [String] = [
            "[]", "[\"\(music)\"]", "[\"\(music)\",\"\(pop)\"]", "[\"\(music)\",\"\(pop)\",\"\(food)\"]",
            "[\"\(pop)\",\"\(music)\"]", "[\"\(music)\",\"\(food)\"]", "[\"\(food)\"]", "[\"\(music)\",7,\"\(pop)\"]",
            "[\"/m/04rlf\"]", "[\"/m/04rlf\",\"/m/02mscn\"]", "[\"/m/02mscn\",\"/m/04rlf\"]", "[\"/m/04rlg\"]",
        ]
        var random = CorpusRandom(seed: 0x70_91C5)
        for round in 0..<6 {
            let items = (0..<60).map { index -> String in
                let pick = { choices[Int(random.next() % UInt64(choices.count))] }
                let fields = ["topicIds", "relevantTopicIds", "topicCategories"].filter { _ in random.next() % 5 != 0 }
                let topics = fields.map { "\"\($0)\":\(pick())" }.joined(separator: ",")
                return "{\"kind\":\"youtube#video\",\"id\":\"v\(index)\",\"topicDetails\":{\(topics)}}"
            }
            let text = "{\"kind\":\"youtube#videoListResponse\",\"items\":[" + items.joined(separator: ",") + "]}"
            let expected =
                (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["items"]
                as? [[String: Any]]
                ?? []
            let videos = try RepeatedStringTests.videos(text, chunk: [nil, 1, 3, 7, 64, 4096][round])
            try #require(videos.count == expected.count)
            for (video, item) in zip(videos, expected) {
                let details = item["topicDetails"] as? [String: Any] ?? [:]
                func strings(_ key: String) -> [String]? { (details[key] as? [Any])?.compactMap { $0 as? String } }
                #expect(video.topicIds == strings("topicIds"), "\(video.videoId) round \(round)")
                #expect(video.relevantTopicIds == strings("relevantTopicIds"), "\(video.videoId) round \(round)")
                #expect(video.topicCategories == strings("topicCategories"), "\(video.videoId) round \(round)")
            }
        }
    }

    /// A record's tags array is its own: no spare capacity of the reused scratch is handed on.
    @Test func tagsArraysHoldNoMoreThanTheirTags() throws {
        let videos = try RepeatedStringTests.videos(Self.page([100, 2]))
        #expect(videos.map { $0.tags?.count } == [100, 2])
        #expect((videos.last?.tags?.capacity ?? 0) < 100)
    }

    /// Values that are not strings inside `tags` (numbers, objects, nested arrays) are skipped,
    /// and what they hold never reaches the tags of this or the next record.
    @Test func foreignValuesInsideTagsAreSkipped() throws {
        let text = """
            {"kind":"youtube#videoListResponse","items":[
            {"kind":"youtube#video","id":"a","snippet":{"tags":["one",2,{"x":"inner"},["nested","deeper"],null,true,"two"]}},
            {"kind":"youtube#video","id":"b","snippet":{"tags":["three"]}},
            {"kind":"youtube#video","id":"c","snippet":{"tags":[]}}]}
            """
        for chunk in [nil, 1, 2, 5] {
            let videos = try RepeatedStringTests.videos(text, chunk: chunk)
            #expect(videos.map(\.tags) == [["one", "two"], ["three"], []], "chunk \(chunk ?? 0)")
        }
    }
}
