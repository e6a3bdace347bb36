import Archive
import Foundation
import Network
import StreamingJSON
import YouTubeKit

/// `ytcrawl export DIR --format ytdt --out OUTDIR`: the videos, channels and comments of an output
/// as the CSV files YouTube Data Tools v2 writes (`videolist`, `channellist`, `videocomments`),
/// with its column names in its order (from its `Video.to_row`, `Channel.to_row` and
/// `Comment.to_row`), so 4CAT's import and scripts written for YTDT read ours unchanged.
///
/// Values are written as YTDT writes them: free text with its whitespace squashed to single
/// spaces, lists joined with `,` (channels' with `|`), `True`/`False` for the API's booleans,
/// `yes`/`no` for YTDT's own, `publishedAtSQL` as `YYYY-MM-DD HH:MM:SS` UTC, a reply's level from 0
/// at the top. What ytcrawl does not have is empty (docs/analysis.md "YouTube Data Tools" lists
/// each column's source). Text cells are neutralized for spreadsheets unless `--raw-cells`.
enum YTDTExport {
    /// A column: its header and how a record fills it.
    struct Column: Sendable {
        let header: String
        let freeText: Bool
        let value: @Sendable (JSONValue, Context) -> String

        init(_ header: String, freeText: Bool = false, _ value: @escaping @Sendable (JSONValue, Context) -> String) {
            self.header = header
            self.freeText = freeText
            self.value = value
        }
    }

    /// What a row needs beyond its record.
    struct Context: Sendable {
        var position = 0
        var categoryTitles: [String: String] = [:]
        /// Comments: each comment's direct replies as inferred, and each thread's author.
        var children: [String: Int] = [:]
        var threadAuthors: [String: String] = [:]
        var repliesRead = false
    }

    static func text(_ record: JSONValue, _ key: String) -> String {
        if case .string(let value)? = record[key] { return value }
        if case .number(let value)? = record[key] { return value }
        return ""
    }

