import Foundation
import StreamingJSON
import YouTubeKit

/// The `results` lines of a run: every item of every search.list and chart page it receives,
/// once per (run, seed, window, rank) — a page asked again after a kill writes only what the
/// first answer did not; its `missing` lines, once per (run, id); and the `categories` of the
/// output, once per (id, region).
struct ResultLedger {
    /// The run's number in the manifest's runs history (from 1) and its key (its random id),
    /// which begin every line's `resultId`.
    private(set) var run = 1
    private(set) var runKey = "0"
    /// The `resultId`s this run wrote (read back from the output on a resume).
    private var written: Set<String> = []
    /// The `missingId`s this run wrote (read back on a resume).
    private var missing: Set<String> = []
    /// The categories the output holds (`categoryId regionCode`).
    private var categories: Set<String> = []

    init() {}

    init(run: Int, key: String, written: Set<String>, categories: Set<String>) {
        self.run = run
        runKey = key
        let prefix = "\(run)@\(key)/"
        self.written = written.filter { $0.hasPrefix(prefix) }
        self.categories = categories
    }

    /// Whether `id` is not written yet (and is from now on).
    mutating func insert(_ id: String) -> Bool { written.insert(id).inserted }

    /// The output's `missing` lines (this run's are kept).
    mutating func noteMissing(_ ids: Set<String>) {
        let prefix = "\(run)@\(runKey)/"
        missing = ids.filter { $0.hasPrefix(prefix) }
    }

    /// Whether `missingId` is not written yet this run (and is from now on).
    mutating func insertMissing(_ missingId: String) -> Bool { missing.insert(missingId).inserted }

    /// The regions whose categories this run asks.
    private var regionsAsked: Set<String> = []

    /// Whether the categories of `region` are not asked yet this run (and are from now on).
    mutating func askCategories(of region: String) -> Bool { regionsAsked.insert(region).inserted }

    /// Whether category `key` (`categoryId regionCode`) is not written yet (and is from now on).
    mutating func insertCategory(_ key: String) -> Bool { categories.insert(key).inserted }
}

/// One search.list request of a seed, as the `results` lines describe it.
struct SearchObservation {
    var seed: Int
    var request: APIRequest
    var window: SearchResult.Window?
    /// The page within the window (or the search), from 0.
    var page: Int
    /// The rank of the page's first item within the window, from 0.
    var firstRank: Int

    /// The request's parameters sorted by name, the page's position instead of its token.
    var parameters: [APIRequest.Parameter] {
        var parameters = request.parameters.filter { $0.name != "pageToken" && $0.name != "key" }
        parameters.append(APIRequest.Parameter("page", String(page)))
        return parameters.sorted { $0.name < $1.name }
    }

    /// The page's items as `results` lines, in the API's order.
    func results(
        of fetched: FetchedPage, seeds: [Seed], ledger: ResultLedger
    ) -> [SearchResult] {
        var query: QueryTerms?
        if case .search(let seedQuery) = seeds[seed].target, let q = seedQuery.q { query = QueryTerms(q) }
        let videos = fetched.records.compactMap { record -> Video? in
            if case .video(let video) = record { return video }
            return nil
        }
        var next = (video: 0, channel: 0, playlist: 0)
        var results: [SearchResult] = []
        let parameters = parameters
        for kind in fetched.summary.searchOrder {
            let id: String
            var matches: Bool?
            switch kind {
            case .video:
                guard next.video < videos.count else { continue }
                let video = videos[next.video]
                next.video += 1
                id = video.videoId
                matches = query?.matches([video.title ?? "", video.description ?? ""]) == true ? true : nil
            case .channel:
                guard next.channel < fetched.summary.channelResults.count else { continue }
                id = fetched.summary.channelResults[next.channel]
                next.channel += 1
            case .playlist:
                guard next.playlist < fetched.summary.playlistResults.count else { continue }
                id = fetched.summary.playlistResults[next.playlist]
                next.playlist += 1
            }
            results.append(
                SearchResult(
                    run: ledger.run, runKey: ledger.runKey, seed: seeds[seed].text,
                    request: parameters, window: window, page: page, rank: firstRank + results.count, kind: kind,
                    id: id, sentAt: fetched.sentAt, totalResults: fetched.summary.totalResults,
                    resultsPerPage: fetched.summary.resultsPerPage, matchesQuery: matches))
        }
        return results
    }
}
