import Foundation
import YouTubeKit

/// Where in a commentThreads or comments page the decoder is.
enum CommentContext: UInt8 {
    case root, pageInfo, items
    /// A list item: a comment thread (commentThreads.list) or a comment (comments.list).
    case item
    /// A `snippet`: of a thread, or of a comment (top-level, reply or list item).
    case snippet
    case topLevelComment, authorChannelId, replies, replyList, reply
    case ignored
}

enum CommentField: UInt8 {
    case none
    case kind, nextPageToken, pageInfo, items, totalResults, resultsPerPage
    case id, snippet, replies, comments
    case channelId, videoId, topLevelComment, totalReplyCount, parentId, textDisplay, textOriginal
    case authorDisplayName, authorProfileImageUrl, authorChannelId, likeCount, publishedAt, updatedAt, imageUrl
    case value
}

/// The keys each comment context keeps.
struct CommentKeys: Sendable {
    static let shared = CommentKeys()

    let root = KeyMatcher<CommentField>([
        ("kind", .kind), ("nextPageToken", .nextPageToken), ("pageInfo", .pageInfo), ("items", .items),
    ])
    let pageInfo = KeyMatcher<CommentField>([("totalResults", .totalResults), ("resultsPerPage", .resultsPerPage)])
    /// A list item, a thread's `topLevelComment` and a reply alike.
    let item = KeyMatcher<CommentField>([
        ("kind", .kind), ("id", .id), ("snippet", .snippet), ("replies", .replies),
    ])
    /// A thread's snippet and a comment's, in one table.
    let snippet = KeyMatcher<CommentField>([
        ("channelId", .channelId), ("videoId", .videoId), ("topLevelComment", .topLevelComment),
        ("totalReplyCount", .totalReplyCount), ("parentId", .parentId), ("textDisplay", .textDisplay),
        ("textOriginal", .textOriginal), ("authorDisplayName", .authorDisplayName),
        ("authorProfileImageUrl", .authorProfileImageUrl), ("authorChannelId", .authorChannelId),
        ("likeCount", .likeCount), ("publishedAt", .publishedAt), ("updatedAt", .updatedAt),
        ("imageUrl", .imageUrl),
    ])
    let replies = KeyMatcher<CommentField>([("comments", .comments)])
    let authorChannelId = KeyMatcher<CommentField>([("value", .value)])
    let kinds = KeyMatcher<Bool>([
        ("youtube#commentThread", true), ("youtube#comment", false),
    ])
}

/// One comment's fields as they arrive; absent stays `nil`.
struct CommentFields {
    var id: String?
    var channelId: String?
    var videoId: String?
    var parentId: String?
    var textDisplay: String?
    var textOriginal: String?
    var authorDisplayName: String?
    var authorProfileImageUrl: String?
    var authorChannelId: String?
    var likeCount: Int?
    var imageUrl: String?
    var totalReplyCount: Int?
    var publishedAt: Int64?
    var updatedAt: Int64?
    /// Whether its snippet had a `topLevelComment`: it is a thread.
    var isThread = false

    /// Empties every field, releasing only the strings that are there: after a record was taken
    /// most are already `nil`, and a new empty value assigned would release each one again.
    @inline(__always)
    mutating func clear() {
        if id != nil { id = nil }
        if channelId != nil { channelId = nil }
        if videoId != nil { videoId = nil }
        if parentId != nil { parentId = nil }
        if textDisplay != nil { textDisplay = nil }
        if textOriginal != nil { textOriginal = nil }
        if authorDisplayName != nil { authorDisplayName = nil }
        if authorProfileImageUrl != nil { authorProfileImageUrl = nil }
        if authorChannelId != nil { authorChannelId = nil }
        if imageUrl != nil { imageUrl = nil }
        likeCount = nil
        totalReplyCount = nil
        publishedAt = nil
        updatedAt = nil
        isThread = false
    }

    /// The record, its strings moved out (the fields are spent); `nil` without an id.
    ///
    /// - Parameter thread: the thread's own fields for a thread's comments (their video,
    ///   channel and reply count when a comment does not carry them), borrowed: not copied.
    @inline(__always)
    mutating func take(threadId: String?, parentId fallbackParent: String?, thread: borrowing CommentFields)
        -> DecodedRecord?
    {
        guard let id = id.take() else { return nil }
        let parent = parentId.take() ?? fallbackParent
        return .comment(
            Comment(
                commentId: id, threadId: threadId ?? parent ?? id, parentId: parent,
                videoId: videoId.take() ?? thread.videoId, channelId: channelId.take() ?? thread.channelId,
                authorDisplayName: authorDisplayName.take(), authorProfileImageUrl: authorProfileImageUrl.take(),
                authorChannelId: authorChannelId.take(), text: textDisplay.take() ?? textOriginal.take(),
                likeCount: likeCount, imageUrl: imageUrl.take(),
                totalReplyCount: parent == nil ? (thread.totalReplyCount ?? totalReplyCount) : nil,
                publishedAt: publishedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) },
                updatedAt: updatedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) }))
    }
}
