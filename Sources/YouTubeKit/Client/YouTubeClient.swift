import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The YouTube Data API v3 for an app: search, videos, channels and playlist items as `Video`
/// and `Channel` values, one page at a time or as an `AsyncSequence` of pages.
///
///     let client = try YouTubeClient(apiKey: key)
///     let page = try await client.search(SearchQuery("programming", type: .video, maxResults: 20))
///     for video in page.items.sortedByDate() { print(video.title ?? "", video.embedURL) }
///
/// Requests are validated before they are sent (``YouTubeError/invalidParameter(name:value:allowed:)``);
/// the API's error bodies arrive as ``YouTubeError/api(_:)`` with their reason and disposition.
/// The key travels in the `X-Goog-Api-Key` header, never in a URL, and no error carries it.
public struct YouTubeClient: Sendable {
    private let apiKey: String
    public let apiBase: String
    private let session: URLSession

    /// - Parameters:
    ///   - apiKey: a YouTube Data API key (Google Cloud console → APIs & Services → Credentials).
    ///   - apiBase: `https://www.googleapis.com`, or the emulator's `http://127.0.0.1:PORT`.
    ///   - session: the URLSession to send with.
    /// - Throws: ``YouTubeError`` when `apiBase` is not an http(s) URL, or is plain http to a host
    ///   that is not loopback (the key would cross the network in clear).
    public init(apiKey: String, apiBase: String = APIRequest.defaultBase, session: URLSession = .shared) throws {
        guard let url = URL(string: apiBase), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else {
            throw YouTubeError.invalidParameter(
                name: "apiBase", value: apiBase, allowed: "an http(s) URL such as https://www.googleapis.com")
        }
        guard scheme == "https" || APIRequest.isLoopback(host: host) else {
            throw YouTubeError.invalidParameter(
                name: "apiBase", value: apiBase,
                allowed:
                    "https://, or plain http:// only to a loopback address (the emulator): the key must not cross the network in clear"
            )
        }
        self.apiKey = apiKey
        self.apiBase = apiBase.hasSuffix("/") ? String(apiBase.dropLast()) : apiBase
        self.session = session
    }

    // MARK: One page

    /// One page of search results; the videos among them (channels and playlists are listed in
    /// `channelIds` / `playlistIds`). Snippet text comes HTML-escaped from the API and is decoded.
    public func search(_ query: SearchQuery) async throws -> ListPage<Video> {
        let root = try await send(try APIRequest.search(query))
        var page = Self.page(root, items: [Video]())
        for item in Self.items(root) {
            if let video = item.searchVideo() {
                page.items.append(video)
            } else if let channel = item.idChannelId {
                page.channelIds.append(channel)
            } else if let playlist = item.idPlaylistId {
                page.playlistIds.append(playlist)
            }
        }
        return page
    }

    /// Full records (snippet, contentDetails, statistics) of up to 50 videos, in the order given;
    /// ids the API does not know are left out.
    public func videos(ids: [String]) async throws -> [Video] {
        guard !ids.isEmpty else { return [] }
        let root = try await send(try APIRequest.videos(ids: ids))
        return Self.items(root).compactMap { $0.hydratedVideo() }
    }

    /// Channels by id (up to 50), handle or username.
    public func channels(_ lookup: APIRequest.ChannelLookup) async throws -> [Channel] {
        let root = try await send(try APIRequest.channels(lookup))
        return Self.items(root).compactMap { $0.channel() }
    }

    /// One page of a playlist (a channel's uploads playlist is `UU…`). Entries dated by when the
    /// video was published, not when it was added; private and deleted entries left out.
    public func playlistItems(playlistId: String, pageToken: String? = nil) async throws -> ListPage<Video> {
        let root = try await send(try APIRequest.playlistItems(playlistId: playlistId, pageToken: pageToken))
        var page = Self.page(root, items: [Video]())
        for item in Self.items(root) {
            if item.isPlaceholder {
                page.placeholders += 1
            } else if let video = item.playlistVideo() {
                page.items.append(video)
            }
        }
        return page
    }

    /// One page of a video's comment threads (up to 100): each thread's top-level comment
    /// followed by the replies it carries, as plain text. A thread whose `totalReplyCount` is
    /// more than the replies it carries has the rest in ``replies(parentId:pageToken:)``.
    ///
    /// - Throws: ``YouTubeError/api(_:)`` with reason `commentsDisabled` for a video whose
    ///   comments are off, `videoNotFound` for one that does not exist.
    public func commentThreads(
        videoId: String, order: APIRequest.CommentOrder = .time, searchTerms: String? = nil,
        pageToken: String? = nil
    ) async throws -> ListPage<Comment> {
        let root = try await send(
            try APIRequest.commentThreads(
                videoId: videoId, order: order, searchTerms: searchTerms, pageToken: pageToken))
        return Self.page(root, items: Self.comments(root))
    }

