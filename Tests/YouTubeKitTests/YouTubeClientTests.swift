import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing

@testable import YouTubeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// YouTubeClient against the emulator over loopback HTTP, and against the streaming decoder on
/// the same bodies.
@Suite("YouTubeClient")
struct YouTubeClientTests {
    static let key = "client-test-key"

    final class Emulator {
        let server: EmulatorServer
        let client: YouTubeClient

        init(
            channels: Int = 20, dailySearches: Int = 100, faultRate: Double = 0,
            faults: [FaultKind] = FaultKind.allCases
        ) throws {
            server = try EmulatorServer(
                EmulatorConfiguration(
                    corpus: CorpusConfiguration(seed: 11, channels: channels, videosPerChannel: 30),
                    keys: [YouTubeClientTests.key], dailySearches: dailySearches, faultRate: faultRate, faults: faults))
            client = try YouTubeClient(apiKey: YouTubeClientTests.key, apiBase: server.start())
        }

        deinit { server.stop() }
    }

    @Test func searchReturnsVideosWithEmbedURLsAndPagesToTheEnd() async throws {
        // Large enough that 20 programming videos are in English from the US.
        let emulator = try Emulator(channels: 300)
        var query = SearchQuery("programming", type: .video, maxResults: 20)
        query.regionCode = "US"
        query.relevanceLanguage = "en"
        query.order = .relevance
        let first = try await emulator.client.search(query)
        #expect(first.items.count == 20)
        #expect(first.nextPageToken != nil)
        for video in first.items {
            #expect(video.embedURL.absoluteString == "https://www.youtube.com/embed/\(video.videoId)")
            #expect(video.publishedAt != nil)
            let title = try #require(video.title)
            #expect(!title.contains("&#39;") && !title.contains("&amp;"), "entities decoded")
        }
        let sorted = first.items.sortedByDate()
        #expect(
            zip(sorted, sorted.dropFirst()).allSatisfy {
                ($0.publishedAt ?? .distantPast) >= ($1.publishedAt ?? .distantPast)
            })

