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
    }

    @Test func requestChargeFollowsItsMethod() throws {
        let search = try APIRequest.search(SearchQuery("x"))
        #expect(search.charge(under: .classic).cost == 100)
        #expect(search.charge(under: .buckets) == QuotaCharge(bucket: .searches, cost: 1))
        #expect(QuotaCharge(bucket: .units, cost: 100).description == "100 units")
    }
}
