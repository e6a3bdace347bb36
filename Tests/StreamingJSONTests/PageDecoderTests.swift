import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import StreamingJSON

@Suite("Page decoders")
struct PageDecoderTests {
    static func decode(_ text: String, _ endpoint: Endpoint = .auto) throws -> ([DecodedRecord], PageSummary) {
        try PageDecoder.decode(Array(text.utf8), endpoint: endpoint)
    }

    static func videos(_ records: [DecodedRecord]) -> [Video] {
        records.compactMap { if case .video(let video) = $0 { return video } else { return nil } }
    }

    @Test func searchPageDecodesEntitiesAndFindsChannelsAndPlaylists() throws {
        let (records, summary) = try Self.decode(OwnFixtures.searchPage)
        let videos = Self.videos(records)
        #expect(summary.endpoint == .search)
        #expect(summary.nextPageToken == "CAUQAA")
        #expect(summary.totalResults == 1_000_000)
        #expect(summary.resultsPerPage == 5)
        #expect(summary.itemCount == 4)
        #expect(summary.channelResults == ["UCchannel0000000000000b"])
        #expect(summary.playlistResults == ["PLplaylist000000000000000000000001"])
        #expect(videos.map(\.videoId) == ["vid00000001", "vid00000002"])
        #expect(videos[0].title == "Rock & Roll: I'm \"back\" 🎸")
        #expect(videos[0].description?.hasPrefix("Café <b> — a long") == true)
        #expect(videos[0].channelTitle == "Tom & Jerry")
        #expect(videos[0].publishedAt.map(RFC3339.format) == "2024-03-01T12:00:00Z")
        #expect(videos[0].thumbnailUrl == "https://i.ytimg.com/vi/vid00000001/hqdefault.jpg")
        #expect(videos[0].thumbnails.entries.map(\.name) == ["default", "medium", "high"])
        #expect(videos[0].liveBroadcastContent == "none")
        #expect(videos[0].viewCount == nil && videos[0].tags == nil)
        #expect(videos[1].title == "שלום right-to-left 😀")
        #expect(videos[1].publishedAt.map(RFC3339.format) == "2024-03-02T06:30:00Z")
        #expect(videos[1].thumbnailUrl == "https://i.ytimg.com/vi/vid00000002/default_live.jpg")
        #expect(videos[1].liveBroadcastContent == "live")
    }

    @Test func playlistItemsUseVideoPublishedAtAndSkipPlaceholders() throws {
        let (records, summary) = try Self.decode(OwnFixtures.playlistItemsPage)
        let videos = Self.videos(records)
        #expect(summary.endpoint == .playlistItems)
        #expect(summary.placeholderCount == 2)
        #expect(videos.count == 1)
        let video = try #require(videos.first)
        #expect(video.videoId == "vid00000003")
        #expect(video.publishedAt.map(RFC3339.format) == "2020-05-05T05:05:05Z")
        #expect(video.channelId == "UCvideoowner000000000000")
        #expect(video.channelTitle == "Video owner")
        #expect(video.description == "line one\r\nline two")
        #expect(video.thumbnailUrl == "https://i.ytimg.com/vi/vid00000003/mqdefault.jpg")
    }

    @Test func videosPageKeepsPlainTextAndCounts() throws {
        let (records, summary) = try Self.decode(OwnFixtures.videosPage)
        let videos = Self.videos(records)
        #expect(summary.endpoint == .videos)
        #expect(videos.count == 2)
        let first = videos[0]
        #expect(first.title == "Plain & simple <title>")
        #expect(first.channelTitle == "Tom & Jerry")
        #expect(first.description == "Emoji 🎉 and \"quotes\"\nsecond line")
        #expect(first.tags == ["swift", "json", "日本語"])
        #expect(first.categoryId == "28")
        #expect(first.defaultLanguage == "en")
        #expect(first.defaultAudioLanguage == "en-US")
        #expect(first.duration == "PT1H10S")
        #expect(first.durationSeconds == 3610)
        #expect(first.viewCount == 123_456)
        #expect(first.likeCount == nil, "likes hidden")
        #expect(first.commentCount == 42)
        #expect(first.thumbnailUrl == "https://i.ytimg.com/vi/vid00000006/maxresdefault.jpg")
        let second = videos[1]
        #expect(second.liveBroadcastContent == "upcoming")
        #expect(second.durationSeconds == 0)
        #expect(second.commentCount == nil, "comments disabled")
        #expect(second.likeCount == 0)
    }

