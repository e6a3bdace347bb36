import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

/// commentThreads.list and comments.list as the emulator serves them.
@Suite("Emulator comments")
struct EmulatorCommentTests {
    static func busiest(_ emulator: EmulatorHarness) throws -> (
        video: String, threads: Int, comments: [YouTubeKit.Comment]
    ) {
        let comments = emulator.server.service.truthComments()
        let byVideo = Dictionary(grouping: comments) { $0.videoId ?? "" }
        let (video, all) = try #require(byVideo.max { $0.value.count < $1.value.count })
        return (video, all.filter { $0.parentId == nil }.count, all)
    }

    @Test func threadsPageToTheEndNewestFirstWithAFewRepliesEach() throws {
        let emulator = try EmulatorHarness()
        let (video, threads, comments) = try Self.busiest(emulator)
        #expect(threads > 100)
        var token: String?
        var seen: [JSONValue] = []
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/commentThreads?part=snippet,replies&videoId=\(video)&maxResults=100&textFormat=plainText"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            #expect(page["kind"]?.string == "youtube#commentThreadListResponse")
            seen += page.items
            token = page["nextPageToken"]?.string
        } while token != nil
        #expect(seen.count == threads)
        let dates = seen.compactMap { $0[path: "snippet", "topLevelComment", "snippet", "publishedAt"]?.string }
        #expect(dates == dates.sorted(by: >), "order=time is newest first")
        for thread in seen {
            let total = thread[path: "snippet", "totalReplyCount"]?.int ?? 0
            let carried: Int
            if case .array(let replies)? = thread[path: "replies", "comments"] {
                carried = replies.count
            } else {
                carried = 0
            }
            #expect(carried == min(total, 5))
        }
        // Replies past the carried ones come from comments.list, 100 a page, oldest first.
        let big = try #require(comments.first { ($0.totalReplyCount ?? 0) > 100 })
        var replies: [JSONValue] = []
        token = nil
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/comments?part=snippet&parentId=\(big.commentId)&maxResults=100"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            #expect(page[path: "pageInfo", "totalResults"] == nil, "comments.list has no totalResults")
            replies += page.items
            token = page["nextPageToken"]?.string
        } while token != nil
        #expect(replies.count == big.totalReplyCount)
        #expect(replies.allSatisfy { $0[path: "snippet", "parentId"]?.string == big.commentId })
        #expect(replies.allSatisfy { $0[path: "snippet", "videoId"] == nil }, "replies carry no videoId")
    }

    @Test func htmlAndPlainTextRelevanceAndSearchTerms() throws {
        let emulator = try EmulatorHarness()
        let (video, _, comments) = try Self.busiest(emulator)
        let needy = try #require(comments.first { $0.parentId == nil && ($0.text?.contains("&") ?? false) })
        let (_, html) = try emulator.json("/youtube/v3/commentThreads?part=snippet&id=\(needy.commentId)")
        let display = html.items.first?[path: "snippet", "topLevelComment", "snippet", "textDisplay"]?.string ?? ""
        #expect(display.contains("&amp;") && !display.contains(" & "), "html by default: \(display)")
        let original = html.items.first?[path: "snippet", "topLevelComment", "snippet", "textOriginal"]?.string
        #expect(original == needy.text)

        let (_, relevance) = try emulator.json(
            "/youtube/v3/commentThreads?part=snippet&videoId=\(video)&order=relevance&maxResults=100")
        let likes = relevance.items.compactMap { $0[path: "snippet", "topLevelComment", "snippet", "likeCount"]?.int }
        #expect(likes == likes.sorted(by: >) && !likes.isEmpty)

        let word = String((needy.text ?? "").split(separator: " ").first ?? "")
        let (_, matched) = try emulator.json(
            "/youtube/v3/commentThreads?part=snippet&videoId=\(video)&maxResults=100&searchTerms=\(word)")
        #expect(!matched.items.isEmpty)
        #expect(
            matched.items.allSatisfy {
                ($0[path: "snippet", "topLevelComment", "snippet", "textOriginal"]?.string ?? "").lowercased()
                    .contains(word.lowercased())
            })
    }

    @Test func disabledUnknownAndInvalidRequestsAreGooglesErrors() throws {
        let emulator = try EmulatorHarness()
        let disabled = try #require(emulator.server.service.truthCommentsDisabled().first)
        let (status, body) = try emulator.json("/youtube/v3/commentThreads?part=snippet&videoId=\(disabled)")
        #expect(status == 403)
        #expect(String(decoding: body.render(pretty: false), as: UTF8.self).contains("\"commentsDisabled\""))
        #expect(try emulator.json("/youtube/v3/commentThreads?part=snippet&videoId=zzzzzzzzzzz").0 == 404)
        let (video, _, _) = try Self.busiest(emulator)
        for bad in [
            "commentThreads?part=snippet", "commentThreads?videoId=\(video)",
            "commentThreads?part=snippet&videoId=\(video)&maxResults=101",
            "commentThreads?part=snippet&videoId=\(video)&order=newest",
            "commentThreads?part=snippet&videoId=\(video)&textFormat=markdown",
            "commentThreads?part=snippet&videoId=\(video)&pageToken=forged",
            "commentThreads?part=statistics&videoId=\(video)", "comments?part=snippet",
            "comments?part=snippet,replies&parentId=x",
        ] {
            #expect(try emulator.json("/youtube/v3/" + bad).0 == 400, "\(bad)")
        }
        // An unknown parent has no replies (the real API answers an empty page).
        let (unknownStatus, unknown) = try emulator.json("/youtube/v3/comments?part=snippet&parentId=UgNoSuchThread")
        #expect(unknownStatus == 200 && unknown.items.isEmpty)
    }

    @Test func oneUnitACallInBothModels() throws {
        for model in [QuotaModel.buckets, .classic] {
            let emulator = try EmulatorHarness { $0.quotaModel = model }
            let (video, _, _) = try Self.busiest(emulator)
            _ = try emulator.json("/youtube/v3/commentThreads?part=snippet,replies&videoId=\(video)&maxResults=100")
            _ = try emulator.json("/youtube/v3/comments?part=snippet&parentId=UgNoSuchThread")
            #expect(emulator.server.quotaUsed(key: EmulatorHarness.key).units == 2, "\(model)")
        }
    }

    @Test func commentCountsAreHeavyTailedAndMatchTheComments() throws {
        let emulator = try EmulatorHarness()
        let videos = emulator.server.truthVideos()
        let comments = emulator.server.service.truthComments()
        let perVideo = Dictionary(grouping: comments) { $0.videoId ?? "" }.mapValues(\.count)
        for video in videos { #expect((perVideo[video.videoId] ?? 0) == (video.commentCount ?? 0)) }
        let counts = videos.compactMap(\.commentCount).sorted()
        #expect(counts[counts.count / 2] < 100, "most videos have a handful")
        #expect((counts.last ?? 0) >= 1000, "some have thousands")
    }
}
