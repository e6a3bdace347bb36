import Foundation
import StreamingJSON
import YouTubeKit

/// The ground truth of the corpus, for tests that check a crawl found exactly what exists.
extension EmulatorService {
    /// Every channel id, in corpus order (for building seeds).
    public var channelIds: [String] { api.corpus.channels.map(\.id) }

    /// Every ordinary playlist id, in corpus order.
    public var playlistIds: [String] { api.corpus.playlists.map(\.id) }

    /// The videos a channel's format lists hold at the emulator's clock, newest first, keyed by
    /// playlist id (`UUSH…` Shorts, `UULV…` live streams, `UULF…` long-form): its uploads but those
    /// of the last seven days, sorted by format. An empty list is one playlistItems.list answers
    /// 404 for. `nil` for an unknown channel.
    public func formatListVideoIds(channelId: String) -> [String: [String]]? {
        let corpus = api.corpus
        guard let channel = corpus.channelIndex(id: Substring(channelId)) else { return nil }
        let now = configuration.clock()
        var lists: [String: [String]] = [:]
        for format in CorpusVideo.Format.allCases {
            lists[format.playlistPrefix + channelId.dropFirst(2)] = corpus.formatList(
                channel: channel, format: format, now: now, day: api.day
            ).map(corpus.videoId)
        }
        return lists
    }

    /// Units and searches `key` used today (Pacific), as the emulator counted them.
    public func quotaUsed(key: String) -> QuotaCounts {
        api.quota.used(key: key, now: configuration.clock())
    }

    /// The corpus's day at the emulator's clock (0 until a day has passed since it started, or
    /// since ``EmulatorConfiguration/dayZero``): statistics grow and videos vanish with it.
    public var day: Int { api.day }

    /// The ground truth: every video as videos.list shows it on the emulator's current day (that
    /// day's counts; the uploads published by then included, after the day-0 videos; videos
    /// vanished by then absent), in the record schema.
    public func truthVideos() -> [Video] {
        let day = api.day
        let now = api.chatClock()
        return videoIndices(onDay: day).compactMap { index -> Video? in
            guard let stored = api.timeline.video(api.corpus.video(index), onDay: day) else { return nil }
            // Streams as they stand at the chat clock.
            let (video, shownDetails) = api.corpus.liveState(of: stored, api.corpus.details(of: stored), at: now)
            let channel = api.corpus.channels[video.channel]
            var thumbnails: [(name: String, thumbnail: Thumbnail)] = []
            if case .object(let sizes) = api.renderer.videoThumbnails(video, searchSizes: false) {
                for size in sizes {
                    guard case .object(let fields) = size.value, case .string(let url)? = fields.first?.value else {
                        continue
                    }
                    thumbnails.append(
                        (
                            size.key,
                            Thumbnail(url: url, width: Self.int(fields, "width"), height: Self.int(fields, "height"))
                        ))
                }
            }
            var truth = Video(
                videoId: video.id, title: video.title, description: video.description, channelId: channel.id,
                channelTitle: channel.title, publishedAt: Date(timeIntervalSince1970: TimeInterval(video.publishedAt)),
                thumbnails: Thumbnails(thumbnails), liveBroadcastContent: video.liveBroadcastContent,
                tags: video.tags.isEmpty ? nil : video.tags, categoryId: video.categoryId,
                defaultLanguage: video.defaultLanguage, defaultAudioLanguage: video.defaultAudioLanguage,
                duration: video.duration, durationSeconds: video.durationSeconds, viewCount: video.viewCount,
                likeCount: video.likeCount, commentCount: video.commentCount)
            Self.fill(&truth, video, shownDetails ?? api.corpus.details(of: video), renderer: api.renderer)
            return truth
        }
    }

    /// The day-0 videos, then the uploads published by `day` (some of either may have vanished).
    func videoIndices(onDay day: Int) -> [Int] {
        Array(0..<api.corpus.videoCount) + api.corpus.uploadDays.recentUploads(onDay: day, in: api.corpus).videos
    }