        var all: [String] = []
        var pages = 0
        for try await page in emulator.client.searchPages(SearchQuery("music", type: .video, maxResults: 50)) {
            all += page.items.map(\.videoId)
            pages += 1
        }
        let total = try await emulator.client.search(SearchQuery("music", type: .video, maxResults: 0)).totalResults
        #expect(all.count == total)
        #expect(Set(all).count == all.count)
        var capped = 0
        for try await _ in emulator.client.searchPages(SearchQuery("music", type: .video, maxResults: 5), maxPages: 2) {
            capped += 1
        }
        #expect(capped == 2)
    }

    @Test func videosChannelsAndPlaylistsMatchTheEmulatorsTruth() async throws {
        let emulator = try Emulator()
        let truth = emulator.server.truthVideos()
        let ids = Array(truth.prefix(30).map(\.videoId)) + ["unknownId00"]
        let videos = try await emulator.client.videos(ids: ids)
        #expect(videos.map(\.videoId) == Array(ids.dropLast()), "in the order asked, unknown left out")
        for video in videos {
            // The truth carries every part; the client asks for APIRequest.Parts.videos.
            let expected = EmulatorService.truth(
                try #require(truth.first { $0.videoId == video.videoId }),
                shownBy: Set(APIRequest.Parts.videos.split(separator: ",").map(String.init)))
            #expect(video == expected)
        }

        let channels = try await emulator.client.channels(.handle("@GoogleDevelopers"))
        let channel = try #require(channels.first)
        #expect(channel.channelId == Landmarks.channelId)
        let uploads = try #require(channel.uploadsPlaylistId)
        var walked: [Video] = []
        for try await page in emulator.client.playlistPages(playlistId: uploads) { walked += page.items }
        #expect(Set(walked.map(\.videoId)) == Set(truth.filter { $0.channelId == Landmarks.channelId }.map(\.videoId)))
        #expect(walked.count == channel.videoCount)

        var placeholders = 0
        for playlist in emulator.server.playlistIds {
            for try await page in emulator.client.playlistPages(playlistId: playlist) {
                placeholders += page.placeholders
                #expect(!page.items.contains { $0.title == "Private video" || $0.title == "Deleted video" })
            }
        }
        #expect(placeholders > 0)
    }

    /// Every comment of a video, top-level and replies past the few a thread carries, each once
    /// and equal to the truth; a video with comments disabled is a typed error.
    @Test func allCommentsOfAVideoMatchTheTruth() async throws {
        let emulator = try Emulator(channels: 4)
        let truth = emulator.server.service.truthComments()
        let byVideo = Dictionary(grouping: truth) { $0.videoId ?? "" }
        let busiest = try #require(byVideo.max { $0.value.count < $1.value.count })
        #expect(busiest.value.contains { ($0.totalReplyCount ?? 0) > 5 }, "a thread past the embedded replies")
        var got: [YouTubeKit.Comment] = []
        for try await comment in emulator.client.allComments(videoId: busiest.key) { got.append(comment) }
        #expect(got.count == busiest.value.count)
        #expect(Set(got.map(\.commentId)).count == got.count, "each once")
        let expected = Dictionary(uniqueKeysWithValues: busiest.value.map { ($0.commentId, $0) })
        for comment in got { #expect(comment == expected[comment.commentId], "\(comment.commentId)") }

        let disabled = try #require(emulator.server.service.truthCommentsDisabled().first)
        do {
            _ = try await emulator.client.commentThreads(videoId: disabled)
            Issue.record("a video with comments disabled must be an error")
        } catch let error as YouTubeError {
            #expect(error.reason == "commentsDisabled")
        }
    }

    @Test func errorsAreTypedAndNeverCarryTheKey() async throws {
        let emulator = try Emulator(dailySearches: 1)
        let wrongKey = "wrong-key-\(UUID().uuidString)"
        let wrong = try YouTubeClient(apiKey: wrongKey, apiBase: emulator.server.baseURL)
        do {
            _ = try await wrong.videos(ids: ["dQw4w9WgXcQ"])
            Issue.record("a wrong key must fail")
        } catch let error as YouTubeError {
            #expect(error.reason == "keyInvalid")
            #expect(error.disposition == .stopAuthOrConfig)
            #expect(!error.description.contains(wrongKey))
        }

        _ = try await emulator.client.search(SearchQuery("music"))
        do {
            _ = try await emulator.client.search(SearchQuery("music"))
            Issue.record("the second search exceeds a one-search day")
        } catch let error as YouTubeError {
            #expect(error.reason == "quotaExceeded")
            #expect(error.disposition == .keySpentUntilReset)
        }

        do {
            _ = try await emulator.client.search(SearchQuery("music", maxResults: 99))
            Issue.record("maxResults 99 is refused before sending")
        } catch let error as YouTubeError {
            #expect(error.parameter == "maxResults")
        }
        do {
            _ = try await emulator.client.playlistItems(playlistId: "PLdoesnotexist")
            Issue.record("an unknown playlist is an API error")
        } catch let error as YouTubeError {
            #expect(error.reason == "playlistNotFound")
            #expect(error.disposition == .skipSeed)
        }
    }

    @Test func malformedBodiesAreRetryableErrors() async throws {
        let emulator = try Emulator(faultRate: 1, faults: [.garbage])
        do {
            _ = try await emulator.client.videos(ids: ["dQw4w9WgXcQ"])
            Issue.record("a garbage body must fail")
        } catch let error as YouTubeError {
            #expect(error.isRetryable)
        }
    }

    @Test func plainHTTPToANonLoopbackHostIsRefused() throws {
        #expect(throws: YouTubeError.self) { try YouTubeClient(apiKey: "k", apiBase: "http://example.com") }
        #expect(throws: YouTubeError.self) { try YouTubeClient(apiKey: "k", apiBase: "ftp://127.0.0.1") }
        #expect(throws: YouTubeError.self) { try YouTubeClient(apiKey: "k", apiBase: "not a url") }
        _ = try YouTubeClient(apiKey: "k", apiBase: "http://127.0.0.1:9")
        _ = try YouTubeClient(apiKey: "k", apiBase: "http://localhost:9")
        _ = try YouTubeClient(apiKey: "k", apiBase: "http://127.1.2.3:9")
        _ = try YouTubeClient(apiKey: "k", apiBase: "http://[::1]:9")
        #expect(throws: (any Error).self) { try YouTubeClient(apiKey: "k", apiBase: "http://127.attacker.example:9") }
        _ = try YouTubeClient(apiKey: "k")
    }

    /// The client reads a Foundation tree, the crawler streams bytes: the same body gives the same
    /// records either way.
    @Test func treeAndStreamingDecodersAgree() throws {
        var bodies: [(String, [UInt8])] = []
        // The shared bodies where they exist; the emulator's pages always.
        if SharedFixtures.isAvailable {
            for path in SharedFixtures.apiResponses(includingComments: true) {
                bodies.append((path, try SharedFixtures.bytes(path)))
            }
        }
        let emulator = try Emulator()
        let http = LoopbackHTTPClient(port: emulator.server.port)
        defer { http.close() }
        let channel = emulator.server.channelIds[3]
        let busy = try #require(emulator.server.service.truthComments().first { ($0.totalReplyCount ?? 0) > 5 })
        for target in [
            "commentThreads?part=snippet,replies&maxResults=100&textFormat=plainText&videoId=\(busy.videoId ?? "")",
            "commentThreads?part=snippet,replies&maxResults=7&videoId=\(busy.videoId ?? "")",
            "comments?part=snippet&maxResults=100&textFormat=plainText&parentId=\(busy.commentId)",
            "search?part=snippet&q=music&maxResults=50", "search?part=snippet&q=programming&type=channel,playlist",
            "videos?part=snippet,contentDetails,statistics&id="
                + emulator.server.truthVideos().prefix(50).map(\.videoId).joined(separator: ","),
            "channels?part=snippet,contentDetails,statistics&id=\(channel)",
            "playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(emulator.server.playlistIds[0])",
        ] {
            let response = try http.get("/youtube/v3/" + target, headers: ["X-Goog-Api-Key": Self.key])
            bodies.append((target, Array(response.body)))
        }
        var compared = 0
        for (name, bytes) in bodies {
            let (records, summary) = try PageDecoder.decode(bytes)
            guard summary.error == nil, let endpoint = summary.endpoint,
                let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            else { continue }
            let items = YouTubeClient.items(root)
            var tree: [DecodedRecord] = []
            var channelResults: [String] = []
            for item in items {
                switch endpoint {
                case .search:
                    if let video = item.searchVideo() {
                        tree.append(.video(video))
                    } else if let id = item.idChannelId {
                        channelResults.append(id)
                    }
                case .videos: if let video = item.hydratedVideo() { tree.append(.video(video)) }
                case .playlistItems:
                    if !item.isPlaceholder, let video = item.playlistVideo() { tree.append(.video(video)) }
                case .channels: if let channel = item.channel() { tree.append(.channel(channel)) }
                case .auto, .commentThreads, .comments: break
                }
            }
            if endpoint.isComments { tree = YouTubeClient.comments(root).map { .comment($0) } }
            #expect(tree == records, "\(name)")
            #expect(channelResults == summary.channelResults, "\(name)")
            #expect(YouTubeClient.page(root, items: [Video]()).nextPageToken == summary.nextPageToken, "\(name)")
            compared += 1
        }
        #expect(compared >= 5)
    }
}
