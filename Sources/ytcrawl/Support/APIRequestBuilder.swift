import YouTubeKit

/// One API request from `name=value` pairs, as `ytcrawl url` takes them: the library's builder
/// for the method, and an error naming any parameter the method does not take.
enum APIRequestBuilder {
    static func build(_ method: APIMethod, _ pairs: [(name: String, value: String)]) throws -> APIRequest {
        func value(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
        func ids() -> [String] { value("id")?.split(separator: ",").map(String.init) ?? [] }
        let known: Set<String>
        let request: APIRequest
        switch method {
        case .search:
            return try APIRequest.search(
                SearchQuery(parameters: pairs.filter { $0.name != "part" }),
                part: value("part") ?? APIRequest.Parts.search)
        case .videos where value("chart") != nil:
            known = ["chart", "regionCode", "videoCategoryId", "part", "pageToken"]
            request = try APIRequest.chart(
                regionCode: value("regionCode") ?? "US", videoCategoryId: value("videoCategoryId"),
                part: value("part") ?? APIRequest.Parts.videos, pageToken: value("pageToken"))
        case .videos:
            known = ["id", "part"]
            request = try APIRequest.videos(ids: ids(), part: value("part") ?? APIRequest.Parts.videos)
        case .videoCategories:
            known = ["regionCode", "part"]
            request = try APIRequest.videoCategories(regionCode: value("regionCode") ?? "US")
        case .channels:
            known = ["id", "forHandle", "forUsername", "part", "maxResults", "pageToken"]
            let lookup: APIRequest.ChannelLookup
            if let handle = value("forHandle") {
                lookup = .handle(handle)
            } else if let username = value("forUsername") {
                lookup = .username(username)
            } else {
                lookup = .ids(ids())
            }
            request = try APIRequest.channels(
                lookup, part: value("part") ?? APIRequest.Parts.channels,
                maxResults: value("maxResults").flatMap { Int($0) },
                pageToken: value("pageToken"))
        case .playlistItems:
            known = ["playlistId", "part", "maxResults", "pageToken"]
            request = try APIRequest.playlistItems(
                playlistId: value("playlistId") ?? "", part: value("part") ?? APIRequest.Parts.playlistItems,
                maxResults: value("maxResults").flatMap { Int($0) } ?? 50, pageToken: value("pageToken"))
        case .playlists:
            known = ["id", "channelId", "part", "maxResults", "pageToken"]
            let lookup: APIRequest.PlaylistLookup = value("channelId").map { .channel($0) } ?? .ids(ids())
            request = try APIRequest.playlists(
                lookup, part: value("part") ?? APIRequest.Parts.playlists,
                maxResults: value("maxResults").flatMap { Int($0) },
                pageToken: value("pageToken"))
        case .commentThreads:
            known = ["videoId", "part", "order", "searchTerms", "pageToken", "maxResults", "textFormat"]
            guard let order = APIRequest.CommentOrder(rawValue: value("order") ?? "time") else {
                throw YouTubeError.invalidParameter(
                    name: "order", value: value("order") ?? "", allowed: "time or relevance")
            }
            request = try APIRequest.commentThreads(
                videoId: value("videoId") ?? "", order: order, searchTerms: value("searchTerms"),
                pageToken: value("pageToken"), part: value("part") ?? APIRequest.Parts.commentThreads,
                maxResults: value("maxResults").flatMap { Int($0) } ?? 100)
        case .comments:
            known = ["parentId", "part", "pageToken", "maxResults", "textFormat"]
            request = try APIRequest.replies(
                parentId: value("parentId") ?? "", pageToken: value("pageToken"),
                part: value("part") ?? APIRequest.Parts.comments,
                maxResults: value("maxResults").flatMap { Int($0) } ?? 100)
        case .batchGetStats:
            known = ["id", "part"]
            request = try APIRequest.batchGetStats(ids: ids(), part: value("part") ?? APIRequest.Parts.batchGetStats)
        case .liveChatMessages:
            known = ["liveChatId", "part", "maxResults", "pageToken"]
            request = try APIRequest.liveChatMessages(
                liveChatId: value("liveChatId") ?? "", part: value("part") ?? APIRequest.Parts.liveChatMessages,
                maxResults: value("maxResults").flatMap { Int($0) } ?? 2000, pageToken: value("pageToken"))
        case .channelSections, .subscriptions:
            // No builder of their own yet: the parameters as given, `part` first.
            known =
                method == .channelSections
                ? ["channelId", "id", "part"]
                : ["channelId", "part", "maxResults", "pageToken", "order", "forChannelId"]
            request = APIRequest(
                method: method,
                parameters: [APIRequest.Parameter("part", value("part") ?? "snippet")]
                    + pairs.filter { $0.name != "part" }.map { APIRequest.Parameter($0.name, $0.value) })
        }
        if let unknown = pairs.first(where: { !known.contains($0.name) }) {
            let hint = Spelling.nearest(to: unknown.name, in: Array(known)).map { " (did you mean \($0)?)" } ?? ""
            throw YouTubeError.invalidParameter(
                name: unknown.name, value: unknown.value,
                allowed: "a \(method.quotaName) parameter: \(known.sorted().joined(separator: ", "))\(hint)")
        }
        return request
    }
}