    static func texts(_ record: JSONValue, _ key: String) -> [String] {
        guard case .array(let values)? = record[key] else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// `True`/`False` as Python writes a boolean, empty for null.
    static func python(_ record: JSONValue, _ key: String) -> String {
        if case .bool(let flag)? = record[key] { return flag ? "True" : "False" }
        return ""
    }

    /// Whitespace runs (line breaks included) as one space, trimmed: YTDT's `squash_ws`.
    static func squashed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `2024-01-02T03:04:05Z` as `2024-01-02 03:04:05`.
    static func sql(_ timestamp: String) -> String {
        guard timestamp.count == 20, timestamp.hasSuffix("Z") else { return "" }
        return String(timestamp.prefix(10)) + " " + String(timestamp.dropFirst(11).prefix(8))
    }

    /// The last path segment of each topic URL (`…/wiki/Hip_hop_music` → `Hip_hop_music`).
    static func topicLabels(_ record: JSONValue, _ key: String) -> [String] {
        texts(record, key).map { String($0.split(separator: "/").last ?? "") }
    }

    static let videoColumns: [Column] = [
        Column("position") { _, context in String(context.position) },
        Column("channelId") { record, _ in text(record, "channelId") },
        Column("channelTitle", freeText: true) { record, _ in squashed(text(record, "channelTitle")) },
        Column("videoId") { record, _ in text(record, "videoId") },
        Column("videoUrl") { record, _ in "https://www.youtube.com/watch?v=" + text(record, "videoId") },
        Column("publishedAt") { record, _ in text(record, "publishedAt") },
        Column("publishedAtSQL") { record, _ in sql(text(record, "publishedAt")) },
        Column("videoTitle", freeText: true) { record, _ in squashed(text(record, "title")) },
        Column("videoDescription", freeText: true) { record, _ in squashed(text(record, "description")) },
        Column("tags", freeText: true) { record, _ in texts(record, "tags").joined(separator: ",") },
        Column("videoCategoryId") { record, _ in text(record, "categoryId") },
        Column("videoCategoryLabel", freeText: true) { record, context in
            context.categoryTitles[text(record, "categoryId")] ?? ""
        },
        Column("topicCategories") { record, _ in topicLabels(record, "topicCategories").joined(separator: ",") },
        Column("duration") { record, _ in text(record, "duration") },
        Column("durationSec") { record, _ in
            let seconds = text(record, "durationSeconds")
            return seconds.isEmpty ? "0" : seconds
        },
        Column("isShort") { record, _ in
            switch text(record, "format") {
            case "short": "yes"
            case "long", "live": "no"
            default: ""
            }
        },
        Column("dimension") { record, _ in text(record, "dimension") },
        Column("definition") { record, _ in text(record, "definition") },
        Column("caption") { record, _ in
            if case .bool(let flag)? = record["caption"] { return flag ? "true" : "false" }
            return ""
        },
        Column("liveBroadcastContent") { record, _ in text(record, "liveBroadcastContent") },
        Column("defaultLanguage") { record, _ in text(record, "defaultLanguage") },
        Column("defaultAudioLanguage") { record, _ in text(record, "defaultAudioLanguage") },
        Column("thumbnail_maxres") { record, _ in
            for size in ["maxres", "high"] {
                if case .string(let url)? = record["thumbnails"]?[size]?["url"] { return url }
            }
            return ""
        },
        Column("licensedContent") { record, _ in python(record, "licensedContent") },
        Column("regionRestrictionAllowed") { record, _ in
            texts(record["regionRestriction"] ?? .null, "allowed").joined(separator: ",")
        },
        Column("regionRestrictionBlocked") { record, _ in
            texts(record["regionRestriction"] ?? .null, "blocked").joined(separator: ",")
        },
        Column("madeForKids") { record, _ in python(record, "madeForKids") },
        Column("hasPaidProductPlacement") { record, _ in python(record, "hasPaidProductPlacement") },
        // recordingDetails.locationDescription: not kept by ytcrawl (the API no longer documents it).
        Column("locationDescription") { _, _ in "" },
        Column("latitude") { record, _ in text(record["recordingLocation"] ?? .null, "latitude") },
        Column("longitude") { record, _ in text(record["recordingLocation"] ?? .null, "longitude") },
        Column("viewCount") { record, _ in text(record, "viewCount") },
        Column("likeCount") { record, _ in text(record, "likeCount") },
        Column("commentCount") { record, _ in text(record, "commentCount") },
    ]

    static let channelColumns: [Column] = [
        Column("position") { _, context in String(context.position) },
        Column("id") { record, _ in text(record, "channelId") },
        Column("title", freeText: true) { record, _ in squashed(text(record, "title")) },
        Column("customUrl", freeText: true) { record, _ in text(record, "customUrl") },
        Column("channelUrl") { record, _ in "https://www.youtube.com/channel/" + text(record, "channelId") },
        Column("description", freeText: true) { record, _ in squashed(text(record, "description")) },
        Column("publishedAt") { record, _ in text(record, "publishedAt") },
        // Whole days from the channel's creation to when the record was fetched (YTDT: to now).
        Column("daysActive") { record, _ in
            guard let created = RFC3339.parseSeconds(text(record, "publishedAt")),
                let fetched = RFC3339.parseSeconds(text(record, "fetchedAt"))
            else { return "" }
            return String(Int((Double(fetched - created) / 86_400).rounded()))
        },
        Column("defaultLanguage") { record, _ in text(record, "defaultLanguage") },
        Column("country") { record, _ in text(record, "country") },
        Column("madeForKids") { record, _ in python(record, "madeForKids") },
        Column("viewCount") { record, _ in text(record, "viewCount") },
        Column("subscriberCount") { record, _ in text(record, "subscriberCount") },
        Column("videoCount") { record, _ in text(record, "videoCount") },
        Column("thumbnail") { record, _ in text(record, "thumbnailUrl") },
        Column("keywords", freeText: true) { record, _ in texts(record, "keywords").joined(separator: "|") },
        // YTDT maps topic ids to labels with a table of its own; the topic URLs' last segments
        // are the same labels with `_` for spaces.
        Column("topicDetails") { record, _ in
            topicLabels(record, "topicCategories").map { $0.replacingOccurrences(of: "_", with: " ") }
                .joined(separator: "|")
        },
    ]

    static let commentColumns: [Column] = [
        Column("videoId") { record, _ in text(record, "videoId") },
        Column("id") { record, _ in text(record, "commentId") },
        Column("totalReplyCount") { record, _ in text(record, "totalReplyCount") },
        Column("inferredReplyCount") { record, context in
            context.repliesRead ? String(context.children[text(record, "commentId")] ?? 0) : ""
        },
        Column("inferredLevel") { record, _ in
            if case .number(let depth)? = record["depth"], let level = Int(depth) { return String(level - 1) }
            return ""
        },
        Column("likeCount") { record, _ in text(record, "likeCount") },
        Column("publishedAt") { record, _ in sql(text(record, "publishedAt")) },
        Column("authorName", freeText: true) { record, _ in text(record, "authorDisplayName") },
        Column("authorChannelId") { record, _ in text(record, "authorChannelId") },
        Column("isChannelOwner") { record, _ in
            if case .bool(let owner)? = record["isChannelOwner"] { return owner ? "yes" : "no" }
            return ""
        },
        Column("text", freeText: true) { record, _ in squashed(text(record, "text")) },
        Column("isReply") { record, _ in text(record, "parentId").isEmpty ? "0" : "1" },
        Column("threadId") { record, _ in text(record, "threadId") },
        // YTDT attaches a reply it cannot place to its thread's top-level comment.
        Column("isReplyToId") { record, _ in
            guard !text(record, "parentId").isEmpty else { return "" }
            let answered = text(record, "replyToCommentId")
            return answered.isEmpty ? text(record, "threadId") : answered
        },
        Column("isReplyToName", freeText: true) { record, context in
            guard !text(record, "parentId").isEmpty else { return "" }
            let answered = text(record, "replyToAuthor")
            return answered.isEmpty ? context.threadAuthors[text(record, "threadId")] ?? "" : answered
        },
    ]

    /// The files YTDT would name for each kind.
    static let files: [(RecordKind, String, [Column])] = [
        (.videos, "videolist.csv", videoColumns), (.channels, "channellist.csv", channelColumns),
        (.comments, "videocomments.csv", commentColumns),
    ]

    /// Writes the files for the kinds `directory` holds into `folder`; returns (file, rows).
    static func write(directory: String, to folder: String, cells: CSVCellMode) throws -> [(String, Int)] {
        let kinds = files.filter { ExportCommand.holds(directory, $0.0) }
        guard !kinds.isEmpty else { throw UsageError("\(directory) holds no videos, channels or comments to export") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RuntimeFailure("cannot create \(folder): \(error.localizedDescription)")
        }
        var written: [(String, Int)] = []
        for (kind, name, columns) in kinds {
            var context = Context()
            do {
                if kind == .videos { context.categoryTitles = try ExportCommand.categoryTitles(directory) ?? [:] }
                if kind == .comments { try learnThreads(directory, into: &context) }
            } catch {
                throw RuntimeFailure("cannot read \(directory): \(error)")
            }
            let rows = try write(kind, columns: columns, from: directory, to: folder + "/" + name, context, cells)
            written.append((name, rows))
        }
        return written
    }

    /// Comments: how many replies each comment has (by the inferred answer, else its thread) and
    /// who started each thread.
    private static func learnThreads(_ directory: String, into context: inout Context) throws {
        var children: [String: Int] = [:]
        var authors: [String: String] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments) { record, _ in
            if text(record, "parentId").isEmpty {
                authors[text(record, "commentId")] =
                    text(record, "authorDisplayName").isEmpty
                    ? text(record, "authorChannelId") : text(record, "authorDisplayName")
            } else {
                let answered = text(record, "replyToCommentId")
                children[answered.isEmpty ? text(record, "threadId") : answered, default: 0] += 1
            }
        }
        context.children = children
        context.threadAuthors = authors
        context.repliesRead = true
    }

    private static func write(
        _ kind: RecordKind, columns: [Column], from directory: String, to path: String, _ context: Context,
        _ cells: CSVCellMode
    ) throws -> Int {
        var output = CSVOutput(file: try UserFile(path: path), header: columns.map(\.header))
        var context = context
        try CSVOutput.reading(directory) {
            try ArchiveReader.forEachRecord(directory: directory, kind: kind) { record, _ in
                context.position += 1
                var row = CSVRow()
                for column in columns {
                    row.append(cells.cell(column.value(record, context), freeText: column.freeText))
                }
                try output.append(row)
            }
            try output.finish()
        }
        return context.position
    }
}
