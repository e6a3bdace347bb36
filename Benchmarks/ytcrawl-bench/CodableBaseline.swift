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
