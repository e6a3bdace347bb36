/// Builders for every list request ytcrawl makes. Each validates its input before a request exists.
extension APIRequest {
    /// The parts ytcrawl asks for by default.
    public enum Parts {
        public static let search = "snippet"
        public static let videos =
            "snippet,contentDetails,statistics,status,topicDetails,recordingDetails,liveStreamingDetails,paidProductPlacementDetails"
        public static let channels = "snippet,contentDetails,statistics,status,topicDetails,brandingSettings"
        /// Every part of videos.list an API key can read (owner-only parts are not returned to one).
        public static let videoPartNames = [
            "id", "snippet", "contentDetails", "statistics", "status", "topicDetails", "recordingDetails",
            "liveStreamingDetails", "paidProductPlacementDetails", "localizations", "player",
        ]
        /// Every part of channels.list an API key can read.
        public static let channelPartNames = [
            "id", "snippet", "contentDetails", "statistics", "status", "topicDetails", "brandingSettings",
            "localizations", "contentOwnerDetails",
        ]
        public static let playlistItems = "snippet,contentDetails"
        /// A playlist's video ids and publish dates only, for videos hydrated after.
        public static let playlistItemIds = "contentDetails"
        public static let playlists = "snippet,contentDetails"
        /// What a `playlists` record holds: also its privacy and podcast status.
        public static let playlistRecords = "snippet,contentDetails,status"
        /// A channel's shelves: their type, title and the channels they feature.
        public static let channelSections = "snippet,contentDetails"
        /// A channel's subscriptions: the subscribed channel's id (`resourceId`).
        public static let subscriptions = "snippet"
        public static let commentThreads = "snippet,replies"
        public static let comments = "snippet"
        /// What a statistics snapshot asks of `videos:batchGetStats`.
        public static let batchGetStats = "statistics,contentDetails"
        /// A live chat's messages: their text, type, amounts and authors.
        public static let liveChatMessages = "snippet,authorDetails"
        /// What a statistics snapshot asks of videos.list (`--method videos`).
        public static let videoStatistics = "id,statistics,contentDetails"
    }

    /// The order of a video's comment threads.
    public enum CommentOrder: String, Sendable, Hashable, CaseIterable, Codable {
        /// Newest first (the API's default).
        case time
        /// The API's relevance ranking.
        case relevance
    }

