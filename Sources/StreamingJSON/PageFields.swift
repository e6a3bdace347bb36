/// Where in a page the decoder is, and which field the next value belongs to.
enum PageContext: UInt8 {
    case root, pageInfo, items, item, itemId, snippet, thumbnails, thumbnail, resourceId
    /// An array of strings: which one is the handler's `stringsField`.
    case strings
    case contentDetails, relatedPlaylists, statistics, status
    case regionRestriction, topicDetails, recordingDetails, location, liveStreamingDetails, paidPlacement
    case brandingSettings, brandingChannel, brandingImage
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
    // thumbnails' size names
    case sizeDefault, sizeMedium, sizeHigh, sizeStandard, sizeMaxres
    // contentDetails, statistics, status
    case duration, contentVideoId, videoPublishedAt, relatedPlaylists, uploads
    case viewCount, likeCount, commentCount, subscriberCount, videoCount, hiddenSubscriberCount, privacyStatus
    // schema version 2: the item's other parts
    case topicDetails, recordingDetails, liveStreamingDetails, paidProductPlacementDetails, localizations
    case brandingSettings
    case dimension, definition, projection, caption, licensedContent, regionRestriction, contentRating
    case regionAllowed, regionBlocked
    case uploadStatus, license, embeddable, publicStatsViewable, madeForKids, containsSyntheticMedia
    case isLinked, longUploadsStatus
    case topicIds, relevantTopicIds, topicCategories
    case recordingDate, location, latitude, longitude, altitude
    case actualStartTime, actualEndTime, scheduledStartTime, scheduledEndTime, concurrentViewers, activeLiveChatId
    case hasPaidProductPlacement
    case brandingChannel, brandingImage, keywords, unsubscribedTrailer, bannerExternalUrl
    // error
    case errorCode, errorMessage, errorStatus, errorErrors, errorDetails
    case itemDomain, itemReason, itemMessage, itemLocation, itemLocationType
    case detailType, detailReason, detailDomain
}

/// The keys each context keeps; every other key's value is skipped unread.
///
/// A value, copied into each handler from ``shared``: a lookup then reads the handler's own
/// copy instead of going through a lazily initialised global on every key.
struct PageKeys: Sendable {
    static let shared = PageKeys()

    let root = KeyMatcher<PageField>([
        ("kind", .kind), ("nextPageToken", .nextPageToken), ("pageInfo", .pageInfo), ("items", .items),
        ("error", .error),
    ])
    let pageInfo = KeyMatcher<PageField>([("totalResults", .totalResults), ("resultsPerPage", .resultsPerPage)])
    let item = KeyMatcher<PageField>([
        ("kind", .itemKind), ("id", .id), ("snippet", .snippet), ("contentDetails", .contentDetails),
        ("statistics", .statistics), ("status", .status), ("topicDetails", .topicDetails),
        ("recordingDetails", .recordingDetails), ("liveStreamingDetails", .liveStreamingDetails),
        ("paidProductPlacementDetails", .paidProductPlacementDetails), ("localizations", .localizations),
        ("brandingSettings", .brandingSettings),
    ])
    let itemId = KeyMatcher<PageField>([
        ("kind", .idKind), ("videoId", .idVideoId), ("channelId", .idChannelId), ("playlistId", .idPlaylistId),
    ])
    let snippet = KeyMatcher<PageField>([
        ("publishedAt", .publishedAt), ("channelId", .channelId), ("title", .title), ("description", .description),
        ("thumbnails", .thumbnails), ("channelTitle", .channelTitle), ("tags", .tags), ("categoryId", .categoryId),
        ("liveBroadcastContent", .liveBroadcastContent), ("defaultLanguage", .defaultLanguage),
        ("defaultAudioLanguage", .defaultAudioLanguage), ("customUrl", .customUrl), ("country", .country),
        ("playlistId", .playlistId), ("resourceId", .resourceId), ("videoOwnerChannelId", .videoOwnerChannelId),
        ("videoOwnerChannelTitle", .videoOwnerChannelTitle),
    ])
    let thumbnail = KeyMatcher<PageField>([
        ("url", .thumbnailUrl), ("width", .thumbnailWidth), ("height", .thumbnailHeight),
    ])
    let thumbnailNames = KeyMatcher<PageField>([
        ("default", .sizeDefault), ("medium", .sizeMedium), ("high", .sizeHigh), ("standard", .sizeStandard),
        ("maxres", .sizeMaxres),
    ])

