import StreamingJSON
import YouTubeKit

/// A commentThreads.list page of one video: its threads' top-level comments and the replies they
/// carry; threads with more replies than they carry get their replies paged (``ReplyPage``).
struct CommentThreadsPage: PagedWork {
    static let tag = "commentThreads"
    var seed: Int
    var videoId: String
    var pageToken: String?
    var page: Int
    /// The position of this page's first thread among the video's threads.
    var rank: Int
    var restarts: Int?
    /// Fingerprints of the pages this run read of this paging (never in a checkpoint): a page
    /// read again ends it (``CommentPaging``).
    var pagesRead: [UInt64]?
    /// An update's walk of a followed video (`ytcrawl update`): threads come newest first, so
    /// the walk ends at the page holding a thread started before this (Unix seconds).
    var until: Int64?

    func request(for plan: CrawlEngine) throws -> APIRequest {
        var order = APIRequest.CommentOrder.time
        var searchTerms: String?
        if case .comments(let asked) = plan.seeds[seed].target, asked.videoId == videoId {
            order = asked.order
            searchTerms = asked.searchTerms
        }
        return try APIRequest.commentThreads(
            videoId: videoId, order: order, searchTerms: searchTerms, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine, _ out: inout EventOutput) {
        var position = rank
        var topLevel: Comment?
        var carried = 0
        var replyRank = 0
        var reachedKnown = false
        func closeThread(_ plan: inout CrawlEngine) {
            guard let thread = topLevel, let total = thread.totalReplyCount, total > carried else { return }
            plan.enqueue(
                .replies(
                    ReplyPage(
                        seed: seed, videoId: videoId, channelId: thread.channelId, parentId: thread.commentId, page: 0,
                        rank: 0, replyCount: total)))
        }
        for case .comment(let comment) in fetched.records {
            if comment.parentId == nil {
                closeThread(&plan)
                topLevel = comment
                carried = 0
                replyRank = 0
                plan.found(comment, seed: seed, endpoint: "commentThreads.list", rank: position, &out)
                if let until, let started = comment.publishedAt, Int64(started.timeIntervalSince1970) < until {
                    reachedKnown = true
                }
                position += 1
            } else {
                var reply = comment
                if reply.videoId == nil { reply.videoId = videoId }
                plan.found(reply, seed: seed, endpoint: "commentThreads.list", rank: replyRank, &out)
                carried += 1
                replyRank += 1
            }
        }
        closeThread(&plan)
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.maxCommentPages(seed) ?? .max),
            !reachedKnown
        else {
            return
        }
        let pageFingerprint = CommentPaging.fingerprint(fetched.records)
        if let count = plan.commentCount(of: videoId), page + 1 >= CrawlEngine.pages(holding: count) {
            plan.warn(
                "\(describe(seeds: plan.seeds)): \(page + 1) pages, past the \(count) comments the video counts; these comments end here",
                &out)
            return
        }
        if let loop = CommentPaging.loop(
            token: token, pageToken: pageToken, fingerprint: pageFingerprint, read: pagesRead)
        {
            plan.warn("\(describe(seeds: plan.seeds)): \(loop); these comments end here", &out)
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.pagesRead = CommentPaging.adding(pageFingerprint, to: pagesRead)
        plan.enqueue(.commentThreads(next))
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine, _ out: inout EventOutput) -> Bool {
        if reasons.contains(.commentsDisabled) {
            plan.commentsAreDisabled(on: videoId, &out)
            return true
        }
        // Not found, private or members only: one warning for the video, nothing retried.
        let why = reasons.first.map { "\($0)" } ?? "not available"
        plan.warn("comments of video \(videoId): \(why); skipped", &out)
        return true
    }

    /// The paging starts over: its rank, and the pages read (they will be read again).
    mutating func startOver() {
        rank = 0
        pagesRead = nil
    }

    var item: WorkItem { .commentThreads(self) }

    func write(into writer: inout JSONWriter) {
        writer.pagingMembers(seed: seed, pageToken: pageToken, page: page, rank: rank, restarts: restarts)
        writer.member("videoId", videoId)
        if let until { writer.member("until", Int(until)) }
    }

    func describe(seeds: [Seed]) -> String { "comments of video \(videoId) (page \(page + 1))" }
}

/// A comments.list page of one thread's replies (`parentId`), for threads with more replies than
/// commentThreads.list carries.
struct ReplyPage: PagedWork {
    static let tag = "replies"
    var seed: Int
    var videoId: String
    var channelId: String?
    var parentId: String
    var pageToken: String?
    var page: Int
    var rank: Int
    var restarts: Int?
    /// As for ``CommentThreadsPage/pagesRead``.
    var pagesRead: [UInt64]?
    /// The thread's `totalReplyCount` when its replies were queued: paging stops a little past
    /// what it (and the video's `commentCount`, when known) promises (absent in older checkpoints).
    var replyCount: Int?

