import Foundation

/// Everything a list response's `items[]` element says that a record needs, whatever its
/// endpoint, and the rules that turn it into a record (search snippets HTML-decoded, playlist
/// entries dated by `videoPublishedAt`, placeholders recognised). Filled by the streaming page
/// decoders (StreamingJSON) and by ``YouTubeClient`` from a Foundation JSON tree, so both read
/// the API the same way.
package struct ItemFields: Sendable {
    package init() {}

    package var id: String?
    package var idIsObject = false
    /// Whether title, description and channelTitle were HTML-decoded as they arrived.
    package var snippetDecoded = false
    package var idVideoId: String?
    package var idChannelId: String?
    package var idPlaylistId: String?
    package var publishedAt: Int64?
    package var channelId: String?
    package var title: String?
    package var description: String?
    package var channelTitle: String?
    package var liveBroadcastContent: String?
    package var thumbnails: [Thumbnails.Size] = []
    package var tags: [String]?
    package var categoryId: String?
    package var defaultLanguage: String?
    package var defaultAudioLanguage: String?
    package var customUrl: String?
    package var country: String?
    package var playlistId: String?
    package var videoOwnerChannelId: String?
    package var videoOwnerChannelTitle: String?
    package var resourceVideoId: String?
    package var hasResourceId = false
    package var duration: String?
    package var durationSeconds: Int?
    package var contentVideoId: String?
    package var videoPublishedAt: Int64?
    package var uploadsPlaylistId: String?
    package var viewCount: Int?
    package var likeCount: Int?
    package var commentCount: Int?
    package var subscriberCount: Int?
    package var videoCount: Int?
    package var hiddenSubscriberCount = false
    package var privacyStatus: String?

    package static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    package var thumbnailSet: Thumbnails { Thumbnails(sizes: thumbnails) }

    /// search.list result → a video, when it is one. Snippet text is HTML-escaped there: decoded here.
    package func searchVideo() -> Video? {
        guard let videoId = idVideoId ?? (idIsObject ? nil : id) else { return nil }
        return Video(
            videoId: videoId,
            title: snippetDecoded ? title ?? "" : HTMLEntities.decode(title ?? ""),
            description: snippetDecoded ? description ?? "" : HTMLEntities.decode(description ?? ""),
            channelId: channelId ?? "",
            channelTitle: snippetDecoded ? channelTitle ?? "" : HTMLEntities.decode(channelTitle ?? ""),
            publishedAt: Self.date(publishedAt),
            thumbnails: thumbnailSet,
            liveBroadcastContent: liveBroadcastContent)
    }

    /// videos.list item → a video; text is already plain.
    package func hydratedVideo() -> Video? {
        guard let videoId = id else { return nil }
        return Video(
            videoId: videoId,
            title: title ?? "",
            description: description ?? "",
            channelId: channelId ?? "",
            channelTitle: channelTitle ?? "",
            publishedAt: Self.date(publishedAt),
            thumbnails: thumbnailSet,
            liveBroadcastContent: liveBroadcastContent,
            tags: tags,
            categoryId: categoryId,
            defaultLanguage: defaultLanguage,
            defaultAudioLanguage: defaultAudioLanguage,
            duration: duration,
            durationSeconds: durationSeconds,
            viewCount: viewCount,
            likeCount: likeCount,
            commentCount: commentCount)
    }

    /// Whether a playlist entry is a "Private video"/"Deleted video" placeholder without data.
    package var isPlaceholder: Bool {
        (title == "Private video" || title == "Deleted video") && videoPublishedAt == nil
    }

    /// playlistItems.list item → a video. The publish date is contentDetails.videoPublishedAt,
    /// never snippet.publishedAt (the date it was added to the playlist); the channel is the
    /// video's owner where the API says so.
    package func playlistVideo() -> Video? {
        guard let videoId = contentVideoId ?? resourceVideoId else { return nil }
        return Video(
            videoId: videoId,
            title: title ?? "",
            description: description ?? "",
            channelId: videoOwnerChannelId ?? channelId ?? "",
            channelTitle: videoOwnerChannelTitle ?? channelTitle ?? "",
            publishedAt: Self.date(videoPublishedAt),
            thumbnails: thumbnailSet)
    }

    package func channel() -> Channel? {
        guard let channelId = id else { return nil }
        return Channel(
            channelId: channelId,
            title: title ?? "",
            description: description ?? "",
            customUrl: customUrl,
            publishedAt: Self.date(publishedAt),
            thumbnails: thumbnailSet,
            country: country,
            uploadsPlaylistId: uploadsPlaylistId,
            viewCount: viewCount,
            subscriberCount: hiddenSubscriberCount ? nil : subscriberCount,
            videoCount: videoCount)
    }
}