    /// The schema 2 fields of a video: every part a key reads (localizations included) and its format.
    private static func fill(
        _ truth: inout Video, _ video: CorpusVideo, _ details: CorpusVideoDetails, renderer: ResourceRenderer
    ) {
        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        truth.dimension = details.dimension
        truth.definition = details.definition
        truth.projection = details.projection
        truth.caption = details.caption
        truth.licensedContent = details.licensedContent
        if details.regionAllowed != nil || details.regionBlocked != nil {
            truth.regionRestriction = RegionRestriction(allowed: details.regionAllowed, blocked: details.regionBlocked)
        }
        truth.contentRating = renderer.contentDetails(video, details)["contentRating"]
        truth.privacyStatus = details.privacyStatus
        truth.uploadStatus = details.uploadStatus
        truth.license = details.license
        truth.embeddable = details.embeddable
        truth.publicStatsViewable = details.publicStatsViewable
        truth.madeForKids = details.madeForKids
        truth.containsSyntheticMedia = details.containsSyntheticMedia
        if details.hasTopicDetails {
            truth.topicIds = details.topicIds
            truth.relevantTopicIds = details.relevantTopicIds
            truth.topicCategories = details.topicCategories
        }
        truth.recordingDate = details.recordingDate.map(date)
        truth.recordingLocation = details.location.map {
            GeoPoint(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude)
        }
        if let live = details.live {
            // Whole seconds, as records keep times.
            truth.liveStreamingDetails = LiveStreamingDetails(
                actualStartTime: live.actualStartTime.map { date($0.seconds) },
                actualEndTime: live.actualEndTime.map(date),
                scheduledStartTime: date(live.scheduledStartTime), concurrentViewers: live.concurrentViewers,
                activeLiveChatId: live.activeLiveChatId)
        }
        truth.hasPaidProductPlacement = details.hasPaidProductPlacement
        if !details.localizations.isEmpty {
            truth.localizations = ResourceRenderer.localizations(details.localizations)
        }
        truth.format = VideoFormat(rawValue: video.format.rawValue)
    }

    /// A truth video as videos.list with `parts` shows it: the fields of the other parts `nil`,
    /// and the format `nil` (no part carries it; a crawl labels it from the format playlists).
    public static func truth(_ video: Video, shownBy parts: Set<String>) -> Video {
        var shown = video
        shown.format = nil
        if !parts.contains("snippet") {
            shown.title = nil
            shown.description = nil
            shown.channelId = nil
            shown.channelTitle = nil
            shown.publishedAt = nil
            shown.thumbnails = Thumbnails()
            shown.liveBroadcastContent = nil
            shown.tags = nil
            shown.categoryId = nil
            shown.defaultLanguage = nil
            shown.defaultAudioLanguage = nil
        }
        if !parts.contains("contentDetails") {
            shown.duration = nil
            shown.durationSeconds = nil
            shown.dimension = nil
            shown.definition = nil
            shown.projection = nil
            shown.caption = nil
            shown.licensedContent = nil
            shown.regionRestriction = nil
            shown.contentRating = nil
        }
        if !parts.contains("statistics") {
            shown.viewCount = nil
            shown.likeCount = nil
            shown.commentCount = nil
        }
        if !parts.contains("status") {
            shown.privacyStatus = nil
            shown.uploadStatus = nil
            shown.license = nil
            shown.embeddable = nil
            shown.publicStatsViewable = nil
            shown.madeForKids = nil
            shown.containsSyntheticMedia = nil
        }
        if !parts.contains("topicDetails") {
            shown.topicIds = nil
            shown.relevantTopicIds = nil
            shown.topicCategories = nil
        }
        if !parts.contains("recordingDetails") {
            shown.recordingDate = nil
            shown.recordingLocation = nil
        }
        if !parts.contains("liveStreamingDetails") { shown.liveStreamingDetails = nil }
        if !parts.contains("paidProductPlacementDetails") { shown.hasPaidProductPlacement = nil }
        if !parts.contains("localizations") { shown.localizations = nil }
        return shown
    }

    private static func int(_ fields: [(key: String, value: JSONValue)], _ name: String) -> Int? {
        guard case .number(let text)? = fields.first(where: { $0.key == name })?.value else { return nil }
        return Int(text)
    }

    /// The ground truth: every channel as channels.list shows it on the emulator's current day
    /// (`videoCount` that day's).
    public func truthChannels() -> [Channel] {
        let day = api.day
        return api.corpus.channels.map { channel in
            var truth = Channel(
                channelId: channel.id, title: channel.title, description: channel.description,
                customUrl: channel.handle.lowercased(),
                publishedAt: Date(timeIntervalSince1970: TimeInterval(channel.publishedAt)), country: channel.country,
                uploadsPlaylistId: channel.uploadsPlaylistId, viewCount: channel.viewCount,
                subscriberCount: channel.subscriberCount,
                videoCount: api.corpus.uploads(ofChannel: channel.index, onDay: day).count)
            let details = api.corpus.details(of: channel)
            truth.defaultLanguage = details.defaultLanguage
            truth.keywords = details.keywords.isEmpty ? nil : details.keywords
            truth.unsubscribedTrailer = details.unsubscribedTrailer
            truth.bannerUrl = details.bannerExternalUrl
            truth.hiddenSubscriberCount = channel.subscriberCount == nil
            truth.privacyStatus = details.privacyStatus
            truth.isLinked = details.isLinked
            truth.longUploadsStatus = details.longUploadsStatus
            truth.madeForKids = details.madeForKids
            truth.topicIds = details.topicIds
            truth.topicCategories = details.topicCategories
            return truth
        }
    }

