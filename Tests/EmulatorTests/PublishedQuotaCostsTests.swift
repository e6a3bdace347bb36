import Testing
import YouTubeKit

@testable import Emulator

@Suite("The emulator's own quota costs")
struct PublishedQuotaCostsTests {
    static let cases = QuotaModel.allCases.flatMap { model in APIMethod.allCases.map { (model, $0) } }

    /// The crawler plans and limits itself by ``QuotaModel/charge(for:)``; the emulator charges by
    /// its own table. Written apart, they must agree on every method in every model.
    @Test(arguments: cases)
    func agreesWithTheCrawlersTable(model: QuotaModel, method: APIMethod) {
        #expect(PublishedQuotaCosts.charge(for: method, model: model) == model.charge(for: method))
    }

    /// The emulator really charges by its table: one request of each method, counted per bucket.
    @Test(arguments: cases)
    func aRequestIsChargedWhatTheTableSays(model: QuotaModel, method: APIMethod) {
        let key = "test-key-not-a-secret"
        let service = EmulatorService(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 3, channels: 2, videosPerChannel: 2), keys: [key], quotaModel: model,
                dailyUnits: 1_000, dailySearches: 1_000))
        // Invalid requests (no `part`) are charged too, as on the real API.
        _ = service.respond(target: method.path, headers: [(name: "X-Goog-Api-Key", value: key)])
        let charge = PublishedQuotaCosts.charge(for: method, model: model)
        var expected = QuotaCounts()
        expected.add(charge)
        #expect(service.quotaUsed(key: key) == expected)
    }

    /// The documented figures that differ between the models, checked by value.
    @Test func theModelsDifferWhereTheDesignSaysTheyDo() {
        #expect(PublishedQuotaCosts.charge(for: .search, model: .classic) == QuotaCharge(bucket: .units, cost: 100))
        #expect(PublishedQuotaCosts.charge(for: .search, model: .buckets) == QuotaCharge(bucket: .searches, cost: 1))
        #expect(
            PublishedQuotaCosts.charge(for: .batchGetStats, model: .buckets) == QuotaCharge(bucket: .stats, cost: 1))
        #expect(
            PublishedQuotaCosts.charge(for: .batchGetStats, model: .classic) == QuotaCharge(bucket: .units, cost: 1))
    }
}
