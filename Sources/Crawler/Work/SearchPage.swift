import StreamingJSON
import YouTubeKit

/// A search.list page of a search seed.
struct SearchPage: PagedWork {
    static let tag = "search"
    var seed: Int
    var pageToken: String?
    var page: Int
    /// The position of this page's first result among the seed's results.
    var rank: Int
    /// Times this item started over after `invalidPageToken` (absent in older checkpoints).
    var restarts: Int?
    /// The position of this page's first item among the seed's items of every kind (its
    /// `results` rank; absent in older checkpoints, whose ``rank`` stands for it).
    var items: Int?

    var isCostly: Bool { true }

    /// Past this many results the API stops: a page beyond it that brings nothing new ends the
    /// item (a server that pages forever costs a few calls, not the day's searches).
    static let resultCap = 500

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        guard case .search(var query) = plan.seeds[seed].target else {
            throw YouTubeError.invalidParameter(name: "seed", value: plan.seeds[seed].text, allowed: "a search seed")
        }
        query.pageToken = pageToken
        // Fifty results per page: the same cost as five.
        if query.maxResults == 5 { query.maxResults = 50 }
        return try APIRequest.search(query)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        if let request = try? request(for: plan) {
            plan.observed(
                fetched, as: SearchObservation(seed: seed, request: request, page: page, firstRank: items ?? rank), &out
            )
        }
        let walk = plan.seeds[seed].walkChannels
        var position = rank
        var fresh = 0
        for case .video(let video) in fetched.records {
            if plan.found(bySearch: video, seed: seed, rank: position, walkChannel: walk, &out) { fresh += 1 }
            position += 1
        }
        if walk {
            for id in fetched.summary.channelResults { plan.walk(channel: id, seed: seed, &out) }
        }
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.maxPages(seed) ?? .max) else {
            if fetched.summary.nextPageToken != nil {
                out.cap(seed, by: "maxPages")
            } else if position >= Self.resultCap - 50 {
                // The API sends no next page past about 500 results, however many match.
                out.cap(seed, by: "search limit")
            }
            return
        }
        if token == pageToken {
            out.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; this search ends here")
            return
        }
        if page > 0, fetched.records.isEmpty, fetched.summary.itemCount == 0 {
            out.warn(
                "\(describe(seeds: plan.seeds)): a page without results but with a next page; this search ends here")
            return
        }
        if position > Self.resultCap, fresh == 0 {
            out.cap(seed, by: "search limit")
            out.warn(
                "\(describe(seeds: plan.seeds)): a page past \(Self.resultCap) results brought no new video; this search ends here"
            )
            return
        }
        out.enqueue(
            .search(
                SearchPage(
                    seed: seed, pageToken: token, page: page + 1, rank: position, restarts: restarts,
                    items: (items ?? rank) + fetched.summary.searchOrder.count)))
    }

    /// Paging starts over: ranks too (the `results` lines of ranks already written stand).
    mutating func startOver() {
        rank = 0
        items = nil
    }

    var item: WorkItem { .search(self) }

    func describe(seeds: [Seed]) -> String { "\(seeds[seed].text) (page \(page + 1))" }
}
