import Foundation
import StreamingJSON
import YouTubeKit

/// A page of a `chart` seed: videos.list `chart=mostPopular` of a region (and category), 50 a
/// page, up to the chart's 200 (1 unit a page). Its videos come whole (every part a hydration
/// asks), so each new one is written as it is, without another videos.list call; every item is
/// also a `results` line, so a chart asked on many days can be compared.
struct ChartPage: PagedWork {
    static let tag = "chart"
    var seed: Int
    var pageToken: String?
    var page: Int
    /// The position of this page's first video in the chart.
    var rank: Int
    var restarts: Int?

    /// A chart has at most 200 videos: four pages.
    static let maximumPages = 4

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        guard case .chart(let chart) = plan.seeds[seed].target else {
            throw YouTubeError.invalidParameter(name: "seed", value: plan.seeds[seed].text, allowed: "a chart seed")
        }
        return try APIRequest.chart(
            regionCode: chart.regionCode, videoCategoryId: chart.videoCategoryId, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var observed = fetched
        observed.summary.searchOrder = Array(repeating: .video, count: fetched.summary.videoCount)
        if let request = try? request(for: plan) {
            plan.observed(
                observed, as: SearchObservation(seed: seed, request: request, page: page, firstRank: rank), &out)
        }
        var position = rank
        for case .video(let video) in fetched.records {
            plan.found(byChart: video, seed: seed, rank: position, &out)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken, token != pageToken, !fetched.records.isEmpty,
            page + 1 < min(plan.maxPages(seed) ?? Self.maximumPages, Self.maximumPages)
        else {
            if fetched.summary.nextPageToken != nil, page + 1 >= (plan.maxPages(seed) ?? Self.maximumPages) {
                out.cap(seed, by: "maxPages")
            }
            return
        }
        out.enqueue(.chart(ChartPage(seed: seed, pageToken: token, page: page + 1, rank: position, restarts: restarts)))
    }

    var item: WorkItem { .chart(self) }

    func describe(seeds: [Seed]) -> String { "\(seeds[seed].text) (page \(page + 1))" }
}

/// videoCategories.list of a region a chart seed names (1 unit, once a run): each category
/// written once per output as a `categories` record, so a video's `categoryId` has its title.
struct CategoryList: SeededWork {
    static let tag = "categories"
    var seed: Int
    var regionCode: String

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.videoCategories(regionCode: regionCode)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        for case .category(var category) in fetched.records {
            category.regionCode = regionCode
            plan.found(category, &out)
        }
    }

    var item: WorkItem { .categories(self) }

    func describe(seeds: [Seed]) -> String { "videoCategories.list of \(regionCode)" }
}