    @Test func channelsPage() throws {
        let (records, summary) = try Self.decode(OwnFixtures.channelsPage)
        #expect(summary.endpoint == .channels)
        guard case .channel(let channel)? = records.first else {
            Issue.record("no channel record")
            return
        }
        #expect(channel.channelId == "UCchannel0000000000000a")
        #expect(channel.customUrl == "@tomandjerry")
        #expect(channel.uploadsPlaylistId == "UUchannel0000000000000a")
        #expect(channel.subscriberCount == nil, "hidden")
        #expect(channel.videoCount == 12)
        #expect(channel.viewCount == 999)
        #expect(channel.country == "FR")
    }

    @Test func filteredResponseWithoutKindIsDetectedFromShape() throws {
        let (records, summary) = try Self.decode(OwnFixtures.filteredVideos)
        #expect(summary.endpoint == .videos)
        #expect(summary.nextPageToken == "NEXT")
        #expect(Self.videos(records).first?.title == "Filtered")
        #expect(Self.videos(records).first?.publishedAt.map(RFC3339.format) == "2018-01-01T00:00:00Z")
    }

    @Test func missingItemsIsAnEmptyPage() throws {
        let (records, summary) = try Self.decode(OwnFixtures.emptyNoItems)
        #expect(records.isEmpty)
        #expect(summary.itemCount == 0)
        #expect(summary.totalResults == 0)
        #expect(summary.error == nil)
    }

