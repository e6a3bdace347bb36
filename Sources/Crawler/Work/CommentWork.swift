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
    /// This page follows one this run fetched (never in a checkpoint: after a resume, a page
    /// fetched again may hold only comments the shards kept, and must not end the paging).
    var continued: Bool?

    func request(seeds: [Seed]) throws -> APIRequest {
        var order = APIRequest.CommentOrder.time
        var searchTerms: String?
        if case .comments(let asked) = seeds[seed].target, asked.videoId == videoId {
            order = asked.order
            searchTerms = asked.searchTerms
        }
        return try APIRequest.commentThreads(
            videoId: videoId, order: order, searchTerms: searchTerms, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine) {
        var position = rank
        var topLevel: Comment?
        var carried = 0
        var replyRank = 0
        var fresh = 0
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
                if plan.found(comment, seed: seed, endpoint: "commentThreads.list", rank: position) { fresh += 1 }
                position += 1
            } else {
                var reply = comment
                if reply.videoId == nil { reply.videoId = videoId }
                if plan.found(reply, seed: seed, endpoint: "commentThreads.list", rank: replyRank) { fresh += 1 }
                carried += 1
                replyRank += 1
            }
        }
        closeThread(&plan)
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.maxCommentPages(seed) ?? .max) else {
            return
        }
        if let count = plan.commentCounts[videoId], page + 1 >= CrawlEngine.pages(holding: count) {
            plan.warn(
                "\(describe(seeds: plan.seeds)): \(page + 1) pages, past the \(count) comments the video counts; these comments end here"
            )
            return
        }
        if let loop = CommentPaging.loop(
            token: token, pageToken: pageToken, fresh: fresh, continued: continued, restarts: restarts)
        {
            plan.warn("\(describe(seeds: plan.seeds)): \(loop); these comments end here")
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.continued = true
        plan.enqueue(.commentThreads(next))
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine) -> Bool {
        if reasons.contains(.commentsDisabled) {
            plan.commentsAreDisabled(on: videoId)
            return true
        }
        // Not found, private or members only: one warning for the video, nothing retried.
        let why = reasons.first.map { "\($0)" } ?? "not available"
        plan.warn("comments of video \(videoId): \(why); skipped")
        return true
    }

    var item: WorkItem { .commentThreads(self) }

    func write(into writer: inout JSONWriter) {
        writer.pagingMembers(seed: seed, pageToken: pageToken, page: page, rank: rank, restarts: restarts)
        writer.member("videoId", videoId)
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
    /// As for ``CommentThreadsPage/continued``.
    var continued: Bool?
    /// The thread's `totalReplyCount` when its replies were queued: paging stops a little past
    /// what it (and the video's `commentCount`, when known) promises (absent in older checkpoints).
    var replyCount: Int?

    func request(seeds: [Seed]) throws -> APIRequest {
        try APIRequest.replies(parentId: parentId, pageToken: pageToken)
    }

    /// Pages of replies at most: what `totalReplyCount` (or the video's `commentCount`, if lower)
    /// promises at 100 a page and two more (replies added while paging), and no more than the
    /// comment page cap.
    func maxPages(_ plan: CrawlEngine) -> Int {
        let promised = [replyCount, plan.commentCounts[videoId]].compactMap { $0 }.min()
        return min(promised.map(CrawlEngine.pages(holding:)) ?? .max, plan.maxCommentPages(seed) ?? .max)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine) {
        var position = rank
        var fresh = 0
        for case .comment(var reply) in fetched.records {
            // comments.list replies carry no videoId.
            if reply.videoId == nil { reply.videoId = videoId }
            if reply.channelId == nil { reply.channelId = channelId }
            if reply.parentId == nil { reply.parentId = parentId }
            reply.threadId = parentId
            reply.totalReplyCount = nil
            if plan.found(reply, seed: seed, endpoint: "comments.list", rank: position) { fresh += 1 }
            position += 1
        }
        guard let token = fetched.summary.nextPageToken else { return }
        if let loop = CommentPaging.loop(
            token: token, pageToken: pageToken, fresh: fresh, continued: continued, restarts: restarts)
        {
            plan.warn("\(describe(seeds: plan.seeds)): \(loop); these replies end here")
            return
        }
        if page + 1 >= maxPages(plan) {
            if page + 1 < plan.maxCommentPages(seed) ?? .max {
                plan.warn(
                    "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, past what its thread (\(replyCount.map(String.init) ?? "?") replies) and its video promise; these replies end here"
                )
            }
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.continued = true
        plan.enqueue(.replies(next))
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout CrawlEngine) -> Bool {
        plan.warn("replies to comment \(parentId): \(reasons.first.map { "\($0)" } ?? "not available"); skipped")
        return true
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
enum CommentPaging {
    /// Why paging must end before asking for `token`, or `nil` to go on.
    ///
    /// - Parameters:
    ///   - token: the next page's token; `pageToken`: this page's.
    ///   - fresh: comments this page brought that were not seen before. A page that follows one
    ///     this run fetched (`continued`) and brings none is a repeat: a cycle comes back to pages
    ///     already read. The first page after a resume, and pages after the paging restarted (an
    ///     expired token), can hold only known comments, so for them only the token is checked.
    static func loop(token: String, pageToken: String?, fresh: Int, continued: Bool?, restarts: Int?) -> String? {
        if token == pageToken { return "the API sent the same nextPageToken again" }
        if continued == true, fresh == 0, (restarts ?? 0) == 0 {
            return "a page brought no comment not seen before (a repeated page or a token cycle)"
        }
        return nil
    }
}
