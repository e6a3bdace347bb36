import Foundation
import StreamingJSON
import YouTubeKit

// MARK: What comment work does to the plan

extension CrawlEngine {
    /// Queues the comments of `videoId` once per crawl (across seeds, runs and resumes).
    mutating func wantComments(of videoId: String, seed: Int) {
        guard comments.want(videoId) else { return }
        enqueue(.commentThreads(CommentThreadsPage(seed: seed, videoId: videoId, page: 0, rank: 0)))
    }

    /// A comment from a page: written the first time its id is seen, with where it was found,
    /// pseudonymized when asked.
    ///
    /// - Returns: whether it was new.
    @discardableResult
    mutating func found(_ found: Comment, seed: Int, endpoint method: APIMethod, rank: Int, _ out: inout EventOutput)
        -> Bool
    {
        guard comments.insert(found.commentId) else { return false }
        var comment = found
        comment.source = CommentSource(seed: seeds[seed].text, endpoint: method.quotaName, rank: rank)
        comment.fetchedAt = out.wallClock
        if let pseudonymizer = options.pseudonymizer {
            comments.mentions.scrub(&comment, pseudonymizer: pseudonymizer)
            pseudonymizer.apply(to: &comment)
        }
        write(.comment(comment), &out)
        return true
    }

    /// A video whose comments are disabled: counted, listed in the summary and the manifest.
    mutating func commentsAreDisabled(on videoId: String, _ out: inout EventOutput) {
        comments.disable(videoId)
        out.disabled(videoId)
    }

    /// The `commentCount` of a video whose comments are followed, when known.
    func commentCount(of videoId: String) -> Int? { comments.counts[videoId] }

    /// Pages of 100 that hold `count` comments, and two more (comments added while paging).
    static func pages(holding count: Int) -> Int { (max(0, count) + 99) / 100 + 2 }

    /// The page cap for the comments of a video found by `seed`.
    func maxCommentPages(_ seed: Int) -> Int? {
        if case .comments = seeds[seed].target, let pages = seeds[seed].maxPages { return pages }
        return options.selection.maxCommentPages
    }
}