    /// The ground truth of comments: every comment of the videos given (by default all, the
    /// uploads published by the emulator's day included), top-level and replies, as a comments
    /// crawl records them (plain text).
    public func truthComments(videoIds: [String]? = nil) -> [Comment] {
        let corpus = api.corpus
        let indices =
            videoIds.map { $0.compactMap { corpus.videoIndex(id: Substring($0)) } } ?? videoIndices(onDay: api.day)
        var comments: [Comment] = []
        for index in indices {
            let video = corpus.video(index)
            let channelId = corpus.channels[video.channel].id
            for (thread, replies) in corpus.threadReplyCounts(ofVideo: video).enumerated() {
                for reply in [nil] + (0..<replies).map(Optional.some) {
                    let comment = corpus.comment(video: video, thread: thread, reply: reply)
                    comments.append(
                        Comment(
                            commentId: comment.id, threadId: comment.threadId,
                            parentId: reply == nil ? nil : comment.threadId, videoId: video.id, channelId: channelId,
                            authorDisplayName: corpus.authorName(comment.author),
                            authorProfileImageUrl: corpus.authorImage(comment.author),
                            authorChannelId: corpus.authorChannelId(comment.author), text: comment.text,
                            likeCount: comment.likeCount, imageUrl: comment.imageUrl,
                            totalReplyCount: reply == nil ? replies : nil,
                            publishedAt: Date(timeIntervalSince1970: TimeInterval(comment.publishedAt)),
                            updatedAt: Date(timeIntervalSince1970: TimeInterval(comment.updatedAt))))
                }
            }
        }
        return comments
    }

    /// The truth of whom each reply answers, by reply id: the comment whose author's `@name` it
    /// begins with (replies that begin with none are not listed).
    public func truthReplyAnswers(videoIds: [String]? = nil) -> [String: String] {
        let corpus = api.corpus
        let indices =
            videoIds.map { $0.compactMap { corpus.videoIndex(id: Substring($0)) } } ?? videoIndices(onDay: api.day)
        var answers: [String: String] = [:]
        for index in indices {
            let video = corpus.video(index)
            for (thread, replies) in corpus.threadReplyCounts(ofVideo: video).enumerated() {
                for reply in 0..<replies {
                    let comment = corpus.comment(video: video, thread: thread, reply: reply)
                    if let answered = comment.answers { answers[comment.id] = answered }
                }
            }
        }
        return answers
    }

    /// Videos whose comments are disabled (the uploads published by the emulator's day included).
    public func truthCommentsDisabled() -> Set<String> {
        Set(videoIndices(onDay: api.day).map { api.corpus.video($0) }.filter { $0.commentCount == nil }.map(\.id))
    }

    /// The kinds of records ``dumpTruth(to:kinds:)`` writes (others in its `kinds` are ignored).
    public static let truthKinds: [RecordKind] = [.videos, .channels, .comments, .chat]

    /// Writes the ground truth of `kinds` as JSON lines: `DIRECTORY/videos.jsonl` (as the corpus
    /// stands on the emulator's day), `DIRECTORY/channels.jsonl`, `DIRECTORY/comments.jsonl` and,
    /// for `chat`, `DIRECTORY/chats.jsonl` and `DIRECTORY/chat.jsonl` (see ``dumpChatTruth(to:)``;
    /// comments and chat take gigabytes for a corpus of tens of thousands of videos: leave them out
    /// when not needed), and always the channel links, `DIRECTORY/links.jsonl` (see
    /// ``dumpLinks(to:)``).
    ///
    /// - Throws: when the directory or files cannot be written.
    public func dumpTruth(to directory: String, kinds: Set<RecordKind> = Set(truthKinds)) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var writer = JSONWriter(capacity: 1 << 20)
        func write(_ kind: RecordKind, _ encode: (inout JSONWriter) -> Void) throws {
            guard kinds.contains(kind) else { return }
            writer.removeAll()
            encode(&writer)
            try Data(writer.bytes).write(to: URL(fileURLWithPath: directory + "/\(kind.rawValue).jsonl"))
        }
        try write(.videos) { writer in for video in truthVideos() { RecordEncoder.encode(video, into: &writer) } }
        try write(.channels) { writer in
            for channel in truthChannels() { RecordEncoder.encode(channel, into: &writer) }
        }
        try write(.comments) { writer in
            for comment in truthComments() { RecordEncoder.encode(comment, into: &writer) }
        }
        if kinds.contains(.chat) { try dumpChatTruth(to: directory) }
        try dumpLinks(to: directory)
    }
}
