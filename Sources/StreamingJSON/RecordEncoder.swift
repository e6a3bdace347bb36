import Foundation
import YouTubeKit

/// Writes video and channel records as JSON lines in the schema of DESIGN.md "Records": every
/// column on every line (null when unknown), in a fixed order. Shared by `ytcrawl decode` and the
/// archive's shards.
public enum RecordEncoder {
    /// The columns of a video line, in order (``RecordSchema/videos``).
    public static let videoColumns = RecordSchema.videos.columns

    /// The columns of a channel line, in order (``RecordSchema/channels``).
    public static let channelColumns = RecordSchema.channels.columns

    /// Appends `video` as one line (with its `\n`).
    public static func encode(_ video: Video, into writer: inout JSONWriter) {
        writer.appending { encode(video, into: &$0) }
    }

    /// Appends `video` as one line, through an appender.
    package static func encode(_ video: Video, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("videoId")
        writer.string(video.videoId)
        writer.member("title", video.title)
        writer.member("description", video.description)
        writer.member("channelId", video.channelId)
        writer.member("channelTitle", video.channelTitle)
        writer.memberKey("publishedAt")
        date(video.publishedAt, into: &writer)
        writer.memberKey("thumbnailUrl")
        preferredURL(video.thumbnails, into: &writer)
        writer.memberKey("thumbnails")
        thumbnails(video.thumbnails, into: &writer)
        writer.member("liveBroadcastContent", video.liveBroadcastContent)
        writer.member("tags", video.tags)
        writer.member("categoryId", video.categoryId)
        writer.member("defaultLanguage", video.defaultLanguage)
        writer.member("defaultAudioLanguage", video.defaultAudioLanguage)
        writer.member("duration", video.duration)
        writer.member("durationSeconds", video.durationSeconds)
        writer.member("viewCount", video.viewCount)
        writer.member("likeCount", video.likeCount)
        writer.member("commentCount", video.commentCount)
        // `Video.embedURLString`, written without making it.
        writer.memberKey("embedURL")
        writer.raw(UInt8(ascii: "\""))
        writer.raw(Video.embedURLPrefix)
        writer.escapedText(video.videoId)
        writer.raw("\"")
        source(video.source.map { ($0.kind.rawValue, $0.seed, $0.endpoint, $0.rank) }, into: &writer)
        writer.memberKey("fetchedAt")
        date(video.fetchedAt, into: &writer)
        encodeVersion2(video, into: &writer)
        encodeVersion3(video, into: &writer)
        writer.raw("}\n")
    }

    /// The columns schema version 2 added, after `fetchedAt`.
    private static func encodeVersion2(_ video: Video, into writer: inout JSONAppender) {
        writer.member("dimension", video.dimension)
        writer.member("definition", video.definition)
        writer.member("projection", video.projection)
        writer.member("caption", video.caption)
        writer.member("licensedContent", video.licensedContent)
        writer.memberKey("regionRestriction")
        if let restriction = video.regionRestriction {
            writer.raw("{")
            writer.key("allowed")
            if let allowed = restriction.allowed { writer.stringArray(allowed) } else { writer.null() }
            writer.member("blocked", restriction.blocked)
            writer.raw("}")
        } else {
            writer.null()
        }
        writer.memberKey("contentRating")
        json(video.contentRating, into: &writer)
        writer.member("privacyStatus", video.privacyStatus)
        writer.member("uploadStatus", video.uploadStatus)
        writer.member("license", video.license)
        writer.member("embeddable", video.embeddable)
        writer.member("publicStatsViewable", video.publicStatsViewable)
        writer.member("madeForKids", video.madeForKids)
        writer.member("containsSyntheticMedia", video.containsSyntheticMedia)
        writer.member("topicIds", video.topicIds)
        writer.member("relevantTopicIds", video.relevantTopicIds)
        writer.member("topicCategories", video.topicCategories)
        writer.memberKey("recordingDate")
        date(video.recordingDate, into: &writer)
        writer.memberKey("recordingLocation")
        if let location = video.recordingLocation {
            writer.raw("{")
            writer.key("latitude")
            writer.double(location.latitude)
            writer.memberKey("longitude")
            writer.double(location.longitude)
            writer.memberKey("altitude")
            if let altitude = location.altitude { writer.double(altitude) } else { writer.null() }
            writer.raw("}")
        } else {
            writer.null()
        }
        writer.memberKey("liveStreamingDetails")
        if let live = video.liveStreamingDetails {
            writer.raw("{")
            writer.key("actualStartTime")
            date(live.actualStartTime, into: &writer)
            writer.memberKey("actualEndTime")
            date(live.actualEndTime, into: &writer)
            writer.memberKey("scheduledStartTime")
            date(live.scheduledStartTime, into: &writer)
            writer.memberKey("scheduledEndTime")
            date(live.scheduledEndTime, into: &writer)
            writer.member("concurrentViewers", live.concurrentViewers)
            writer.member("activeLiveChatId", live.activeLiveChatId)
            writer.raw("}")
        } else {
            writer.null()
        }
        writer.member("hasPaidProductPlacement", video.hasPaidProductPlacement)
        writer.memberKey("localizations")
        json(video.localizations, into: &writer)
        writer.member("format", video.format?.rawValue)
    }

