import StreamingJSON
import YouTubeKit

/// Turns corpus records into the API's JSON resources, field for field as the real API sends them.
struct ResourceRenderer: Sendable {
    let corpus: Corpus

    func etag(_ text: String) -> JSONValue {
        var random = CorpusRandom(seed: text.hashValueStable ^ corpus.configuration.seed)
        return .string(random.identifier(length: 27))
    }

    static func date(_ seconds: Int64) -> JSONValue { .string(RFC3339.format(seconds: seconds)) }

    func videoThumbnails(_ video: CorpusVideo, searchSizes: Bool) -> JSONValue {
        let suffix = video.liveBroadcastContent == "none" ? "" : "_live"
        var sizes: [(String, String, Int, Int)] = [
            ("default", "default", 120, 90), ("medium", "mqdefault", 320, 180), ("high", "hqdefault", 480, 360),
        ]
        if !searchSizes, video.hasHighResolutionThumbnails {
            sizes += [("standard", "sddefault", 640, 480), ("maxres", "maxresdefault", 1280, 720)]
        }
        return .object(
            sizes.map { name, file, width, height in
                (
                    name,
                    .object([
                        ("url", .string("https://i.ytimg.com/vi/\(video.id)/\(file)\(suffix).jpg")),
                        ("width", .integer(width)), ("height", .integer(height)),
                    ])
                )
            })
    }

    func channelThumbnails(_ channel: CorpusChannel) -> JSONValue { channelThumbnails(id: channel.id, sized: true) }

    /// A channel's three thumbnails; `sized: false` leaves out their width and height, as
    /// subscriptions.list does.
    func channelThumbnails(id: String, sized: Bool) -> JSONValue {
        let base = "https://yt3.ggpht.com/ytc/" + id.dropFirst(2)
        return .object(
            [("default", 88), ("medium", 240), ("high", 800)].map { name, size in
                let url: (key: String, value: JSONValue) = ("url", .string("\(base)=s\(size)-c-k-c0x00ffffff-no-rj"))
                return (name, .object(sized ? [url, ("width", .integer(size)), ("height", .integer(size))] : [url]))
            })
    }

    // MARK: search.list

    /// search.list escapes HTML in snippets and cuts descriptions to about 160 characters.
    static func escapeHTML(_ text: String) -> String { HTMLEntities.escape(text) }

    static func snippetDescription(_ text: String) -> String {
        let flat = text.replacingNewlines()
        guard flat.count > 160 else { return flat }
        return String(flat.prefix(157)) + "..."
    }

    func searchResult(video: CorpusVideo) -> JSONValue {
        let channel = corpus.channels[video.channel]
        return .object([
            ("kind", .string("youtube#searchResult")), ("etag", etag("s" + video.id)),
            ("id", .object([("kind", .string("youtube#video")), ("videoId", .string(video.id))])),
            (
                "snippet",
                .object([
                    ("publishedAt", Self.date(video.publishedAt)), ("channelId", .string(channel.id)),
                    ("title", .string(Self.escapeHTML(video.title))),
                    ("description", .string(Self.escapeHTML(Self.snippetDescription(video.description)))),
                    ("thumbnails", videoThumbnails(video, searchSizes: true)),
                    ("channelTitle", .string(Self.escapeHTML(channel.title))),
                    ("liveBroadcastContent", .string(video.liveBroadcastContent)),
                    ("publishTime", Self.date(video.publishedAt)),
                ])
            ),
        ])
    }

    func searchResult(channel: CorpusChannel) -> JSONValue {
        .object([
            ("kind", .string("youtube#searchResult")), ("etag", etag("s" + channel.id)),
            ("id", .object([("kind", .string("youtube#channel")), ("channelId", .string(channel.id))])),
            (
                "snippet",
                .object([
                    ("publishedAt", Self.date(channel.publishedAt)), ("channelId", .string(channel.id)),
                    ("title", .string(Self.escapeHTML(channel.title))),
                    ("description", .string(Self.escapeHTML(Self.snippetDescription(channel.description)))),
                    ("thumbnails", channelThumbnails(channel)),
                    ("channelTitle", .string(Self.escapeHTML(channel.title))),
                    ("liveBroadcastContent", .string("none")), ("publishTime", Self.date(channel.publishedAt)),
                ])
            ),
        ])
    }

