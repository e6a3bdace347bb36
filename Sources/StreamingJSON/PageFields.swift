/// Where in a page the decoder is, and which field the next value belongs to.
enum PageContext: UInt8 {
    case root, pageInfo, items, item, itemId, snippet, thumbnails, thumbnail, resourceId, tags
    case contentDetails, relatedPlaylists, statistics, status
    case error, errorItems, errorItem, errorDetails, errorDetail
    /// Inside a value of an unexpected shape: everything below is ignored.
    case ignored
}

enum PageField: UInt8 {
    case none
    // root
    case kind, nextPageToken, pageInfo, items, error
    case totalResults, resultsPerPage
    // item
    case itemKind, id, snippet, contentDetails, statistics, status
    case idKind, idVideoId, idChannelId, idPlaylistId
    // snippet
    case publishedAt, channelId, title, description, channelTitle, liveBroadcastContent, thumbnails, tags
    case categoryId, defaultLanguage, defaultAudioLanguage, customUrl, country, playlistId
    case videoOwnerChannelId, videoOwnerChannelTitle, resourceId, resourceVideoId
    case thumbnail, thumbnailUrl, thumbnailWidth, thumbnailHeight, tag
    // contentDetails, statistics, status
    case duration, contentVideoId, videoPublishedAt, relatedPlaylists, uploads
    case viewCount, likeCount, commentCount, subscriberCount, videoCount, hiddenSubscriberCount, privacyStatus
    // error
    case errorCode, errorMessage, errorStatus, errorErrors, errorDetails
    case itemDomain, itemReason, itemMessage, itemLocation, itemLocationType
    case detailType, detailReason, detailDomain
}

/// The keys each context keeps; every other key's value is skipped unread.
enum PageKeys {
    static let root = KeyMatcher<PageField>([
        ("kind", .kind), ("nextPageToken", .nextPageToken), ("pageInfo", .pageInfo), ("items", .items),
        ("error", .error),
    ])
    static let pageInfo = KeyMatcher<PageField>([("totalResults", .totalResults), ("resultsPerPage", .resultsPerPage)])
    static let item = KeyMatcher<PageField>([
        ("kind", .itemKind), ("id", .id), ("snippet", .snippet), ("contentDetails", .contentDetails),
        ("statistics", .statistics), ("status", .status),
    ])
    static let itemId = KeyMatcher<PageField>([
        ("kind", .idKind), ("videoId", .idVideoId), ("channelId", .idChannelId), ("playlistId", .idPlaylistId),
    ])
    static let snippet = KeyMatcher<PageField>([
        ("publishedAt", .publishedAt), ("channelId", .channelId), ("title", .title), ("description", .description),
        ("thumbnails", .thumbnails), ("channelTitle", .channelTitle), ("tags", .tags), ("categoryId", .categoryId),
        ("liveBroadcastContent", .liveBroadcastContent), ("defaultLanguage", .defaultLanguage),
        ("defaultAudioLanguage", .defaultAudioLanguage), ("customUrl", .customUrl), ("country", .country),
        ("playlistId", .playlistId), ("resourceId", .resourceId), ("videoOwnerChannelId", .videoOwnerChannelId),
        ("videoOwnerChannelTitle", .videoOwnerChannelTitle),
    ])
    static let thumbnail = KeyMatcher<PageField>([
        ("url", .thumbnailUrl), ("width", .thumbnailWidth), ("height", .thumbnailHeight),
    ])
    static let thumbnailNames = KeyMatcher<String>(
        ["default", "medium", "high", "standard", "maxres"].map { ($0, $0) })
    static let resourceId = KeyMatcher<PageField>([("videoId", .resourceVideoId)])
    static let contentDetails = KeyMatcher<PageField>([
        ("duration", .duration), ("videoId", .contentVideoId), ("videoPublishedAt", .videoPublishedAt),
        ("relatedPlaylists", .relatedPlaylists),
    ])
    static let relatedPlaylists = KeyMatcher<PageField>([("uploads", .uploads)])
    static let statistics = KeyMatcher<PageField>([
        ("viewCount", .viewCount), ("likeCount", .likeCount), ("commentCount", .commentCount),
        ("subscriberCount", .subscriberCount), ("videoCount", .videoCount),
        ("hiddenSubscriberCount", .hiddenSubscriberCount),
    ])
    /// `kind` values, matched without building a String.
    static let kinds = KeyMatcher<Endpoint>([
        ("youtube#searchListResponse", .search), ("youtube#searchResult", .search),
        ("youtube#videoListResponse", .videos), ("youtube#video", .videos),
        ("youtube#playlistItemListResponse", .playlistItems), ("youtube#playlistItem", .playlistItems),
        ("youtube#channelListResponse", .channels), ("youtube#channel", .channels),
    ])
    static let status = KeyMatcher<PageField>([("privacyStatus", .privacyStatus)])
    static let error = KeyMatcher<PageField>([
        ("code", .errorCode), ("message", .errorMessage), ("status", .errorStatus), ("errors", .errorErrors),
        ("details", .errorDetails),
    ])
    static let errorItem = KeyMatcher<PageField>([
        ("domain", .itemDomain), ("reason", .itemReason), ("message", .itemMessage), ("location", .itemLocation),
        ("locationType", .itemLocationType),
    ])
    static let errorDetail = KeyMatcher<PageField>([
        ("@type", .detailType), ("reason", .detailReason), ("domain", .detailDomain),
    ])
}
