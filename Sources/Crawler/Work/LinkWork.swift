import StreamingJSON
import YouTubeKit

/// Where link work waits in the frontier: after every seed's first page, and depth by depth (the
/// first 16 pages of a channel's subscriptions before any channel one hop farther), so that a
/// channel is mostly first reached by its shortest path, as a breadth-first walk would.
func linkLanePage(depth: Int, page: Int) -> Int { 1 + 16 * depth + min(page, 15) }

/// channelSections.list of one channel (1 unit, one page): the channels its `multiplechannels`
/// shelves feature, as `featured` links.
struct SectionsPage: SeededWork {
    static let tag = "sections"
    var seed: Int
    var channelId: String
    /// The channel's depth (a seed's channel is 0).
    var depth: Int

    /// After the seeds' own first pages, and nearer channels before farther ones
    /// (``linkLanePage(depth:page:)``).
    var page: Int { linkLanePage(depth: depth, page: 0) }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.channelSections(channelId: channelId)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var rank = 0
        for case .link(let link) in fetched.records {
            plan.linked(
                link, from: channelId, depth: depth, seed: seed, endpoint: .channelSections, rank: rank, &out)
            rank += 1
        }
    }

    var item: WorkItem { .sections(self) }

    func describe(seeds: [Seed]) -> String { "channelSections of \(channelId)" }
}

/// subscriptions.list of one channel, 50 a page (1 unit a page): `subscription` links. The first
/// page's answer says whether the subscriptions are private (403 `subscriptionForbidden`), which
/// the channel's record carries.
struct SubscriptionsPage: RepeatGuardedPaging {
    static let tag = "subscriptions"
    var seed: Int
    var channelId: String
    var depth: Int
    var pageToken: String?
    var page: Int
    var rank: Int
    var restarts: Int?
    /// As for ``CommentThreadsPage/pagesRead``: a page read again ends the paging.
    var pagesRead: [UInt64]?
    /// What a checkpoint keeps: everything but the pages read (``RepeatGuardedPaging``).
    enum CodingKeys: String, CodingKey {
        case seed, channelId, depth, pageToken, page, rank, restarts
    }

    init(seed: Int, channelId: String, depth: Int) {
        self.seed = seed
        self.channelId = channelId
        self.depth = depth
        page = 0
        rank = 0
    }

    var lane: FrontierLane { .paged(page: linkLanePage(depth: depth, page: page), costly: false) }

    /// YouTube lets a channel subscribe to 2,000 channels at most: 40 pages of 50. A server that
    /// pages past that (tokens going round in a circle) is not followed further.
    static let maximumPages = 40

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.subscriptions(channelId: channelId, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var rank = rank
        for case .link(let link) in fetched.records {
            plan.linked(
                link, from: channelId, depth: depth, seed: seed, endpoint: .subscriptions, rank: rank, &out)
            rank += 1
        }
        if page == 0 { plan.subscriptionsAnswered(channelId, isPrivate: false, seed: seed, &out) }
        guard let token = fetched.summary.nextPageToken, !token.isEmpty, fetched.summary.itemCount > 0,
            page + 1 < Self.maximumPages
        else { return }
        let fingerprint = PageRepeats.fingerprint(fetched.records)
        if let next = following(
            token: token, rank: rank, fingerprint: fingerprint, what: "subscriptions", plan: &plan, &out)
        {
            out.enqueue(next.item)
        }
    }

    /// Private subscriptions (403 `subscriptionForbidden`) are the channel's, never the crawl's
    /// failure; a channel unknown to subscriptions.list (404) has none to list.
    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        let isPrivate = reasons.contains(.subscriptionForbidden)
        guard isPrivate || reasons.contains(.subscriberNotFound) else {
            skipped(to: &plan, &out)
            return false
        }
        if page == 0 { plan.subscriptionsAnswered(channelId, isPrivate: isPrivate ? true : nil, seed: seed, &out) }
        return true
    }

    /// Its channel's record, if held for the answer, is written without it.
    func skipped(to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        if page == 0 { plan.subscriptionsAnswered(channelId, isPrivate: nil, seed: seed, &out) }
    }

    var item: WorkItem { .subscriptions(self) }

    func describe(seeds: [Seed]) -> String { "subscriptions of \(channelId) page \(page + 1)" }
}
