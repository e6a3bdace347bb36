import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@Suite("Emulator endpoints over loopback HTTP")
struct EmulatorEndpointTests {
    @Test func searchPagesUntilTheResultsEnd() throws {
        let emulator = try EmulatorHarness()
        var token: String?
        var seen: [String] = []
        var pages = 0
        repeat {
            let target =
                "/youtube/v3/search?part=snippet&q=programming&type=video&maxResults=7"
                + (token.map { "&pageToken=\($0)" } ?? "")
            let (status, page) = try emulator.json(target)
            #expect(status == 200)
            #expect(page["kind"]?.string == "youtube#searchListResponse")
            seen += page.items.compactMap { $0[path: "id", "videoId"]?.string }
            token = page["nextPageToken"]?.string
            pages += 1
        } while token != nil && pages < 100
        let total = try emulator.json("/youtube/v3/search?part=snippet&q=programming&type=video&maxResults=0").1
        #expect(seen.count == total[path: "pageInfo", "totalResults"]?.int)
        #expect(Set(seen).count == seen.count, "no video twice across pages")
        #expect(!seen.isEmpty)
    }

    @Test func searchStopsAt500Results() throws {
        let emulator = try EmulatorHarness {
            $0.corpus = CorpusConfiguration(seed: 3, channels: 40, videosPerChannel: 30)
        }
        var token: String?
        var count = 0
        var pages = 0
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/search?part=snippet&type=video&maxResults=50" + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            count += page.items.count
            token = page["nextPageToken"]?.string
            pages += 1
        } while token != nil
        #expect(emulator.server.videoCount > 500)
        #expect(count == 500)
        #expect(pages == 10)
    }

    @Test func searchSnippetsAreEscapedAndVideosListTextIsPlain() throws {
        let emulator = try EmulatorHarness {
            $0.corpus = CorpusConfiguration(seed: 11, channels: 30, videosPerChannel: 30)
        }
        let truth = emulator.server.truthVideos()
        let needy = try #require(
            truth.first { ($0.title ?? "").contains(where: { "&<\"".contains($0) }) })
        let (_, videos) = try emulator.json("/youtube/v3/videos?part=snippet&id=\(needy.videoId)")
        #expect(videos.items.first?[path: "snippet", "title"]?.string == needy.title)
        let (_, search) = try emulator.json(
            "/youtube/v3/search?part=snippet&type=video&maxResults=50&channelId=\(needy.channelId ?? "")&order=date")
        let hit = try #require(search.items.first { $0[path: "id", "videoId"]?.string == needy.videoId })
        let escaped = try #require(hit[path: "snippet", "title"]?.string)
        #expect(escaped != needy.title)
        #expect(HTMLEntities.decode(escaped) == needy.title)
        #expect(!escaped.contains("<") && !escaped.contains("\""))
        let description = try #require(hit[path: "snippet", "description"]?.string)
        #expect(description.count <= 170)
    }

    @Test func searchFiltersAndOrders() throws {
        let emulator = try EmulatorHarness()
        let truth = emulator.server.truthVideos()
        let channel = emulator.server.channelIds[3]
        let (_, byChannel) = try emulator.json(
            "/youtube/v3/search?part=snippet&type=video&maxResults=50&channelId=\(channel)&order=date")
        #expect(!byChannel.items.isEmpty)
        #expect(byChannel.items.allSatisfy { $0[path: "snippet", "channelId"]?.string == channel })
        let dates = byChannel.items.compactMap { $0[path: "snippet", "publishedAt"]?.string }
        #expect(dates == dates.sorted(by: >), "order=date is newest first")
        let (_, short) = try emulator.json(
            "/youtube/v3/search?part=snippet&type=video&maxResults=50&videoDuration=short")
        for item in short.items {
            let id = item[path: "id", "videoId"]?.string
            let video = try #require(truth.first { $0.videoId == id })
            #expect((video.durationSeconds ?? 0) < 240 && video.liveBroadcastContent == "none")
        }
        let (_, after) = try emulator.json(
            "/youtube/v3/search?part=snippet&type=video&maxResults=50&publishedAfter=2018-01-01T00:00:00Z")
        #expect(after.items.allSatisfy { ($0[path: "snippet", "publishedAt"]?.string ?? "") >= "2018-01-01T00:00:00Z" })
        let (_, channels) = try emulator.json("/youtube/v3/search?part=snippet&type=channel&maxResults=50")
        #expect(channels.items.count == 12)
        #expect(channels.items.allSatisfy { $0[path: "id", "kind"]?.string == "youtube#channel" })
        let (_, nothing) = try emulator.json("/youtube/v3/search?part=snippet&q=zzzznotaword")
        #expect(nothing.items.isEmpty)
        #expect(nothing["nextPageToken"] == nil)
    }

    @Test func videosListReturnsKnownIdsInOrderAndOmitsUnknown() throws {
        let emulator = try EmulatorHarness()
        let truth = emulator.server.truthVideos()
        let ids = [truth[5].videoId, "AAAAAAAAAAA", truth[2].videoId]
        let (status, page) = try emulator.json(
            "/youtube/v3/videos?part=snippet,contentDetails,statistics&id=\(ids.joined(separator: ","))")
        #expect(status == 200)
        #expect(page.items.compactMap { $0["id"]?.string } == [truth[5].videoId, truth[2].videoId])
        let decoded = try PageDecoder.decode(
            try emulator.get("/youtube/v3/videos?part=snippet,contentDetails,statistics&id=\(truth[5].videoId)").body)
        guard case .video(let video)? = decoded.records.first else {
            Issue.record("no video")
            return
        }
        // The fields of schema version 1 (the streaming decoder's; the truth carries every part).
        func version1(_ video: Video) -> Video {
            Video(
                videoId: video.videoId, title: video.title, description: video.description, channelId: video.channelId,
                channelTitle: video.channelTitle, publishedAt: video.publishedAt, thumbnails: video.thumbnails,
                liveBroadcastContent: video.liveBroadcastContent, tags: video.tags, categoryId: video.categoryId,
                defaultLanguage: video.defaultLanguage, defaultAudioLanguage: video.defaultAudioLanguage,
                duration: video.duration, durationSeconds: video.durationSeconds, viewCount: video.viewCount,
                likeCount: video.likeCount, commentCount: video.commentCount)
        }
        #expect(version1(video) == version1(truth[5]), "videos.list agrees with the ground truth")
        let tooMany = (0..<51).map { truth[$0 % truth.count].videoId }.joined(separator: ",")
        let (manyStatus, manyBody) = try emulator.json("/youtube/v3/videos?part=id&id=\(tooMany)")
        #expect(manyStatus == 400)
        #expect(manyBody.errorReason == "invalidParameter")
    }

    @Test func channelsByIdHandleAndUsername() throws {
        let emulator = try EmulatorHarness()
        let channels = emulator.server.truthChannels()
        let target = channels[4]
        let (_, byId) = try emulator.json(
            "/youtube/v3/channels?part=snippet,contentDetails,statistics&id=\(target.channelId)")
        #expect(
            byId.items.first?[path: "contentDetails", "relatedPlaylists", "uploads"]?.string == target.uploadsPlaylistId
        )
        let handle = try #require(target.customUrl)
        let (_, byHandle) = try emulator.json(
            "/youtube/v3/channels?part=id&forHandle=\(PercentEncoding.encode(handle))")
        #expect(byHandle.items.first?["id"]?.string == target.channelId)
        let (_, byUser) = try emulator.json("/youtube/v3/channels?part=id&forUsername=\(handle.dropFirst())")
        #expect(byUser.items.first?["id"]?.string == target.channelId)
        let (missingStatus, missing) = try emulator.json("/youtube/v3/channels?part=id&forHandle=@nobody-here")
        #expect(missingStatus == 200)
        #expect(missing["items"] == nil, "no items key when nothing matched")
        let (noFilterStatus, noFilter) = try emulator.json("/youtube/v3/channels?part=id")
        #expect(noFilterStatus == 400)
        #expect(noFilter.errorReason == "missingRequiredParameter")
    }

    @Test func landmarkIdsOfTheSampleSeedsResolve() throws {
        let emulator = try EmulatorHarness()
        let (_, byHandle) = try emulator.json("/youtube/v3/channels?part=id,contentDetails&forHandle=@GoogleDevelopers")
        #expect(byHandle.items.first?["id"]?.string == Landmarks.channelId)
        let uploads = try #require(byHandle.items.first?[path: "contentDetails", "relatedPlaylists", "uploads"]?.string)
        #expect(uploads == "UU" + Landmarks.channelId.dropFirst(2))
        let (_, uploadsPage) = try emulator.json("/youtube/v3/playlistItems?part=contentDetails&playlistId=\(uploads)")
        #expect(!uploadsPage.items.isEmpty)
        let (_, playlist) = try emulator.json(
            "/youtube/v3/playlistItems?part=contentDetails&maxResults=50&playlistId=\(Landmarks.playlistId)")
        #expect(!playlist.items.isEmpty)
        let (_, video) = try emulator.json("/youtube/v3/videos?part=snippet&id=\(Landmarks.videoId)")
        #expect(video.items.first?[path: "snippet", "channelId"]?.string == Landmarks.channelId)
        #expect(emulator.server.truthVideos().contains { $0.videoId == Landmarks.videoId })
        #expect(emulator.server.playlistIds.first == Landmarks.playlistId)
    }

    @Test func uploadsPlaylistListsEveryUploadNewestFirst() throws {
        let emulator = try EmulatorHarness()
        let channel = emulator.server.truthChannels()[2]
        var token: String?
        var ids: [String] = []
        var dates: [String] = []
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(channel.uploadsPlaylistId!)"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            ids += page.items.compactMap { $0[path: "contentDetails", "videoId"]?.string }
            dates += page.items.compactMap { $0[path: "contentDetails", "videoPublishedAt"]?.string }
            token = page["nextPageToken"]?.string
        } while token != nil
        #expect(ids.count == channel.videoCount)
        #expect(dates == dates.sorted(by: >))
        let truthIds = Set(emulator.server.truthVideos().filter { $0.channelId == channel.channelId }.map(\.videoId))
        #expect(Set(ids) == truthIds)
    }

    /// Like the real API, playlistItems.list and playlists.list return the parts named and no
    /// others (`kind`, `etag` and `id` always): a crawl that asks for `contentDetails` alone gets a
    /// tenth of the bytes.
    @Test func playlistPagesCarryOnlyThePartsAskedFor() throws {
        let emulator = try EmulatorHarness {
            $0.corpus = CorpusConfiguration(seed: 5, channels: 40, videosPerChannel: 10)
        }
        let uploads = try #require(emulator.server.truthChannels()[0].uploadsPlaylistId)
        for playlist in [uploads] + emulator.server.playlistIds.prefix(3) {
            let target = "/youtube/v3/playlistItems?maxResults=50&playlistId=\(playlist)&part="
            let (_, both) = try emulator.json(target + "snippet,contentDetails")
            let (_, details) = try emulator.json(target + "contentDetails")
            let (_, snippet) = try emulator.json(target + "snippet,status")
            #expect(!details.items.isEmpty && details.items.count == both.items.count)
            for (index, item) in details.items.enumerated() {
                guard case .object(let members) = item else {
                    Issue.record("an item of \(playlist) is not an object")
                    continue
                }
                #expect(members.map(\.key) == ["kind", "etag", "id", "contentDetails"], "playlist \(playlist)")
                #expect(item["contentDetails"] == both.items[index]["contentDetails"])
                #expect(item["id"] == both.items[index]["id"])
            }
            for (index, item) in snippet.items.enumerated() {
                guard case .object(let members) = item else {
                    Issue.record("an item of \(playlist) is not an object")
                    continue
                }
                #expect(members.map(\.key) == ["kind", "etag", "id", "snippet", "status"])
                #expect(item["snippet"] == both.items[index]["snippet"])
            }
        }
        let (_, lists) = try emulator.json(
            "/youtube/v3/playlists?part=contentDetails&id=\(emulator.server.playlistIds[0])")
        #expect(lists.items.first?["snippet"] == nil)
        #expect(lists.items.first?[path: "contentDetails", "itemCount"]?.int != nil)
        let (_, titled) = try emulator.json("/youtube/v3/playlists?part=snippet&id=\(emulator.server.playlistIds[0])")
        #expect(titled.items.first?["contentDetails"] == nil)
        #expect(titled.items.first?[path: "snippet", "title"]?.string != nil)
    }

    @Test func ordinaryPlaylistsHavePlaceholdersAndUnknownOnesAre404() throws {
        let emulator = try EmulatorHarness {
            $0.corpus = CorpusConfiguration(seed: 5, channels: 40, videosPerChannel: 10)
        }
        var placeholders = 0
        for playlist in emulator.server.playlistIds {
            let (_, page) = try emulator.json(
                "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(playlist)")
            placeholders +=
                page.items.filter {
                    ["Private video", "Deleted video"].contains($0[path: "snippet", "title"]?.string ?? "")
                }.count
        }
        #expect(placeholders > 0)
        let (status, body) = try emulator.json("/youtube/v3/playlistItems?part=snippet&playlistId=PLdoesnotexist")
        #expect(status == 404)
        #expect(body.errorReason == "playlistNotFound")
        let (_, lists) = try emulator.json(
            "/youtube/v3/playlists?part=snippet,contentDetails&id=\(emulator.server.playlistIds[0])")
        #expect(lists.items.first?["id"]?.string == emulator.server.playlistIds[0])
    }

    @Test func fieldsPrettyPrintAndGzip() throws {
        let emulator = try EmulatorHarness()
        let id = emulator.server.truthVideos()[0].videoId
        let filtered = try emulator.json(
            "/youtube/v3/videos?part=snippet,statistics&id=\(id)&fields=items(id,snippet(title,publishedAt)),nextPageToken"
        ).1
        #expect(filtered["kind"] == nil && filtered["pageInfo"] == nil)
        let item = try #require(filtered.items.first)
        guard case .object(let members) = item, case .object(let snippet)? = item["snippet"] else {
            Issue.record("not objects")
            return
        }
        #expect(members.map(\.key) == ["id", "snippet"])
        #expect(snippet.map(\.key) == ["publishedAt", "title"], "members keep the resource order")
        let slash = try emulator.json("/youtube/v3/videos?part=snippet&id=\(id)&fields=items/snippet/title").1
        #expect(slash.items.first?[path: "snippet", "title"] != nil)
        #expect(slash.items.first?["id"] == nil)
        let compact = try emulator.get("/youtube/v3/videos?part=snippet&id=\(id)&prettyPrint=false")
        #expect(!compact.text.contains("\n"))
        let pretty = try emulator.get("/youtube/v3/videos?part=snippet&id=\(id)")
        #expect(pretty.text.contains("\n  \"kind\": "))
        let zipped = try emulator.get("/youtube/v3/videos?part=snippet&id=\(id)", headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.body == pretty.body, "the client decoded the gzip body")
    }

    @Test func compressionCanBeTurnedOff() throws {
        let emulator = try EmulatorHarness { $0.compressesResponses = false }
        let id = emulator.server.truthVideos()[0].videoId
        let plain = try emulator.get("/youtube/v3/videos?part=snippet&id=\(id)", headers: ["Accept-Encoding": "gzip"])
        #expect(plain.status == 200)
        #expect(plain.headers["content-encoding"] == nil)
        #expect(plain.text.contains("\"youtube#videoListResponse\""))
    }

    @Test func queryComponentsAreDecoded() throws {
        let emulator = try EmulatorHarness()
        // `%2C` and `+` in values, and an empty component between `&&`.
        let (status, body) = try emulator.json(
            "/youtube/v3/search?part=snippet&&q=music+live&maxResults=3&fields=items%2Fid%2CpageInfo")
        #expect(status == 200)
        #expect(body.items.count == 3)
        #expect(body["pageInfo"] != nil && body["kind"] == nil)
        let (badStatus, _) = try emulator.json("/youtube/v3/search?part=snippet&q=%ZZ")
        #expect(badStatus == 400)
    }

    @Test func sameSeedSameBytes() throws {
        let first = try EmulatorHarness()
        let second = try EmulatorHarness()
        for target in [
            "/youtube/v3/search?part=snippet&q=music&maxResults=20",
            "/youtube/v3/channels?part=snippet,statistics,contentDetails&id=\(first.server.channelIds[1])",
            "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(first.server.channelIds[1].replacingOccurrences(of: "UC", with: "UU"))",
        ] {
            #expect(try first.get(target).body == second.get(target).body, "\(target)")
        }
        let other = try EmulatorHarness { $0.corpus.seed = 8 }
        #expect(other.server.channelIds != first.server.channelIds)
    }

    @Test func groundTruthDump() throws {
        let emulator = try EmulatorHarness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("truth-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try emulator.server.dumpTruth(to: directory)
        let videos = try String(contentsOfFile: directory + "/videos.jsonl", encoding: .utf8).split(separator: "\n")
        let channels = try String(contentsOfFile: directory + "/channels.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(videos.count == emulator.server.videoCount)
        #expect(channels.count == emulator.server.channelCount)
        let first = try JSONSerialization.jsonObject(with: Data(videos[0].utf8)) as! [String: Any]
        #expect(first["videoId"] as? String == emulator.server.truthVideos()[0].videoId)
        #expect(Set(first.keys) == Set(RecordSchema.videos.columns))
        #expect(FileManager.default.fileExists(atPath: directory + "/chat.jsonl"), "every kind by default")
        #expect(FileManager.default.fileExists(atPath: directory + "/chats.jsonl"))
    }

    /// `--dump-truth-kinds` leaves out what it does not name: a large corpus's chat alone takes
    /// gigabytes and a minute to write.
    @Test func groundTruthDumpOfSomeKindsWritesOnlyThose() throws {
        let emulator = try EmulatorHarness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("truth-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try emulator.server.dumpTruth(to: directory, kinds: [.videos])
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(written == ["videos.jsonl", "links.jsonl"])
        try emulator.server.dumpTruth(to: directory, kinds: [.chat])
        let chats = try String(contentsOfFile: directory + "/chats.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(chats.count == emulator.server.service.truthLiveChats().count && !chats.isEmpty)
    }
}