    private static func json(_ value: JSONValue?, into writer: inout JSONAppender) {
        if let value { writer.json(value, pretty: false, indent: 0) } else { writer.null() }
    }

    /// A channel's uploads playlist id; when it is the derived one, written from the channel
    /// id's bytes (no String made).
    private static func uploads(of channel: Channel, into writer: inout JSONAppender) {
        switch channel.uploadsForm {
        case .derived?:
            var id = channel.channelId
            id.withUTF8 { bytes in
                writer.raw("\"UU")
                writer.escapedText(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.dropFirst(2))))
                writer.raw("\"")
            }
        case .other(let id)?: writer.string(id)
        case nil: writer.null()
        }
    }

    /// A channel's keywords as an array of strings, split from the text's bytes when they are
    /// kept as sent (no String made for a keyword), or `null`.
    private static func keywords(_ form: ChannelKeywords.Form?, into writer: inout JSONAppender) {
        switch form {
        case .text(var text)?:
            text.withUTF8 { bytes in
                writer.raw("[")
                var commas = JSONAppender.Commas()
                ChannelKeywords.forEachKeyword(in: bytes) { range in
                    commas.next(&writer)
                    writer.string(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
                }
                writer.raw("]")
            }
        case .list(let list)?: writer.stringArray(list)
        case nil: writer.null()
        }
    }

    /// Appends `channel` as one line (with its `\n`).
    public static func encode(_ channel: Channel, into writer: inout JSONWriter) {
        writer.appending { encode(channel, into: &$0) }
    }

    /// Appends `channel` as one line, through an appender.
    package static func encode(_ channel: Channel, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("channelId")
        writer.string(channel.channelId)
        writer.member("title", channel.title)
        writer.member("description", channel.description)
        writer.member("customUrl", channel.customUrl)
        writer.memberKey("publishedAt")
        date(channel.publishedAt, into: &writer)
        writer.memberKey("thumbnailUrl")
        preferredURL(channel.thumbnails, into: &writer)
        writer.member("country", channel.country)
        writer.memberKey("uploadsPlaylistId")
        uploads(of: channel, into: &writer)
        writer.member("viewCount", channel.viewCount)
        writer.member("subscriberCount", channel.subscriberCount)
        writer.member("videoCount", channel.videoCount)
        writer.memberKey("fetchedAt")
        date(channel.fetchedAt, into: &writer)
        writer.member("defaultLanguage", channel.defaultLanguage)
        writer.memberKey("keywords")
        keywords(channel.keywordsForm, into: &writer)
        writer.member("unsubscribedTrailer", channel.unsubscribedTrailer)
        writer.member("bannerUrl", channel.bannerUrl)
        writer.member("hiddenSubscriberCount", channel.hiddenSubscriberCount)
        writer.member("privacyStatus", channel.privacyStatus)
        writer.member("isLinked", channel.isLinked)
        writer.member("longUploadsStatus", channel.longUploadsStatus)
        writer.member("madeForKids", channel.madeForKids)
        writer.member("topicIds", channel.topicIds)
        writer.member("topicCategories", channel.topicCategories)
        writer.member("subscriptionsPrivate", channel.subscriptionsPrivate)
        encodeVersion3(channel, into: &writer)
        writer.raw("}\n")
    }

    /// The columns of a comment line, in order (``RecordSchema/comments``).
    public static let commentColumns = RecordSchema.comments.columns

    /// Appends `comment` as one line (with its `\n`).
    public static func encode(_ comment: Comment, into writer: inout JSONWriter) {
        writer.appending { encode(comment, into: &$0) }
    }

    /// Appends `comment` as one line, through an appender.
    package static func encode(_ comment: Comment, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("commentId")
        writer.string(comment.commentId)
        writer.member("threadId", comment.threadId)
        writer.member("parentId", comment.parentId)
        writer.member("videoId", comment.videoId)
        writer.member("channelId", comment.channelId)
        writer.member("authorDisplayName", comment.authorDisplayName)
        writer.member("authorProfileImageUrl", comment.authorProfileImageUrl)
        writer.member("authorChannelId", comment.authorChannelId)
        writer.member("text", comment.text)
        writer.member("likeCount", comment.likeCount)
        writer.member("imageUrl", comment.imageUrl)
        writer.member("totalReplyCount", comment.totalReplyCount)
        writer.memberKey("publishedAt")
        date(comment.publishedAt, into: &writer)
        writer.memberKey("updatedAt")
        date(comment.updatedAt, into: &writer)
        source(comment.source.map { (nil, $0.seed, $0.endpoint, $0.rank) }, into: &writer)
        writer.memberKey("fetchedAt")
        date(comment.fetchedAt, into: &writer)
        encodeVersion3(comment, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `link` as one line (with its `\n`).
    public static func encode(_ link: ChannelLink, into writer: inout JSONWriter) {
        writer.appending { encode(link, into: &$0) }
    }

    /// Appends `link` as one line, through an appender.
    package static func encode(_ link: ChannelLink, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("fromChannelId")
        writer.string(link.fromChannelId)
        writer.member("toChannelId", link.toChannelId)
        writer.member("relation", link.relation.rawValue)
        writer.member("sectionTitle", link.sectionTitle)
        writer.member("depth", link.depth)
        source(link.source.map { (nil, $0.seed, $0.endpoint, $0.rank) }, into: &writer)
        writer.memberKey("fetchedAt")
        date(link.fetchedAt, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `result` as one line, through an appender.
    package static func encode(_ result: SearchResult, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("resultId")
        writer.string(result.resultId)
        writer.member("run", result.run)
        writer.member("seed", result.seed)
        writer.memberKey("request")
        writer.raw(UInt8(ascii: "{"))
        for (index, parameter) in result.request.enumerated() {
            if index > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.string(parameter.name)
            writer.raw(UInt8(ascii: ":"))
            writer.string(parameter.value)
        }
        writer.raw(UInt8(ascii: "}"))
        if let window = result.window {
            writer.memberKey("window")
            writer.raw("{")
            writer.key("publishedAfter")
            date(window.publishedAfter, into: &writer)
            writer.memberKey("publishedBefore")
            date(window.publishedBefore, into: &writer)
            writer.raw("}")
        } else {
            writer.nullMember("window")
        }
        writer.member("page", result.page)
        writer.member("rank", result.rank)
        writer.member("kind", result.kind.rawValue)
        writer.member("id", result.id)
        writer.memberKey("sentAt")
        date(result.sentAt, into: &writer)
        writer.member("totalResults", result.totalResults)
        writer.member("resultsPerPage", result.resultsPerPage)
        writer.member("matchesQuery", result.matchesQuery)
        writer.raw("}\n")
    }

    /// Appends `category` as one line, through an appender.
    package static func encode(_ category: VideoCategory, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("categoryId")
        writer.string(category.categoryId)
        writer.member("regionCode", category.regionCode)
        writer.member("title", category.title)
        writer.member("assignable", category.assignable)
        writer.member("channelId", category.channelId)
        writer.memberKey("fetchedAt")
        date(category.fetchedAt, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `playlist` as one line, through an appender.
    package static func encode(_ playlist: Playlist, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("playlistId")
        writer.string(playlist.playlistId)
        writer.member("channelId", playlist.channelId)
        writer.member("title", playlist.title)
        writer.member("description", playlist.description)
        writer.memberKey("publishedAt")
        date(playlist.publishedAt, into: &writer)
        writer.member("itemCount", playlist.itemCount)
        writer.member("privacyStatus", playlist.privacyStatus)
        writer.member("podcastStatus", playlist.podcastStatus)
        writer.member("defaultLanguage", playlist.defaultLanguage)
        writer.member("thumbnailUrl", playlist.thumbnailUrl)
        writer.memberKey("localizations")
        json(playlist.localizations, into: &writer)
        writer.memberKey("fetchedAt")
        date(playlist.fetchedAt, into: &writer)
        source(playlist.source.map { (nil, $0.seed, $0.endpoint, $0.rank) }, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `membership` as one line, through an appender.
    package static func encode(_ membership: PlaylistMembership, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("membershipId")
        writer.string(membership.membershipId)
        writer.member("run", membership.run)
        writer.member("playlistId", membership.playlistId)
        writer.member("videoId", membership.videoId)
        writer.member("position", membership.position)
        writer.memberKey("addedAt")
        date(membership.addedAt, into: &writer)
        writer.member("videoOwnerChannelId", membership.videoOwnerChannelId)
        writer.member("note", membership.note)
        writer.memberKey("fetchedAt")
        date(membership.fetchedAt, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `message` as one line, through an appender: `publishedAt` to the microsecond.
    package static func encode(_ message: ChatMessage, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("messageId")
        writer.string(message.messageId)
        writer.member("liveChatId", message.liveChatId)
        writer.member("videoId", message.videoId)
        writer.member("type", message.type)
        writer.member("publishedAt", message.publishedAtMicros.map { RFC3339.format(microseconds: $0) })
        writer.member("text", message.text)
        writer.member("authorChannelId", message.authorChannelId)
        writer.member("authorDisplayName", message.authorDisplayName)
        writer.member("isChatOwner", message.isChatOwner)
        writer.member("isChatModerator", message.isChatModerator)
        writer.member("isChatSponsor", message.isChatSponsor)
        writer.member("isVerified", message.isVerified)
        writer.member("amountMicros", message.amountMicros.map { Int($0) })
        writer.member("currency", message.currency)
        writer.member("amountDisplayString", message.amountDisplayString)
        writer.member("tier", message.tier)
        writer.member("gapBefore", message.gapBeforeMicros.map { RFC3339.format(microseconds: $0) })
        writer.memberKey("fetchedAt")
        date(message.fetchedAt, into: &writer)
        source(message.source.map { (nil, $0.seed, $0.endpoint, $0.rank) }, into: &writer)
        writer.raw("}\n")
    }

    /// Appends `missing` as one line, through an appender.
    package static func encode(_ missing: MissingItem, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("missingId")
        writer.string(missing.missingId)
        writer.member("run", missing.run)
        writer.member("kind", missing.kind.rawValue)
        writer.member("id", missing.id)
        writer.member("seed", missing.seed)
        writer.memberKey("fetchedAt")
        date(missing.fetchedAt, into: &writer)
        writer.raw("}\n")
    }

    /// The columns of a statistics snapshot line, in order (``RecordSchema/stats``).
    public static let statsColumns = RecordSchema.stats.columns

    /// Appends `stats` as one line (with its `\n`).
    public static func encode(_ stats: VideoStats, into writer: inout JSONWriter) {
        writer.appending { encode(stats, into: &$0) }
    }

    /// Appends `stats` as one line, through an appender.
    package static func encode(_ stats: VideoStats, into writer: inout JSONAppender) {
        writer.raw("{")
        writer.key("videoId")
        writer.string(stats.videoId)
        writer.memberKey("fetchedAt")
        date(stats.fetchedAt, into: &writer)
        writer.member("viewCount", stats.viewCount)
        writer.member("likeCount", stats.likeCount)
        writer.member("commentCount", stats.commentCount)
        writer.member("duration", stats.duration)
        writer.member("status", stats.status.rawValue)
        writer.raw("}\n")
    }

    public static func encode(_ record: DecodedRecord, into writer: inout JSONWriter) {
        writer.appending { encode(record, into: &$0) }
    }

    /// Appends `record` as one line, through an appender.
    package static func encode(_ record: DecodedRecord, into writer: inout JSONAppender) {
        switch record {
        case .video(let video): encode(video, into: &writer)
        case .channel(let channel): encode(channel, into: &writer)
        case .comment(let comment): encode(comment, into: &writer)
        case .stats(let stats): encode(stats, into: &writer)
        case .link(let link): encode(link, into: &writer)
        case .result(let result): encode(result, into: &writer)
        case .category(let category): encode(category, into: &writer)
        case .playlist(let playlist): encode(playlist, into: &writer)
        case .membership(let membership): encode(membership, into: &writer)
        case .missing(let missing): encode(missing, into: &writer)
        case .chat(let message): encode(message, into: &writer)
        }
    }

    /// `,"source":{"kind":…,"seed":…,"endpoint":…,"rank":…}` (`kind` for videos only), or null.
    private static func source(
        _ source: (kind: String?, seed: String, endpoint: String, rank: Int)?, into writer: inout JSONAppender
    ) {
        writer.memberKey("source")
        guard let source else {
            writer.null()
            return
        }
        writer.raw("{")
        if let kind = source.kind {
            writer.key("kind")
            writer.string(kind)
            writer.member("seed", source.seed)
        } else {
            writer.key("seed")
            writer.string(source.seed)
        }
        writer.member("endpoint", source.endpoint)
        writer.member("rank", source.rank)
        writer.raw("}")
    }

    private static func date(_ date: Date?, into writer: inout JSONAppender) {
        if let date {
            writer.timestamp(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
        } else {
            writer.null()
        }
    }

    /// `thumbnailUrl`'s value: the preferred size's URL (`Thumbnails.preferred`), or null.
    private static func preferredURL(_ thumbnails: Thumbnails, into writer: inout JSONAppender) {
        if let preferred = thumbnails.preferred { url(preferred, into: &writer) } else { writer.null() }
    }

    /// A thumbnail's URL as a JSON string, written from its form without making it.
    private static func url(_ thumbnail: Thumbnail, into writer: inout JSONAppender) {
        switch thumbnail.urlForm {
        case .whole(let url): writer.string(url)
        case .video(let id, let idLength, let file):
            writer.raw(UInt8(ascii: "\""))
            writer.raw(Thumbnail.videoPrefix)
            var words = id
            withUnsafeBytes(of: &words) {
                writer.escapedText(utf8: UnsafeRawBufferPointer(rebasing: $0.prefix(Int(idLength))))
            }
            writer.raw(UInt8(ascii: "/"))
            writer.raw(Thumbnail.videoFile(file))
            writer.raw(UInt8(ascii: "\""))
        case .sized(let path, let size):
            writer.raw(UInt8(ascii: "\""))
            writer.escapedText(path)
            writer.raw("=s")
            writer.int(Int(size))
            writer.raw(Thumbnail.channelOptions)
            writer.raw(UInt8(ascii: "\""))
        }
    }

    private static func thumbnails(_ thumbnails: Thumbnails, into writer: inout JSONAppender) {
        writer.raw("{")
        var commas = JSONAppender.Commas()
        thumbnails.forEach { entry in
            commas.next(&writer)
            writer.string(entry.name)
            writer.raw(":{")
            writer.key("url")
            url(entry.thumbnail, into: &writer)
            if let width = entry.thumbnail.width { writer.member("width", width) }
            if let height = entry.thumbnail.height { writer.member("height", height) }
            writer.raw("}")
        }
        writer.raw("}")
    }
}
