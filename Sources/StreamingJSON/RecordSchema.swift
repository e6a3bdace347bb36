import YouTubeKit

/// The record kinds' schema, described once: names, types, nullability and nested objects. The
/// record encoder's column lists come from it (tests hold every encoded line to it), and
/// `ytcrawl schema` renders it for JSON Schema, Spark, BigQuery and DuckDB.
public struct RecordSchema: Sendable, Hashable {
    public indirect enum FieldType: Sendable, Hashable {
        case string
        case integer
        case boolean
        /// A JSON number that may have a fraction (a latitude).
        case number
        /// A JSON object kept as the API sent it (a content rating, localizations).
        case json
        /// RFC 3339 UTC text (`2017-06-08T02:25:43Z`).
        case timestamp
        /// One of these strings.
        case enumeration([String])
        case array(FieldType)
        case object([Field])
        /// An object whose keys are names (`high`, `medium`…) and whose values are all of one type;
        /// `knownKeys` are those engines without maps (BigQuery) get as fields.
        case map(FieldType, knownKeys: [String])
    }

    public struct Field: Sendable, Hashable {
        public var name: String
        public var type: FieldType
        /// `false` for the columns every line has a value in (ids).
        public var nullable: Bool
        /// Present only sometimes inside an object (a thumbnail's width); top-level columns are
        /// always present.
        public var optional: Bool
        /// The schema version that added the column.
        public var since: Int
        /// What the field means, where the API sends it and when it is null, for people who
        /// analyse the data (``RecordSchema/descriptions(of:)``).
        public var description = ""

        init(_ name: String, _ type: FieldType, nullable: Bool = true, optional: Bool = false, since: Int = 1) {
            self.name = name
            self.type = type
            self.nullable = nullable
            self.optional = optional
            self.since = since
        }
    }

    /// What its records are; the kind's raw value is the schema's name (`videos`, `stats`…).
    public var kind: RecordKind
    /// Raised when columns are added (at the end, each field saying ``Field/since``) or change.
    public var version: Int
    public var fields: [Field]

    /// A kind's schema, each field with its description (``descriptions(of:)``).
    init(kind: RecordKind, version: Int, fields: [Field]) {
        self.kind = kind
        self.version = version
        self.fields = Self.described(fields, Self.descriptions(of: kind))
    }

    /// The columns in the order the encoder writes them.
    public var columns: [String] { fields.map(\.name) }

    /// The schema as it was at `version` (an older output's lines have only those columns).
    public func atVersion(_ version: Int) -> RecordSchema {
        RecordSchema(kind: kind, version: version, fields: fields.filter { $0.since <= version })
    }

    /// The column that identifies a record (written first).
    public var idColumn: String { fields[0].name }

    /// The columns that together identify a record (written first, in this order): the id
    /// column, or a link's from, to and relation.
    public var keyColumns: [String] {
        switch kind {
        case .links: ["fromChannelId", "toChannelId", "relation"]
        case .categories: ["categoryId", "regionCode"]
        default: [idColumn]
        }
    }

    /// Where a comment, link or playlist was found: the seed line, the list method and the
    /// position in that list.
    static let listSource = FieldType.object([
        Field("seed", .string, nullable: false), Field("endpoint", .string, nullable: false),
        Field("rank", .integer, nullable: false),
    ])

    static let thumbnail = FieldType.object([
        Field("url", .string, nullable: false), Field("width", .integer, optional: true),
        Field("height", .integer, optional: true),
    ])
    static let thumbnailSizes = ["default", "medium", "high", "standard", "maxres"]

    public static let videos = RecordSchema(
        kind: .videos, version: 3,
        fields: [
            Field("videoId", .string, nullable: false), Field("title", .string), Field("description", .string),
            Field("channelId", .string), Field("channelTitle", .string), Field("publishedAt", .timestamp),
            Field("thumbnailUrl", .string), Field("thumbnails", .map(thumbnail, knownKeys: thumbnailSizes)),
            Field("liveBroadcastContent", .string), Field("tags", .array(.string)), Field("categoryId", .string),
            Field("defaultLanguage", .string), Field("defaultAudioLanguage", .string), Field("duration", .string),
            Field("durationSeconds", .integer), Field("viewCount", .integer), Field("likeCount", .integer),
            Field("commentCount", .integer), Field("embedURL", .string, nullable: false),
            Field(
                "source",
                .object([
                    Field("kind", .enumeration(VideoSource.Kind.allCases.map(\.rawValue)), nullable: false),
                    Field("seed", .string, nullable: false), Field("endpoint", .string, nullable: false),
                    Field("rank", .integer, nullable: false),
                ])),
            Field("fetchedAt", .timestamp),
        ] + videoVersion2
            + added(
                in: 3,
                textFeatures + [
                    Field("mentions", .array(.string)),
                    Field(
                        "chapters",
                        .array(
                            .object([
                                Field("start", .integer, nullable: false), Field("title", .string, nullable: false),
                            ]))),
                ]))

