import Foundation
import YouTubeKit

/// Everything the page decoders keep of one `items[]` element, whatever its endpoint; turned into
/// a record when the item closes.
struct ItemFields {
    /// The endpoint the item's `kind` names.
    var kindEndpoint: Endpoint?
    var id: String?
    var idIsObject = false
    /// Whether title, description and channelTitle were HTML-decoded as they arrived.
    var snippetDecoded = false
    var idVideoId: String?
    var idChannelId: String?
    var idPlaylistId: String?
    var publishedAt: Int64?
    var channelId: String?
    var title: String?
    var description: String?
    var channelTitle: String?
    var liveBroadcastContent: String?
    var thumbnails: [(name: String, thumbnail: Thumbnail)] = []
    var tags: [String]?
    var categoryId: String?
    var defaultLanguage: String?
    var defaultAudioLanguage: String?
    var customUrl: String?
    var country: String?
    var playlistId: String?
    var videoOwnerChannelId: String?
    var videoOwnerChannelTitle: String?
    var resourceVideoId: String?
    var hasResourceId = false
    var duration: String?
    var durationSeconds: Int?
    var contentVideoId: String?
    var videoPublishedAt: Int64?
    var uploadsPlaylistId: String?
    var viewCount: Int?
    var likeCount: Int?
    var commentCount: Int?
    var subscriberCount: Int?
    var videoCount: Int?
    var hiddenSubscriberCount = false
    var privacyStatus: String?

    /// The endpoint this item's shape says it came from, when neither the page nor the item said.
    var inferredEndpoint: Endpoint {
        if let kindEndpoint { return kindEndpoint }
        if idIsObject { return .search }
        if hasResourceId || contentVideoId != nil || videoPublishedAt != nil || playlistId != nil {
            return .playlistItems
        }
        if uploadsPlaylistId != nil || subscriberCount != nil || customUrl != nil || hiddenSubscriberCount
            || (videoCount != nil && duration == nil)
        {
            return .channels
        }
        return .videos
    }

    static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    var thumbnailSet: Thumbnails { Thumbnails(thumbnails) }

    /// search.list result → a video, when it is one. Snippet text is HTML-escaped there: decoded here.
    func searchVideo() -> Video? {
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
    func hydratedVideo() -> Video? {
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
    var isPlaceholder: Bool {
        (title == "Private video" || title == "Deleted video") && videoPublishedAt == nil
    }

    /// playlistItems.list item → a video. The publish date is contentDetails.videoPublishedAt,
    /// never snippet.publishedAt (the date it was added to the playlist); the channel is the
    /// video's owner where the API says so.
    func playlistVideo() -> Video? {
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

    func channel() -> Channel? {
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
