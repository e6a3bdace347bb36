import Foundation

/// A YouTube video with the fields of a ytcrawl record (see DESIGN.md "Records").
///
/// Unknown or absent values are `nil` — a field the response did not carry (a `fields=` filter, a
/// trimmed part) is `nil`, never `""`, which means the API sent empty text. Text is plain (HTML
/// entities decoded).
public struct Video: Sendable, Hashable, Identifiable {
    public var videoId: String
    public var title: String?
    public var description: String?
    public var channelId: String?
    public var channelTitle: String?
    /// The video's publish time, UTC whole seconds.
    public var publishedAt: Date?
    public var thumbnails: Thumbnails
    /// `none`, `live` or `upcoming`.
    public var liveBroadcastContent: String?
    public var tags: [String]?
    public var categoryId: String?
    public var defaultLanguage: String?
    public var defaultAudioLanguage: String?
    /// ISO 8601 as the API sent it (`PT1H10S`).
    public var duration: String?
    public var durationSeconds: Int?
    public var viewCount: Int?
    /// `nil` when the owner hides likes.
    public var likeCount: Int?
    /// `nil` when comments are disabled.
    public var commentCount: Int?
    public var source: VideoSource?
    public var fetchedAt: Date?

    // Schema version 2: the parts videos.list returns for the same unit (DESIGN.md "Records").
    // Each is `nil` when the response did not carry it.

    /// `2d` or `3d`.
    public var dimension: String?
    /// `hd` or `sd`.
    public var definition: String?
    /// `rectangular` or `360`.
    public var projection: String?
    /// Whether captions exist (the API sends `"true"`/`"false"` as a string).
    public var caption: Bool?
    public var licensedContent: Bool?
    public var regionRestriction: RegionRestriction?
    /// Ratings by rating system, as sent (`{"ytRating": "ytAgeRestricted"}`; `{}` when sent empty).
    public var contentRating: JSONValue?
    /// `public`, `unlisted` or `private`.
    public var privacyStatus: String?
    /// `processed`, `uploaded`, …
    public var uploadStatus: String?
    /// `youtube` or `creativeCommon`.
    public var license: String?
    public var embeddable: Bool?
    public var publicStatsViewable: Bool?
    public var madeForKids: Bool?
    public var containsSyntheticMedia: Bool?
    public var topicIds: [String]?
    public var relevantTopicIds: [String]?
    /// Wikipedia URLs.
    public var topicCategories: [String]?
    public var recordingDate: Date?
    public var recordingLocation: GeoPoint?
    /// Present on videos that were, are or will be live.
    public var liveStreamingDetails: LiveStreamingDetails?
    public var hasPaidProductPlacement: Bool?
    /// Titles and descriptions by language, as sent (only when the `localizations` part is asked).
    public var localizations: JSONValue?
    /// Short, live or long-form, when the crawl labelled it (`formats=yes`).
    public var format: VideoFormat?

    // Inlinable: made in the decoders and filled in place, without the copy and destroy of a
    // whole record an opaque initializer costs (every field retained and released once more).
    @inlinable
    public init(
        videoId: String,
        title: String? = nil,
        description: String? = nil,
        channelId: String? = nil,
        channelTitle: String? = nil,
        publishedAt: Date? = nil,
        thumbnails: Thumbnails = Thumbnails(sizes: []),
        liveBroadcastContent: String? = nil,
        tags: [String]? = nil,
        categoryId: String? = nil,
        defaultLanguage: String? = nil,
        defaultAudioLanguage: String? = nil,
        duration: String? = nil,
        durationSeconds: Int? = nil,
        viewCount: Int? = nil,
        likeCount: Int? = nil,
        commentCount: Int? = nil,
        source: VideoSource? = nil,
        fetchedAt: Date? = nil
    ) {
        self.videoId = videoId
        self.title = title
        self.description = description
        self.channelId = channelId
        self.channelTitle = channelTitle
        self.publishedAt = publishedAt
        self.thumbnails = thumbnails
        self.liveBroadcastContent = liveBroadcastContent
        self.tags = tags
        self.categoryId = categoryId
        self.defaultLanguage = defaultLanguage
        self.defaultAudioLanguage = defaultAudioLanguage
        self.duration = duration
        self.durationSeconds = durationSeconds
        self.viewCount = viewCount
        self.likeCount = likeCount
        self.commentCount = commentCount
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// A record with only its id and thumbnails, every other field `nil`, for a decoder to fill.
    ///
    /// The initializer above, with every other field a default argument, makes the record in a
    /// temporary that is then copied whole (every field retained) and destroyed (every field
    /// released); with only two stored fields set, the optimizer makes it where it is used.
    @inlinable
    public init(videoId: String, thumbnails: Thumbnails) {
        self.videoId = videoId
        self.thumbnails = thumbnails
    }

    public var id: String { videoId }

    /// The URL a player loads: `https://www.youtube.com/embed/<videoId>`.
    public var embedURL: URL { URL(string: embedURLString)! }

    public var embedURLString: String { Self.embedURLPrefix.description + videoId }

    /// What an embed URL is before its video id (the record encoder writes it as is).
    public static let embedURLPrefix: StaticString = "https://www.youtube.com/embed/"

    /// The page a person opens: `https://www.youtube.com/watch?v=<videoId>`.
    public var watchURL: URL { URL(string: "https://www.youtube.com/watch?v=" + videoId)! }

    /// `high` if present, else the largest thumbnail available.
    public var thumbnailUrl: String? { thumbnails.preferred?.url }
}
