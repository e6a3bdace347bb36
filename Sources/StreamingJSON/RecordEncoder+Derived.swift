import YouTubeKit

/// The columns schema version 3 added: what a record's text holds (``TextFeatures``) and, for
/// comments, the reply structure (``ReplyInference``). Computed as the line is written, so every
/// way a record is made (either decoder, a hydration, `ytcrawl upgrade`) gets the same values.
extension RecordEncoder {
    static func encodeVersion3(_ video: Video, into writer: inout JSONAppender) {
        textFeatures(title: video.title, text: video.description, into: &writer)
        writer.member("mentions", video.description.map { TextFeatures.mentions(in: $0) })
        writer.memberKey("chapters")
        if let chapters = TextFeatures.chapters(in: video.description, durationSeconds: video.durationSeconds) {
            writer.array(chapters) { writer, chapter in
                writer.raw("{")
                writer.key("start")
                writer.int(chapter.start)
                writer.member("title", chapter.title)
                writer.raw("}")
            }
        } else {
            writer.null()
        }
    }

    static func encodeVersion3(_ channel: Channel, into writer: inout JSONAppender) {
        textFeatures(title: channel.title, text: channel.description, into: &writer)
        writer.member("mentions", channel.description.map { TextFeatures.mentions(in: $0) })
    }

    static func encodeVersion3(_ comment: Comment, into writer: inout JSONAppender) {
        textFeatures(title: nil, text: comment.text, into: &writer)
        writer.member("replyToCommentId", comment.replyToCommentId)
        writer.member("replyToAuthor", comment.replyToCommentId == nil ? nil : comment.replyToAuthor)
        writer.member("depth", comment.depth ?? (comment.parentId == nil ? 1 : nil))
        writer.member("isChannelOwner", comment.isChannelOwner ?? comment.authorIsVideoChannel)
    }

    /// `urls` and `hashtags` (from the title and the text); `null` when there is no text.
    private static func textFeatures(title: String?, text: String?, into writer: inout JSONAppender) {
        writer.memberKey("urls")
        if let text {
            writer.array(TextFeatures.links(in: text)) { writer, link in
                writer.raw("{")
                writer.key("url")
                writer.string(link.url)
                writer.member("host", link.host)
                writer.raw("}")
            }
        } else {
            writer.null()
        }
        writer.member(
            "hashtags", title == nil && text == nil ? nil : TextFeatures.hashtags(in: title, text))
    }
}

extension RecordEncoder {
    /// The columns version 3 added, as the encoder writes them after a line's last column
    /// (each `,"name":value`), computed from `record`, a line of an older version: what
    /// `ytcrawl upgrade` and `merge` append. A reply's inferred answer is `answer` when its
    /// thread was read (`nil` leaves it unknown). Empty for a kind version 3 left alone.
    public static func version3Columns(
        of kind: RecordKind, record: JSONValue, answer: ReplyInference.Answer? = nil
    ) -> [UInt8] {
        func text(_ key: String) -> String? {
            if case .string(let value)? = record[key] { return value }
            return nil
        }
        var writer = JSONWriter(capacity: 256)
        writer.appending { writer in
            switch kind {
            case .videos:
                var video = Video(videoId: text("videoId") ?? "", thumbnails: Thumbnails(sizes: []))
                video.title = text("title")
                video.description = text("description")
                if case .number(let seconds)? = record["durationSeconds"] { video.durationSeconds = Int(seconds) }
                encodeVersion3(video, into: &writer)
            case .channels:
                var channel = Channel(channelId: text("channelId") ?? "", thumbnails: Thumbnails(sizes: []))
                channel.title = text("title")
                channel.description = text("description")
                encodeVersion3(channel, into: &writer)
            case .comments:
                var comment = Comment(
                    commentId: text("commentId") ?? "", parentId: text("parentId"), channelId: text("channelId"),
                    authorChannelId: text("authorChannelId"), text: text("text"))
                if let answer {
                    comment.replyToCommentId = answer.replyToCommentId
                    comment.replyToAuthor = answer.replyToAuthor
                    comment.depth = answer.depth
                }
                encodeVersion3(comment, into: &writer)
            default:
                break
            }
        }
        return writer.bytes
    }
}
