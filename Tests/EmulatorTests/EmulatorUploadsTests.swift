import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

/// Channels upload as the emulator's days pass: new videos exist from the day after the UTC day
/// they were published on, everywhere a crawler can look, and some vanish again.
@Suite("Emulator uploads over the days")
struct EmulatorUploadsTests {
    static let day: Int64 = 86_400
    /// Day 0 begins at 03:00 UTC, so day 0's date has uploads that show only from day 1.
    static let start: Int64 = 1_800_000_000 - 1_800_000_000 % 86_400 + 3 * 3600
    static let corpus = CorpusConfiguration(seed: 21, channels: 200, videosPerChannel: 20)

    /// An emulator whose clock stands a minute into `day`.
    static func harness(day: Int) throws -> EmulatorHarness {
        try EmulatorHarness {
            $0.corpus = corpus
            $0.dayZero = start
            $0.clock = { start + Int64(day) * Self.day + 60 }
        }
    }

    static func date(_ text: String?) -> Int64? {
        text.flatMap { RFC3339.parseSeconds($0) }
    }

    /// Every item of a playlist: video id, videoPublishedAt and position, page by page.
    static func walk(_ emulator: EmulatorHarness, playlist: String) throws -> [(id: String, date: Int64, position: Int)]
    {
        var items: [(String, Int64, Int)] = []
        var token: String?
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(playlist)"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            for item in page.items {
                items.append(
                    (
                        item[path: "contentDetails", "videoId"]?.string ?? "",
                        date(item[path: "contentDetails", "videoPublishedAt"]?.string) ?? 0,
                        item[path: "snippet", "position"]?.int ?? -1
                    ))
            }
            token = page["nextPageToken"]?.string
        } while token != nil
        return items
    }

    /// Every video id a search finds, page by page.
    static func search(_ emulator: EmulatorHarness, _ query: String) throws -> [String] {
        var ids: [String] = []
        var token: String?
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/search?part=snippet&type=video&maxResults=50&" + query
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            ids += page.items.compactMap { $0[path: "id", "videoId"]?.string }
            token = page["nextPageToken"]?.string
        } while token != nil
        return ids
    }

    static func videoCount(_ emulator: EmulatorHarness, _ channelId: String) throws -> Int? {
        let (_, body) = try emulator.json("/youtube/v3/channels?part=statistics&id=\(channelId)")
        return body.items.first?[path: "statistics", "videoCount"]?.string.flatMap { Int($0) }
    }

    @Test func newUploadsExistFromTheDayAfterTheirPublicationDay() throws {
        let clock = ManualClock(epochSeconds: Self.start)
        let emulator = try EmulatorHarness {
            $0.corpus = Self.corpus
            $0.dayZero = Self.start
            $0.clock = { clock.utcSeconds }
        }
        let origin = Int64(emulator.server.newUploadsStart.timeIntervalSince1970)
        #expect(origin == Self.start - 3 * 3600, "uploads count from day 0's midnight")
        #expect(emulator.server.newUploads().isEmpty, "nothing new on day 0")
        #expect(emulator.server.truthVideos().count == emulator.server.videoCount)
        clock.advance(by: .seconds(7 * Self.day + 600))
        let week = emulator.server.newUploads()
        #expect(!week.isEmpty)
        let now = clock.utcSeconds
        for upload in week {
            let published = Int64(upload.publishedAt.timeIntervalSince1970)
            #expect(published >= origin && published < origin + 7 * Self.day && published <= now)
        }
        // Walk the days back: each upload exists from the day after its UTC day on, not before.
        var checked = 0
        for upload in stride(from: 0, to: week.count, by: max(1, week.count / 25)).map({ week[$0] }) {
            let first = Int((Int64(upload.publishedAt.timeIntervalSince1970) - origin) / Self.day) + 1
            for day in [first - 1, first] {
                clock.advance(toUTC: Self.start + Int64(day) * Self.day + 60)
                let (_, body) = try emulator.json("/youtube/v3/videos?part=snippet&id=\(upload.videoId)")
                if day < first {
                    #expect(body.items.isEmpty, "\(upload.videoId) before its day \(first)")
                    #expect(
                        try emulator.get("/youtube/v3/commentThreads?part=id&videoId=\(upload.videoId)").status == 404)
                } else {
                    #expect(
                        Self.date(body.items.first?[path: "snippet", "publishedAt"]?.string)
                            == Int64(upload.publishedAt.timeIntervalSince1970))
                    #expect(
                        (Self.date(body.items.first?[path: "snippet", "publishedAt"]?.string) ?? .max)
                            <= clock.utcSeconds)
                }
            }
            checked += 1
        }
        #expect(checked > 5)
    }

    @Test func uploadsPlaylistsListNewUploadsFirstAndVideoCountsFollow() throws {
        let before = try Self.harness(day: 0)
        let after = try Self.harness(day: 7)
        let ids = after.server.channelIds
        var uploaded = 0
        var dormant = 0
        for channelId in ids.prefix(60) {
            let playlist = "UU" + channelId.dropFirst(2)
            let then = try Self.walk(before, playlist: playlist)
            let now = try Self.walk(after, playlist: playlist)
            let new = after.server.newUploads(channelIds: [channelId])
            #expect(now.prefix(new.count).map(\.id) == new.map(\.videoId), "new uploads first, newest first")
            #expect(zip(now, now.dropFirst()).allSatisfy { $0.date >= $1.date })
            #expect(now.map(\.position) == Array(0..<now.count))
            #expect(try Self.videoCount(after, channelId) == now.count, "videoCount counts the walk")
            #expect(try Self.videoCount(before, channelId) == then.count)
            // The day-0 uploads still there keep their order; vanished ones left out.
            let kept = Set(now.map(\.id))
            #expect(now.dropFirst(new.count).map(\.id) == then.map(\.id).filter { kept.contains($0) })
            if after.server.uploadSchedule(channelId: channelId)?.rate == .dormant {
                dormant += 1
                #expect(new.isEmpty, "a dormant channel uploads nothing")
            }
            if !new.isEmpty { uploaded += 1 }
        }
        #expect(uploaded > 5 && dormant > 5, "\(uploaded) uploaded, \(dormant) dormant")
    }

    @Test func searchFindsTheNewUploads() throws {
        let emulator = try Self.harness(day: 7)
        let new = emulator.server.newUploads()
        let after = RFC3339.format(seconds: Int64(emulator.server.newUploadsStart.timeIntervalSince1970))
        // Across the corpus, newest first, up to the cap.
        let found = try Self.search(emulator, "order=date&publishedAfter=\(after)")
        #expect(found == Array(new.map(\.videoId).prefix(500)))
        // A window of one day.
        let from = Int64(emulator.server.newUploadsStart.timeIntervalSince1970) + 2 * Self.day
        let window = try Self.search(
            emulator,
            "order=date&publishedAfter=\(RFC3339.format(seconds: from))&publishedBefore=\(RFC3339.format(seconds: from + Self.day - 1))"
        )
        let expected = emulator.server.uploads(
            publishedBetween: Date(timeIntervalSince1970: TimeInterval(from)),
            and: Date(timeIntervalSince1970: TimeInterval(from + Self.day - 1)))
        #expect(window == expected.map(\.videoId) && !window.isEmpty)
        // Restricted to a channel, with and without a date window; by a word of a title.
        let busiest = Dictionary(grouping: new, by: \.channelId).max { $0.value.count < $1.value.count }!
        let ofChannel = try Self.search(emulator, "order=date&channelId=\(busiest.key)")
        #expect(Array(ofChannel.prefix(busiest.value.count)) == busiest.value.map(\.videoId))
        #expect(
            try Self.search(emulator, "order=date&channelId=\(busiest.key)&publishedAfter=\(after)")
                == busiest.value.map(\.videoId))
        let video = try #require(
            emulator.json("/youtube/v3/videos?part=snippet&id=\(busiest.value[0].videoId)").1.items.first)
        let word = try #require(video[path: "snippet", "title"]?.string?.split(separator: " ").first)
        let query = try #require(String(word).addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(try Self.search(emulator, "q=\(query)&channelId=\(busiest.key)").contains(busiest.value[0].videoId))
        // Nothing of it on day 0.
        let before = try Self.harness(day: 0)
        #expect(try Self.search(before, "order=date&publishedAfter=\(after)").isEmpty)
    }

    @Test func videosListAndTheTruthHoldTheNewUploads() throws {
        let emulator = try Self.harness(day: 7)
        let new = emulator.server.newUploads()
        let truth = Dictionary(uniqueKeysWithValues: emulator.server.truthVideos().map { ($0.videoId, $0) })
        var hydrated = 0
        for batch in stride(from: 0, to: new.count, by: 50) {
            let ids = new[batch..<min(batch + 50, new.count)].map(\.videoId)
            let (_, body) = try emulator.json(
                "/youtube/v3/videos?part=snippet,contentDetails,statistics&id=" + ids.joined(separator: ","))
            #expect(body.items.compactMap { $0["id"]?.string } == ids)
            for item in body.items {
                let id = item["id"]?.string ?? ""
                #expect(
                    Self.date(item[path: "snippet", "publishedAt"]?.string)
                        == truth[id]?.publishedAt.map { Int64($0.timeIntervalSince1970) })
                #expect(item[path: "statistics", "viewCount"]?.string == truth[id]?.viewCount.map(String.init))
                #expect(item[path: "snippet", "liveBroadcastContent"]?.string == "none")
                hydrated += 1
            }
        }
        #expect(hydrated == new.count && hydrated > 50)
        #expect(Set(new.map(\.videoId)).isSubset(of: truth.keys))
        // Days old, they have a fraction of the audience of the day-0 videos.
        let newIds = Set(new.map(\.videoId))
        func median(_ videos: [Video]) -> Int {
            let views = videos.compactMap(\.viewCount).sorted()
            return views.isEmpty ? 0 : views[views.count / 2]
        }
        let (recent, old) = (
            truth.values.filter { newIds.contains($0.videoId) }, truth.values.filter { !newIds.contains($0.videoId) }
        )
        #expect(median(Array(recent)) * 5 < median(Array(old)))
        #expect(truth.count == emulator.server.videoCount + new.count - vanishedDayZeroVideos(emulator))
        let dayZero = Set(try Self.harness(day: 0).server.truthVideos().map(\.videoId))
        #expect(dayZero.isDisjoint(with: new.map(\.videoId)))
        // The channels' truth counts them.
        let counts = Dictionary(
            uniqueKeysWithValues: emulator.server.truthChannels().map { ($0.channelId, $0.videoCount) })
        let channelId = try #require(new.first?.channelId)
        #expect(counts[channelId] == (try Self.videoCount(emulator, channelId)))
    }

    /// Day-0 videos of the corpus gone by the emulator's day.
    func vanishedDayZeroVideos(_ emulator: EmulatorHarness) -> Int {
        let new = Set(emulator.server.newUploads().map(\.videoId))
        return emulator.server.videoCount - emulator.server.truthVideos().filter { !new.contains($0.videoId) }.count
    }

    @Test func newUploadsJoinTheirFormatListAWeekLater() throws {
        let emulator = try Self.harness(day: 9)
        let now = Self.start + 9 * Self.day + 60
        let new = Dictionary(uniqueKeysWithValues: emulator.server.newUploads().map { ($0.videoId, $0) })
        var listed = 0
        for channelId in emulator.server.channelIds {
            for ids in (emulator.server.formatListVideoIds(channelId: channelId) ?? [:]).values {
                for id in ids {
                    guard let upload = new[id] else { continue }
                    #expect(Int64(upload.publishedAt.timeIntervalSince1970) <= now - 7 * Self.day)
                    listed += 1
                }
            }
        }
        #expect(listed > 0, "the oldest new uploads are in their lists")
    }

    @Test func vanishedVideosLeaveEveryList() throws {
        let early = try Self.harness(day: 10)
        let late = try Self.harness(day: 30)
        let lateIds = Set(late.server.newUploads().map(\.videoId))
        let vanished = early.server.newUploads().filter { !lateIds.contains($0.videoId) }
        #expect(!vanished.isEmpty, "some new uploads vanish again")
        for upload in vanished.prefix(10) {
            #expect(try late.json("/youtube/v3/videos?part=id&id=\(upload.videoId)").1.items.isEmpty)
            let walk = try Self.walk(late, playlist: "UU" + upload.channelId.dropFirst(2))
            #expect(!walk.contains { $0.id == upload.videoId })
            #expect(try Self.videoCount(late, upload.channelId) == walk.count)
            #expect(!(try Self.search(late, "order=date&channelId=\(upload.channelId)").contains(upload.videoId)))
        }
        // Day-0 videos that vanished leave the uploads playlists and search too.
        let present = Set(late.server.truthVideos().map(\.videoId))
        let gone = try Self.harness(day: 0).server.truthVideos().filter { !present.contains($0.videoId) }
        #expect(!gone.isEmpty)
        for video in gone.prefix(5) {
            let channelId = try #require(video.channelId)
            #expect(!(try Self.walk(late, playlist: "UU" + channelId.dropFirst(2))).contains { $0.id == video.videoId })
            #expect(!(try Self.search(late, "channelId=\(channelId)").contains(video.videoId)))
        }
    }

    @Test func twoEmulatorsServeTheSameDaySevenBytes() throws {
        let first = try Self.harness(day: 7)
        let second = try Self.harness(day: 7)
        #expect(first.server.newUploads() == second.server.newUploads())
        let channelId = try #require(first.server.newUploads().first?.channelId)
        let targets = [
            "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=UU\(channelId.dropFirst(2))",
            "/youtube/v3/search?part=snippet&type=video&order=date&maxResults=50",
            "/youtube/v3/channels?part=snippet,statistics&id=\(channelId)",
            "/youtube/v3/videos?part=snippet,statistics,contentDetails&id="
                + first.server.newUploads().prefix(50).map(\.videoId).joined(separator: ","),
        ]
        for target in targets {
            #expect(try first.get(target).body == second.get(target).body, "\(target)")
        }
    }

    /// A week of uploads in numbers, for the README.
    @Test func aWeekOfUploadsOnTheDefaultCorpus() throws {
        let emulator = try EmulatorHarness {
            $0.corpus = CorpusConfiguration()
            $0.dayZero = Self.start
            $0.clock = { Self.start + 7 * Self.day + 60 }
        }
        let new = emulator.server.newUploads()
        let channels = Set(new.map(\.channelId))
        var rates: [UploadSchedule.Rate: Int] = [:]
        for channelId in emulator.server.channelIds {
            rates[emulator.server.uploadSchedule(channelId: channelId)?.rate ?? .dormant, default: 0] += 1
        }
        print(
            "day 7: \(new.count) new videos from \(channels.count) of \(emulator.server.channelCount) channels; rates \(rates)"
        )
        #expect(new.count > 100 && channels.count > 30)
        #expect((rates[.dormant] ?? 0) > emulator.server.channelCount / 4)
    }
}
