import StreamingJSON
import YouTubeKit

/// commentThreads.list and comments.list, validated as the discovery document says.
extension Endpoints {
    static let commentThreadParts: Set<String> = ["id", "snippet", "replies"]
    static let commentParts: Set<String> = ["id", "snippet"]

    /// `html` (the default) or `plainText`.
    func textFormat() throws -> Bool {
        switch parameters["textFormat"] ?? "html" {
        case "html": return true
        case "plainText": return false
        case let other:
            throw APIFailure.invalidValue(
                "textFormat", "Invalid value '\(other)'. Values must be one of: html, plainText")
        }
    }

    /// The video and thread a thread id names, when that video exists on the day.
    func threadOfTheDay(_ id: Substring) -> (video: Int, thread: Int)? {
        corpus.thread(ofId: id).flatMap { corpus.exists($0.video, onDay: day) ? $0 : nil }
    }

    // MARK: commentThreads.list

    func commentThreads() throws -> JSONValue {
        try checkKnown([
            "part", "videoId", "allThreadsRelatedToChannelId", "id", "channelId", "maxResults", "moderationStatus",
            "order", "pageToken", "searchTerms", "textFormat",
        ])
        let parts = try parts(Self.commentThreadParts)
        let html = try textFormat()
        if parameters["moderationStatus"] != nil {
            throw APIFailure(
                status: 401, reason: "authError", message: "moderationStatus needs OAuth 2.0 authorization.",
                domain: "global", statusText: "UNAUTHENTICATED")
        }
        let filters = ["videoId", "allThreadsRelatedToChannelId", "id", "channelId"].filter { parameters[$0] != nil }
        guard filters.count == 1 else {
            throw APIFailure(
                status: 400, reason: filters.isEmpty ? "missingRequiredParameter" : "incompatibleParameters",
                message: "Exactly one of videoId, allThreadsRelatedToChannelId, id, channelId must be given.",
                domain: "youtube.parameter", location: "parameters.", locationType: "other",
                statusText: "INVALID_ARGUMENT")
        }
        if parameters["id"] != nil {
            let threads = try ids().compactMap { threadOfTheDay($0) }
            let items = threads.map { thread(corpus.video($0.video), $0.thread, parts: parts, html: html) }
            return listResponse(
                kind: "youtube#commentThreadListResponse", items: items, total: items.count, offset: 0,
                pageSize: items.count, reachable: items.count)
        }
        guard let videoId = parameters["videoId"] else {
            throw APIFailure.badRequest("The emulator serves comment threads by videoId or id only.")
        }
        guard let index = corpus.videoIndex(id: Substring(videoId)), corpus.exists(index, onDay: day) else {
            throw APIFailure.videoNotFound()
        }
        let video = corpus.video(index)
        guard video.commentCount != nil else { throw APIFailure.commentsDisabled() }
        let order = parameters["order"] ?? "time"
        guard order == "time" || order == "relevance" else {
            throw APIFailure.invalidValue("order", "Invalid value '\(order)'. Values must be one of: time, relevance")
        }
        let pageSize = try maxResults(range: 1...100, default: 20)
        let offset = try offset()
        var threads = Array(corpus.threadReplyCounts(ofVideo: video).indices)
        if let terms = parameters["searchTerms"]?.lowercased(), !terms.isEmpty {
            threads = threads.filter {
                corpus.comment(video: video, thread: $0, reply: nil).text.lowercased().contains(terms)
            }
        }
        if order == "time" {
            threads.reverse()  // newest first
        } else {
            // A stable score: likes, then age.
            let likes = Dictionary(
                uniqueKeysWithValues: threads.map {
                    ($0, corpus.comment(video: video, thread: $0, reply: nil).likeCount)
                })
            threads.sort { (likes[$0] ?? 0, $1) > (likes[$1] ?? 0, $0) }
        }
        let page = threads.dropFirst(offset).prefix(pageSize)
        let items = page.map { thread(video, $0, parts: parts, html: html) }
        return listResponse(
            kind: "youtube#commentThreadListResponse", items: items, total: items.count, offset: offset,
            pageSize: pageSize, reachable: threads.count)
    }

