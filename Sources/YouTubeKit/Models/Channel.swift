import Foundation

/// A YouTube channel with the fields of a ytcrawl channel record.
public struct Channel: Sendable, Hashable, Identifiable {
    public var channelId: String {
        // An uploads id kept as "derived" names this channel's `UU…` list: it keeps its value
        // when the channel id changes.
        willSet { if case .derived? = uploadsForm { uploadsForm = .other(Self.uploads(derivedFrom: channelId) ?? "") } }
        didSet { uploadsForm = Self.uploadsForm(uploadsPlaylistId, channelId: channelId) }
    }
    public var title: String?
    public var description: String?
    /// The handle form, e.g. `@googledevelopers`.
    public var customUrl: String?
    public var publishedAt: Date?
    public var thumbnails: Thumbnails
    public var country: String?
    /// The `UU…` playlist of every upload: the cheapest way to list a channel's videos.
    public var uploadsPlaylistId: String? {
        get {
            switch uploadsForm {
            case nil: nil
            case .derived?: Self.uploads(derivedFrom: channelId)
            case .other(let id)?: id
            }
        }
        set { uploadsForm = Self.uploadsForm(newValue, channelId: channelId) }
    }
    public var viewCount: Int?
    /// `nil` when the channel hides its subscriber count.
    public var subscriberCount: Int?
    public var videoCount: Int?
    public var fetchedAt: Date?

    // Schema version 2: the parts channels.list returns for the same unit (DESIGN.md "Records").
    // Each is `nil` when the response did not carry it.

    public var defaultLanguage: String?
    /// `brandingSettings.channel.keywords`, split: quoted phrases whole. Split when read: store
    /// the array if you read it often.
    public var keywords: [String]? {
        get { keywordsForm?.keywords }
        set { keywordsForm = newValue.map { .list($0) } }
    }
    /// The keywords as the API sent them (see ``ChannelKeywords/Form``).
    package var keywordsForm: ChannelKeywords.Form?
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
        self.uploadsForm = Self.uploadsForm(uploadsPlaylistId, channelId: channelId)
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

    /// How a record holds its uploads playlist id: as "the channel id with `UU` for `UC`", which
    /// it nearly always is (no String of its own: one allocation less a channel, about 1% of a
    /// channels page's decoding), or as sent. Always `.derived` when the id is the derived one,
    /// so that records compare and hash by value.
    @usableFromInline
    package enum UploadsForm: Sendable, Hashable {
        case derived
        case other(String)
    }

    @usableFromInline
    package var uploadsForm: UploadsForm?

    /// `uploads` in its form for a channel of id `channelId`.
    @usableFromInline
    package static func uploadsForm(_ uploads: String?, channelId: String) -> UploadsForm? {
        guard var uploads else { return nil }
        let derived = uploads.withUTF8 { isDerivedUploads(UnsafeRawBufferPointer($0), channelId: channelId) }
        return derived ? .derived : .other(uploads)
    }

    /// Whether `uploads` (UTF-8) is `channelId` with `UU` for its `UC`, compared without making
    /// a String.
    package static func isDerivedUploads(_ uploads: UnsafeRawBufferPointer, channelId: String) -> Bool {
        let count = uploads.count
        guard count >= 2, count == channelId.utf8.count, uploads[0] == UInt8(ascii: "U"),
            uploads[1] == UInt8(ascii: "U")
        else { return false }
        var id = channelId
        return id.withUTF8 { id in
            id[0] == UInt8(ascii: "U") && id[1] == UInt8(ascii: "C")
                && memcmp(uploads.baseAddress! + 2, id.baseAddress! + 2, count &- 2) == 0
        }
    }

    /// `UU…` for a `UC…` channel id.
    package static func uploads(derivedFrom channelId: String) -> String? {
        channelId.utf8.starts(with: "UC".utf8) ? "UU" + channelId.dropFirst(2) : nil
    }

    public var thumbnailUrl: String? { thumbnails.preferred?.url }

    /// The uploads playlist id derived from the channel id (`UC…` → `UU…`), when the API did not send it.
    public var derivedUploadsPlaylistId: String? {
        uploadsPlaylistId ?? Self.uploads(derivedFrom: channelId)
    }
}
