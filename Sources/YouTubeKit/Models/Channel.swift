import Foundation

/// A YouTube channel with the fields of a ytcrawl channel record.
public struct Channel: Sendable, Hashable, Identifiable {
    public var channelId: String
    public var title: String?
    public var description: String?
    /// The handle form, e.g. `@googledevelopers`.
    public var customUrl: String?
    public var publishedAt: Date?
    public var thumbnails: Thumbnails
    public var country: String?
    /// The `UU…` playlist of every upload: the cheapest way to list a channel's videos.
    public var uploadsPlaylistId: String?
    public var viewCount: Int?
    /// `nil` when the channel hides its subscriber count.
    public var subscriberCount: Int?
    public var videoCount: Int?
    public var fetchedAt: Date?

    // Schema version 2: the parts channels.list returns for the same unit (DESIGN.md "Records").
    // Each is `nil` when the response did not carry it.

    public var defaultLanguage: String?
    /// `brandingSettings.channel.keywords`, split: quoted phrases whole.
    public var keywords: [String]?
    /// The video id of the trailer shown to visitors who are not subscribed.
    public var unsubscribedTrailer: String?
    /// `brandingSettings.image.bannerExternalUrl`.
    public var bannerUrl: String?
    public var hiddenSubscriberCount: Bool?
    public var privacyStatus: String?
    public var isLinked: Bool?
    public var longUploadsStatus: String?
    public var madeForKids: Bool?
    public var topicIds: [String]?
    /// Wikipedia URLs.
    public var topicCategories: [String]?
    /// Whether the channel keeps its subscriptions private (`subscriptionForbidden`); `nil` when
    /// not asked.
    public var subscriptionsPrivate: Bool?

    // Inlinable: made in the decoders and filled in place, without the copy and destroy of a
    // whole record an opaque initializer costs (every field retained and released once more).
    @inlinable
    public init(
        channelId: String,
        title: String? = nil,
        description: String? = nil,
        customUrl: String? = nil,
        publishedAt: Date? = nil,
        thumbnails: Thumbnails = Thumbnails(sizes: []),
        country: String? = nil,
        uploadsPlaylistId: String? = nil,
        viewCount: Int? = nil,
        subscriberCount: Int? = nil,
        videoCount: Int? = nil,
        fetchedAt: Date? = nil
    ) {
        self.channelId = channelId
        self.title = title
        self.description = description
        self.customUrl = customUrl
        self.publishedAt = publishedAt
        self.thumbnails = thumbnails
        self.country = country
        self.uploadsPlaylistId = uploadsPlaylistId
        self.viewCount = viewCount
        self.subscriberCount = subscriberCount
        self.videoCount = videoCount
        self.fetchedAt = fetchedAt
    }

    /// A record with only its id and thumbnails, every other field `nil`, for a decoder to fill
    /// (see ``Video/init(videoId:thumbnails:)``, which says why).
    @inlinable
    public init(channelId: String, thumbnails: Thumbnails) {
        self.channelId = channelId
        self.thumbnails = thumbnails
    }

    public var id: String { channelId }

    public var thumbnailUrl: String? { thumbnails.preferred?.url }

    /// The uploads playlist id derived from the channel id (`UC…` → `UU…`), when the API did not send it.
    public var derivedUploadsPlaylistId: String? {
        uploadsPlaylistId ?? (channelId.hasPrefix("UC") ? "UU" + channelId.dropFirst(2) : nil)
    }
}
