import Foundation
import StreamingJSON
import YouTubeKit

/// A page of a `split=time` search: the seed's query ordered by date within a window of
/// publication dates, walked newest first. search.list stops after about 500 results, so when a
/// window's pages end, the next window ends where this one's oldest result was (both bounds are
/// inclusive: the results of that instant come again and are deduplicated) and the walk goes on
/// to the range's start. Every call is a page of (mostly) new videos; nothing is probed ahead and
/// `pageInfo.totalResults` (a loose estimate) is never read. A window that brings only results of
/// its own end instant moves one second back; a window with no results ends the walk, and so do
/// two windows in a row without a new video or without moving back in time. Dates outside the
/// window (a result from 1971 in a 2023 window) are not used to choose the next one.
///
/// With `channelId` set it is a channel's completion (`complete=search`): that channel's videos
/// by search instead of the seed's query.
struct SearchWindow: PagedWork {
    static let tag = "window"
    var seed: Int
    /// Search `channelId=… type=video` (a channel's completion) instead of the seed's query.
    var channelId: String?
    /// The window's inclusive bounds, in seconds since 1970; `nil`: the query's own (or none).
    var after: Int64?
    var before: Int64?
    var pageToken: String?
    /// The page within the window (search stops after 10 pages of 50).
    var page: Int
    /// The position of this page's first result among all the seed's results.
    var rank: Int
    /// Results of this window so far, and the oldest date among them.
    var results: Int
    var oldest: Int64?
    /// Windows of this walk finished before this one.
    var windows: Int
    var restarts: Int?
    /// New videos of this window so far, and windows in a row that brought nothing new or did not
    /// move back in time (absent in older checkpoints).
    var fresh: Int?
    var stalls: Int?
    /// An update's window (`ytcrawl update`): one whose pages end well short of the ~500-result
    /// cap holds every match of its range, and the walk ends there instead of probing an older
    /// window.
    var endsBelowCap: Bool?
    /// Items of every kind in this window's pages before this one (its `results` ranks; absent
    /// in older checkpoints, where ``results`` stands for it).
    var windowItems: Int?

    /// Windows in a row without progress after which the walk ends: a server that keeps
    /// answering with known videos, or with results at the window's very end, would otherwise
    /// move the window a second a call and spend the day's searches.
    static let maximumStalls = 2

    var isCostly: Bool { true }
    var isSearchWindow: Bool { true }

