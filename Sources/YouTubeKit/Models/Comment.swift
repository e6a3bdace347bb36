import Foundation

/// A YouTube comment, top-level or reply, with the fields of a ytcrawl comment record
/// (DESIGN.md "Records": `comments-NNNNN.jsonl.gz`).
public struct Comment: Sendable, Hashable, Identifiable {
    /// The comment's id; a reply's is `<threadId>.<suffix>`.
    public var commentId: String
    /// The top-level comment's id (its own for a top-level comment).
    public var threadId: String
    /// `nil` for a top-level comment.
    public var parentId: String?
    /// The video commented on, and its channel (`nil` when the response did not carry them).
    public var videoId: String?
    public var channelId: String?
    public var authorDisplayName: String?
    public var authorProfileImageUrl: String?
    /// `authorChannelId.value`; `hmac-sha256:<hex>` of it when pseudonymized.
    public var authorChannelId: String?
    /// `textDisplay` (plain text when asked with `textFormat=plainText`).
    public var text: String?
    public var likeCount: Int?
    /// An image or GIF attached to the comment.
    public var imageUrl: String?
    /// Replies the thread has; top-level comments only.
    public var totalReplyCount: Int?
    public var publishedAt: Date?
    public var updatedAt: Date?
    public var source: CommentSource?
    public var fetchedAt: Date?
    /// The comment a reply answers, inferred from its leading `@mention` among the thread's
    /// earlier authors (``ReplyInference``); `nil` for a top-level comment, a reply without a
    /// mention, or one whose mention is unknown or ambiguous.
    public var replyToCommentId: String?
    /// The display name of the author answered (their pseudonym when pseudonymized).
    public var replyToAuthor: String?
    /// The channel id of the author answered: used to pseudonymize ``replyToAuthor``, never
    /// written.
    public var replyToAuthorChannelId: String?
    /// 1 for a top-level comment, 2 for a reply to it, 3 for a reply to a reply…; `nil` for a
    /// reply read without its thread.
    public var depth: Int?
    /// Whether the author is the channel of the video; `nil` when either is unknown.
    public var isChannelOwner: Bool?

    public var id: String { commentId }

    // Inlinable: made in the decoders and filled in place, without the copy and destroy of a
    // whole record an opaque initializer costs (every field retained and released once more).
    @inlinable
    public init(
        commentId: String, threadId: String? = nil, parentId: String? = nil, videoId: String? = nil,
        channelId: String? = nil, authorDisplayName: String? = nil, authorProfileImageUrl: String? = nil,
        authorChannelId: String? = nil, text: String? = nil, likeCount: Int? = nil, imageUrl: String? = nil,
        totalReplyCount: Int? = nil, publishedAt: Date? = nil, updatedAt: Date? = nil, source: CommentSource? = nil,
        fetchedAt: Date? = nil
    ) {
        self.commentId = commentId
        self.threadId = threadId ?? parentId ?? commentId
        self.parentId = parentId
        self.videoId = videoId
        self.channelId = channelId
        self.authorDisplayName = authorDisplayName
        self.authorProfileImageUrl = authorProfileImageUrl
        self.authorChannelId = authorChannelId
        self.text = text
        self.likeCount = likeCount
        self.imageUrl = imageUrl
        self.totalReplyCount = totalReplyCount
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// Whether it answers another comment.
    public var isReply: Bool { parentId != nil }

    /// Whether the author is the video's channel, when both are known and the author id is not a
    /// pseudonym (``isChannelOwner`` keeps what was known before pseudonymization).
    public var authorIsVideoChannel: Bool? {
        guard let author = authorChannelId, !author.isEmpty, !author.hasPrefix("hmac-sha256:"),
            let channel = channelId, !channel.isEmpty
        else { return nil }
        return author == channel
    }
}

/// Where a crawl found a comment: the seed, the list method and the position in that list.
public struct CommentSource: Sendable, Hashable {
    /// The seed line as written in the seeds file.
    public var seed: String
    /// `commentThreads.list` or `comments.list`.
    public var endpoint: String
    /// Position in that result list (the video's threads, or the thread's replies), 0-based.
    public var rank: Int

    public init(seed: String, endpoint: String, rank: Int) {
        self.seed = seed
        self.endpoint = endpoint
        self.rank = rank
    }
}
