/// The Codable structs Foundation's JSONDecoder decodes the same pages into: the baseline.
struct SearchListResponse: Decodable {
    struct PageInfo: Decodable {
        var totalResults: Int
        var resultsPerPage: Int
    }
    struct ResourceId: Decodable {
        var kind: String
        var videoId: String?
        var channelId: String?
        var playlistId: String?
    }
    struct Thumbnail: Decodable {
        var url: String
        var width: Int?
        var height: Int?
    }
    struct Snippet: Decodable {
        var publishedAt: String
        var channelId: String
        var title: String
        var description: String
        var thumbnails: [String: Thumbnail]
        var channelTitle: String
        var liveBroadcastContent: String
    }
    struct Item: Decodable {
        var kind: String
        var etag: String
        var id: ResourceId
        var snippet: Snippet
    }
    var kind: String
    var etag: String
    var nextPageToken: String?
    var pageInfo: PageInfo
    var items: [Item]
}

struct VideoListResponse: Decodable {
    struct Snippet: Decodable {
        var publishedAt: String
        var channelId: String
        var title: String
        var description: String
        var thumbnails: [String: SearchListResponse.Thumbnail]
        var channelTitle: String
        var tags: [String]?
        var categoryId: String?
        var liveBroadcastContent: String?
        var defaultLanguage: String?
        var defaultAudioLanguage: String?
    }
    struct ContentDetails: Decodable {
        var duration: String?
    }
    struct Statistics: Decodable {
        var viewCount: String?
        var likeCount: String?
        var commentCount: String?
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: Snippet
        var contentDetails: ContentDetails
        var statistics: Statistics
    }
    var kind: String
    var items: [Item]
}

/// A playlistItems.list page with the fields a video record takes from it.
struct PlaylistItemListResponse: Decodable {
    struct ResourceId: Decodable {
        var kind: String
        var videoId: String
    }
    struct Snippet: Decodable {
        var publishedAt: String
        var channelId: String
        var title: String
        var description: String
        var thumbnails: [String: SearchListResponse.Thumbnail]
        var channelTitle: String
        var playlistId: String
        var position: Int
        var resourceId: ResourceId
        var videoOwnerChannelTitle: String?
        var videoOwnerChannelId: String?
    }
    struct ContentDetails: Decodable {
        var videoId: String
        var videoPublishedAt: String?
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: Snippet
        var contentDetails: ContentDetails
    }
    var kind: String
    var nextPageToken: String?
    var items: [Item]
}

/// A channels.list page with the fields of a channel record.
struct ChannelListResponse: Decodable {
    struct Snippet: Decodable {
        var title: String
        var description: String
        var customUrl: String?
        var publishedAt: String
        var thumbnails: [String: SearchListResponse.Thumbnail]
        var country: String?
    }
    struct RelatedPlaylists: Decodable {
        var uploads: String?
    }
    struct ContentDetails: Decodable {
        var relatedPlaylists: RelatedPlaylists
    }
    struct Statistics: Decodable {
        var viewCount: String?
        var subscriberCount: String?
        var hiddenSubscriberCount: Bool
        var videoCount: String?
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: Snippet
        var contentDetails: ContentDetails
        var statistics: Statistics
    }
    var kind: String
    var items: [Item]
}

/// A commentThreads.list page, as an app would decode it with JSONDecoder: the fields our comment
/// records carry.
struct CommentThreadListResponse: Decodable {
    struct AuthorChannelId: Decodable {
        var value: String
    }
    struct CommentSnippet: Decodable {
        var channelId: String?
        var videoId: String?
        var textDisplay: String
        var textOriginal: String?
        var parentId: String?
        var authorDisplayName: String
        var authorProfileImageUrl: String
        var authorChannelId: AuthorChannelId?
        var likeCount: Int
        var publishedAt: String
        var updatedAt: String
    }
    struct Comment: Decodable {
        var kind: String
        var id: String
        var snippet: CommentSnippet
    }
    struct ThreadSnippet: Decodable {
        var channelId: String?
        var videoId: String
        var topLevelComment: Comment
        var totalReplyCount: Int
    }
    struct Replies: Decodable {
        var comments: [Comment]
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: ThreadSnippet
        var replies: Replies?
    }
    var kind: String
    var nextPageToken: String?
    var items: [Item]
}

/// A videos.list page with every part an API key reads, as an app would decode it with
/// JSONDecoder: the fields schema 2's video records carry.
struct VideoAllPartsListResponse: Decodable {
    struct RegionRestriction: Decodable {
        var allowed: [String]?
        var blocked: [String]?
    }
    struct ContentDetails: Decodable {
        var duration: String?
        var dimension: String?
        var definition: String?
        var caption: String?
        var licensedContent: Bool?
        var regionRestriction: RegionRestriction?
        var contentRating: [String: String]?
        var projection: String?
    }
    struct Status: Decodable {
        var uploadStatus: String?
        var privacyStatus: String?
        var license: String?
        var embeddable: Bool?
        var publicStatsViewable: Bool?
        var madeForKids: Bool?
        var containsSyntheticMedia: Bool?
    }
    struct TopicDetails: Decodable {
        var topicIds: [String]?
        var relevantTopicIds: [String]?
        var topicCategories: [String]?
    }
    struct Location: Decodable {
        var latitude: Double
        var longitude: Double
        var altitude: Double?
    }
    struct RecordingDetails: Decodable {
        var recordingDate: String?
        var location: Location?
    }
    struct LiveStreamingDetails: Decodable {
        var actualStartTime: String?
        var actualEndTime: String?
        var scheduledStartTime: String?
        var scheduledEndTime: String?
        var concurrentViewers: String?
        var activeLiveChatId: String?
    }
    struct PaidProductPlacementDetails: Decodable {
        var hasPaidProductPlacement: Bool?
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: VideoListResponse.Snippet
        var contentDetails: ContentDetails
        var statistics: VideoListResponse.Statistics
        var status: Status?
        var topicDetails: TopicDetails?
        var recordingDetails: RecordingDetails?
        var liveStreamingDetails: LiveStreamingDetails?
        var paidProductPlacementDetails: PaidProductPlacementDetails?
    }
    var kind: String
    var items: [Item]
}

/// A channels.list page with every part an API key reads: the fields schema 2's channel records
/// carry.
struct ChannelAllPartsListResponse: Decodable {
    struct Status: Decodable {
        var privacyStatus: String?
        var isLinked: Bool?
        var longUploadsStatus: String?
        var madeForKids: Bool?
    }
    struct TopicDetails: Decodable {
        var topicIds: [String]?
        var topicCategories: [String]?
    }
    struct BrandingChannel: Decodable {
        var keywords: String?
        var unsubscribedTrailer: String?
    }
    struct BrandingImage: Decodable {
        var bannerExternalUrl: String?
    }
    struct BrandingSettings: Decodable {
        var channel: BrandingChannel?
        var image: BrandingImage?
    }
    struct Item: Decodable {
        var kind: String
        var id: String
        var snippet: ChannelListResponse.Snippet
        var contentDetails: ChannelListResponse.ContentDetails
        var statistics: ChannelListResponse.Statistics
        var status: Status?
        var topicDetails: TopicDetails?
        var brandingSettings: BrandingSettings?
    }
    var kind: String
    var items: [Item]
}