    /// commentThreads.list of one video: up to 100 threads a page, each with a few of its
    /// replies, as plain text (1 unit a page).
    ///
    /// - Throws: ``YouTubeError`` for a malformed video id or page token, or `searchTerms` with a
    ///   line break.
    public static func commentThreads(
        videoId: String, order: CommentOrder = .time, searchTerms: String? = nil, pageToken: String? = nil,
        part: String = Parts.commentThreads, maxResults: Int = 100
    ) throws -> APIRequest {
        try checkIds([videoId], name: "videoId", example: "dQw4w9WgXcQ")
        var parameters = [
            Parameter("part", part), Parameter("videoId", videoId), Parameter("maxResults", String(maxResults)),
            Parameter("order", order.rawValue), Parameter("textFormat", "plainText"),
        ]
        if let searchTerms {
            guard !searchTerms.isEmpty, !searchTerms.contains(where: \.isNewline) else {
                throw YouTubeError.invalidParameter(
                    name: "searchTerms", value: searchTerms, allowed: "words on one line")
            }
            parameters.append(Parameter("searchTerms", searchTerms))
        }
        try appendCommentPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .commentThreads, parameters: parameters)
    }

    /// comments.list of a thread's replies (`parentId`): up to 100 a page, as plain text.
    public static func replies(
        parentId: String, pageToken: String? = nil, part: String = Parts.comments, maxResults: Int = 100
    ) throws -> APIRequest {
        guard SearchQuery.isIdentifier(parentId) else {
            throw YouTubeError.invalidParameter(
                name: "parentId", value: parentId, allowed: "a comment thread id such as UgzDE2tasfmrYLyNkGt4AaABAg")
        }
        var parameters = [
            Parameter("part", part), Parameter("parentId", parentId), Parameter("maxResults", String(maxResults)),
            Parameter("textFormat", "plainText"),
        ]
        try appendCommentPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .comments, parameters: parameters)
    }

    /// commentThreads.list of up to 50 threads by id (a top-level comment's id is its thread's),
    /// without their replies, as plain text (1 unit). The API takes no `maxResults` with `id`.
    ///
    /// - Throws: ``YouTubeError`` for an empty or malformed id list, or more than 50 ids.
    public static func commentThreads(ids: [String], part: String = "snippet") throws -> APIRequest {
        try commentsById(.commentThreads, ids: ids, part: part)
    }

    /// comments.list of up to 50 comments by id, top-level or replies (`threadId.replyId`), as
    /// plain text (1 unit). A reply read this way carries no `videoId`.
    ///
    /// - Throws: ``YouTubeError`` for an empty or malformed id list, or more than 50 ids.
    public static func comments(ids: [String], part: String = Parts.comments) throws -> APIRequest {
        try commentsById(.comments, ids: ids, part: part)
    }

    private static func commentsById(_ method: APIMethod, ids: [String], part: String) throws -> APIRequest {
        try checkCommentIds(ids)
        return APIRequest(
            method: method,
            parameters: [
                Parameter("part", part), Parameter("id", ids.joined(separator: ",")),
                Parameter("textFormat", "plainText"),
            ])
    }

    private static func checkCommentIds(_ ids: [String]) throws {
        guard (1...50).contains(ids.count) else {
            throw YouTubeError.invalidParameter(
                name: "id", value: "\(ids.count) ids", allowed: "from 1 to 50 ids per request")
        }
        if let bad = ids.first(where: { id in
            !id.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                SearchQuery.isIdentifier(String($0))
            }
        }) {
            throw YouTubeError.invalidParameter(
                name: "id", value: bad, allowed: "comment ids such as UgzDE2tasfmrYLyNkGt4AaABAg")
        }
    }

    private static func appendCommentPaging(
        _ parameters: inout [Parameter], maxResults: Int, pageToken: String?
    ) throws {
        guard (1...100).contains(maxResults) else {
            throw YouTubeError.invalidParameter(
                name: "maxResults", value: String(maxResults), allowed: "a whole number from 1 to 100")
        }
        if let pageToken {
            // Comment page tokens are base64 (`=`, `+`, `/`): any visible ASCII, sent percent-encoded.
            guard !pageToken.isEmpty, pageToken.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw YouTubeError.invalidParameter(
                    name: "pageToken", value: pageToken, allowed: "a nextPageToken exactly as the API returned it")
            }
            parameters.append(Parameter("pageToken", pageToken))
        }
    }

    /// search.list for `query`.
    ///
    /// - Throws: ``YouTubeError`` when the query is invalid (see ``SearchQuery/validate()``).
    public static func search(_ query: SearchQuery, part: String = Parts.search) throws -> APIRequest {
        try query.validate()
        return APIRequest(method: .search, parameters: [Parameter("part", part)] + query.apiParameters)
    }

    /// How channels.list finds a channel.
    public enum ChannelLookup: Sendable, Hashable {
        /// One or more channel ids (`UC…`), at most 50.
        case ids([String])
        /// A handle, with or without its `@`.
        case handle(String)
        /// A legacy username.
        case username(String)
    }

    /// channels.list by ids, handle or legacy username.
    ///
    /// - Throws: ``YouTubeError`` for an empty or malformed id list, or more than 50 ids.
    public static func channels(
        _ lookup: ChannelLookup, part: String = Parts.channels, maxResults: Int? = nil, pageToken: String? = nil
    ) throws -> APIRequest {
        var parameters = [Parameter("part", part)]
        switch lookup {
        case .ids(let ids):
            try checkIds(ids, name: "id", example: "UC_x5XG1OV2P6uZZ5FSM9Ttw")
            parameters.append(Parameter("id", ids.joined(separator: ",")))
        case .handle(let handle):
            let bare = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
            guard !bare.isEmpty, !bare.contains(where: { $0 == "/" || $0 == "?" || $0 == " " }) else {
                throw YouTubeError.invalidParameter(
                    name: "forHandle", value: handle, allowed: "a channel handle such as @GoogleDevelopers")
            }
            parameters.append(Parameter("forHandle", "@" + bare))
        case .username(let username):
            guard !username.isEmpty else {
                throw YouTubeError.invalidParameter(
                    name: "forUsername", value: username, allowed: "a non-empty legacy username")
            }
            parameters.append(Parameter("forUsername", username))
        }
        try appendPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .channels, parameters: parameters)
    }

    /// playlistItems.list of one playlist (an uploads playlist `UU…` or any other).
    public static func playlistItems(
        playlistId: String, part: String = Parts.playlistItems, maxResults: Int = 50, pageToken: String? = nil
    ) throws -> APIRequest {
        guard SearchQuery.isIdentifier(playlistId) else {
            throw YouTubeError.invalidParameter(
                name: "playlistId", value: playlistId,
                allowed: "a playlist id such as PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR")
        }
        var parameters = [Parameter("part", part), Parameter("playlistId", playlistId)]
        try appendPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .playlistItems, parameters: parameters)
    }

    /// videos.list of 1 to 50 ids: one unit hydrates up to 50 videos.
    public static func videos(ids: [String], part: String = Parts.videos) throws -> APIRequest {
        try checkIds(ids, name: "id", example: "dQw4w9WgXcQ")
        return APIRequest(
            method: .videos,
            parameters: [Parameter("part", part), Parameter("id", ids.joined(separator: ","))])
    }

    /// videos.list `chart=mostPopular`: a region's most popular videos (of a category), 50 a page,
    /// up to 200 (1 unit a page). Since July 2025 the Trending Music, Movies and Gaming charts
    /// are served here by their categories (10, 30, 20).
    public static func chart(
        regionCode: String, videoCategoryId: String? = nil, part: String = Parts.videos, pageToken: String? = nil
    ) throws -> APIRequest {
        guard RegionCodes.isValid(regionCode) else {
            throw YouTubeError.invalidParameter(
                name: "regionCode", value: regionCode, allowed: "an ISO 3166-1 alpha-2 country code such as US")
        }
        var parameters = [
            Parameter("part", part), Parameter("chart", "mostPopular"), Parameter("regionCode", regionCode),
        ]
        if let videoCategoryId {
            guard !videoCategoryId.isEmpty, videoCategoryId.allSatisfy(\.isASCII),
                videoCategoryId.allSatisfy(\.isNumber)
            else {
                throw YouTubeError.invalidParameter(
                    name: "videoCategoryId", value: videoCategoryId, allowed: "a category number such as 10")
            }
            parameters.append(Parameter("videoCategoryId", videoCategoryId))
        }
        try appendPaging(&parameters, maxResults: 50, pageToken: pageToken)
        return APIRequest(method: .videos, parameters: parameters)
    }

    /// videoCategories.list of a region: every category's title and whether videos may be put
    /// in it (1 unit).
    public static func videoCategories(regionCode: String, part: String = "snippet") throws -> APIRequest {
        guard RegionCodes.isValid(regionCode) else {
            throw YouTubeError.invalidParameter(
                name: "regionCode", value: regionCode, allowed: "an ISO 3166-1 alpha-2 country code such as US")
        }
        return APIRequest(
            method: .videoCategories, parameters: [Parameter("part", part), Parameter("regionCode", regionCode)])
    }

    /// `videos:batchGetStats` of 1 to 50 ids: their counts and duration, 1 unit (its own bucket
    /// in the `buckets` model).
    public static func batchGetStats(ids: [String], part: String = Parts.batchGetStats) throws -> APIRequest {
        try checkIds(ids, name: "id", example: "dQw4w9WgXcQ")
        return APIRequest(
            method: .batchGetStats,
            parameters: [Parameter("part", part), Parameter("id", ids.joined(separator: ","))])
    }

    /// channelSections.list of one channel: its shelves, the featured channels among them
    /// (1 unit, one page: the method has no paging).
    public static func channelSections(channelId: String, part: String = Parts.channelSections) throws -> APIRequest {
        try checkChannelId(channelId)
        return APIRequest(
            method: .channelSections, parameters: [Parameter("part", part), Parameter("channelId", channelId)])
    }

    /// subscriptions.list of one channel's public subscriptions, 50 a page (1 unit a page).
    public static func subscriptions(
        channelId: String, part: String = Parts.subscriptions, maxResults: Int = 50, pageToken: String? = nil
    ) throws -> APIRequest {
        try checkChannelId(channelId)
        var parameters = [Parameter("part", part), Parameter("channelId", channelId)]
        try appendPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .subscriptions, parameters: parameters)
    }

    /// liveChatMessages.list of one live chat: the messages since `pageToken` (the latest ~75
    /// without one), up to `maxResults` (200 to 2,000), 5 units a call.
    public static func liveChatMessages(
        liveChatId: String, part: String = Parts.liveChatMessages, maxResults: Int = 2000, pageToken: String? = nil
    ) throws -> APIRequest {
        guard SearchQuery.isIdentifier(liveChatId) else {
            throw YouTubeError.invalidParameter(
                name: "liveChatId", value: liveChatId,
                allowed: "a video's liveStreamingDetails.activeLiveChatId exactly as the API returned it")
        }
        guard (200...2000).contains(maxResults) else {
            throw YouTubeError.invalidParameter(
                name: "maxResults", value: String(maxResults), allowed: "a whole number from 200 to 2000")
        }
        var parameters = [
            Parameter("part", part), Parameter("liveChatId", liveChatId), Parameter("maxResults", String(maxResults)),
        ]
        try appendPaging(&parameters, maxResults: nil, pageToken: pageToken)
        return APIRequest(method: .liveChatMessages, parameters: parameters)
    }

    private static func checkChannelId(_ channelId: String) throws {
        guard SearchQuery.isIdentifier(channelId) else {
            throw YouTubeError.invalidParameter(
                name: "channelId", value: channelId, allowed: "a channel id such as UC_x5XG1OV2P6uZZ5FSM9Ttw")
        }
    }

    /// How playlists.list finds playlists.
    public enum PlaylistLookup: Sendable, Hashable {
        case ids([String])
        case channel(String)
    }

    /// playlists.list by ids or by owning channel.
    public static func playlists(
        _ lookup: PlaylistLookup, part: String = Parts.playlists, maxResults: Int? = nil, pageToken: String? = nil
    ) throws -> APIRequest {
        var parameters = [Parameter("part", part)]
        switch lookup {
        case .ids(let ids):
            try checkIds(ids, name: "id", example: "PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR")
            parameters.append(Parameter("id", ids.joined(separator: ",")))
        case .channel(let channelId):
            try checkChannelId(channelId)
            parameters.append(Parameter("channelId", channelId))
        }
        try appendPaging(&parameters, maxResults: maxResults, pageToken: pageToken)
        return APIRequest(method: .playlists, parameters: parameters)
    }

    private static func checkIds(_ ids: [String], name: String, example: String) throws {
        guard (1...50).contains(ids.count) else {
            throw YouTubeError.invalidParameter(
                name: name, value: "\(ids.count) ids", allowed: "from 1 to 50 ids per request")
        }
        if let bad = ids.first(where: { !SearchQuery.isIdentifier($0) }) {
            throw YouTubeError.invalidParameter(name: name, value: bad, allowed: "ids such as \(example)")
        }
    }

    private static func appendPaging(_ parameters: inout [Parameter], maxResults: Int?, pageToken: String?) throws {
        if let maxResults {
            guard (0...50).contains(maxResults) else {
                throw YouTubeError.invalidParameter(
                    name: "maxResults", value: String(maxResults), allowed: "a whole number from 0 to 50")
            }
            parameters.append(Parameter("maxResults", String(maxResults)))
        }
        if let pageToken {
            guard SearchQuery.isIdentifier(pageToken) else {
                throw YouTubeError.invalidParameter(
                    name: "pageToken", value: pageToken, allowed: "a nextPageToken exactly as the API returned it")
            }
            parameters.append(Parameter("pageToken", pageToken))
        }
    }
}
