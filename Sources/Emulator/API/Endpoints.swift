import StreamingJSON
import YouTubeKit

/// The five list methods, validated as the discovery document says.
struct Endpoints {
    let api: EmulatorAPI
    let parameters: [String: String]
    let order: [(name: String, value: String)]
    /// The corpus's day: statistics and vanished videos as they stand then.
    let day: Int

    /// Set when the answer shows a live or upcoming stream: it changes with the chat clock, so
    /// it is not kept in the response cache.
    let liveShown = LiveShown()

    var corpus: Corpus { api.corpus }
    var renderer: ResourceRenderer { api.renderer }

    static let searchParts: Set<String> = ["id", "snippet"]
    /// How many videos an uploads playlist lists at most.
    static let uploadsCap = 20_000
    /// Every part videos.list takes; `fileDetails`, `processingDetails` and `suggestions` are
    /// accepted but only the owner reads them, so a key gets none.
    static let videoParts: Set<String> = [
        "id", "snippet", "contentDetails", "statistics", "status", "player", "topicDetails", "recordingDetails",
        "liveStreamingDetails", "localizations", "paidProductPlacementDetails", "fileDetails", "processingDetails",
        "suggestions",
    ]
    static let channelParts: Set<String> = [
        "id", "snippet", "contentDetails", "statistics", "brandingSettings", "status", "topicDetails", "localizations",
        "contentOwnerDetails", "auditDetails",
    ]
    static let playlistItemParts: Set<String> = ["id", "snippet", "contentDetails", "status"]
    static let playlistParts: Set<String> = ["id", "snippet", "contentDetails", "status", "player", "localizations"]