    static func version2(_ fields: [Field]) -> [Field] { added(in: 2, fields) }

    static func added(in version: Int, _ fields: [Field]) -> [Field] {
        fields.map {
            var field = $0
            field.since = version
            return field
        }
    }

    /// The links, hashtags and handles in a record's text (``TextFeatures``), added in version 3.
    static let textFeatures = [
        Field(
            "urls", .array(.object([Field("url", .string, nullable: false), Field("host", .string, nullable: false)]))),
        Field("hashtags", .array(.string)),
    ]

    static let timestamps = ["actualStartTime", "actualEndTime", "scheduledStartTime", "scheduledEndTime"]

    static let videoVersion2 = version2([
        Field("dimension", .string), Field("definition", .string), Field("projection", .string),
        Field("caption", .boolean), Field("licensedContent", .boolean),
        Field("regionRestriction", .object([Field("allowed", .array(.string)), Field("blocked", .array(.string))])),
        Field("contentRating", .json), Field("privacyStatus", .string), Field("uploadStatus", .string),
        Field("license", .string), Field("embeddable", .boolean), Field("publicStatsViewable", .boolean),
        Field("madeForKids", .boolean), Field("containsSyntheticMedia", .boolean),
        Field("topicIds", .array(.string)), Field("relevantTopicIds", .array(.string)),
        Field("topicCategories", .array(.string)), Field("recordingDate", .timestamp),
        Field(
            "recordingLocation",
            .object([
                Field("latitude", .number, nullable: false), Field("longitude", .number, nullable: false),
                Field("altitude", .number),
            ])),
        Field(
            "liveStreamingDetails",
            .object(
                timestamps.map { Field($0, .timestamp) } + [
                    Field("concurrentViewers", .integer), Field("activeLiveChatId", .string),
                ])),
        Field("hasPaidProductPlacement", .boolean), Field("localizations", .json),
        Field("format", .enumeration(VideoFormat.allCases.map(\.rawValue))),
    ])

    public static let channels = RecordSchema(
        kind: .channels, version: 3,
        fields: [
            Field("channelId", .string, nullable: false), Field("title", .string), Field("description", .string),
            Field("customUrl", .string), Field("publishedAt", .timestamp), Field("thumbnailUrl", .string),
            Field("country", .string), Field("uploadsPlaylistId", .string), Field("viewCount", .integer),
            Field("subscriberCount", .integer), Field("videoCount", .integer), Field("fetchedAt", .timestamp),
        ]
            + version2([
                Field("defaultLanguage", .string), Field("keywords", .array(.string)),
                Field("unsubscribedTrailer", .string), Field("bannerUrl", .string),
                Field("hiddenSubscriberCount", .boolean), Field("privacyStatus", .string), Field("isLinked", .boolean),
                Field("longUploadsStatus", .string), Field("madeForKids", .boolean),
                Field("topicIds", .array(.string)), Field("topicCategories", .array(.string)),
                Field("subscriptionsPrivate", .boolean),
            ]) + added(in: 3, textFeatures + [Field("mentions", .array(.string))]))

    public static let comments = RecordSchema(
        kind: .comments, version: 3,
        fields: [
            Field("commentId", .string, nullable: false), Field("threadId", .string), Field("parentId", .string),
            Field("videoId", .string), Field("channelId", .string), Field("authorDisplayName", .string),
            Field("authorProfileImageUrl", .string), Field("authorChannelId", .string), Field("text", .string),
            Field("likeCount", .integer), Field("imageUrl", .string), Field("totalReplyCount", .integer),
            Field("publishedAt", .timestamp), Field("updatedAt", .timestamp),
            Field(
                "source",
                listSource),
            Field("fetchedAt", .timestamp),
        ]
            + added(
                in: 3,
                textFeatures + [
                    Field("replyToCommentId", .string), Field("replyToAuthor", .string), Field("depth", .integer),
                    Field("isChannelOwner", .boolean),
                ]))

