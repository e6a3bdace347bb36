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
        var carried: [HeldReplies.Reply] = []
        var reachedKnown = false
        // A thread whose replies all came with it is written now; one with more has them read
        // (again, with the rest) by its reply pages, which write them all at its end.
        func closeThread(_ plan: inout some CrawlVerbs) {
            let held = HeldReplies(
                topLevel: topLevel, replies: carried, checkpointsAuthor: plan.options.pseudonymizer == nil)
            carried = []
            guard let thread = topLevel, let total = thread.totalReplyCount, total > held.replies.count else {
                held.write(seed: seed, to: &plan, &out)
                return
            }
            out.enqueue(
                .replies(
                    ReplyPage(
                        seed: seed, videoId: videoId, channelId: thread.channelId, parentId: thread.commentId, page: 0,
                        rank: 0, replyCount: total, held: held)))
        }
        for case .comment(let comment) in fetched.records {
            if comment.parentId == nil {
                closeThread(&plan)
                topLevel = comment
                plan.found(comment, seed: seed, endpoint: .commentThreads, rank: position, &out)
                if let until, let started = comment.publishedAt, Int64(started.timeIntervalSince1970) < until {
                    reachedKnown = true
                }
                position += 1
            } else {
                var reply = comment
                if reply.videoId == nil { reply.videoId = videoId }
                carried.append(HeldReplies.Reply(comment: reply, endpoint: .commentThreads, rank: carried.count))
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
        case seed, videoId, channelId, parentId, pageToken, page, rank, restarts, replyCount, topAuthor,
            topAuthorChannelId
    }

    /// The thread's `totalReplyCount` when its replies were queued: paging stops a little past
    /// what it (and the video's `commentCount`, when known) promises (absent in older checkpoints).
    var replyCount: Int?
    /// The thread's replies read so far, written when its last page is read (never in a
    /// checkpoint: see ``encode(to:)``).
    var held: HeldReplies? = nil

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.replies(parentId: parentId, pageToken: pageToken)
    }

    /// A thread's later pages go before anything else: its replies are held until its end.
    var lane: FrontierLane { page > 0 && held != nil ? .continuation : .paged(page: page, costly: false) }

    /// Pages of replies at most: what `totalReplyCount` (or the video's `commentCount`, if lower)
    /// promises at 100 a page and two more (replies added while paging), and no more than the
    /// comment page cap.
    func maxPages(_ plan: some CrawlVerbs) -> Int {
        let promised = [replyCount, plan.commentCount(of: videoId)].compactMap { $0 }.min()
        return min(promised.map(commentPages(holding:)) ?? .max, plan.maxCommentPages(seed) ?? .max)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var position = rank
        var read: [HeldReplies.Reply] = []
        for case .comment(var reply) in fetched.records {
            // comments.list replies carry no videoId.
            if reply.videoId == nil { reply.videoId = videoId }
            if reply.channelId == nil { reply.channelId = channelId }
            if reply.parentId == nil { reply.parentId = parentId }
            reply.threadId = parentId
            reply.totalReplyCount = nil
            read.append(HeldReplies.Reply(comment: reply, endpoint: .comments, rank: position))
            position += 1
        }
        let thread =
            (held ?? HeldReplies(topLevel: nil, replies: [], checkpointsAuthor: plan.options.pseudonymizer == nil))
            .adding(read)
        guard let next = nextPage(after: fetched, rank: position, plan: &plan, &out) else {
            thread.write(seed: seed, to: &plan, &out)
            return
        }
        var following = next
        following.held = thread
        out.enqueue(following.item)
    }

    /// The page to read after this one, or `nil` (with a warning where a cap or a loop ends it).
    private func nextPage(
        after fetched: FetchedPage, rank position: Int, plan: inout some CrawlVerbs, _ out: inout EventOutput
    )
        -> ReplyPage?
    {
        guard let token = fetched.summary.nextPageToken else { return nil }
        let pageFingerprint = PageRepeats.fingerprint(fetched.records)
        guard
            let next = following(
                token: token, rank: position, fingerprint: pageFingerprint, what: "replies", plan: &plan, &out)
        else { return nil }
        if page + 1 >= plan.options.maxReplyPages, page + 1 < maxPages(plan) {
            out.capThread(seed)
            out.warn(
                "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, the --max-reply-pages cap (its thread claims \(replyCount.map(String.init) ?? "?") replies); these replies end here"
            )
            return nil
        }
        if page + 1 >= maxPages(plan) {
            if page + 1 < plan.maxCommentPages(seed) ?? .max {
                out.warn(
                    "\(describe(seeds: plan.seeds)): \(page + 1) pages of replies, past what its thread (\(replyCount.map(String.init) ?? "?") replies) and its video promise; these replies end here"
                )
            }
            return nil
        }
        return next
    }

    /// What the thread held is written: its replies were read, only the rest cannot be.
    func skipped(to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        held?.write(seed: seed, to: &plan, &out)
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        held?.write(seed: seed, to: &plan, &out)
        out.warn("replies to comment \(parentId): \(reasons.first.map { "\($0)" } ?? "not available"); skipped")
        return true
    }

    var item: WorkItem { .replies(self) }

    func describe(seeds: [Seed]) -> String { "replies to comment \(parentId) (page \(page + 1))" }
}

extension ReplyPage {
    /// From a checkpoint: the thread's first page, knowing its top-level author (a reply may
    /// answer them).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            seed: try container.decode(Int.self, forKey: .seed),
            videoId: try container.decode(String.self, forKey: .videoId),
            channelId: try container.decodeIfPresent(String.self, forKey: .channelId),
            parentId: try container.decode(String.self, forKey: .parentId),
            pageToken: try container.decodeIfPresent(String.self, forKey: .pageToken),
            page: try container.decode(Int.self, forKey: .page), rank: try container.decode(Int.self, forKey: .rank),
            restarts: try container.decodeIfPresent(Int.self, forKey: .restarts),
            replyCount: try container.decodeIfPresent(Int.self, forKey: .replyCount))
        let author = try container.decodeIfPresent(String.self, forKey: .topAuthor)
        let authorChannel = try container.decodeIfPresent(String.self, forKey: .topAuthorChannelId)
        if author != nil || authorChannel != nil {
            held = HeldReplies(
                topLevel: Comment(
                    commentId: parentId, videoId: videoId, channelId: channelId, authorDisplayName: author,
                    authorChannelId: authorChannel),
                replies: [], checkpointsAuthor: true)
        }
    }

    /// In a checkpoint, the thread's first page: its replies read so far are held in memory, not
    /// written, so a resume reads them again. Its top-level author is kept, as a reply may answer
    /// them, unless the crawl pseudonymizes (``HeldReplies/checkpointsAuthor``).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(videoId, forKey: .videoId)
        try container.encodeIfPresent(channelId, forKey: .channelId)
        try container.encode(parentId, forKey: .parentId)
        try container.encode(0, forKey: .page)
        try container.encode(0, forKey: .rank)
        try container.encodeIfPresent(restarts, forKey: .restarts)
        try container.encodeIfPresent(replyCount, forKey: .replyCount)
        if let held, held.checkpointsAuthor {
            try container.encodeIfPresent(held.topLevel?.authorDisplayName, forKey: .topAuthor)
            try container.encodeIfPresent(held.topLevel?.authorChannelId, forKey: .topAuthorChannelId)
        }
    }
}

/// Pages of 100 that hold `count` comments, and two more (comments added while paging).
func commentPages(holding count: Int) -> Int { (max(0, count) + 99) / 100 + 2 }