    @Test(arguments: [
        (#"{"kind":"youtube#searchListResponse","items":"x"}"#, "is a string", false),
        (#"{"items":{"id":"a"}}"#, "is an object", false),
        (#"{"items":7,"nextPageToken":"N"}"#, "is a number", false),
        (#"{"items":null}"#, "is null", false),
        (#"{"items":true}"#, "is true", false),
        (#"{"items":[{"id":"a","snippet":{"title":"t"}},"x"]}"#, "holds a string", true),
        (#"{"items":[[{"id":"a"}]]}"#, "holds an array", true),
        (#"{"items":[1]}"#, "holds a number", true),
    ])
    func wronglyTypedItemsAreAnErrorNotAnEmptyPage(body: String, says: String, inItems: Bool) throws {
        // Whole and in 3-byte chunks alike.
        for chunk in [Int.max, 3] {
            let bytes = Array(body.utf8)
            var decoder = PageDecoder(endpoint: .auto) { _ in }
            let error = #expect(throws: PageShapeError.self) {
                var offset = 0
                while offset < bytes.count {
                    let end = min(bytes.count, offset + min(chunk, bytes.count))
                    try decoder.feed(Array(bytes[offset..<end]))
                    offset = end
                }
                _ = try decoder.finish()
            }
            #expect(error?.inItems == inItems)
            #expect(error?.description.contains(says) == true, "\(error.map(String.init(describing:)) ?? "")")
        }
    }

    static let commentThreadsPage = #"""
        {"kind": "youtube#commentThreadListResponse", "nextPageToken": "QURTSl9pMTB4=",
         "pageInfo": {"totalResults": 2, "resultsPerPage": 100},
         "items": [
          {"kind": "youtube#commentThread", "id": "UgThreadA",
           "snippet": {"channelId": "UCchan", "videoId": "vid00000001",
             "topLevelComment": {"kind": "youtube#comment", "id": "UgThreadA",
               "snippet": {"textDisplay": "first\nline é", "textOriginal": "first\nline é",
                 "authorDisplayName": "@ann", "authorProfileImageUrl": "https://yt3.ggpht.com/a",
                 "authorChannelId": {"value": "UCann"}, "likeCount": 7,
                 "publishedAt": "2020-01-02T03:04:05Z", "updatedAt": "2020-01-03T03:04:05.123Z"}},
             "canReply": true, "totalReplyCount": 9, "isPublic": true},
           "replies": {"comments": [
             {"kind": "youtube#comment", "id": "UgThreadA.r1",
              "snippet": {"videoId": "vid00000001", "textDisplay": "reply", "parentId": "UgThreadA",
                "authorDisplayName": "@bob", "likeCount": 0, "publishedAt": "2020-01-04T00:00:00Z",
                "updatedAt": "2020-01-04T00:00:00Z"}}]}},
          {"kind": "youtube#commentThread", "id": "UgThreadB",
           "snippet": {"videoId": "vid00000001", "totalReplyCount": 0,
             "topLevelComment": {"id": "UgThreadB", "snippet": {"textOriginal": "only original",
               "imageUrl": "https://yt3.ggpht.com/img/x", "publishedAt": "2020-01-05T00:00:00Z"}}}}
         ]}
        """#

    /// A thread's top-level comment, then the replies it carries, each a record; absent is null.
    @Test func commentThreadsPageDecodesThreadsAndCarriedReplies() throws {
        for endpoint in [Endpoint.auto, .commentThreads] {
            let (records, summary) = try PageDecoder.decode(Array(Self.commentThreadsPage.utf8), endpoint: endpoint)
            #expect(summary.endpoint == .commentThreads)
            #expect(summary.nextPageToken == "QURTSl9pMTB4=")
            #expect(summary.itemCount == 2 && summary.commentCount == 3)
            let comments = records.compactMap { if case .comment(let c) = $0 { c } else { nil } }
            #expect(comments.map(\.commentId) == ["UgThreadA", "UgThreadA.r1", "UgThreadB"])
            let top = comments[0]
            #expect(top.threadId == "UgThreadA" && top.parentId == nil && top.totalReplyCount == 9)
            #expect(top.videoId == "vid00000001" && top.channelId == "UCchan")
            #expect(top.text == "first\nline é" && top.likeCount == 7 && top.authorChannelId == "UCann")
            #expect(top.updatedAt.map(RFC3339.format) == "2020-01-03T03:04:05Z")
            let reply = comments[1]
            #expect(reply.threadId == "UgThreadA" && reply.parentId == "UgThreadA" && reply.totalReplyCount == nil)
            #expect(reply.channelId == "UCchan", "the thread's channel")
            #expect(reply.authorChannelId == nil && reply.authorProfileImageUrl == nil)
            let second = comments[2]
            #expect(second.text == "only original" && second.imageUrl == "https://yt3.ggpht.com/img/x")
            #expect(second.channelId == nil && second.likeCount == nil && second.totalReplyCount == 0)
        }
    }

    /// comments.list replies (no videoId), and an error body on a comment endpoint.
    @Test func repliesPageAndCommentErrors() throws {
        let replies =
            #"{"kind":"youtube#commentListResponse","pageInfo":{"resultsPerPage":2},"items":[{"kind":"youtube#comment","id":"UgT.a","snippet":{"textDisplay":"r","parentId":"UgT","likeCount":1,"publishedAt":"2021-01-01T00:00:00Z"}}]}"#
        let (records, summary) = try PageDecoder.decode(Array(replies.utf8))
        #expect(summary.endpoint == .comments && summary.totalResults == nil && summary.resultsPerPage == 2)
        guard case .comment(let reply)? = records.first else {
            Issue.record("no reply")
            return
        }
        #expect(reply.parentId == "UgT" && reply.threadId == "UgT" && reply.videoId == nil)
        let disabled =
            #"{"error":{"code":403,"message":"disabled","errors":[{"domain":"youtube.commentThread","reason":"commentsDisabled"}]}}"#
        let error = try PageDecoder.decode(Array(disabled.utf8), endpoint: .commentThreads, httpStatus: 403)
        #expect(error.summary.error?.parsedReasons == [.commentsDisabled])
        #expect(error.records.isEmpty)
        #expect(throws: PageShapeError.self) {
            _ = try PageDecoder.decode(Array(#"{"items":"x"}"#.utf8), endpoint: .comments)
        }
    }

    @Test func itemsAfterOtherMembersAndNestedItemsKeysStillDecode() throws {
        // "items" as a key inside an item (or in the error object) is not the page's items.
        let body = #"{"items":[{"id":"v1","snippet":{"title":"t","items":"x","tags":["a"]}}],"error2":{"items":1}}"#
        let (records, _) = try PageDecoder.decode(Array(body.utf8), endpoint: .videos)
        #expect(records.count == 1)
    }

    @Test func errorBodyIsParsed() throws {
        let (records, summary) = try Self.decode(OwnFixtures.quotaError)
        #expect(records.isEmpty)
        let error = try #require(summary.error)
        #expect(error.code == 403)
        #expect(error.reason == "quotaExceeded")
        #expect(error.errors.first?.domain == "youtube.quota")
        #expect(error.message.contains("<a href=\"/youtube/v3/getting-started#quota\">quota</a>"))
        #expect(error.disposition == .keySpentUntilReset)
        // The streaming reading agrees with YouTubeKit's Foundation reading of the same body.
        #expect(APIErrorBody.parse(Data(OwnFixtures.quotaError.utf8)) == error)
    }

    @Test func explicitEndpointOverridesDetection() throws {
        // Decoding a search page as videos.list reads search ids as absent: no video records.
        let (records, summary) = try Self.decode(OwnFixtures.searchPage, .videos)
        #expect(summary.endpoint == .videos)
        #expect(records.isEmpty)
    }

    @Test func recordsArriveBeforeThePageEnds() throws {
        let bytes = Array(OwnFixtures.searchPage.utf8)
        let seen = Counter()
        var decoder = PageDecoder { _ in seen.value += 1 }
        // Feed everything up to just after the first item's closing brace.
        let cut = try #require(
            OwnFixtures.searchPage.range(of: "\"publishTime\": \"2024-03-01T12:00:00Z\"\n      }\n    }"))
        let prefix = OwnFixtures.searchPage.utf8.distance(from: OwnFixtures.searchPage.startIndex, to: cut.upperBound)
        try decoder.feed(Array(bytes[..<prefix]))
        #expect(seen.value == 1)
        try decoder.feed(Array(bytes[prefix...]))
        _ = try decoder.finish()
        #expect(seen.value == 2)
    }

    final class Counter: @unchecked Sendable {
        var value = 0
    }

    // MARK: Real bodies from ../shared/fixtures

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent)) func everySharedBodyDecodes() throws {
        let paths = SharedFixtures.apiResponses()
        #expect(paths.count >= 30)
        for path in paths {
            let bytes = try SharedFixtures.bytes(path)
            let (records, summary) = try PageDecoder.decode(bytes)
            let parsedError = APIErrorBody.parse(Data(bytes), httpStatus: nil)
            #expect((summary.error != nil) == (parsedError != nil), "\(path)")
            if let error = summary.error {
                #expect(error.reason == parsedError?.reason, "\(path)")
                #expect(records.isEmpty)
            }
            // Every record has an id, and every video's text is free of search.list's entities.
            for case .video(let video) in records {
                #expect(video.videoId.count == 11, "\(path): \(video.videoId)")
                #expect(video.title?.contains("&#39;") == false && video.title?.contains("&amp;") == false, "\(path)")
            }
        }
    }

    /// Every real commentThreads and comments body: read as comments (auto-detected and named),
    /// each with an id, a thread, text and a date; thread ids are their own top-level's.
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent)) func everySharedCommentBodyDecodes() throws {
        let paths = SharedFixtures.apiResponses(includingComments: true).filter { $0.contains("/comments/") }
        #expect(paths.count >= 10)
        var total = 0
        for path in paths {
            let bytes = try SharedFixtures.bytes(path)
            let (records, summary) = try PageDecoder.decode(bytes)
            if summary.error != nil { continue }
            // A single resource (an insert's response) is not a list page: nothing to read.
            guard summary.itemCount > 0 else { continue }
            let endpoint = try #require(summary.endpoint, "\(path)")
            #expect(endpoint.isComments, "\(path)")
            let named = try PageDecoder.decode(bytes, endpoint: endpoint)
            #expect(named.records == records, "\(path): the same read, detected or named")
            #expect(summary.commentCount == records.count && !records.isEmpty, "\(path)")
            for case .comment(let comment) in records {
                #expect(!comment.commentId.isEmpty && comment.text != nil && comment.publishedAt != nil, "\(path)")
                if let parent = comment.parentId {
                    #expect(comment.threadId == parent && comment.totalReplyCount == nil, "\(path)")
                } else {
                    #expect(comment.threadId == comment.commentId, "\(path)")
                }
            }
            total += records.count
        }
        #expect(total >= 20)
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent)) func sharedSpotChecks() throws {
        let channel = try PageDecoder.decode(SharedFixtures.bytes("api-responses/home-assistant-core/get_channel.json"))
        guard case .channel(let googleDevelopers)? = channel.records.first else {
            Issue.record("get_channel.json gave no channel")
            return
        }
        #expect(googleDevelopers.channelId == "UC_x5XG1OV2P6uZZ5FSM9Ttw")
        #expect(googleDevelopers.uploadsPlaylistId == "UU_x5XG1OV2P6uZZ5FSM9Ttw")
        #expect(googleDevelopers.customUrl == "@googledevelopers")
        #expect(googleDevelopers.publishedAt.map(RFC3339.format) == "2007-08-23T00:34:43Z")

        let koel = try PageDecoder.decode(SharedFixtures.bytes("api-responses/koel/search.json"))
        let slipknot = try #require(Self.videos(koel.records).first)
        #expect(slipknot.videoId == "LXEKuttVRIo")
        #expect(slipknot.title == "Slipknot - Snuff [OFFICIAL VIDEO]")
        #expect(slipknot.description?.hasPrefix("Slipknot's music video for 'Snuff'") == true)
        #expect(koel.summary.endpoint == .search)

        let video2 = try PageDecoder.decode(
            SharedFixtures.bytes("api-responses/joostlek-python-youtube/video_response_2.json"))
        let mark = try #require(Self.videos(video2.records).first)
        #expect(mark.description?.contains("\r\n\r\nMark lost his arm") == true)
        #expect(mark.thumbnails["maxres"] == nil)

        let empty = try PageDecoder.decode(SharedFixtures.bytes("api-responses/joostlek-python-youtube/base.json"))
        #expect(empty.records.isEmpty)

        let noThumbnails = try PageDecoder.decode(
            SharedFixtures.bytes("api-responses/home-assistant-core/thumbnail_none.json"))
        let home = try #require(Self.videos(noThumbnails.records).first)
        #expect(home.thumbnailUrl == nil)
        #expect(home.thumbnails.isEmpty)

        let searchChannels = try PageDecoder.decode(
            SharedFixtures.bytes("api-responses/python-youtube/search_channels.json"))
        #expect(searchChannels.records.isEmpty)
        #expect(!searchChannels.summary.channelResults.isEmpty)

        let reserialized = try PageDecoder.decode(SharedFixtures.bytes("api-responses/yt-man/youtube-api.json"))
        #expect(Self.videos(reserialized.records).count == 50)
    }
}
