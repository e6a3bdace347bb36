import Foundation

/// A search.list query with typed filters.
///
/// ```swift
/// var query = SearchQuery("programming", type: .video)
/// query.regionCode = "US"
/// query.order = .relevance
/// let request = try APIRequest.search(query)
/// ```
///
/// Nothing is checked while the properties are set; ``validate()`` (called by every request
/// builder) rejects invalid values and combinations with an error naming the parameter,
/// the value and what is allowed.
public struct SearchQuery: Sendable, Hashable {
    /// The query term (`q`). The API understands `-` (NOT) and `|` (OR).
    public var q: String?
    /// The kinds of resource returned; `nil` sends no `type`, which the API reads as all kinds.
    public var type: ResourceType?
    /// Results per page, 0–50 (the API's default is 5).
    public var maxResults: Int = 5
    public var order: Order?
    public var channelId: String?
    public var channelType: ChannelType?
    public var location: GeoLocation?
    public var locationRadius: Distance?
    /// ISO 3166-1 alpha-2 country code, e.g. `US`.
    public var regionCode: String?
    /// ISO 639-1 language code, e.g. `en`, `zh-Hans`.
    public var relevanceLanguage: String?
    public var publishedAfter: Date?
    public var publishedBefore: Date?
    public var pageToken: String?
    public var safeSearch: SafeSearch?
    public var topicId: String?
    /// Only videos uploaded through the calling project (needs the project's credentials).
    public var forDeveloper: Bool?
    /// Only the authenticated user's videos (needs OAuth; an API key alone is refused by the API).
    public var forMine: Bool?
    public var eventType: EventType?
    public var videoCaption: VideoCaption?
    public var videoCategoryId: String?
    public var videoDefinition: VideoDefinition?
    public var videoDimension: VideoDimension?
    public var videoDuration: VideoDuration?
    public var videoEmbeddable: AnyOrTrue?
    public var videoLicense: VideoLicense?
    public var videoPaidProductPlacement: AnyOrTrue?
    public var videoSyndicated: AnyOrTrue?
    public var videoType: VideoType?

    /// - Parameters:
    ///   - q: the query term, or `nil` for a filter-only search.
    ///   - type: the kinds of resource to return; `nil` for all.
    ///   - maxResults: results per page, 0–50.
    public init(_ q: String? = nil, type: ResourceType? = nil, maxResults: Int = 5) {
        self.q = q
        self.type = type
        self.maxResults = maxResults
    }

    /// Whether any filter that only applies to videos is set.
    var videoOnlyFilters: [(name: String, value: String)] {
        var set: [(String, String)] = []
        if let eventType { set.append(("eventType", eventType.rawValue)) }
        if let videoCaption { set.append(("videoCaption", videoCaption.rawValue)) }
        if let videoCategoryId { set.append(("videoCategoryId", videoCategoryId)) }
        if let videoDefinition { set.append(("videoDefinition", videoDefinition.rawValue)) }
        if let videoDimension { set.append(("videoDimension", videoDimension.rawValue)) }
        if let videoDuration { set.append(("videoDuration", videoDuration.rawValue)) }
        if let videoEmbeddable { set.append(("videoEmbeddable", videoEmbeddable.rawValue)) }
        if let videoLicense { set.append(("videoLicense", videoLicense.rawValue)) }
        if let videoPaidProductPlacement {
            set.append(("videoPaidProductPlacement", videoPaidProductPlacement.rawValue))
        }
        if let videoSyndicated { set.append(("videoSyndicated", videoSyndicated.rawValue)) }
        if let videoType { set.append(("videoType", videoType.rawValue)) }
        if let location { set.append(("location", location.apiValue)) }
        if let locationRadius { set.append(("locationRadius", locationRadius.apiValue)) }
        if forMine == true { set.append(("forMine", "true")) }
        return set
    }

    /// The query parameters in the API's spelling, in a stable order (without `part`).
    public var apiParameters: [APIRequest.Parameter] {
        var out: [APIRequest.Parameter] = []
        func add(_ name: String, _ value: String?) {
            if let value { out.append(APIRequest.Parameter(name, value)) }
        }
        add("q", q)
        add("type", type?.apiValue)
        add("maxResults", String(maxResults))
        add("order", order?.rawValue)
        add("channelId", channelId)
        add("channelType", channelType?.rawValue)
        add("location", location?.apiValue)
        add("locationRadius", locationRadius?.apiValue)
        add("regionCode", regionCode)
        add("relevanceLanguage", relevanceLanguage)
        add("publishedAfter", publishedAfter.map(RFC3339.format))
        add("publishedBefore", publishedBefore.map(RFC3339.format))
        add("safeSearch", safeSearch?.rawValue)
        add("topicId", topicId)
        add("forDeveloper", forDeveloper.map { String($0) })
        add("forMine", forMine.map { String($0) })
        add("eventType", eventType?.rawValue)
        add("videoCaption", videoCaption?.rawValue)
        add("videoCategoryId", videoCategoryId)
        add("videoDefinition", videoDefinition?.rawValue)
        add("videoDimension", videoDimension?.rawValue)
        add("videoDuration", videoDuration?.rawValue)
        add("videoEmbeddable", videoEmbeddable?.rawValue)
        add("videoLicense", videoLicense?.rawValue)
        add("videoPaidProductPlacement", videoPaidProductPlacement?.rawValue)
        add("videoSyndicated", videoSyndicated?.rawValue)
        add("videoType", videoType?.rawValue)
        add("pageToken", pageToken)
        return out
    }
}
