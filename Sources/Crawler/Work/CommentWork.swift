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
        func closeThread(_ plan: inout CrawlEngine) {
            guard let thread = topLevel, let total = thread.totalReplyCount, total > carried else { return }
            plan.enqueue(
                .replies(
                    ReplyPage(
                        seed: seed, videoId: videoId, channelId: thread.channelId, parentId: thread.commentId, page: 0,
                        rank: 0)))
        }
        for case .comment(let comment) in fetched.records {
            if comment.parentId == nil {
                closeThread(&plan)
                topLevel = comment
                carried = 0
                replyRank = 0
                plan.found(comment, seed: seed, endpoint: "commentThreads.list", rank: position)
                position += 1
            } else {
                var reply = comment
                if reply.videoId == nil { reply.videoId = videoId }
                plan.found(reply, seed: seed, endpoint: "commentThreads.list", rank: replyRank)
                carried += 1
                replyRank += 1
            }
        }
        closeThread(&plan)
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.maxCommentPages(seed) ?? .max) else {
            return
        }
        if token == pageToken {
            plan.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; these comments end here")
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
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

    func request(seeds: [Seed]) throws -> APIRequest {
        try APIRequest.replies(parentId: parentId, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout CrawlEngine) {
        var position = rank
        for case .comment(var reply) in fetched.records {
            // comments.list replies carry no videoId.
            if reply.videoId == nil { reply.videoId = videoId }
            if reply.channelId == nil { reply.channelId = channelId }
            if reply.parentId == nil { reply.parentId = parentId }
            reply.threadId = parentId
            reply.totalReplyCount = nil
            plan.found(reply, seed: seed, endpoint: "comments.list", rank: position)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken else { return }
        if token == pageToken {
            plan.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; these replies end here")
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
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
    }

    func describe(seeds: [Seed]) -> String { "replies to comment \(parentId) (page \(page + 1))" }
}