    func request(for plan: CrawlEngine) throws -> APIRequest {
        try APIRequest.replies(parentId: parentId, pageToken: pageToken)
    }

    /// Pages of replies at most: what `totalReplyCount` (or the video's `commentCount`, if lower)
    /// promises at 100 a page and two more (replies added while paging), and no more than the
    /// comment page cap.
    func maxPages(_ plan: CrawlEngine) -> Int {
        let promised = [replyCount, plan.commentCount(of: videoId)].compactMap { $0 }.min()
        return min(promised.map(CrawlEngine.pages(holding:)) ?? .max, plan.maxCommentPages(seed) ?? .max)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine, _ out: inout EventOutput) {
        var position = rank
        for case .comment(var reply) in fetched.records {
            // comments.list replies carry no videoId.
            if reply.videoId == nil { reply.videoId = videoId }
            if reply.channelId == nil { reply.channelId = channelId }
            if reply.parentId == nil { reply.parentId = parentId }
            reply.threadId = parentId
            reply.totalReplyCount = nil
            plan.found(reply, seed: seed, endpoint: "comments.list", rank: position, &out)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken else { return }
        let pageFingerprint = CommentPaging.fingerprint(fetched.records)
        if let loop = CommentPaging.loop(
            token: token, pageToken: pageToken, fingerprint: pageFingerprint, read: pagesRead)
        {
            plan.warn("\(describe(seeds: plan.seeds)): \(loop); these replies end here", &out)
            return
        }
        if page + 1 >= maxPages(plan) {
            if page + 1 < plan.maxCommentPages(seed) ?? .max {
                plan.warn(
                    "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, past what its thread (\(replyCount.map(String.init) ?? "?") replies) and its video promise; these replies end here",
                    &out)
            }
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.pagesRead = CommentPaging.adding(pageFingerprint, to: pagesRead)
        plan.enqueue(.replies(next))
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine, _ out: inout EventOutput) -> Bool {
        plan.warn("replies to comment \(parentId): \(reasons.first.map { "\($0)" } ?? "not available"); skipped", &out)
        return true
    }

    /// As for ``CommentThreadsPage/startOver()``.
    mutating func startOver() {
        rank = 0
        pagesRead = nil
    }

    var item: WorkItem { .replies(self) }

    func write(into writer: inout JSONWriter) {
        writer.pagingMembers(seed: seed, pageToken: pageToken, page: page, rank: rank, restarts: restarts)
        writer.member("videoId", videoId)
        writer.member("channelId", channelId)
        writer.member("parentId", parentId)
        if let replyCount { writer.member("replyCount", replyCount) }
    }

    func describe(seeds: [Seed]) -> String { "replies to comment \(parentId) (page \(page + 1))" }
}

/// When a video's or a thread's comment paging goes in circles: a hostile or broken server can
/// send a token cycle (A, B, A…) or the same page under fresh tokens, and each page costs a unit.
/// A page is known by a fingerprint of its comment ids, in order: a paging that reads a page it
/// read before ends there. Pages read again after a resume or a restart are not repeats (they
/// follow each other, each different), so a rerun that reads known comments again goes on.
enum CommentPaging {
    /// Why paging must end before asking for `token`, or `nil` to go on.
    ///
    /// - Parameters:
    ///   - token: the next page's token; `pageToken`: this page's.
    ///   - fingerprint: this page's (``fingerprint(_:)``); `read`: those of the pages read before it.
    static func loop(token: String, pageToken: String?, fingerprint: UInt64, read: [UInt64]?) -> String? {
        if token == pageToken { return "the API sent the same nextPageToken again" }
        if let read, read.contains(fingerprint) {
            return "a page repeated one already read (a token cycle, or a page under a fresh token)"
        }
        return nil
    }

    /// `read` with this page's fingerprint (the last 1,024 pages are kept).
    static func adding(_ fingerprint: UInt64, to read: [UInt64]?) -> [UInt64] {
        var pages = read ?? []
        if pages.count >= 1024 { pages.removeFirst() }
        pages.append(fingerprint)
        return pages
    }

    /// FNV-1a over the page's comment ids, in order (an empty page has one too).
    static func fingerprint(_ page: [DecodedRecord]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for case .comment(let comment) in page {
            for byte in comment.commentId.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0x0A) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
