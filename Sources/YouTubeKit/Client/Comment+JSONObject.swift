import Foundation

extension Comment {
    /// The comments of one `items[]` element of a commentThreads or comments page parsed by
    /// `JSONSerialization`: a thread's top-level comment then the replies it carries, or the
    /// comment itself. The same fields, with the same meaning, as the streaming decoder reads.
    package static func comments(jsonObject item: [String: Any]) -> [Comment] {
        let snippet = item["snippet"] as? [String: Any] ?? [:]
        let isThread =
            (item["kind"] as? String).map { $0 == "youtube#commentThread" } ?? (snippet["topLevelComment"] != nil)
        guard isThread else { return Self.comment(item, parent: nil, thread: nil).map { [$0] } ?? [] }
        guard let top = snippet["topLevelComment"] as? [String: Any],
            let first = Self.comment(top, parent: nil, thread: snippet)
        else { return [] }
        let replies = ((item["replies"] as? [String: Any])?["comments"] as? [Any] ?? []).compactMap {
            ($0 as? [String: Any]).flatMap { Self.comment($0, parent: first.commentId, thread: snippet) }
        }
        return [first] + replies
    }

    private static func comment(_ object: [String: Any], parent: String?, thread: [String: Any]?) -> Comment? {
        guard let id = object["id"] as? String else { return nil }
        let snippet = object["snippet"] as? [String: Any] ?? [:]
        let parentId = snippet["parentId"] as? String ?? parent
        func date(_ name: String) -> Date? {
            (snippet[name] as? String).flatMap(RFC3339.parseSeconds).map {
                Date(timeIntervalSince1970: TimeInterval($0))
            }
        }
        return Comment(
            commentId: id, threadId: parent ?? parentId ?? id, parentId: parentId,
            videoId: snippet["videoId"] as? String ?? thread?["videoId"] as? String,
            channelId: snippet["channelId"] as? String ?? thread?["channelId"] as? String,
            authorDisplayName: snippet["authorDisplayName"] as? String,
            authorProfileImageUrl: snippet["authorProfileImageUrl"] as? String,
            authorChannelId: (snippet["authorChannelId"] as? [String: Any])?["value"] as? String,
            text: snippet["textDisplay"] as? String ?? snippet["textOriginal"] as? String,
            likeCount: ItemFields.integer(snippet["likeCount"]), imageUrl: snippet["imageUrl"] as? String,
            totalReplyCount: parentId == nil
                ? ItemFields.integer(thread?["totalReplyCount"] ?? snippet["totalReplyCount"]) : nil,
            publishedAt: date("publishedAt"), updatedAt: date("updatedAt"))
    }
}
