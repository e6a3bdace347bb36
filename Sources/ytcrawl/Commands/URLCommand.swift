import YouTubeKit

/// `ytcrawl url METHOD name=value…`: builds one API request with the library's builders and
/// validation, and prints its URL (never with a key) and what it costs in each quota model.
enum URLCommand {
    static let help = """
        Usage: ytcrawl url METHOD [name=value ...] [--api-base URL]

        Build one YouTube Data API request and print its URL and its quota cost in both models.
        The key is never part of the URL: the crawler sends it in the X-Goog-Api-Key header.

        METHOD is one of: search, videos, channels, playlistItems, playlists.
        Parameters use the API's spelling; search takes every search.list filter.

        Options:
          --api-base URL   the API's base URL (default: https://www.googleapis.com)
          -h, --help       show this help

        Examples:
          ytcrawl url search q=programming type=video regionCode=US order=date maxResults=50
          ytcrawl url channels forHandle=@GoogleDevelopers
          ytcrawl url videos id=dQw4w9WgXcQ,9bZkp7q19f0
        """

    static func run(_ arguments: [String]) throws -> String {
        let options = try ArgumentScanner(command: "url", valued: ["--api-base"], flags: [], arguments: arguments)
        if options.wantsHelp { return help }
        let base = options.string("--api-base") ?? APIRequest.defaultBase
        let positional = options.positional
        guard let methodName = positional.first else {
            throw UsageError(
                "ytcrawl url needs a METHOD (search, videos, channels, playlistItems, playlists); see ytcrawl url --help"
            )
        }
        guard let method = APIMethod(pathName: methodName) else {
            let names = APIMethod.allCases.map(\.pathName)
            let hint = Spelling.nearest(to: methodName, in: names).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown METHOD \"\(methodName)\"\(hint): use one of \(names.joined(separator: ", "))")
        }
        var pairs: [(name: String, value: String)] = []
        for (position, argument) in positional.dropFirst().enumerated() {
            guard let equals = argument.firstIndex(of: "=") else {
                throw UsageError("argument \(position + 2) \"\(argument)\" is not name=value, as q=programming")
            }
            pairs.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        let request: APIRequest
        do {
            request = try build(method, pairs)
        } catch let error as YouTubeError {
            throw UsageError(error.description)
        }
        let costs = QuotaModel.allCases.map { "\($0.rawValue): \(request.charge(under: $0))" }
        return request.urlString(base: base) + "\n" + "cost — " + costs.joined(separator: ", ")
    }

    private static func build(_ method: APIMethod, _ pairs: [(name: String, value: String)]) throws -> APIRequest {
        func value(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
        func ids() -> [String] { value("id")?.split(separator: ",").map(String.init) ?? [] }
        let known: Set<String>
        let request: APIRequest
        switch method {
        case .search:
            return try APIRequest.search(
                SearchQuery(parameters: pairs.filter { $0.name != "part" }),
                part: value("part") ?? APIRequest.Parts.search)
        case .videos:
            known = ["id", "part"]
            request = try APIRequest.videos(ids: ids(), part: value("part") ?? APIRequest.Parts.videos)
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
