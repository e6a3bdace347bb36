extension SearchQuery {
    /// Checks every value and combination the API would refuse, before any request is made.
    ///
    /// - Throws: ``YouTubeError/invalidParameter(name:value:allowed:)`` naming the first
    ///   offending parameter, its value and what is allowed.
    public func validate() throws {
        guard (0...50).contains(maxResults) else {
            throw YouTubeError.invalidParameter(
                name: "maxResults", value: String(maxResults), allowed: "a whole number from 0 to 50")
        }
        if let type, type.isEmpty {
            throw YouTubeError.invalidParameter(
                name: "type", value: "", allowed: "one or more of video, channel, playlist")
        }
        switch (location, locationRadius) {
        case (let location?, nil):
            throw YouTubeError.invalidParameter(
                name: "locationRadius", value: "",
                allowed: "a radius such as 10km is required when location (\(location.apiValue)) is set")
        case (nil, let radius?):
            throw YouTubeError.invalidParameter(
                name: "location", value: "",
                allowed: "a latitude,longitude point is required when locationRadius (\(radius.apiValue)) is set")
        case (let location?, let radius?):
            guard location.isValid else {
                throw YouTubeError.invalidParameter(
                    name: "location", value: location.apiValue,
                    allowed: "latitude from -90 to 90 and longitude from -180 to 180, as 37.42,-122.08")
            }
            guard radius.isValid else {
                throw YouTubeError.invalidParameter(
                    name: "locationRadius", value: radius.apiValue,
                    allowed: "a positive distance of at most 1000 km in m, km, ft or mi, as 10km")
            }
        case (nil, nil):
            break
        }
        if type != .video, let filter = videoOnlyFilters.first {
            throw YouTubeError.invalidParameter(
                name: filter.name, value: filter.value,
                allowed: "only with type=video (type is \(type?.apiValue ?? "not set, meaning video,channel,playlist"))"
            )
        }
        if let regionCode, !RegionCodes.isValid(regionCode) {
            throw YouTubeError.invalidParameter(
                name: "regionCode", value: regionCode,
                allowed: "an ISO 3166-1 alpha-2 country code in capitals, such as US, GB or JP")
        }
        if let relevanceLanguage, !Self.isLanguageTag(relevanceLanguage) {
            throw YouTubeError.invalidParameter(
                name: "relevanceLanguage", value: relevanceLanguage,
                allowed: "an ISO 639-1 language code such as en or fr (zh-Hans and zh-Hant for Chinese)")
        }
        if let after = publishedAfter, let before = publishedBefore, after >= before {
            throw YouTubeError.invalidParameter(
                name: "publishedBefore", value: RFC3339.format(before),
                allowed: "a time later than publishedAfter (\(RFC3339.format(after)))")
        }
        if let channelId, !Self.isIdentifier(channelId) {
            throw YouTubeError.invalidParameter(
                name: "channelId", value: channelId, allowed: "a channel id such as UC_x5XG1OV2P6uZZ5FSM9Ttw")
        }
        if let videoCategoryId, videoCategoryId.isEmpty || !videoCategoryId.utf8.allSatisfy(Self.isDigit) {
            throw YouTubeError.invalidParameter(
                name: "videoCategoryId", value: videoCategoryId, allowed: "a numeric category id such as 28")
        }
        if forMine == true, forDeveloper == true {
            throw YouTubeError.invalidParameter(
                name: "forDeveloper", value: "true", allowed: "at most one of forMine and forDeveloper")
        }
        if let pageToken, !Self.isIdentifier(pageToken) {
            throw YouTubeError.invalidParameter(
                name: "pageToken", value: pageToken, allowed: "a nextPageToken exactly as the API returned it")
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Ids and page tokens: non-empty, letters, digits, `-` and `_`.
    public static func isIdentifier(_ value: String) -> Bool {
        !value.isEmpty
            && value.utf8.allSatisfy { byte in
                isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    /// A channel id as YouTube makes them: `UC` and 22 base64url characters (24 in all). A
    /// handle, a playlist id or anything else a server may put in a channel id's place is not one.
    public static func isChannelId(_ value: String) -> Bool {
        value.utf8.count == 24 && value.hasPrefix("UC") && isIdentifier(value)
    }

    /// ISO 639-1 (two letters, lower case) with an optional subtag, as `zh-Hans` or `pt-BR`.
    static func isLanguageTag(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, first.utf8.count == 2,
            first.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.utf8.count)
                && part.utf8.allSatisfy { byte in
                    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                }
        }
    }
}