    func searchResult(playlist: CorpusPlaylist) -> JSONValue {
        let channel = corpus.channels[playlist.channel]
        return .object([
            ("kind", .string("youtube#searchResult")), ("etag", etag("s" + playlist.id)),
            ("id", .object([("kind", .string("youtube#playlist")), ("playlistId", .string(playlist.id))])),
            (
                "snippet",
                .object([
                    ("publishedAt", Self.date(playlist.publishedAt)), ("channelId", .string(channel.id)),
                    ("title", .string(Self.escapeHTML(playlist.title))), ("description", .string("")),
                    ("thumbnails", channelThumbnails(channel)),
                    ("channelTitle", .string(Self.escapeHTML(channel.title))),
                    ("liveBroadcastContent", .string("none")), ("publishTime", Self.date(playlist.publishedAt)),
                ])
            ),
        ])
    }

    // MARK: videos.list

    /// `statistics`: counts as strings; hidden likes and disabled comments left out.
    func statistics(_ video: CorpusVideo, favorites: Bool) -> JSONValue {
        var statistics: [(key: String, value: JSONValue)] = [("viewCount", .string(String(video.viewCount)))]
        if let likes = video.likeCount { statistics.append(("likeCount", .string(String(likes)))) }
        if favorites { statistics.append(("favoriteCount", .string("0"))) }
        if let comments = video.commentCount { statistics.append(("commentCount", .string(String(comments)))) }
        return .object(statistics)
    }

