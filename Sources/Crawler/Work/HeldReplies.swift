import YouTubeKit

/// A thread's replies read so far, held back until its last page is read: who a reply answers is
/// told by the authors who wrote before it in the thread (``ReplyInference``), and the API sends
/// replies newest first, so no reply is written before the whole thread is in hand.
///
/// Never in a checkpoint: a thread whose replies were held when the crawl stopped is read again
/// from its first page on resume (none of its replies was written, so none is written twice).
final class HeldReplies: Sendable, Hashable {
    /// A reply, where it was read.
    struct Reply: Sendable, Hashable {
        var comment: Comment
        var endpoint: APIMethod
        var rank: Int
    }

    /// The thread's top-level comment as the API sent it (before any pseudonymization).
    let topLevel: Comment?
    let replies: [Reply]
    /// Whether a checkpoint may keep the top-level author's name and channel id, so that a resumed
    /// thread still knows whom a reply answers: not in a pseudonymized crawl, whose files never
    /// hold them (there, a reply to the thread's author read after a resume answers no one known).
    let checkpointsAuthor: Bool

    init(topLevel: Comment?, replies: [Reply], checkpointsAuthor: Bool) {
        self.topLevel = topLevel
        self.replies = replies
        self.checkpointsAuthor = checkpointsAuthor
    }

    /// These and `more`, in a new box (a work item's copies share the old one).
    func adding(_ more: [Reply]) -> HeldReplies {
        HeldReplies(topLevel: topLevel, replies: replies + more, checkpointsAuthor: checkpointsAuthor)
    }

    /// Writes every held reply once (a reply read twice, carried by its thread then listed
    /// again, is written as last read), each knowing whom it answers.
    func write(seed: Int, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var last: [String: Int] = [:]
        for (index, reply) in replies.enumerated() { last[reply.comment.commentId] = index }
        let kept = replies.indices.filter { last[replies[$0].comment.commentId] == $0 }.map { replies[$0] }
        var comments = kept.map(\.comment)
        ReplyInference.infer(topLevel: topLevel, replies: &comments)
        for (reply, comment) in zip(kept, comments) {
            plan.found(comment, seed: seed, endpoint: reply.endpoint, rank: reply.rank, &out)
        }
    }

    static func == (left: HeldReplies, right: HeldReplies) -> Bool {
        left === right || (left.topLevel == right.topLevel && left.replies == right.replies)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(topLevel?.commentId)
        hasher.combine(replies.count)
    }
}