    public static let stats = RecordSchema(
        kind: .stats, version: 1,
        fields: [
            Field("videoId", .string, nullable: false), Field("fetchedAt", .timestamp), Field("viewCount", .integer),
            Field("likeCount", .integer), Field("commentCount", .integer), Field("duration", .string),
            Field("status", .enumeration(["ok", "gone"]), nullable: false),
        ])

    public static let links = RecordSchema(
        kind: .links, version: 2,
        fields: [
            Field("fromChannelId", .string, nullable: false, since: 2),
            Field("toChannelId", .string, nullable: false, since: 2),
            Field("relation", .enumeration(ChannelLink.Relation.allCases.map(\.rawValue)), nullable: false, since: 2),
            Field("sectionTitle", .string, since: 2), Field("depth", .integer, nullable: false, since: 2),
            Field(
                "source",
                listSource, since: 2),
            Field("fetchedAt", .timestamp, since: 2),
        ])

    public static let results = RecordSchema(
        kind: .results, version: 1,
        fields: [
            Field("resultId", .string, nullable: false), Field("run", .integer, nullable: false),
            Field("seed", .string, nullable: false), Field("request", .json, nullable: false),
            Field("window", .object([Field("publishedAfter", .timestamp), Field("publishedBefore", .timestamp)])),
            Field("page", .integer, nullable: false), Field("rank", .integer, nullable: false),
            Field("kind", .enumeration(SearchResult.Kind.allCases.map(\.rawValue)), nullable: false),
            Field("id", .string, nullable: false), Field("sentAt", .timestamp), Field("totalResults", .integer),
            Field("resultsPerPage", .integer), Field("matchesQuery", .boolean),
        ])

    public static let categories = RecordSchema(
        kind: .categories, version: 1,
        fields: [
            Field("categoryId", .string, nullable: false), Field("regionCode", .string, nullable: false),
            Field("title", .string), Field("assignable", .boolean), Field("channelId", .string),
            Field("fetchedAt", .timestamp),
        ])

    public static let playlists = RecordSchema(
        kind: .playlists, version: 1,
        fields: [
            Field("playlistId", .string, nullable: false), Field("channelId", .string), Field("title", .string),
            Field("description", .string), Field("publishedAt", .timestamp), Field("itemCount", .integer),
            Field("privacyStatus", .string), Field("podcastStatus", .string), Field("defaultLanguage", .string),
            Field("thumbnailUrl", .string), Field("localizations", .json), Field("fetchedAt", .timestamp),
            Field(
                "source",
                listSource),
        ])

    public static let memberships = RecordSchema(
        kind: .memberships, version: 1,
        fields: [
            Field("membershipId", .string, nullable: false), Field("run", .integer, nullable: false),
            Field("playlistId", .string, nullable: false), Field("videoId", .string, nullable: false),
            Field("position", .integer, nullable: false), Field("addedAt", .timestamp),
            Field("videoOwnerChannelId", .string), Field("note", .string), Field("fetchedAt", .timestamp),
        ])

    public static let missing = RecordSchema(
        kind: .missing, version: 1,
        fields: [
            Field("missingId", .string, nullable: false), Field("run", .integer, nullable: false),
            Field("kind", .enumeration(MissingItem.Kind.allCases.map(\.rawValue)), nullable: false),
            Field("id", .string, nullable: false), Field("seed", .string, nullable: false),
            Field("fetchedAt", .timestamp),
        ])

    public static let chat = RecordSchema(
        kind: .chat, version: 1,
        fields: [
            Field("messageId", .string, nullable: false), Field("liveChatId", .string, nullable: false),
            Field("videoId", .string), Field("type", .string), Field("publishedAt", .timestamp),
            Field("text", .string), Field("authorChannelId", .string), Field("authorDisplayName", .string),
            Field("isChatOwner", .boolean), Field("isChatModerator", .boolean), Field("isChatSponsor", .boolean),
            Field("isVerified", .boolean), Field("amountMicros", .integer), Field("currency", .string),
            Field("amountDisplayString", .string), Field("tier", .integer), Field("gapBefore", .timestamp),
            Field("fetchedAt", .timestamp), Field("source", listSource),
        ])

    /// Every kind's schema, in ``RecordKind`` order.
    public static var all: [RecordSchema] { RecordKind.allCases.map(\.schema) }
}