    /// One thread: its top-level comment and, with `part=replies`, its first few replies.
    func thread(_ video: CorpusVideo, _ index: Int, parts: Set<String>, html: Bool) -> JSONValue {
        let replies = corpus.threadReplyCounts(ofVideo: video)[index]
        let top = corpus.comment(video: video, thread: index, reply: nil)
        let channelId = corpus.channels[video.channel].id
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#commentThread")), ("etag", renderer.etag(top.id)), ("id", .string(top.id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .object([
                        ("channelId", .string(channelId)), ("videoId", .string(video.id)),
                        ("topLevelComment", comment(top, video: video, html: html, parent: nil)),
                        ("canReply", .bool(true)), ("totalReplyCount", .integer(replies)), ("isPublic", .bool(true)),
                    ])
                ))
        }
        if parts.contains("replies"), replies > 0 {
            let embedded = (0..<min(replies, Corpus.embeddedReplies)).map {
                comment(
                    corpus.comment(video: video, thread: index, reply: $0), video: video, html: html, parent: top.id)
            }
            members.append(("replies", .object([("comments", .array(embedded))])))
        }
        return .object(members)
    }

    /// A comment resource. Replies from comments.list carry no `videoId`, as the real API's do.
    func comment(_ comment: CorpusComment, video: CorpusVideo?, html: Bool, parent: String?) -> JSONValue {
        let channelId = corpus.channels[corpus.channelIndex(ofVideo: comment.video)].id
        var snippet: [(key: String, value: JSONValue)] = [("channelId", .string(channelId))]
        if let video { snippet.append(("videoId", .string(video.id))) }
        snippet += [
            ("textDisplay", .string(html ? Self.htmlText(comment.text) : comment.text)),
            ("textOriginal", .string(comment.text)),
        ]
        if let parent { snippet.append(("parentId", .string(parent))) }
        let name = corpus.authorName(comment.author)
        snippet += [
            ("authorDisplayName", .string(name)),
            ("authorProfileImageUrl", .string(corpus.authorImage(comment.author))),
            ("authorChannelUrl", .string("http://www.youtube.com/" + name)),
        ]
        if let author = corpus.authorChannelId(comment.author) {
            snippet.append(("authorChannelId", .object([("value", .string(author))])))
        }
        snippet += [
            ("canRate", .bool(true)), ("viewerRating", .string("none")), ("likeCount", .integer(comment.likeCount)),
        ]
        if let image = comment.imageUrl { snippet.append(("imageUrl", .string(image))) }
        snippet += [
            ("publishedAt", ResourceRenderer.date(comment.publishedAt)),
            ("updatedAt", ResourceRenderer.date(comment.updatedAt)),
        ]
        return .object([
            ("kind", .string("youtube#comment")), ("etag", renderer.etag(comment.id)), ("id", .string(comment.id)),
            ("snippet", .object(snippet)),
        ])
    }

    /// `textFormat=html`: escaped, line breaks as `<br>`, links as anchors, as the real API does.
    static func htmlText(_ text: String) -> String {
        var words: [String] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if word.hasPrefix("https://") {
                let url = HTMLEntities.escape(String(word))
                words.append("<a href=\"\(url)\">\(url)</a>")
            } else {
                words.append(HTMLEntities.escape(String(word)))
            }
        }
        return words.joined(separator: " ").replacingOccurrences(of: "\n", with: "<br>")
    }

    // MARK: comments.list

    func comments() throws -> JSONValue {
        try checkKnown(["part", "id", "parentId", "maxResults", "pageToken", "textFormat"])
        _ = try parts(Self.commentParts)  // validated; both parts are always sent
        let html = try textFormat()
        switch (parameters["id"], parameters["parentId"]) {
        case (_?, nil):
            var items: [JSONValue] = []
            for id in try ids() {
                let threadPart = id.split(separator: ".", maxSplits: 1)
                guard let (videoIndex, thread) = threadOfTheDay(threadPart[0]) else { continue }
                let video = corpus.video(videoIndex)
                let replies = corpus.threadReplyCounts(ofVideo: video)
                guard thread < replies.count else { continue }
                if threadPart.count == 1 {
                    items.append(
                        comment(
                            corpus.comment(video: video, thread: thread, reply: nil), video: video, html: html,
                            parent: nil))
                } else if let reply = (0..<replies[thread]).first(where: {
                    corpus.replyId(threadId: String(threadPart[0]), reply: $0) == id
                }) {
                    items.append(
                        comment(
                            corpus.comment(video: video, thread: thread, reply: reply), video: nil, html: html,
                            parent: String(threadPart[0])))
                }
            }
            return listResponse(
                kind: "youtube#commentListResponse", items: items, total: items.count, offset: 0, pageSize: items.count,
                reachable: items.count)
        case (nil, let parent?):
            let pageSize = try maxResults(range: 1...100, default: 20)
            let offset = try offset()
            var total = 0
            var located: (video: CorpusVideo, thread: Int)?
            if let (videoIndex, thread) = threadOfTheDay(Substring(parent)) {
                let video = corpus.video(videoIndex)
                let counts = corpus.threadReplyCounts(ofVideo: video)
                if thread < counts.count {
                    total = counts[thread]
                    located = (video, thread)
                }
            }
            let items = (offset..<min(offset + pageSize, total)).compactMap { reply -> JSONValue? in
                guard let located else { return nil }
                return comment(
                    corpus.comment(video: located.video, thread: located.thread, reply: reply), video: nil, html: html,
                    parent: parent)
            }
            // comments.list's pageInfo has no totalResults.
            var page = listResponse(
                kind: "youtube#commentListResponse", items: items, total: items.count, offset: offset,
                pageSize: pageSize, reachable: total)
            if case .object(var members) = page, let info = members.firstIndex(where: { $0.key == "pageInfo" }) {
                members[info].value = .object([("resultsPerPage", .integer(pageSize))])
                page = .object(members)
            }
            return page
        default:
            throw APIFailure(
                status: 400, reason: "missingRequiredParameter",
                message: "Exactly one of id, parentId must be given.", domain: "youtube.parameter",
                location: "parameters.", locationType: "other", statusText: "INVALID_ARGUMENT")
        }
    }
}
