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