    /// A `youtube#videoStats` item of `videos:batchGetStats`.
    func videoStats(_ video: CorpusVideo, parts: Set<String>) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#videoStats")), ("etag", etag("s" + video.id + String(video.viewCount))),
            ("id", .string(video.id)),
        ]
        if parts.contains("snippet") {
            members.append(("snippet", .object([("publishTime", Self.date(video.publishedAt))])))
        }
        if parts.contains("statistics") { members.append(("statistics", statistics(video, favorites: false))) }
        if parts.contains("contentDetails") {
            members.append(
                (
                    "contentDetails",
                    .object([
                        ("duration", .string(video.duration)),
                        ("durationMillis", .string(String(video.durationSeconds * 1000))),
                    ])
                ))
        }
        return .object(members)
    }

    /// A videos.list item with `parts`. `chatClock`: the chat clock's microsecond, for a live or
    /// upcoming stream to show where it stands then (see ``Corpus/liveState(of:_:at:)``); `nil`
    /// shows it as at the corpus's origin.
    func video(_ video: CorpusVideo, parts: Set<String>, chatClock: Int64? = nil) -> JSONValue {
        var video = video
        var details = parts.isDisjoint(with: Self.detailParts) ? nil : corpus.details(of: video)
        if let chatClock { (video, details) = corpus.liveState(of: video, details, at: chatClock) }
        let channel = corpus.channels[video.channel]
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#video")), ("etag", etag("v" + video.id)), ("id", .string(video.id)),
        ]
        if parts.contains("snippet") {
            var snippet: [(key: String, value: JSONValue)] = [
                ("publishedAt", Self.date(video.publishedAt)), ("channelId", .string(channel.id)),
                ("title", .string(video.title)), ("description", .string(video.description)),
                ("thumbnails", videoThumbnails(video, searchSizes: false)),
                ("channelTitle", .string(channel.title)),
            ]
            if !video.tags.isEmpty { snippet.append(("tags", .array(video.tags.map { .string($0) }))) }
            snippet += [
                ("categoryId", .string(video.categoryId)),
                ("liveBroadcastContent", .string(video.liveBroadcastContent)),
                ("defaultLanguage", .string(video.defaultLanguage)),
                ("localized", .object([("title", .string(video.title)), ("description", .string(video.description))])),
                ("defaultAudioLanguage", .string(video.defaultAudioLanguage)),
            ]
            members.append(("snippet", .object(snippet)))
        }
        if parts.contains("contentDetails"), let details {
            members.append(("contentDetails", contentDetails(video, details)))
        }
        if parts.contains("status"), let details { members.append(("status", status(details))) }
        if parts.contains("statistics") { members.append(("statistics", statistics(video, favorites: true))) }
        if parts.contains("player") {
            members.append(
                (
                    "player",
                    .object([
                        (
                            "embedHtml",
                            .string(
                                "<iframe width=\"480\" height=\"270\" src=\"//www.youtube.com/embed/\(video.id)\" frameborder=\"0\" allowfullscreen></iframe>"
                            )
                        )
                    ])
                ))
        }
        if parts.contains("topicDetails"), let details, details.hasTopicDetails {
            members.append(("topicDetails", topicDetails(details)))
        }
        if parts.contains("recordingDetails"), let details {
            members.append(("recordingDetails", recordingDetails(details)))
        }
        if parts.contains("liveStreamingDetails"), let live = details?.live {
            members.append(("liveStreamingDetails", liveStreamingDetails(live)))
        }
        if parts.contains("localizations"), let details, !details.localizations.isEmpty {
            members.append(("localizations", Self.localizations(details.localizations)))
        }
        if parts.contains("paidProductPlacementDetails"), let details {
            members.append(
                (
                    "paidProductPlacementDetails",
                    .object([("hasPaidProductPlacement", .bool(details.hasPaidProductPlacement))])
                ))
        }
        // fileDetails, processingDetails and suggestions are the owner's: an API key gets none.
        return .object(members)
    }

    // MARK: channels.list

    /// A channels.list item; `videoCount` the channel's uploads on the day served (its day-0
    /// count when `nil`).
    func channel(_ channel: CorpusChannel, parts: Set<String>, videoCount: Int? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#channel")), ("etag", etag("c" + channel.id)), ("id", .string(channel.id)),
        ]
        let details = parts.isDisjoint(with: Self.channelDetailParts) ? nil : corpus.details(of: channel)
        if parts.contains("snippet") {
            var snippet: [(key: String, value: JSONValue)] = [
                ("title", .string(channel.title)), ("description", .string(channel.description)),
                ("customUrl", .string(channel.handle.lowercased())), ("publishedAt", Self.date(channel.publishedAt)),
                ("thumbnails", channelThumbnails(channel)),
            ]
            if let language = details?.defaultLanguage { snippet.append(("defaultLanguage", .string(language))) }
            snippet.append(
                (
                    "localized",
                    .object([("title", .string(channel.title)), ("description", .string(channel.description))])
                ))
            if let country = channel.country { snippet.append(("country", .string(country))) }
            members.append(("snippet", .object(snippet)))
        }
        if parts.contains("contentDetails") {
            members.append(
                (
                    "contentDetails",
                    .object([
                        (
                            "relatedPlaylists",
                            .object([("likes", .string("")), ("uploads", .string(channel.uploadsPlaylistId))])
                        )
                    ])
                ))
        }
        if parts.contains("statistics") {
            members.append(("statistics", statistics(channel, videoCount: videoCount ?? channel.videoCount)))
        }
        if parts.contains("topicDetails"), let details, let ids = details.topicIds {
            members.append(
                (
                    "topicDetails",
                    .object([
                        ("topicIds", .array(ids.map { .string($0) })),
                        ("topicCategories", .array((details.topicCategories ?? []).map { .string($0) })),
                    ])
                ))
        }
        if parts.contains("status"), let details { members.append(("status", status(details))) }
        if parts.contains("brandingSettings"), let details {
            members.append(("brandingSettings", brandingSettings(channel, details)))
        }
        // An API key reads an empty contentOwnerDetails and no auditDetails (that needs OAuth).
        if parts.contains("contentOwnerDetails") { members.append(("contentOwnerDetails", .object([]))) }
        if parts.contains("localizations"), let details, !details.localizations.isEmpty {
            members.append(("localizations", Self.localizations(details.localizations)))
        }
        return .object(members)
    }

    // MARK: playlistItems.list and playlists.list

    /// A playlistItems.list item with the parts asked for (as the real API: `kind`, `etag` and
    /// `id` always; `snippet`, `contentDetails` and `status` only when named).
    func playlistItem(
        playlistId: String, owner: CorpusChannel, position: Int, entry: CorpusPlaylist.Entry, addedAt: Int64,
        parts: Set<String>
    ) -> JSONValue {
        let itemId = playlistId + String(position)
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#playlistItem")), ("etag", etag("i" + itemId)),
            ("id", .string(String(corpus.videoIds.codec.encode(Int(truncatingIfNeeded: itemId.hashValueStable >> 8))))),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    playlistItemSnippet(
                        playlistId: playlistId, owner: owner, position: position, entry: entry, addedAt: addedAt)
                ))
        }
        if parts.contains("contentDetails") {
            switch entry {
            case .video(let index):
                let video = corpus.video(index)
                members.append(
                    (
                        "contentDetails",
                        .object([("videoId", .string(video.id)), ("videoPublishedAt", Self.date(video.publishedAt))])
                    ))
            case .privateVideo(let id), .deletedVideo(let id):
                members.append(("contentDetails", .object([("videoId", .string(id))])))
            }
        }
        if parts.contains("status") {
            let privacy: String
            switch entry {
            case .video: privacy = "public"
            case .privateVideo: privacy = "private"
            case .deletedVideo: privacy = "privacyStatusUnspecified"
            }
            members.append(("status", .object([("privacyStatus", .string(privacy))])))
        }
        return .object(members)
    }

    private func playlistItemSnippet(
        playlistId: String, owner: CorpusChannel, position: Int, entry: CorpusPlaylist.Entry, addedAt: Int64
    ) -> JSONValue {
        var snippet: [(key: String, value: JSONValue)] = [
            ("publishedAt", Self.date(addedAt)), ("channelId", .string(owner.id)),
        ]
        switch entry {
        case .video(let index):
            let video = corpus.video(index)
            let videoChannel = corpus.channels[video.channel]
            snippet += [
                ("title", .string(video.title)), ("description", .string(video.description)),
                ("thumbnails", videoThumbnails(video, searchSizes: false)), ("channelTitle", .string(owner.title)),
                ("playlistId", .string(playlistId)), ("position", .integer(position)),
                ("resourceId", .object([("kind", .string("youtube#video")), ("videoId", .string(video.id))])),
                ("videoOwnerChannelTitle", .string(videoChannel.title)),
                ("videoOwnerChannelId", .string(videoChannel.id)),
            ]
        case .privateVideo(let id), .deletedVideo(let id):
            let isPrivate: Bool
            if case .privateVideo = entry { isPrivate = true } else { isPrivate = false }
            snippet += [
                ("title", .string(isPrivate ? "Private video" : "Deleted video")),
                ("description", .string(isPrivate ? "This video is private." : "This video is unavailable.")),
                ("thumbnails", .object([])), ("channelTitle", .string(owner.title)),
                ("playlistId", .string(playlistId)), ("position", .integer(position)),
                ("resourceId", .object([("kind", .string("youtube#video")), ("videoId", .string(id))])),
            ]
        }
        return .object(snippet)
    }

    /// A corpus playlist as playlists.list shows it, with the parts asked for.
    func playlist(_ playlist: CorpusPlaylist, owner: CorpusChannel, parts: Set<String>) -> JSONValue {
        self.playlist(
            id: playlist.id, title: playlist.title, owner: owner, publishedAt: playlist.publishedAt,
            itemCount: playlist.entries.count, parts: parts,
            description: playlist.isPodcast ? "Episodes of \(playlist.title), a podcast by \(owner.title)." : "",
            podcast: playlist.isPodcast)
    }

    /// A playlists.list item with the parts asked for (`kind`, `etag`, `id` always).
    func playlist(
        id: String, title: String, owner: CorpusChannel, publishedAt: Int64, itemCount: Int, parts: Set<String>,
        description: String = "", podcast: Bool = false
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#playlist")), ("etag", etag("p" + id)), ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .object([
                        ("publishedAt", Self.date(publishedAt)), ("channelId", .string(owner.id)),
                        ("title", .string(title)),
                        ("description", .string(description)), ("thumbnails", channelThumbnails(owner)),
                        ("channelTitle", .string(owner.title)),
                        ("localized", .object([("title", .string(title)), ("description", .string(description))])),
                    ])
                ))
        }
        if parts.contains("status") {
            members.append(
                (
                    "status",
                    .object([
                        ("privacyStatus", .string("public")),
                        ("podcastStatus", .string(podcast ? "enabled" : "disabled")),
                    ])
                ))
        }
        if parts.contains("contentDetails") {
            members.append(("contentDetails", .object([("itemCount", .integer(itemCount))])))
        }
        if parts.contains("localizations") {
            members.append(
                (
                    "localizations",
                    .object([("en", .object([("title", .string(title)), ("description", .string(description))]))])
                ))
        }
        return .object(members)
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
