import Testing

@testable import YouTubeKit

@Suite("Item fields")
struct ItemFieldsTests {
    /// Every stored property set to a value that is not its fresh one.
    static func everythingSet() -> ItemFields {
        var fields = ItemFields()
        fields.id = "id"
        fields.idIsObject = true
        fields.snippetDecoded = true
        fields.idVideoId = "v"
        fields.idChannelId = "c"
        fields.idPlaylistId = "p"
        fields.publishedAt = 1
        fields.channelId = "channel"
        fields.title = "title"
        fields.description = "description"
        fields.channelTitle = "channel title"
        fields.liveBroadcastContent = "none"
        fields.thumbnailList = [Thumbnails.Size(name: "high", thumbnail: Thumbnail(url: "u"))]
        let packed = fields.videoThumbnails.append(Thumbnail(urlForm: ThumbnailTests.videoForm("v", file: 2)), name: 2)
        #expect(packed)
        fields.tags = ["tag"]
        fields.categoryId = "10"
        fields.defaultLanguage = "en"
        fields.defaultAudioLanguage = "en"
        fields.customUrl = "@x"
        fields.country = "US"
        fields.playlistId = "PL"
        fields.videoOwnerChannelId = "owner"
        fields.videoOwnerChannelTitle = "owner title"
        fields.resourceVideoId = "r"
        fields.hasResourceId = true
        fields.duration = "PT1S"
        fields.durationSeconds = 1
        fields.contentVideoId = "cv"
        fields.videoPublishedAt = 2
        fields.uploads = .other("UU")
        fields.viewCount = 3
        fields.likeCount = 4
        fields.commentCount = 5
        fields.subscriberCount = 6
        fields.videoCount = 7
        fields.hiddenSubscriberCount = true
        fields.privacyStatus = "public"
        fields.dimension = "2d"
        fields.definition = "hd"
        fields.projection = "rectangular"
        fields.caption = true
        fields.licensedContent = true
        fields.hasRegionRestriction = true
        fields.regionAllowed = ["US"]
        fields.regionBlocked = ["RU"]
        fields.contentRating = .object([("ytRating", .string("ytAgeRestricted"))])
        fields.uploadStatus = "processed"
        fields.license = "youtube"
        fields.embeddable = true
        fields.publicStatsViewable = true
        fields.madeForKids = false
        fields.containsSyntheticMedia = false
        fields.topicIds = ["/m/1"]
        fields.relevantTopicIds = ["/m/2"]
        fields.topicCategories = ["https://en.wikipedia.org/wiki/Music"]
        fields.recordingDate = 3
        fields.latitude = 1.5
        fields.longitude = 2.5
        fields.altitude = 0
        fields.liveStreamingDetails = LiveStreamingDetails(concurrentViewers: 8)
        fields.hasPaidProductPlacement = false
        fields.localizations = .object([])
        fields.keywords = .list(["a", "b c"])
        fields.unsubscribedTrailer = "trailer"
        fields.bannerUrl = "banner"
        fields.isLinked = true
        fields.longUploadsStatus = "allowed"
        fields.hasVersion2Parts = true
        return fields
    }

    static func values(_ fields: ItemFields) -> [String] {
        Mirror(reflecting: fields).children.map { "\($0.label ?? "?")=\($0.value)" }
    }

    @Test func clearLeavesAFreshItem() {
        let fresh = Self.values(ItemFields())
        let set = Self.values(Self.everythingSet())
        // Every property is set above (a property added later must be added there and to clear()).
        #expect(set.count == fresh.count)
        for (a, b) in zip(set, fresh) { #expect(a != b, "not set by the test: \(b)") }
        var cleared = Self.everythingSet()
        cleared.clear()
        #expect(Self.values(cleared) == fresh)
    }
}
