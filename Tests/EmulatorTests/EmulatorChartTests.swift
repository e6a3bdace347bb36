import Emulator
import StreamingJSON
import Synchronization
import Testing

/// videos.list `chart=mostPopular` by region and category, changing by the day, and
/// videoCategories.list.
@Suite("Emulator charts and categories")
struct EmulatorChartTests {
    static func items(_ page: JSONValue) -> [JSONValue] {
        if case .array(let items)? = page["items"] { return items }
        return []
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    @Test func aChartIsItsRegionsAndCategorysMostPopularOfTheDay() throws {
        let clock = Atomic<Int64>(1_800_000_000)
        let harness = try EmulatorHarness { configuration in
            configuration.corpus = CorpusConfiguration(seed: 7, channels: 300, videosPerChannel: 30)
            configuration.dayZero = 1_800_000_000
            configuration.clock = { clock.load(ordering: .relaxed) }
        }
        func chart(_ query: String) throws -> [JSONValue] {
            var all: [JSONValue] = []
            var token: String?
            repeat {
                let (status, page) = try harness.json(
                    "/youtube/v3/videos?part=snippet,statistics&chart=mostPopular&maxResults=50&" + query
                        + (token.map { "&pageToken=" + $0 } ?? ""))
                #expect(status == 200)
                all += Self.items(page)
                token = Self.string(page["nextPageToken"])
            } while token != nil
            return all
        }
        let us = try chart("regionCode=US")
        #expect(us.count == 200, "a chart has 200 videos")
        let music = try chart("regionCode=GB&videoCategoryId=10")
        #expect(!music.isEmpty && music.count <= 200)
        #expect(music.allSatisfy { Self.string($0["snippet"]?["categoryId"]) == "10" })
        #expect(try chart("regionCode=US").map { Self.string($0["id"]) } == us.map { Self.string($0["id"]) })
        clock.store(1_800_000_000 + 86_400, ordering: .relaxed)
        let nextDay = try chart("regionCode=US")
        #expect(nextDay.map { Self.string($0["id"]) } != us.map { Self.string($0["id"]) }, "charts change daily")
        let (status, missing) = try harness.json(
            "/youtube/v3/videos?part=snippet&chart=mostPopular&regionCode=US&videoCategoryId=99")
        #expect(status == 404)
        guard case .array(let errors)? = missing["error"]?["errors"] else {
            Issue.record("no errors in \(missing)")
            return
        }
        #expect(Self.string(errors.first?["reason"]) == "videoChartNotFound")
    }

    @Test func categoriesOfARegion() throws {
        let harness = try EmulatorHarness()
        let (status, page) = try harness.json("/youtube/v3/videoCategories?part=snippet&regionCode=US")
        #expect(status == 200)
        let items = Self.items(page)
        #expect(items.count == 44)
        let music = try #require(items.first { Self.string($0["id"]) == "10" })
        #expect(Self.string(music["snippet"]?["title"]) == "Music")
        #expect(music["snippet"]?["assignable"] == .bool(true))
        let (byId, one) = try harness.json("/youtube/v3/videoCategories?part=snippet&id=20,30")
        #expect(byId == 200)
        #expect(Self.items(one).compactMap { Self.string($0["snippet"]?["title"]) } == ["Gaming", "Movies"])
        let (missing, _) = try harness.json("/youtube/v3/videoCategories?part=snippet")
        #expect(missing == 400)
    }
}