    /// YouTube's first day: where a range without `publishedAfter` starts.
    static let firstDay: Int64 = 1_114_214_400

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        var query: SearchQuery
        if let channelId {
            query = SearchQuery()
            query.channelId = channelId
            query.type = .video
        } else {
            guard case .search(let seedQuery) = plan.seeds[seed].target else {
                throw YouTubeError.invalidParameter(
                    name: "seed", value: plan.seeds[seed].text, allowed: "a search seed")
            }
            query = seedQuery
        }
        query.order = .date
        query.maxResults = 50
        if let after { query.publishedAfter = Date(timeIntervalSince1970: TimeInterval(after)) }
        if let before { query.publishedBefore = Date(timeIntervalSince1970: TimeInterval(before)) }
        query.pageToken = pageToken
        return try APIRequest.search(query)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        let walk = channelId == nil && plan.seeds[seed].walkChannels
        let start = after ?? Self.lowerBound(plan.seeds[seed])
        let end = before ?? Self.upperBound(plan.seeds[seed])
        if let request = try? request(for: plan) {
            // The bounds the request sent: the window's own, else the seed's.
            let window = SearchResult.Window(
                publishedAfter: start == Self.firstDay ? nil : Date(timeIntervalSince1970: TimeInterval(start)),
                publishedBefore: end.map { Date(timeIntervalSince1970: TimeInterval($0)) })
            plan.observed(
                fetched,
                as: SearchObservation(
                    seed: seed, request: request, window: window, page: page, firstRank: windowItems ?? results),
                &out)
        }
        var position = rank
        var oldest = self.oldest
        var count = 0
        var fresh = 0
        var outside: [String] = []
        for case .video(let video) in fetched.records {
            if plan.found(bySearch: video, seed: seed, rank: position, walkChannel: walk, &out) { fresh += 1 }
            if let date = video.publishedAt.map({ Int64($0.timeIntervalSince1970) }) {
                // A date outside the window says nothing about where the next one ends.
                if date < start || end.map({ date > $0 }) == true {
                    outside.append(video.videoId)
                } else {
                    oldest = min(oldest ?? date, date)
                }
            }
            position += 1
            count += 1
        }
        if !outside.isEmpty {
            out.warn(
                "\(describe(seeds: plan.seeds)): \(outside.count) result\(outside.count == 1 ? "" : "s") dated outside the window (first: \(outside[0])); kept, but not used to choose the next window"
            )
        }
        if walk {
            for id in fetched.summary.channelResults { plan.walk(channel: id, seed: seed, &out) }
        }
        var next = self
        next.rank = position
        next.results += count
        next.oldest = oldest
        next.fresh = (self.fresh ?? 0) + fresh
        next.windowItems = (windowItems ?? results) + fetched.summary.searchOrder.count
        // A page after the first that is empty, or that brings nothing older than the pages
        // before it (dates go back page by page), ends the window: a server cannot make one
        // window page forever.
        let stuck = page > 0 && ((fetched.records.isEmpty && fetched.summary.itemCount == 0) || oldest == self.oldest)
        if let token = fetched.summary.nextPageToken, token != pageToken, page < 20, !stuck {
            next.pageToken = token
            next.page += 1
            out.enqueue(.window(next))
            return
        }
        out.count(.searchWindows)
        // The window is done: the next one ends at its oldest result.
        guard next.results > 0, let last = oldest else { return }
        if endsBelowCap == true, next.results < SearchPage.resultCap - 50 { return }
        let stalled = next.fresh == 0 || before.map { last >= $0 } == true
        let stalls = stalled ? (self.stalls ?? 0) + 1 : 0
        if stalls >= Self.maximumStalls {
            out.warn(
                "\(describe(seeds: plan.seeds)): \(stalls) windows in a row brought no new video or did not move back in time; this walk ends here"
            )
            return
        }
        let nextBefore = before.map { last >= $0 ? $0 - 1 : last } ?? last
        // A window of one instant at the range's start is not a query the API takes.
        guard nextBefore > start else { return }
        var window = SearchWindow(
            seed: seed, channelId: channelId, after: after, before: nextBefore, page: 0, rank: position,
            results: 0, windows: windows + 1)
        window.stalls = stalls > 0 ? stalls : nil
        window.endsBelowCap = endsBelowCap
        out.enqueue(.window(window))
    }

    /// The range's end: the query's `publishedBefore`, if it has one.
    static func upperBound(_ seed: Seed) -> Int64? {
        if case .search(let query) = seed.target, let before = query.publishedBefore {
            return Int64(before.timeIntervalSince1970)
        }
        return nil
    }

    /// The range's start: the query's `publishedAfter`, else YouTube's first day.
    static func lowerBound(_ seed: Seed) -> Int64 {
        if case .search(let query) = seed.target, let after = query.publishedAfter {
            return Int64(after.timeIntervalSince1970)
        }
        return firstDay
    }

    /// The window starts over; its rank goes on (the videos already counted stay counted).
    mutating func startOver() {
        results = 0
        fresh = nil
        windowItems = nil
    }

    var item: WorkItem { .window(self) }

    func describe(seeds: [Seed]) -> String {
        let end = before.map { " up to " + RFC3339.format(seconds: $0) } ?? ""
        let what = channelId.map { "search of channel \($0)" } ?? seeds[seed].text
        return "\(what), window \(windows + 1)\(end) (page \(page + 1))"
    }
}
