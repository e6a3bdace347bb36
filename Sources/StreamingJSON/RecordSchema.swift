import YouTubeKit

/// The record kinds' schema, described once: names, types, nullability and nested objects. The
/// record encoder's column lists come from it (tests hold every encoded line to it), and
/// `ytcrawl schema` renders it for JSON Schema, Spark, BigQuery and DuckDB.
public struct RecordSchema: Sendable, Hashable {
    public indirect enum FieldType: Sendable, Hashable {
        case string
        case integer
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

        init(_ name: String, _ type: FieldType, nullable: Bool = true, optional: Bool = false) {
            self.name = name
            self.type = type
            self.nullable = nullable
            self.optional = optional
        }
    }

    /// What its records are; the kind's raw value is the schema's name (`videos`, `stats`…).
    public var kind: RecordKind
    /// Raised when a column changes meaning or type; columns added at the end keep it.
    public var version: Int
    public var fields: [Field]

    /// The columns in the order the encoder writes them.
    public var columns: [String] { fields.map(\.name) }

    /// The column that identifies a record (written first).
    public var idColumn: String { fields[0].name }

    static let thumbnail = FieldType.object([
        Field("url", .string, nullable: false), Field("width", .integer, optional: true),
        Field("height", .integer, optional: true),
    ])
    static let thumbnailSizes = ["default", "medium", "high", "standard", "maxres"]

    public static let videos = RecordSchema(
        kind: .videos, version: 1,
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
        ])

    public static let channels = RecordSchema(
        kind: .channels, version: 1,
        fields: [
            Field("channelId", .string, nullable: false), Field("title", .string), Field("description", .string),
            Field("customUrl", .string), Field("publishedAt", .timestamp), Field("thumbnailUrl", .string),
            Field("country", .string), Field("uploadsPlaylistId", .string), Field("viewCount", .integer),
            Field("subscriberCount", .integer), Field("videoCount", .integer), Field("fetchedAt", .timestamp),
        ])

    public static let comments = RecordSchema(
        kind: .comments, version: 1,
        fields: [
            Field("commentId", .string, nullable: false), Field("threadId", .string), Field("parentId", .string),
            Field("videoId", .string), Field("channelId", .string), Field("authorDisplayName", .string),
            Field("authorProfileImageUrl", .string), Field("authorChannelId", .string), Field("text", .string),
            Field("likeCount", .integer), Field("imageUrl", .string), Field("totalReplyCount", .integer),
            Field("publishedAt", .timestamp), Field("updatedAt", .timestamp),
            Field(
                "source",
                .object([
                    Field("seed", .string, nullable: false), Field("endpoint", .string, nullable: false),
                    Field("rank", .integer, nullable: false),
                ])),
            Field("fetchedAt", .timestamp),
        ])

    public static let stats = RecordSchema(
        kind: .stats, version: 1,
        fields: [
            Field("videoId", .string, nullable: false), Field("fetchedAt", .timestamp), Field("viewCount", .integer),
            Field("likeCount", .integer), Field("commentCount", .integer), Field("duration", .string),
            Field("status", .enumeration(["ok", "gone"]), nullable: false),
        ])

    /// Every kind's schema, in ``RecordKind`` order.
    public static var all: [RecordSchema] { RecordKind.allCases.map(\.schema) }
}
