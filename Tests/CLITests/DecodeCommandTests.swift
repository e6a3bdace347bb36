import Foundation
import Testing

@Suite("ytcrawl decode")
struct DecodeCommandTests {
    static func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID()).json").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let search = """
        {"kind":"youtube#searchListResponse","nextPageToken":"T","items":[
        {"kind":"youtube#searchResult","id":{"kind":"youtube#video","videoId":"abcdefghijk"},
         "snippet":{"publishedAt":"2024-01-02T03:04:05.000Z","channelId":"UCx","title":"Tom &amp; Jerry&#39;s",
         "description":"d","thumbnails":{"high":{"url":"https://i.ytimg.com/h.jpg","width":480,"height":360}},
         "channelTitle":"C","liveBroadcastContent":"none"}},
        {"kind":"youtube#searchResult","id":{"kind":"youtube#channel","channelId":"UCy"},"snippet":{"title":"ch"}}]}
        """

    @Test func printsOneLinePerRecordWithEveryColumn() async throws {
        let path = try Self.temporaryFile(Self.search)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CLIRunner.run(["decode", path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        let columns = [
            "videoId", "title", "description", "channelId", "channelTitle", "publishedAt", "thumbnailUrl",
            "thumbnails", "liveBroadcastContent", "tags", "categoryId", "defaultLanguage", "defaultAudioLanguage",
            "duration", "durationSeconds", "viewCount", "likeCount", "commentCount", "embedURL", "source", "fetchedAt",
        ]
        // Schema version 2's columns follow, each null here: the page carried none of their parts.
        let version2 = [
            "dimension", "definition", "projection", "caption", "licensedContent", "regionRestriction",
            "contentRating", "privacyStatus", "uploadStatus", "license", "embeddable", "publicStatsViewable",
            "madeForKids", "containsSyntheticMedia", "topicIds", "relevantTopicIds", "topicCategories",
            "recordingDate", "recordingLocation", "liveStreamingDetails", "hasPaidProductPlacement", "localizations",
            "format",
        ]
        // Derived from the text (schema 3): computed, never absent.
        let version3 = ["urls", "hashtags", "mentions", "chapters"]
        #expect(Set(object.keys) == Set(columns + version2 + version3))
        for column in version2 { #expect(object[column] is NSNull, "\(column)") }
        #expect(object["title"] as? String == "Tom & Jerry's")
        #expect(object["publishedAt"] as? String == "2024-01-02T03:04:05Z")
        #expect(object["embedURL"] as? String == "https://www.youtube.com/embed/abcdefghijk")
        #expect(object["thumbnailUrl"] as? String == "https://i.ytimg.com/h.jpg")
        #expect(object["tags"] is NSNull)
    }

    @Test func readsStandardInput() async throws {
        let result = try await CLIRunner.run(["decode", "-", "--endpoint", "search"], input: Data(Self.search.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"videoId\":\"abcdefghijk\""))
    }

    /// A body saved with `fields=` lacks text: the line says null, never `""` (DESIGN.md "Records").
    @Test func textTheBodyDidNotCarryIsNull() async throws {
        let body = """
            {"items":[{"id":"abcdefghijk","snippet":{"publishedAt":"2024-01-02T03:04:05Z","title":""},
             "statistics":{"viewCount":"7"}}]}
            """
        let result = try await CLIRunner.run(["decode", "-", "--endpoint", "videos"], input: Data(body.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "", "sent empty")
        for absent in ["description", "channelId", "channelTitle", "likeCount", "thumbnailUrl"] {
            #expect(object[absent] is NSNull, "\(absent) not sent")
        }
        #expect(object["viewCount"] as? Int == 7)
    }

    /// A body saved by an editor that writes a UTF-8 byte order mark (EF BB BF) first, from a file
    /// and from standard input.
    @Test func aLeadingByteOrderMarkIsSkipped() async throws {
        let path = try Self.temporaryFile("\u{FEFF}" + Self.search)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.contents(atPath: path)?.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let fromFile = try await CLIRunner.run(["decode", path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.split(separator: "\n").count == 1)
        #expect(fromFile.stdout.contains("\"videoId\":\"abcdefghijk\""))
        let fromInput = try await CLIRunner.run(
            ["decode", "-", "--endpoint", "search"], input: Data([0xEF, 0xBB, 0xBF]) + Data(Self.search.utf8))
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        #expect(fromInput.stdout.contains("\"videoId\":\"abcdefghijk\""))
        // Only at the start: a mark inside the body is still not JSON.
        let inside = try await CLIRunner.run(
            ["decode", "-"], input: Data(" ".utf8) + Data([0xEF, 0xBB, 0xBF]) + Data(Self.search.utf8))
        #expect(inside.status == 2)
    }

    @Test func apiErrorBodyExitsOneWithCodeAndReason() async throws {
        let path = try Self.temporaryFile(
            #"{"error":{"code":403,"message":"quota","errors":[{"domain":"youtube.quota","reason":"quotaExceeded"}]}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CLIRunner.run(["decode", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("403") && result.stderr.contains("quotaExceeded"))
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidJSONExitsTwoWithOffsetAndExpectation() async throws {
        let path = try Self.temporaryFile(#"{"items": [{}, {},, {}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CLIRunner.run(["decode", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("byte 18") && result.stderr.contains("expected a value"), "\(result.stderr)")
    }

    /// A saved commentThreads body: one comment line per top-level comment and carried reply, in
    /// the comments schema, detected from its kind.
    @Test func commentBodiesDecodeToCommentLines() async throws {
        let body =
            #"{"kind":"youtube#commentThreadListResponse","items":[{"kind":"youtube#commentThread","id":"UgA","snippet":{"videoId":"vid00000001","channelId":"UCc","topLevelComment":{"id":"UgA","snippet":{"textDisplay":"hi","authorDisplayName":"@a","likeCount":2,"publishedAt":"2020-01-01T00:00:00Z","updatedAt":"2020-01-01T00:00:00Z"}},"totalReplyCount":1},"replies":{"comments":[{"id":"UgA.b","snippet":{"textDisplay":"re","parentId":"UgA","likeCount":0,"publishedAt":"2020-01-02T00:00:00Z","updatedAt":"2020-01-02T00:00:00Z"}}]}}]}"#
        let path = try Self.temporaryFile(body)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CLIRunner.run(["decode", path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(#"{"commentId":"UgA","threadId":"UgA","parentId":null,"videoId":"vid00000001""#)
                == true)
        #expect(
            lines.last?.contains(#""parentId":"UgA""#) == true
                && lines.last?.contains(#""videoId":"vid00000001""#) == true)
    }

    @Test func aPageWhoseItemsAreNotObjectsIsRefusedNotReadAsEmpty() async throws {
        let path = try Self.temporaryFile(#"{"kind":"youtube#videoListResponse","items":"x"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CLIRunner.run(["decode", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a list page") && result.stderr.contains("\"items\" is a string"))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileAndBadEndpointAreUsageErrors() async throws {
        let missing = try await CLIRunner.run(["decode", "/nonexistent/body.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/body.json"))
        let badEndpoint = try await CLIRunner.run(["decode", "-", "--endpoint", "searches"])
        #expect(badEndpoint.status == 2)
        #expect(badEndpoint.stderr.contains("auto, search, videos, playlistItems, channels"))
    }

    /// What a server writes reaches the terminal only as text: no escape sequences, no line that
    /// pretends to be ytcrawl's.
    @Test func aHostileErrorMessageIsPrintedAsText() async throws {
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: body) }
        let message = "boom\u{1B}]0;pwned\u{07}\u{1B}[2J\nytcrawl: done: every seed walked to its end"
        let json = try JSONSerialization.data(withJSONObject: [
            "error": ["code": 500, "message": message, "errors": [["reason": "backendError", "message": message]]]
        ])
        try json.write(to: URL(fileURLWithPath: body))
        let result = try await CLIRunner.run(["decode", body])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}"), "no escape sequence reaches the terminal")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, whatever the message holds")
        #expect(result.stderr.contains("boom\\u{1b}]0;pwned"))
    }
}
