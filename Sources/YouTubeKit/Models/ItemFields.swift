import Foundation

/// Everything a list response's `items[]` element says that a record needs, whatever its
/// endpoint, and the rules that turn it into a record (search snippets HTML-decoded, playlist
/// entries dated by `videoPublishedAt`, placeholders recognised). Filled by the streaming page
/// decoders (StreamingJSON) and by ``YouTubeClient`` from a Foundation JSON tree, so both read
/// the API the same way.
package struct ItemFields: Sendable {
    package init() {}

    package var id: String?
    package var idIsObject = false
    /// Whether title, description and channelTitle were HTML-decoded as they arrived.
    package var snippetDecoded = false
    package var idVideoId: String?
    package var idChannelId: String?
    package var idPlaylistId: String?
    package var publishedAt: Int64?
    package var channelId: String?
    package var title: String?
    package var description: String?
    package var channelTitle: String?
    package var liveBroadcastContent: String?
    /// The item's thumbnail sizes: in `videoThumbnails` while every one is a video's usual size
    /// (no array made or freed per record), else all of them in `thumbnailList`.
    package var videoThumbnails = VideoThumbnailSizes()
    package var thumbnailList: [Thumbnails.Size] = []
    package var tags: [String]?
    package var categoryId: String?
    package var defaultLanguage: String?
    package var defaultAudioLanguage: String?
    package var customUrl: String?
    package var country: String?
    package var playlistId: String?
    package var videoOwnerChannelId: String?
    package var videoOwnerChannelTitle: String?
    package var resourceVideoId: String?
    package var hasResourceId = false
    package var duration: String?
    package var durationSeconds: Int?
    package var contentVideoId: String?
    package var videoPublishedAt: Int64?
    /// `contentDetails.relatedPlaylists.uploads`: `.derived` when the decoder saw it is the
    /// item's id with `UU` for `UC` (no String made), else as sent; made canonical when the
    /// record is made (``Channel/UploadsForm``).
    package var uploads: Channel.UploadsForm?
    package var viewCount: Int?
    package var likeCount: Int?
    package var commentCount: Int?
    package var subscriberCount: Int?
    package var videoCount: Int?
    package var hiddenSubscriberCount: Bool?
    package var privacyStatus: String?
    // Schema version 2 (DESIGN.md "Records").
    package var dimension: String?
    package var definition: String?
    package var projection: String?
    package var caption: Bool?
    package var licensedContent: Bool?
    /// Set when `regionRestriction` was an object; its lists as sent.
    package var hasRegionRestriction = false
    package var regionAllowed: [String]?
    package var regionBlocked: [String]?
    package var contentRating: JSONValue?
    package var uploadStatus: String?
    package var license: String?
    package var embeddable: Bool?
    package var publicStatsViewable: Bool?
    package var madeForKids: Bool?
    package var containsSyntheticMedia: Bool?
    package var topicIds: [String]?
    package var relevantTopicIds: [String]?
    package var topicCategories: [String]?
    package var recordingDate: Int64?
    package var latitude: Double?
    package var longitude: Double?
    package var altitude: Double?
    package var liveStreamingDetails: LiveStreamingDetails?
    package var hasPaidProductPlacement: Bool?
    package var localizations: JSONValue?
    /// `brandingSettings.channel.keywords`, as sent (``ChannelKeywords/Form``).
    package var keywords: ChannelKeywords.Form?
    package var unsubscribedTrailer: String?
    package var bannerUrl: String?
    package var isLinked: Bool?
    package var longUploadsStatus: String?

    /// Back to a fresh item: what the last one left set is released, checked field by field —
    /// a records' fields were moved out already, so most are `nil` and cost one test each,
    /// where assigning `ItemFields()` released every field through the runtime.
    package mutating func clear() {
        if id != nil { id = nil }
        idIsObject = false
        snippetDecoded = false
        if idVideoId != nil { idVideoId = nil }
        if idChannelId != nil { idChannelId = nil }
        if idPlaylistId != nil { idPlaylistId = nil }
        publishedAt = nil
        if channelId != nil { channelId = nil }
        if title != nil { title = nil }
        if description != nil { description = nil }
        if channelTitle != nil { channelTitle = nil }
        if liveBroadcastContent != nil { liveBroadcastContent = nil }
        if videoThumbnails.count > 0 { videoThumbnails = VideoThumbnailSizes() }
        if !thumbnailList.isEmpty { thumbnailList = [] }
        if tags != nil { tags = nil }
        if categoryId != nil { categoryId = nil }
        if defaultLanguage != nil { defaultLanguage = nil }
        if defaultAudioLanguage != nil { defaultAudioLanguage = nil }
        if customUrl != nil { customUrl = nil }
        if country != nil { country = nil }
        if playlistId != nil { playlistId = nil }
        if videoOwnerChannelId != nil { videoOwnerChannelId = nil }
        if videoOwnerChannelTitle != nil { videoOwnerChannelTitle = nil }
        if resourceVideoId != nil { resourceVideoId = nil }
        hasResourceId = false
        if duration != nil { duration = nil }
        durationSeconds = nil
        if contentVideoId != nil { contentVideoId = nil }
        videoPublishedAt = nil
        if uploads != nil { uploads = nil }
        viewCount = nil
        likeCount = nil
        commentCount = nil
        subscriberCount = nil
        videoCount = nil
        hiddenSubscriberCount = nil
        if privacyStatus != nil { privacyStatus = nil }
        if hasVersion2Parts { clearVersion2Parts() }
    }

    /// Whether any field of the schema-2 parts may be set (checked first: pages without those
    /// parts clear nothing more).
    package var hasVersion2Parts = false

    private mutating func clearVersion2Parts() {
        hasVersion2Parts = false
        dimension = nil
        definition = nil
        projection = nil
        caption = nil
        licensedContent = nil
        hasRegionRestriction = false
        regionAllowed = nil
        regionBlocked = nil
        contentRating = nil
        uploadStatus = nil
        license = nil
        embeddable = nil
        publicStatsViewable = nil
        madeForKids = nil
        containsSyntheticMedia = nil
        topicIds = nil
        relevantTopicIds = nil
        topicCategories = nil
        recordingDate = nil
        latitude = nil
        longitude = nil
        altitude = nil
        liveStreamingDetails = nil
        hasPaidProductPlacement = nil
        localizations = nil
        keywords = nil
        unsubscribedTrailer = nil
        bannerUrl = nil
        isLinked = nil
        longUploadsStatus = nil
    }

    package static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// search.list result → a video, when it is one. Snippet text is HTML-escaped there: decoded here.
    package func searchVideo() -> Video? {
        guard isSearchVideo else { return nil }
        var fields = self
        return fields.takeSearchVideo()
    }

    /// videos.list item → a video; text is already plain.
    package func hydratedVideo() -> Video? {
        guard id != nil else { return nil }
        var fields = self
        return fields.takeHydratedVideo()
    }

    /// Whether a playlist entry is a "Private video"/"Deleted video" placeholder without data.
    /// (Inlinable, as the two below: the page decoder asks once per item, and a call across the
    /// module boundary passed the whole struct, some 900 bytes, by copy.)
    @inlinable
    package var isPlaceholder: Bool {
        (title == "Private video" || title == "Deleted video") && videoPublishedAt == nil
    }

    /// playlistItems.list item → a video. The publish date is contentDetails.videoPublishedAt,
    /// never snippet.publishedAt (the date it was added to the playlist); the channel is the
    /// video's owner where the API says so.
    package func playlistVideo() -> Video? {
        guard isPlaylistVideo else { return nil }
        var fields = self
        return fields.takePlaylistVideo()
    }

    package func channel() -> Channel? {
        guard id != nil else { return nil }
        var fields = self
        return fields.takeChannel()
    }

    /// Whether a search result is a video (not a channel or a playlist).
    @inlinable
    package var isSearchVideo: Bool { idVideoId != nil || (!idIsObject && id != nil) }

    /// Whether a playlist entry names its video.
    @inlinable
    package var isPlaylistVideo: Bool { contentVideoId != nil || resourceVideoId != nil }

    // The same records, made by moving the fields out (they are left nil): no String is
    // retained by the record and released by the fields after. The streaming decoders use these,
    // after the check above each names. (They return the record itself, not an optional: wrapping
    // it made the optimizer copy the whole record and destroy the original.)

    /// Requires ``isSearchVideo``.
    package mutating func takeSearchVideo() -> Video {
        var video = Video(videoId: takeSearchVideoId(), thumbnails: Thumbnails(sizes: []))
        moveSearchFields(into: &video)
        return video
    }

    /// A search result's video id, moved out. Requires ``isSearchVideo``.
    package mutating func takeSearchVideoId() -> String {
        idVideoId.take() ?? id.take()!
    }

    /// A search result's fields but its id (taken already), moved into its record: made where it
    /// is handed on and filled here, as ``moveHydratedFields(into:)`` says.
    @inline(never)
    package mutating func moveSearchFields(into video: inout Video) {
        let decoded = snippetDecoded
        video.title = decoded ? title.take() : title.take().map(HTMLEntities.decode)
        video.description = decoded ? description.take() : description.take().map(HTMLEntities.decode)
        video.channelId = channelId.take()
        video.channelTitle = decoded ? channelTitle.take() : channelTitle.take().map(HTMLEntities.decode)
        video.publishedAt = Self.date(publishedAt)
        video.thumbnails = takeThumbnails()
        video.liveBroadcastContent = liveBroadcastContent.take()
    }

    /// Requires `id`.
    package mutating func takeHydratedVideo() -> Video {
        var video = Video(videoId: id.take()!, thumbnails: Thumbnails(sizes: []))
        moveHydratedFields(into: &video)
        return video
    }

    /// A videos.list item's fields but its id (taken already), moved into its record.
    ///
    /// The streaming decoder makes the record where it hands it on and fills it here: made and
    /// filled in one function and returned from it, the record was copied whole (every field
    /// retained) and the original destroyed (every field released) by the optimizer. Never
    /// inlined, for the same reason.
    @inline(never)
    package mutating func moveHydratedFields(into video: inout Video) {
        video.title = title.take()
        video.description = description.take()
        video.channelId = channelId.take()
        video.channelTitle = channelTitle.take()
        video.publishedAt = Self.date(publishedAt)
        video.thumbnails = takeThumbnails()
        video.liveBroadcastContent = liveBroadcastContent.take()
        video.tags = tags.take()
        video.categoryId = categoryId.take()
        video.defaultLanguage = defaultLanguage.take()
        video.defaultAudioLanguage = defaultAudioLanguage.take()
        video.duration = duration.take()
        video.durationSeconds = durationSeconds
        video.viewCount = viewCount
        video.likeCount = likeCount
        video.commentCount = commentCount
        if hasVersion2Parts { moveVersion2Parts(into: &video) }
    }

    /// The schema-2 fields of a videos.list item, moved into its record.
    private mutating func moveVersion2Parts(into video: inout Video) {
        video.dimension = dimension.take()
        video.definition = definition.take()
        video.projection = projection.take()
        video.caption = caption
        video.licensedContent = licensedContent
        if hasRegionRestriction {
            video.regionRestriction = RegionRestriction(allowed: regionAllowed.take(), blocked: regionBlocked.take())
        }
        video.contentRating = contentRating.take()
        video.privacyStatus = privacyStatus.take()
        video.uploadStatus = uploadStatus.take()
        video.license = license.take()
        video.embeddable = embeddable
        video.publicStatsViewable = publicStatsViewable
        video.madeForKids = madeForKids
        video.containsSyntheticMedia = containsSyntheticMedia
        video.topicIds = topicIds.take()
        video.relevantTopicIds = relevantTopicIds.take()
        video.topicCategories = topicCategories.take()
        video.recordingDate = Self.date(recordingDate)
        if let latitude, let longitude {
            video.recordingLocation = GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude)
        }
        video.liveStreamingDetails = liveStreamingDetails.take()
        video.hasPaidProductPlacement = hasPaidProductPlacement
        video.localizations = localizations.take()
    }

    /// Requires ``isPlaylistVideo``.
    package mutating func takePlaylistVideo() -> Video {
        var video = Video(videoId: takePlaylistVideoId(), thumbnails: Thumbnails(sizes: []))
        movePlaylistFields(into: &video)
        return video
    }

    /// A playlist entry's video id, moved out. Requires ``isPlaylistVideo``.
    package mutating func takePlaylistVideoId() -> String {
        contentVideoId.take() ?? resourceVideoId.take()!
    }

    /// A playlist entry's fields but its video id (taken already), moved into its record, as
    /// ``moveHydratedFields(into:)`` says.
    @inline(never)
    package mutating func movePlaylistFields(into video: inout Video) {
        video.title = title.take()
        video.description = description.take()
        video.channelId = videoOwnerChannelId.take() ?? channelId.take()
        video.channelTitle = videoOwnerChannelTitle.take() ?? channelTitle.take()
        video.publishedAt = Self.date(videoPublishedAt)
        video.thumbnails = takeThumbnails()
    }

    /// Requires `id`.
    package mutating func takeChannel() -> Channel {
        var channel = Channel(channelId: id.take()!, thumbnails: Thumbnails(sizes: []))
        moveChannelFields(into: &channel)
        return channel
    }

    /// A channels.list item's fields but its id (taken already), moved into its record: made
    /// where it is handed on and filled here, as ``moveHydratedFields(into:)`` says.
    @inline(never)
    package mutating func moveChannelFields(into channel: inout Channel) {
        channel.title = title.take()
        channel.description = description.take()
        channel.customUrl = customUrl.take()
        channel.publishedAt = Self.date(publishedAt)
        channel.thumbnails = takeThumbnails()
        channel.country = country.take()
        switch uploads.take() {
        // Set through the property: an id that came after it may make it the derived one.
        case .other(let id)?: channel.uploadsPlaylistId = id
        case let form: channel.uploadsForm = form
        }
        channel.viewCount = viewCount
        channel.subscriberCount = hiddenSubscriberCount == true ? nil : subscriberCount
        channel.videoCount = videoCount
        channel.defaultLanguage = defaultLanguage.take()
        channel.hiddenSubscriberCount = hiddenSubscriberCount
        channel.privacyStatus = privacyStatus.take()
        guard hasVersion2Parts else { return }
        channel.keywordsForm = keywords.take()
        channel.unsubscribedTrailer = unsubscribedTrailer.take()
        channel.bannerUrl = bannerUrl.take()
        channel.isLinked = isLinked
        channel.longUploadsStatus = longUploadsStatus.take()
        channel.madeForKids = madeForKids
        channel.topicIds = topicIds.take()
        channel.topicCategories = topicCategories.take()
    }

    private mutating func takeThumbnails() -> Thumbnails {
        if !thumbnailList.isEmpty {
            var sizes: [Thumbnails.Size] = []
            swap(&sizes, &thumbnailList)
            return Thumbnails(sizes: sizes)
        }
        var video = VideoThumbnailSizes()
        swap(&video, &videoThumbnails)
        return Thumbnails(video: video)
    }

    /// Adds a thumbnail size: to `videoThumbnails` while it is a video's usual one and all before
    /// it were (`standardName`: the number of its name, when it is one of the API's), else to
    /// `thumbnailList`, with the sizes before it.
    package mutating func appendThumbnail(_ size: Thumbnails.Size, standardName: UInt8?) {
        if thumbnailList.isEmpty, let standardName, videoThumbnails.append(size.thumbnail, name: standardName) {
            return
        }
        if thumbnailList.isEmpty { startThumbnailList() }
        thumbnailList.append(size)
    }

    /// Makes the (empty) array of sizes ready for the sizes that follow: room for the usual
    /// five, and the sizes packed so far moved into it.
    package mutating func startThumbnailList() {
        thumbnailList.reserveCapacity(max(5, videoThumbnails.count + 1))
        if videoThumbnails.count > 0 {
            videoThumbnails.forEach { thumbnailList.append($0) }
            videoThumbnails = VideoThumbnailSizes()
        }
    }

}