    /// One page (up to 100) of a thread's replies, oldest first. The API does not say which video
    /// they are on (`videoId` is `nil`); ``allComments(videoId:order:)`` fills it in.
    public func replies(parentId: String, pageToken: String? = nil) async throws -> ListPage<Comment> {
        let root = try await send(try APIRequest.replies(parentId: parentId, pageToken: pageToken))
        var page = Self.page(root, items: Self.comments(root))
        for index in page.items.indices where page.items[index].parentId == nil {
            page.items[index].parentId = parentId
            page.items[index].threadId = parentId
        }
        return page
    }

    static func comments(_ root: [String: Any]) -> [Comment] {
        (root["items"] as? [Any] ?? []).flatMap { ($0 as? [String: Any]).map(Comment.comments(jsonObject:)) ?? [] }
    }

    // MARK: Paging

    /// Every page of a video's comment threads, until they end or `maxPages`.
    public func commentThreadPages(
        videoId: String, order: APIRequest.CommentOrder = .time, searchTerms: String? = nil, maxPages: Int = .max
    ) -> Pages<Comment> {
        Pages(maxPages: maxPages) { token in
            try await commentThreads(videoId: videoId, order: order, searchTerms: searchTerms, pageToken: token)
        }
    }

    /// Every page of a thread's replies.
    public func replyPages(parentId: String, maxPages: Int = .max) -> Pages<Comment> {
        Pages(maxPages: maxPages) { token in try await replies(parentId: parentId, pageToken: token) }
    }

    /// Every comment of a video, each once: each page of threads, and for a thread with more
    /// replies than it carries, all its replies from comments.list.
    public func allComments(videoId: String, order: APIRequest.CommentOrder = .time) -> AsyncThrowingStream<
        Comment, any Error
    > {
        let client = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await page in client.commentThreadPages(videoId: videoId, order: order) {
                        for top in page.items where top.parentId == nil {
                            continuation.yield(top)
                            let embedded = page.items.filter { $0.parentId == top.commentId }
                            if (top.totalReplyCount ?? 0) > embedded.count {
                                for try await replies in client.replyPages(parentId: top.commentId) {
                                    for var reply in replies.items {
                                        // comments.list does not say which video a reply is on.
                                        reply.videoId = reply.videoId ?? videoId
                                        continuation.yield(reply)
                                    }
                                }
                            } else {
                                for reply in embedded { continuation.yield(reply) }
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every page of a search, one after another, until the results end or `maxPages`.
    public func searchPages(_ query: SearchQuery, maxPages: Int = .max) -> Pages<Video> {
        Pages(maxPages: maxPages) { token in
            var next = query
            next.pageToken = token
            return try await search(next)
        }
    }

    /// Every page of a playlist, until it ends or `maxPages`.
    public func playlistPages(playlistId: String, maxPages: Int = .max) -> Pages<Video> {
        Pages(maxPages: maxPages) { token in try await playlistItems(playlistId: playlistId, pageToken: token) }
    }

    // MARK: Sending

    /// Sends a request and returns the parsed body, or throws the API's error.
    func send(_ request: APIRequest) async throws -> [String: Any] {
        guard let url = URL(string: request.urlString(base: apiBase)) else {
            throw YouTubeError.invalidParameter(name: "apiBase", value: apiBase, allowed: "an http(s) URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: urlRequest)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if let error = APIErrorBody.parse(data, httpStatus: status) { throw YouTubeError.api(error) }
        guard status == 200 else {
            throw YouTubeError.api(
                APIErrorBody(code: status, message: "HTTP \(status) from \(url.host ?? apiBase) without an error body"))
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw YouTubeError.malformedResponse("\(request.method.path): the body is not a JSON object")
        }
        return root
    }

    static func items(_ root: [String: Any]) -> [ItemFields] {
        // A missing `items` key is an empty page.
        (root["items"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(ItemFields.init(jsonObject:)) }
    }

    static func page<Element>(_ root: [String: Any], items: [Element]) -> ListPage<Element> {
        ListPage(
            items: items, nextPageToken: root["nextPageToken"] as? String,
            totalResults: ItemFields.integer((root["pageInfo"] as? [String: Any])?["totalResults"]))
    }
}
