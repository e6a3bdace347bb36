import Testing

@testable import YouTubeKit

@Suite("Quota cost models")
struct QuotaModelTests {
    static let table: [(QuotaModel, APIMethod, QuotaBucket, Int)] = [
        (.buckets, .search, .searches, 1),
        (.buckets, .videos, .units, 1),
        (.buckets, .channels, .units, 1),
        (.buckets, .playlistItems, .units, 1),
        (.buckets, .playlists, .units, 1),
        (.classic, .search, .units, 100),
        (.classic, .videos, .units, 1),
        (.classic, .channels, .units, 1),
        (.classic, .playlistItems, .units, 1),
        (.classic, .playlists, .units, 1),
        (.buckets, .commentThreads, .units, 1),
        (.buckets, .comments, .units, 1),
        (.classic, .commentThreads, .units, 1),
        (.classic, .comments, .units, 1),
        (.buckets, .batchGetStats, .stats, 1),
        (.classic, .batchGetStats, .units, 1),
        (.buckets, .channelSections, .units, 1),
        (.buckets, .subscriptions, .units, 1),
        (.classic, .channelSections, .units, 1),
        (.classic, .subscriptions, .units, 1),
        (.buckets, .videoCategories, .units, 1),
        (.classic, .videoCategories, .units, 1),
        (.buckets, .liveChatMessages, .units, 5),
        (.classic, .liveChatMessages, .units, 5),
    ]

    @Test("cost of every method in both models", arguments: table)
    func cost(_ model: QuotaModel, _ method: APIMethod, _ bucket: QuotaBucket, _ cost: Int) {
        #expect(model.charge(for: method) == QuotaCharge(bucket: bucket, cost: cost))
    }

    @Test func everyMethodIsInTheTable() {
        for model in QuotaModel.allCases {
            for method in APIMethod.allCases {
                #expect(Self.table.contains { $0.0 == model && $0.1 == method })
            }
        }
    }

    @Test func dailyLimits() {
        #expect(QuotaModel.buckets.defaultDailyLimit(of: .searches) == 100)
        #expect(QuotaModel.buckets.defaultDailyLimit(of: .units) == 10_000)
        #expect(QuotaModel.classic.defaultDailyLimit(of: .units) == 10_000)
        #expect(QuotaModel.classic.defaultDailyLimit(of: .searches) == nil)
        #expect(QuotaModel.classic.buckets == [.units])
        #expect(QuotaModel.buckets.defaultDailyLimit(of: .stats) == 10_000)
        #expect(QuotaModel.classic.defaultDailyLimit(of: .stats) == nil)
        #expect(QuotaModel.buckets.buckets == [.searches, .units, .stats])
    }

    @Test func batchGetStatsHasAPathOfItsOwn() throws {
        #expect(APIMethod.batchGetStats.path == "/youtube/v3/videos:batchGetStats")
        #expect(APIMethod.batchGetStats.quotaName == "videos.batchGetStats")
        #expect(APIMethod(pathName: "videos:batchGetStats") == .batchGetStats)
        #expect(APIMethod(pathName: "batchGetStats") == nil, "not a path of the API")
        #expect(APIMethod(pathName: "videos") == .videos)
        let request = try APIRequest.batchGetStats(ids: ["dQw4w9WgXcQ", "9bZkp7q19f0"])
        #expect(
            request.urlString(base: "http://127.0.0.1:1").hasSuffix(
                "/youtube/v3/videos:batchGetStats?part=statistics%2CcontentDetails&id=dQw4w9WgXcQ%2C9bZkp7q19f0"))
        #expect(throws: YouTubeError.self) { try APIRequest.batchGetStats(ids: []) }
        #expect(QuotaCharge(bucket: .stats, cost: 2).description == "2 statistics units")
    }

    @Test func requestChargeFollowsItsMethod() throws {
        let search = try APIRequest.search(SearchQuery("x"))
        #expect(search.charge(under: .classic).cost == 100)
        #expect(search.charge(under: .buckets) == QuotaCharge(bucket: .searches, cost: 1))
        #expect(QuotaCharge(bucket: .units, cost: 100).description == "100 units")
    }

    @Test func everyMethodIsNamedByItsQuotaNameAndNothingElse() {
        for method in APIMethod.allCases { #expect(APIMethod(quotaName: method.quotaName) == method) }
        #expect(APIMethod(quotaName: "search") == nil)
        #expect(APIMethod(quotaName: "videos:batchGetStats") == nil)
        #expect(APIMethod(quotaName: "") == nil)
    }
}
