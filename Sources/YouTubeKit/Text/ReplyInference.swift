import Foundation

/// Who a reply answers. The API lists every reply of a thread under its top-level comment; the
/// answer's author is only in the reply's leading `@mention`, as YouTube writes it when one
/// presses "reply" on a reply. YouTube Data Tools rebuilds `isReplyToId` and `inferredLevel` the
/// same way.
///
/// The replies are taken oldest first (by `publishedAt`; the API sends them newest first, so among
/// equal times the later listed is the older). A reply whose text begins (after spaces) with `@`
/// followed by the display name of an author who wrote earlier in the thread (top-level comment
/// included; case-insensitive, the name without its own `@`, the longest name that matches and is
/// not followed by a letter, digit, `_` or `-`) answers that author's latest earlier comment, one
/// level below it. A reply without a mention, or whose mention names no earlier author or names two
/// different authors (same name, different channels), answers the thread: depth 2, nothing
/// inferred.
public enum ReplyInference {
    public struct Answer: Sendable, Hashable {
        public var replyToCommentId: String?
        public var replyToAuthor: String?
        public var replyToAuthorChannelId: String?
        public var depth: Int
    }

    /// Fills `replyToCommentId`, `replyToAuthor`, `replyToAuthorChannelId` and `depth` of each
    /// reply, in place and in the order given, against `topLevel` (when known) and each other.
    public static func infer(topLevel: Comment?, replies: inout [Comment]) {
        let answers = answers(topLevel: topLevel, replies: replies)
        for index in replies.indices {
            let answer = answers[index]
            replies[index].replyToCommentId = answer.replyToCommentId
            replies[index].replyToAuthor = answer.replyToAuthor
            replies[index].replyToAuthorChannelId = answer.replyToAuthorChannelId
            replies[index].depth = answer.depth
        }
    }

    /// Each reply's answer, in the order given.
    public static func answers(topLevel: Comment?, replies: [Comment]) -> [Answer] {
        struct Earlier {
            var name: [Unicode.Scalar]
            var display: String
            var channelId: String?
            var commentId: String
            var depth: Int
        }
        // By the first scalar of the name: a mention is compared with the names it can begin with.
        var earlier: [Unicode.Scalar: [Earlier]] = [:]
        func learn(_ comment: Comment, depth: Int) {
            guard let display = comment.authorDisplayName else { return }
            let name = Array(
                (display.hasPrefix("@") ? String(display.dropFirst()) : display).lowercased().unicodeScalars)
            guard let first = name.first else { return }
            earlier[first, default: []].append(
                Earlier(
                    name: name, display: display, channelId: comment.authorChannelId, commentId: comment.commentId,
                    depth: depth))
        }
        if let topLevel { learn(topLevel, depth: 1) }
        let order = replies.indices.sorted { left, right in
            let leftTime = replies[left].publishedAt ?? .distantPast
            let rightTime = replies[right].publishedAt ?? .distantPast
            return leftTime != rightTime ? leftTime < rightTime : left > right
        }
        var answers = [Answer](repeating: Answer(depth: 2), count: replies.count)
        for index in order {
            let reply = replies[index]
            if let mention = leadingMention(reply.text), let first = mention.first {
                var longest = 0
                var matches: [Earlier] = []
                for candidate in earlier[first] ?? []
                where candidate.name.count >= longest && names(mention, candidate.name) {
                    if candidate.name.count > longest {
                        longest = candidate.name.count
                        matches = []
                    }
                    matches.append(candidate)
                }
                let authors = Set(matches.map { $0.channelId ?? "name:" + $0.display })
                if authors.count == 1, let answered = matches.last {
                    answers[index] = Answer(
                        replyToCommentId: answered.commentId, replyToAuthor: answered.display,
                        replyToAuthorChannelId: answered.channelId, depth: answered.depth + 1)
                }
            }
            learn(reply, depth: answers[index].depth)
        }
        return answers
    }

    /// The lowercased text after a leading `@` (or `＠`), past spaces and a byte order mark.
    static func leadingMention(_ text: String?) -> [Unicode.Scalar]? {
        guard let text else { return nil }
        let scalars = text.unicodeScalars.drop { $0 == " " || $0 == "\u{FEFF}" || $0 == "\u{A0}" }
        guard let first = scalars.first, first == "@" || first == "＠" else { return nil }
        return Array(String(String.UnicodeScalarView(scalars.dropFirst().prefix(160))).lowercased().unicodeScalars)
    }

    /// Whether `mention` begins with `name` and the name ends there.
    private static func names(_ mention: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        guard mention.count >= name.count, mention.starts(with: name) else { return false }
        guard mention.count > name.count else { return true }
        let next = mention[name.count]
        return !(TextFeatures.isHashtagScalar(next) || next == "-")
    }
}
