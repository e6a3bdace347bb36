import StreamingJSON
import YouTubeKit

/// A commentThreads.list page of one video: its threads' top-level comments and the replies they
/// carry; threads with more replies than they carry get their replies paged (``ReplyPage``).
struct CommentThreadsPage: RepeatGuardedPaging {
    static let tag = "commentThreads"
    var seed: Int
    var videoId: String
    var pageToken: String?
    var page: Int
    /// The position of this page's first thread among the video's threads.
    var rank: Int
    var restarts: Int?
    /// Fingerprints of the pages this run read of this paging (never in a checkpoint): a page
    /// read again ends it (``PageRepeats``).
    var pagesRead: [UInt64]?
    /// What a checkpoint keeps: everything but the pages read (``RepeatGuardedPaging``).
    enum CodingKeys: String, CodingKey {
        case seed, videoId, pageToken, page, rank, restarts, until
    }

    /// An update's walk of a followed video (`ytcrawl update`): threads come newest first, so
    /// the walk ends at the page holding a thread started before this (Unix seconds).
    var until: Int64?

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        var order = APIRequest.CommentOrder.time
        var searchTerms: String?
        if case .comments(let asked) = plan.seeds[seed].target, asked.videoId == videoId {
            order = asked.order
            searchTerms = asked.searchTerms
        }
        return try APIRequest.commentThreads(
            videoId: videoId, order: order, searchTerms: searchTerms, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var position = rank
        var topLevel: Comment?
        var carried = 0
        var replyRank = 0
        var reachedKnown = false
        func closeThread(_ plan: inout some CrawlVerbs) {
            guard let thread = topLevel, let total = thread.totalReplyCount, total > carried else { return }
            out.enqueue(
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
                plan.found(comment, seed: seed, endpoint: .commentThreads, rank: position, &out)
                if let until, let started = comment.publishedAt, Int64(started.timeIntervalSince1970) < until {
                    reachedKnown = true
                }
                position += 1
            } else {
                var reply = comment
                if reply.videoId == nil { reply.videoId = videoId }
                plan.found(reply, seed: seed, endpoint: .commentThreads, rank: replyRank, &out)
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
        let pageFingerprint = PageRepeats.fingerprint(fetched.records)
        if let count = plan.commentCount(of: videoId), page + 1 >= commentPages(holding: count) {
            out.warn(
                "\(describe(seeds: plan.seeds)): \(page + 1) pages, past the \(count) comments the video counts; these comments end here"
            )
            return
        }
        if let next = following(
            token: token, rank: position, fingerprint: pageFingerprint, what: "comments", plan: &plan, &out)
        {
            out.enqueue(next.item)
        }
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        if reasons.contains(.commentsDisabled) {
            plan.commentsAreDisabled(on: videoId, &out)
            return true
        }
        // Not found, private or members only: one warning for the video, nothing retried.
        let why = reasons.first.map { "\($0)" } ?? "not available"
        out.warn("comments of video \(videoId): \(why); skipped")
        return true
    }

    var item: WorkItem { .commentThreads(self) }

    func describe(seeds: [Seed]) -> String { "comments of video \(videoId) (page \(page + 1))" }
}

/// A comments.list page of one thread's replies (`parentId`), for threads with more replies than
/// commentThreads.list carries.
struct ReplyPage: RepeatGuardedPaging {
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
    /// What a checkpoint keeps: everything but the pages read (``RepeatGuardedPaging``).
    enum CodingKeys: String, CodingKey {
        case seed, videoId, channelId, parentId, pageToken, page, rank, restarts, replyCount
    }

    /// The thread's `totalReplyCount` when its replies were queued: paging stops a little past
    /// what it (and the video's `commentCount`, when known) promises (absent in older checkpoints).
    var replyCount: Int?

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.replies(parentId: parentId, pageToken: pageToken)
    }

    /// Pages of replies at most: what `totalReplyCount` (or the video's `commentCount`, if lower)
    /// promises at 100 a page and two more (replies added while paging), and no more than the
    /// comment page cap.
    func maxPages(_ plan: some CrawlVerbs) -> Int {
        let promised = [replyCount, plan.commentCount(of: videoId)].compactMap { $0 }.min()
        return min(promised.map(commentPages(holding:)) ?? .max, plan.maxCommentPages(seed) ?? .max)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var position = rank
        for case .comment(var reply) in fetched.records {
            // comments.list replies carry no videoId.
            if reply.videoId == nil { reply.videoId = videoId }
            if reply.channelId == nil { reply.channelId = channelId }
            if reply.parentId == nil { reply.parentId = parentId }
            reply.threadId = parentId
            reply.totalReplyCount = nil
            plan.found(reply, seed: seed, endpoint: .comments, rank: position, &out)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken else { return }
        let pageFingerprint = PageRepeats.fingerprint(fetched.records)
        guard
            let next = following(
                token: token, rank: position, fingerprint: pageFingerprint, what: "replies", plan: &plan, &out)
        else { return }
        if page + 1 >= plan.options.maxReplyPages, page + 1 < maxPages(plan) {
            out.capThread(seed)
            out.warn(
                "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, the --max-reply-pages cap (its thread claims \(replyCount.map(String.init) ?? "?") replies); these replies end here"
            )
            return
        }
        if page + 1 >= maxPages(plan) {
            if page + 1 < plan.maxCommentPages(seed) ?? .max {
                out.warn(
                    "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, past what its thread (\(replyCount.map(String.init) ?? "?") replies) and its video promise; these replies end here"
                )
            }
            return
        }
        out.enqueue(next.item)
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        out.warn("replies to comment \(parentId): \(reasons.first.map { "\($0)" } ?? "not available"); skipped")
        return true
    }

    var item: WorkItem { .replies(self) }

    func describe(seeds: [Seed]) -> String { "replies to comment \(parentId) (page \(page + 1))" }
}

/// Pages of 100 that hold `count` comments, and two more (comments added while paging).
func commentPages(holding count: Int) -> Int { (max(0, count) + 99) / 100 + 2 }
