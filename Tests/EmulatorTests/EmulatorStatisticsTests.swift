import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

/// The corpus over its days, and `videos:batchGetStats`.
@Suite("Emulator statistics over time")
struct EmulatorStatisticsTests {
    static let day: Int64 = 86_400

    @Test func statisticsGrowWithTheDaysAndSomeVideosVanish() throws {
        let clock = ManualClock(epochSeconds: 1_800_000_000)
        let emulator = try EmulatorHarness { $0.clock = { clock.utcSeconds } }
        #expect(emulator.server.day == 0)
        let start = emulator.server.truthVideos()
        clock.advance(by: .seconds(Self.day - 1))
        #expect(emulator.server.day == 0, "a day is a whole day")
        #expect(emulator.server.truthVideos() == start)
        var previous = Dictionary(uniqueKeysWithValues: start.map { ($0.videoId, $0) })
        var vanished: Set<String> = []
        for day in 1...12 {
            clock.advance(by: .seconds(Self.day))
            #expect(emulator.server.day == day)
            let today = emulator.server.truthVideos()
            let byId = Dictionary(uniqueKeysWithValues: today.map { ($0.videoId, $0) })
            #expect(vanished.isDisjoint(with: byId.keys), "day \(day): a vanished video stays gone")
            for id in previous.keys where byId[id] == nil { vanished.insert(id) }
            let new = Set(emulator.server.newUploads().map(\.videoId))
            for video in today {
                guard let before = previous[video.videoId] else {
                    #expect(new.contains(video.videoId), "day \(day): only new uploads arrive")
                    continue
                }
                #expect((video.viewCount ?? 0) > (before.viewCount ?? 0), "day \(day): views grow every day")
                #expect((video.likeCount ?? 0) >= (before.likeCount ?? 0))
                #expect((video.commentCount ?? 0) >= (before.commentCount ?? 0))
                #expect((video.likeCount == nil) == (before.likeCount == nil), "hidden likes stay hidden")
                #expect((video.commentCount == nil) == (before.commentCount == nil))
                #expect(video.title == before.title && video.duration == before.duration)
            }
            previous = byId
        }
        #expect(!vanished.isEmpty && vanished.count < start.count / 10, "\(vanished.count) of \(start.count) vanished")
        // Growth is uneven: a few videos gain far more than most.
        let gains = start.compactMap { video -> Double? in
            guard let now = previous[video.videoId]?.viewCount, let then = video.viewCount, then > 10_000 else {
                return nil
            }
            return Double(now - then) / Double(then)
        }.sorted()
        #expect(gains.count > 100)
        #expect(gains[gains.count / 2] < 0.1, "most videos are nearly flat")
        #expect((gains.last ?? 0) > 2, "some go viral")
    }

    @Test func videosListAndBatchGetStatsServeTheDayAndTheCacheKnowsIt() throws {
        let clock = ManualClock(epochSeconds: 1_800_000_000)
        let emulator = try EmulatorHarness { $0.clock = { clock.utcSeconds } }
        let ids = emulator.server.truthVideos().prefix(50).map(\.videoId)
        let target =
            "/youtube/v3/videos:batchGetStats?part=statistics,contentDetails,snippet&id=" + ids.joined(separator: ",")
        let (status, body) = try emulator.json(target)
        #expect(status == 200)
        #expect(body["kind"]?.string == "youtube#batchGetStatsResponse")
        #expect(body.items.count == 50)
        let first = try #require(body.items.first)
        #expect(first["kind"]?.string == "youtube#videoStats")
        #expect(first[path: "statistics", "viewCount"]?.string != nil, "counts are strings (int64 in JSON)")
        #expect(first[path: "contentDetails", "duration"]?.string != nil)
        #expect(first[path: "snippet", "publishTime"]?.string != nil)
        // The streaming decoder reads it as videos.
        var decoded: [Video] = []
        var decoder = PageDecoder(endpoint: .auto) { if case .video(let video) = $0 { decoded.append(video) } }
        try decoder.feed(try emulator.get(target).body)
        _ = try decoder.finish()
        let truth = Dictionary(uniqueKeysWithValues: emulator.server.truthVideos().map { ($0.videoId, $0) })
        #expect(decoded.count == 50)
        for video in decoded {
            let expected = try #require(truth[video.videoId])
            #expect(video.viewCount == expected.viewCount && video.likeCount == expected.likeCount)
            #expect(video.commentCount == expected.commentCount && video.duration == expected.duration)
        }
        // Ten days later the same request (cached before) answers with that day's counts, and
        // without the videos that vanished.
        clock.advance(by: .seconds(10 * Self.day))
        let later = try emulator.json(target).1
        let laterTruth = Dictionary(uniqueKeysWithValues: emulator.server.truthVideos().map { ($0.videoId, $0) })
        #expect(later.items.count == ids.filter { laterTruth[$0] != nil }.count)
        for item in later.items {
            let id = try #require(item["id"]?.string)
            #expect(item[path: "statistics", "viewCount"]?.string == laterTruth[id]?.viewCount.map(String.init))
        }
        let videos = try emulator.json("/youtube/v3/videos?part=statistics&id=" + ids.joined(separator: ",")).1
        #expect(videos.items.count == later.items.count)
    }

    @Test func batchGetStatsValidatesItsParameters() throws {
        let emulator = try EmulatorHarness()
        let id = emulator.server.truthVideos()[0].videoId
        let cases: [(String, Int, String)] = [
            ("part=statistics", 400, "required"),
            ("id=\(id)", 400, "required"),
            ("part=statistics,fileDetails&id=\(id)", 400, "unknownPart"),
            ("part=statistics&id=\(id)&maxResults=5", 400, "badRequest"),
            ("part=statistics&id=" + Array(repeating: id, count: 51).joined(separator: ","), 400, "invalidParameter"),
        ]
        for (query, status, reason) in cases {
            let (answered, body) = try emulator.json("/youtube/v3/videos:batchGetStats?" + query)
            #expect(answered == status, "\(query)")
            #expect(body.errorReason == reason, "\(query): \(body.errorReason ?? "none")")
        }
        #expect(try emulator.get("/youtube/v3/batchGetStats?part=statistics&id=\(id)").status == 404)
    }

    @Test(arguments: [QuotaModel.buckets, .classic])
    func batchGetStatsDrawsOnItsOwnBucketInTheBucketsModel(_ model: QuotaModel) throws {
        let emulator = try EmulatorHarness {
            $0.quotaModel = model
            $0.dailyUnits = 2
            $0.dailyStatsUnits = 3
        }
        let id = emulator.server.truthVideos()[0].videoId
        let target = "/youtube/v3/videos:batchGetStats?part=statistics&id=\(id)"
        var answered: [Int] = []
        for _ in 0..<4 { answered.append(try emulator.get(target).status) }
        switch model {
        case .buckets:
            #expect(answered == [200, 200, 200, 403], "its own bucket of 3")
            #expect(emulator.server.quotaUsed(key: EmulatorHarness.key) == QuotaCounts(stats: 3))
            #expect(try emulator.get("/youtube/v3/videos?part=id&id=\(id)").status == 200, "units untouched")
        case .classic:
            #expect(answered == [200, 200, 403, 403], "the common bucket of 2")
            #expect(emulator.server.quotaUsed(key: EmulatorHarness.key) == QuotaCounts(units: 2))
        }
    }
}