    /// The `part` list, every name known.
    func parts(_ allowed: Set<String>) throws -> Set<String> {
        guard let part = parameters["part"], !part.isEmpty else { throw APIFailure.required("part") }
        var parts: Set<String> = []
        for name in part.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(name).trimmingCharacters(in: " ")
            guard allowed.contains(trimmed) else { throw APIFailure.unknownPart(trimmed) }
            parts.insert(trimmed)
        }
        return parts
    }

    /// Rejects parameters the method does not take.
    func checkKnown(_ known: Set<String>) throws {
        for (name, _) in order where !known.contains(name) && !EmulatorAPI.standardParameters.contains(name) {
            throw APIFailure.badRequest(
                "Invalid JSON payload received. Unknown name \"\(name)\": Cannot bind query parameter.")
        }
    }

    /// The one filter of `filters` the request gives (400 for none or several; 401 for those
    /// only OAuth may use). `listed`: the order the "no filter" message names them in.
    func oneFilter(of filters: [String], listed: [String]? = nil, needingOAuth: Set<String>) throws -> String {
        let given = filters.filter { parameters[$0] != nil }
        guard given.count == 1 else {
            throw APIFailure(
                status: 400, reason: given.isEmpty ? "missingRequiredParameter" : "incompatibleParameters",
                message: given.isEmpty
                    ? "No filter selected. Expected one of: \((listed ?? filters).joined(separator: ", "))"
                    : "Incompatible parameters specified in the request: \(given.joined(separator: ", "))",
                domain: "youtube.parameter", locationType: "other", statusText: "INVALID_ARGUMENT")
        }
        if needingOAuth.contains(given[0]) {
            throw APIFailure(
                status: 401, reason: "authError", message: "\(given[0]) needs OAuth 2.0 authorization.",
                domain: "global", statusText: "UNAUTHENTICATED")
        }
        return given[0]
    }

    func maxResults(range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard let text = parameters["maxResults"] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIFailure.invalidValue(
                "maxResults",
                "Invalid value '\(text)'. Values must be within the range: [\(range.lowerBound), \(range.upperBound)]")
        }
        return number
    }

    func ids(_ name: String = "id") throws -> [Substring] {
        let ids = (parameters[name] ?? "").split(separator: ",").map { $0.drop { $0 == " " } }
        guard ids.count <= 50 else {
            throw APIFailure.invalidValue(name, "The request specifies more than 50 values for the \(name) parameter.")
        }
        return ids
    }

    /// A stable fingerprint of the request, binding page tokens to it.
    var fingerprint: UInt32 {
        let ignored: Set<String> = [
            "pageToken", "key", "fields", "prettyPrint", "quotaUser", "alt", "maxResults", "userIp",
        ]
        let text = order.filter { !ignored.contains($0.name) }.map { "\($0.name)=\($0.value)" }.sorted().joined(
            separator: "&")
        return UInt32(truncatingIfNeeded: text.hashValueStable)
    }

    func offset() throws -> Int {
        guard let token = parameters["pageToken"] else { return 0 }
        guard let offset = api.tokens.decode(token, fingerprint: fingerprint) else {
            throw APIFailure.invalidPageToken()
        }
        return offset
    }

    /// `{kind, etag, nextPageToken?, prevPageToken?, pageInfo, items}` for one page of `total` results.
    func listResponse(
        kind: String, items: [JSONValue], total: Int, offset: Int, pageSize: Int, reachable: Int,
        extra: [(String, JSONValue)] = [],
        omitEmptyItems: Bool = false
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind)), ("etag", renderer.etag(kind + String(fingerprint) + String(offset))),
        ]
        if pageSize > 0, offset + pageSize < reachable {
            members.append(
                ("nextPageToken", .string(api.tokens.encode(offset: offset + pageSize, fingerprint: fingerprint))))
        }
        if offset > 0 {
            members.append(
                (
                    "prevPageToken",
                    .string(api.tokens.encode(offset: max(0, offset - pageSize), fingerprint: fingerprint))
                ))
        }
        members += extra.map { ($0.0, $0.1) }
        members.append(
            ("pageInfo", .object([("totalResults", .integer(total)), ("resultsPerPage", .integer(pageSize))])))
        if !(omitEmptyItems && items.isEmpty) { members.append(("items", .array(items))) }
        return .object(members)
    }

    // MARK: videos.list

    func videos() throws -> JSONValue {
        try checkKnown([
            "part", "id", "chart", "maxResults", "pageToken", "regionCode", "hl", "videoCategoryId", "myRating",
            "maxHeight", "maxWidth", "locale", "onBehalfOfContentOwner",
        ])
        let parts = try parts(Self.videoParts)
        if parameters["myRating"] != nil {
            throw APIFailure(
                status: 401, reason: "authError", message: "myRating needs OAuth 2.0 authorization.", domain: "global",
                statusText: "UNAUTHENTICATED")
        }
        if let chart = parameters["chart"] {
            guard chart == "mostPopular", parameters["id"] == nil else {
                throw APIFailure.invalidValue("chart", "Invalid value '\(chart)': use mostPopular, without id.")
            }
            let pageSize = try maxResults(range: 1...50, default: 5)
            let offset = try offset()
            // A region's chart (of a category), as it stands that day.
            let chart = try self.chart(region: parameters["regionCode"], category: parameters["videoCategoryId"])
            let reachable = chart.count
            let items = chart[min(offset, reachable)..<min(offset + pageSize, reachable)].map {
                shownNow($0, parts: parts)
            }
            return listResponse(
                kind: "youtube#videoListResponse", items: items, total: reachable, offset: offset, pageSize: pageSize,
                reachable: reachable)
        }
        guard parameters["id"] != nil else {
            throw APIFailure(
                status: 400, reason: "missingRequiredParameter",
                message: "No filter selected. Expected one of: myRating, chart, id", domain: "youtube.parameter",
                location: "parameters.", locationType: "other", statusText: "INVALID_ARGUMENT")
        }
        let items = try videosOfTheDay().map { shownNow($0, parts: parts) }
        return .object([
            ("kind", .string("youtube#videoListResponse")), ("etag", renderer.etag("videos" + String(fingerprint))),
            ("items", .array(items)),
            (
                "pageInfo",
                .object([("totalResults", .integer(items.count)), ("resultsPerPage", .integer(items.count))])
            ),
        ])
    }

    /// `video` as videos.list shows it with the request's parts: a stream as it stands at the
    /// chat clock.
    func shownNow(_ video: CorpusVideo, parts: Set<String>) -> JSONValue {
        guard video.liveBroadcastContent != "none" else { return renderer.video(video, parts: parts) }
        let now = api.chatClock()
        if let schedule = corpus.chatSchedule(of: video) {
            let next = [schedule.startsAt, schedule.endsAt].filter { $0 > now }.min() ?? .max
            liveShown.validUntil = min(liveShown.validUntil, next)
        } else {
            liveShown.validUntil = now
        }
        return renderer.video(video, parts: parts, chatClock: now)
    }

    /// The videos the `id` parameter names, as they stand on the day; unknown and vanished ones
    /// left out, as the real API does.
    func videosOfTheDay() throws -> [CorpusVideo] {
        try ids().compactMap { id in
            corpus.videoIndex(id: id).flatMap { api.timeline.video(corpus.video($0), onDay: day) }
        }
    }

    // MARK: videos:batchGetStats

    static let statsParts: Set<String> = ["id", "snippet", "statistics", "contentDetails"]

    /// `videos:batchGetStats`: statistics of up to 50 videos, counts as strings (int64 in JSON).
    func batchGetStats() throws -> JSONValue {
        try checkKnown(["part", "id", "onBehalfOfContentOwner"])
        let parts = try parts(Self.statsParts)
        guard parameters["id"] != nil else { throw APIFailure.required("id") }
        let items = try videosOfTheDay().map { renderer.videoStats($0, parts: parts) }
        return .object([
            ("kind", .string("youtube#batchGetStatsResponse")),
            ("etag", renderer.etag("stats" + String(fingerprint) + String(day))), ("items", .array(items)),
        ])
    }

    // MARK: channels.list

    func channels() throws -> JSONValue {
        try checkKnown([
            "part", "id", "forHandle", "forUsername", "mine", "managedByMe", "mySubscribers", "categoryId", "hl",
            "maxResults", "pageToken", "onBehalfOfContentOwner",
        ])
        let parts = try parts(Self.channelParts)
        _ = try oneFilter(
            of: ["id", "forHandle", "forUsername", "mine", "managedByMe", "mySubscribers", "categoryId"],
            listed: ["forUsername", "managedByMe", "forHandle", "id", "mine", "mySubscribers", "categoryId"],
            needingOAuth: ["mine", "managedByMe", "mySubscribers"])
        _ = try maxResults(range: 0...50, default: 5)
        var found: [Int] = []
        if parameters["id"] != nil {
            found = try ids().compactMap { corpus.channelIndex(id: $0) }
        } else if let handle = parameters["forHandle"] {
            let key = (handle.hasPrefix("@") ? handle : "@" + handle).lowercased()
            found = corpus.handles[key].map { [$0] } ?? []
        } else if let username = parameters["forUsername"] {
            found = corpus.handles["@" + username.lowercased()].map { [$0] } ?? []
        }
        let items = found.map {
            renderer.channel(
                corpus.channels[$0], parts: parts, videoCount: corpus.uploads(ofChannel: $0, onDay: day).count)
        }
        // The real API leaves `items` out when nothing matched.
        return listResponse(
            kind: "youtube#channelListResponse", items: items, total: items.count, offset: 0, pageSize: items.count,
            reachable: items.count, omitEmptyItems: true)
    }

    // MARK: playlistItems.list

    func playlistItems() throws -> JSONValue {
        try checkKnown(["part", "id", "playlistId", "videoId", "maxResults", "pageToken", "onBehalfOfContentOwner"])
        let parts = try parts(Self.playlistItemParts)
        guard let playlistId = parameters["playlistId"], !playlistId.isEmpty else {
            throw APIFailure.required("playlistId")
        }
        let pageSize = try maxResults(range: 0...50, default: 5)
        let offset = try offset()
        let owner: CorpusChannel
        let total: Int
        let entry: (Int) -> (CorpusPlaylist.Entry, Int64)
        if playlistId.hasPrefix("UU"), let channelIndex = corpus.channelIndex(id: Substring(playlistId)) {
            // Uploads of the day, newest first; never placeholders; like the real one, at most
            // about 20,000.
            owner = corpus.channels[channelIndex]
            let uploads = corpus.uploads(ofChannel: channelIndex, onDay: day)
            total = min(uploads.count, Self.uploadsCap)
            entry = { [corpus] position in
                let index = uploads.video(at: position)
                return (.video(index), corpus.video(index).publishedAt)
            }
        } else if let (channelIndex, format) = corpus.formatPlaylist(id: Substring(playlistId)) {
            // A format list: like the uploads, but one format and a week behind; 404 when empty.
            let videos = corpus.formatList(
                channel: channelIndex, format: format, now: api.configuration.clock(), day: day)
            guard !videos.isEmpty else { throw APIFailure.playlistNotFound() }
            owner = corpus.channels[channelIndex]
            total = videos.count
            entry = { [corpus] position in
                let index = videos[videos.startIndex + position]
                return (.video(index), corpus.video(index).publishedAt)
            }
        } else if let playlist = corpus.playlist(id: Substring(playlistId)), !playlist.isPrivate {
            owner = corpus.channels[playlist.channel]
            let entries = corpus.entries(of: playlist, onDay: day)
            total = entries.count
            entry = { position in entries[position] }
        } else {
            throw APIFailure.playlistNotFound()
        }
        let items = (offset..<min(offset + pageSize, total)).map { position -> JSONValue in
            let (item, addedAt) = entry(position)
            return renderer.playlistItem(
                playlistId: playlistId, owner: owner, position: position, entry: item, addedAt: addedAt, parts: parts)
        }
        return listResponse(
            kind: "youtube#playlistItemListResponse", items: items, total: total, offset: offset, pageSize: pageSize,
            reachable: total)
    }

    // MARK: playlists.list

    func playlists() throws -> JSONValue {
        try checkKnown([
            "part", "id", "channelId", "mine", "hl", "maxResults", "pageToken", "onBehalfOfContentOwner",
            "onBehalfOfContentOwnerChannel",
        ])
        let parts = try parts(Self.playlistParts)
        let pageSize = try maxResults(range: 0...50, default: 5)
        let offset = try offset()
        var found: [JSONValue] = []
        if parameters["id"] != nil {
            for id in try ids() {
                if let playlist = corpus.playlist(id: id) {
                    // A private playlist is not there for a key.
                    guard !playlist.isPrivate else { continue }
                    found.append(renderer.playlist(playlist, owner: corpus.channels[playlist.channel], parts: parts))
                } else if id.hasPrefix("UU"), let channel = corpus.channelIndex(id: id) {
                    let owner = corpus.channels[channel]
                    found.append(
                        renderer.playlist(
                            id: owner.uploadsPlaylistId, title: "Uploads from \(owner.title)", owner: owner,
                            publishedAt: owner.publishedAt,
                            itemCount: corpus.uploads(ofChannel: channel, onDay: day).count, parts: parts))
                } else if let (channel, format) = corpus.formatPlaylist(id: id) {
                    let count = corpus.formatList(
                        channel: channel, format: format, now: api.configuration.clock(), day: day
                    ).count
                    guard count > 0 else { continue }
                    let owner = corpus.channels[channel]
                    found.append(
                        renderer.playlist(
                            id: String(id), title: "\(format.listTitle) from \(owner.title)", owner: owner,
                            publishedAt: owner.publishedAt, itemCount: count, parts: parts))
                }
            }
        } else if let channelId = parameters["channelId"] {
            if let channel = corpus.channelIndex(id: Substring(channelId)) {
                let owner = corpus.channels[channel]
                found = corpus.listedPlaylists(ofChannel: channel).map {
                    renderer.playlist($0, owner: owner, parts: parts)
                }
            }
        } else {
            throw APIFailure(
                status: 400, reason: "missingRequiredParameter",
                message: "No filter selected. Expected one of: channelId, id, mine",
                domain: "youtube.parameter", locationType: "other", statusText: "INVALID_ARGUMENT")
        }
        // By id, every playlist asked comes back on the one page (maxResults does not apply).
        let byId = parameters["id"] != nil
        let page = byId ? found : Array(found.dropFirst(offset).prefix(pageSize))
        return listResponse(
            kind: "youtube#playlistListResponse", items: page, total: found.count, offset: byId ? 0 : offset,
            pageSize: byId ? max(1, found.count) : pageSize, reachable: found.count)
    }
}

/// Whether an answer shows something that changes with the chat clock.
final class LiveShown {
    /// The earliest next start or end, on the chat clock, of the streams a response shows.
    var validUntil = Int64.max
}