    /// The number of a known thumbnail size's name (``Thumbnails/standardName(_:)``).
    static func sizeNumber(_ field: PageField?) -> UInt8? {
        switch field {
        case .sizeDefault?: 0
        case .sizeMedium?: 1
        case .sizeHigh?: 2
        case .sizeStandard?: 3
        case .sizeMaxres?: 4
        default: nil
        }
    }
    let resourceId = KeyMatcher<PageField>([("videoId", .resourceVideoId)])
    let contentDetails = KeyMatcher<PageField>([
        ("duration", .duration), ("videoId", .contentVideoId), ("videoPublishedAt", .videoPublishedAt),
        ("relatedPlaylists", .relatedPlaylists), ("dimension", .dimension), ("definition", .definition),
        ("projection", .projection), ("caption", .caption), ("licensedContent", .licensedContent),
        ("regionRestriction", .regionRestriction), ("contentRating", .contentRating),
    ])
    let regionRestriction = KeyMatcher<PageField>([("allowed", .regionAllowed), ("blocked", .regionBlocked)])
    let topicDetails = KeyMatcher<PageField>([
        ("topicIds", .topicIds), ("relevantTopicIds", .relevantTopicIds), ("topicCategories", .topicCategories),
    ])
    let recordingDetails = KeyMatcher<PageField>([("recordingDate", .recordingDate), ("location", .location)])
    let location = KeyMatcher<PageField>([
        ("latitude", .latitude), ("longitude", .longitude), ("altitude", .altitude),
    ])
    let liveStreamingDetails = KeyMatcher<PageField>([
        ("actualStartTime", .actualStartTime), ("actualEndTime", .actualEndTime),
        ("scheduledStartTime", .scheduledStartTime), ("scheduledEndTime", .scheduledEndTime),
        ("concurrentViewers", .concurrentViewers), ("activeLiveChatId", .activeLiveChatId),
    ])
    let paidPlacement = KeyMatcher<PageField>([("hasPaidProductPlacement", .hasPaidProductPlacement)])
    let brandingSettings = KeyMatcher<PageField>([("channel", .brandingChannel), ("image", .brandingImage)])
    let brandingChannel = KeyMatcher<PageField>([
        ("keywords", .keywords), ("unsubscribedTrailer", .unsubscribedTrailer),
    ])
    let brandingImage = KeyMatcher<PageField>([("bannerExternalUrl", .bannerExternalUrl)])
    let relatedPlaylists = KeyMatcher<PageField>([("uploads", .uploads)])
    let statistics = KeyMatcher<PageField>([
        ("viewCount", .viewCount), ("likeCount", .likeCount), ("commentCount", .commentCount),
        ("subscriberCount", .subscriberCount), ("videoCount", .videoCount),
        ("hiddenSubscriberCount", .hiddenSubscriberCount),
    ])
    /// The values of the API's small vocabularies (statuses, licences, formats), handed out as
    /// literals: a match costs a hash and a compare where making even a short String costs a
    /// call into the standard library, and a long one (`longUploadsUnspecified`) an allocation.
    /// Anything else is made as sent.
    let vocabulary = KeyMatcher<String>(
        [
            "public", "unlisted", "private", "none", "live", "upcoming", "completed", "youtube", "creativeCommon",
            "processed", "uploaded", "failed", "rejected", "deleted", "hd", "sd", "2d", "3d", "rectangular", "360",
            "longUploadsUnspecified", "allowed", "eligible", "disallowed",
        ].map { ($0, $0) })
    /// `kind` values, matched without building a String.
    let kinds = KeyMatcher<Endpoint>([
        ("youtube#searchListResponse", .search), ("youtube#searchResult", .search),
        ("youtube#videoListResponse", .videos), ("youtube#video", .videos),
        // `videos:batchGetStats` items are videos with statistics and contentDetails only.
        ("youtube#batchGetStatsResponse", .videos), ("youtube#videoStats", .videos),
        ("youtube#playlistItemListResponse", .playlistItems), ("youtube#playlistItem", .playlistItems),
        ("youtube#channelListResponse", .channels), ("youtube#channel", .channels),
    ])
    let status = KeyMatcher<PageField>([
        ("privacyStatus", .privacyStatus), ("uploadStatus", .uploadStatus), ("license", .license),
        ("embeddable", .embeddable), ("publicStatsViewable", .publicStatsViewable), ("madeForKids", .madeForKids),
        ("containsSyntheticMedia", .containsSyntheticMedia), ("isLinked", .isLinked),
        ("longUploadsStatus", .longUploadsStatus),
    ])
    let error = KeyMatcher<PageField>([
        ("code", .errorCode), ("message", .errorMessage), ("status", .errorStatus), ("errors", .errorErrors),
        ("details", .errorDetails),
    ])
    let errorItem = KeyMatcher<PageField>([
        ("domain", .itemDomain), ("reason", .itemReason), ("message", .itemMessage), ("location", .itemLocation),
        ("locationType", .itemLocationType),
    ])
    let errorDetail = KeyMatcher<PageField>([
        ("@type", .detailType), ("reason", .detailReason), ("domain", .detailDomain),
    ])
}
