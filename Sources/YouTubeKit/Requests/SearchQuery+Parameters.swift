extension SearchQuery {
    /// The search.list parameters ``set(_:to:)`` understands, in the API's spelling.
    public static let parameterNames: [String] = [
        "q", "type", "maxResults", "order", "channelId", "channelType", "location", "locationRadius",
        "regionCode", "relevanceLanguage", "publishedAfter", "publishedBefore", "pageToken", "safeSearch",
        "topicId", "forDeveloper", "forMine", "eventType", "videoCaption", "videoCategoryId",
        "videoDefinition", "videoDimension", "videoDuration", "videoEmbeddable", "videoLicense",
        "videoPaidProductPlacement", "videoSyndicated", "videoType",
    ]

    /// Builds a query from API-spelled name/value pairs (a seeds line, a query string), then validates it.
    ///
    /// - Throws: ``YouTubeError`` naming the first unknown parameter or invalid value.
    public init(parameters: some Sequence<(name: String, value: String)>) throws {
        self.init()
        for (name, value) in parameters {
            try set(name, to: value)
        }
        try validate()
    }

    /// Sets one parameter from its API spelling (`order` = `date`), checking the value's form.
    /// Combinations are checked by ``validate()``.
    ///
    /// - Throws: ``YouTubeError/invalidParameter(name:value:allowed:)`` for an unknown name or a malformed value.
    public mutating func set(_ name: String, to value: String) throws {
        switch name {
        case "q": q = value
        case "type":
            type = try Self.parse(name, value, "one or more of video, channel, playlist, comma-separated") {
                ResourceType(apiValue: $0)
            }
        case "maxResults":
            maxResults = try Self.parse(name, value, "a whole number from 0 to 50") { Int($0) }
        case "order": order = try Self.parseEnum(name, value)
        case "channelId": channelId = value
        case "channelType": channelType = try Self.parseEnum(name, value)
        case "location":
            location = try Self.parse(name, value, "latitude,longitude such as 37.42,-122.08") {
                GeoLocation(apiValue: $0)
            }
        case "locationRadius":
            locationRadius = try Self.parse(name, value, "a distance with unit m, km, ft or mi, such as 10km") {
                Distance(apiValue: $0)
            }
        case "regionCode": regionCode = value
        case "relevanceLanguage": relevanceLanguage = value
        case "publishedAfter":
            publishedAfter = try Self.parse(name, value, "an RFC 3339 time such as 2024-01-01T00:00:00Z") {
                RFC3339.parseDate($0)
            }
        case "publishedBefore":
            publishedBefore = try Self.parse(name, value, "an RFC 3339 time such as 2024-01-01T00:00:00Z") {
                RFC3339.parseDate($0)
            }
        case "pageToken": pageToken = value
        case "safeSearch": safeSearch = try Self.parseEnum(name, value)
        case "topicId": topicId = value
        case "forDeveloper": forDeveloper = try Self.parse(name, value, "true or false") { Bool($0) }
        case "forMine": forMine = try Self.parse(name, value, "true or false") { Bool($0) }
        case "eventType": eventType = try Self.parseEnum(name, value)
        case "videoCaption": videoCaption = try Self.parseEnum(name, value)
        case "videoCategoryId": videoCategoryId = value
        case "videoDefinition": videoDefinition = try Self.parseEnum(name, value)
        case "videoDimension": videoDimension = try Self.parseEnum(name, value)
        case "videoDuration": videoDuration = try Self.parseEnum(name, value)
        case "videoEmbeddable": videoEmbeddable = try Self.parseEnum(name, value)
        case "videoLicense": videoLicense = try Self.parseEnum(name, value)
        case "videoPaidProductPlacement": videoPaidProductPlacement = try Self.parseEnum(name, value)
        case "videoSyndicated": videoSyndicated = try Self.parseEnum(name, value)
        case "videoType": videoType = try Self.parseEnum(name, value)
        default:
            throw YouTubeError.invalidParameter(
                name: name, value: value,
                allowed: "a search.list parameter"
                    + (Spelling.nearest(to: name, in: Self.parameterNames).map { " (did you mean \($0)?)" } ?? ""))
        }
    }

    private static func parse<T>(_ name: String, _ value: String, _ allowed: String, _ make: (String) -> T?) throws -> T
    {
        guard let parsed = make(value) else {
            throw YouTubeError.invalidParameter(name: name, value: value, allowed: allowed)
        }
        return parsed
    }

    private static func parseEnum<T: RawRepresentable & CaseIterable>(_ name: String, _ value: String) throws -> T
    where T.RawValue == String {
        try parse(name, value, "one of " + T.allCases.map(\.rawValue).joined(separator: ", ")) { T(rawValue: $0) }
    }
}
