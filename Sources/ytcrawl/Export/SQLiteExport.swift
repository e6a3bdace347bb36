import Archive
import Foundation
import SQLite
import StreamingJSON
import YouTubeKit

/// `ytcrawl export DIR --sqlite FILE`: every kind the output holds as one table of one SQLite
/// database, its columns those of `ytcrawl schema KIND` (arrays and objects as JSON text, booleans
/// as 0 and 1), a primary key on the record's key, foreign keys where one record names another the
/// output may hold (a video's channel, a comment's video and parent, a membership's playlist and
/// video…), and an index on each such column. `PRAGMA foreign_key_check` lists the references the
/// crawl did not resolve (a channel it never fetched).
///
/// Streamed: records go in one at a time through a prepared statement, 10,000 to a transaction,
/// so memory stays flat whatever the output's size. Written to `FILE.partial-PID` and renamed
/// into place when whole: a killed export leaves no half database under the asked name.
enum SQLiteExport {
    /// A column that names a record of another kind (and the kind's key column).
    struct Reference {
        let column: String
        let kind: RecordKind
        let key: String
    }

    static func references(of kind: RecordKind) -> [Reference] {
        switch kind {
        case .videos: [Reference(column: "channelId", kind: .channels, key: "channelId")]
        case .comments:
            [
                Reference(column: "videoId", kind: .videos, key: "videoId"),
                Reference(column: "channelId", kind: .channels, key: "channelId"),
                Reference(column: "threadId", kind: .comments, key: "commentId"),
                Reference(column: "parentId", kind: .comments, key: "commentId"),
                Reference(column: "replyToCommentId", kind: .comments, key: "commentId"),
            ]
        case .stats: [Reference(column: "videoId", kind: .videos, key: "videoId")]
        case .links:
            [
                Reference(column: "fromChannelId", kind: .channels, key: "channelId"),
                Reference(column: "toChannelId", kind: .channels, key: "channelId"),
            ]
        case .playlists: [Reference(column: "channelId", kind: .channels, key: "channelId")]
        case .memberships:
            [
                Reference(column: "playlistId", kind: .playlists, key: "playlistId"),
                Reference(column: "videoId", kind: .videos, key: "videoId"),
            ]
        case .chat: [Reference(column: "videoId", kind: .videos, key: "videoId")]
        case .channels, .results, .categories, .missing: []
        }
    }

    /// Columns indexed for joins beyond the references: who wrote, what a search returned.
    static func indexed(_ kind: RecordKind) -> [String] {
        switch kind {
        case .comments: ["authorChannelId"]
        case .results: ["id", "seed"]
        case .missing: ["id"]
        case .chat: ["liveChatId", "publishedAt", "authorChannelId"]
        default: []
        }
    }

    /// The rows written, by kind.
    static func write(directory: String, to path: String) throws -> [(RecordKind, Int)] {
        let kinds = RecordKind.allCases.filter { ExportCommand.holds(directory, $0) }
        guard !kinds.isEmpty else { throw UsageError("\(directory) holds no records to export") }
        let partial = path + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: partial)
        defer { try? FileManager.default.removeItem(atPath: partial) }
        var counts: [(RecordKind, Int)] = []
        do {
            let database = try SQLiteDatabase(path: partial)
            // A file renamed into place only when whole needs no journal of its own.
            try database.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA foreign_keys=OFF;")
            for kind in kinds {
                try database.execute(createTable(kind, exported: Set(kinds)))
                counts.append((kind, try insert(kind, from: directory, into: database)))
            }
            for kind in kinds {
                for column in references(of: kind).filter({ kinds.contains($0.kind) }).map(\.column) + indexed(kind) {
                    try database.execute(
                        "CREATE INDEX \(quoted("\(kind.rawValue)_\(column)")) ON \(quoted(kind.rawValue)) (\(quoted(column)));"
                    )
                }
            }
            try database.execute(metadata(directory, counts))
        } catch let error as SQLiteError {
            throw RuntimeFailure("cannot write \(path): \(error)")
        }
        guard rename(partial, path) == 0 else {
            throw RuntimeFailure("cannot rename \(partial) to \(path): \(String(cString: strerror(errno)))")
        }
        return counts
    }

    /// `CREATE TABLE` for a kind: its columns, key and the references to the kinds exported.
    static func createTable(_ kind: RecordKind, exported: Set<RecordKind>) -> String {
        let schema = kind.schema
        var columns = kind == .stats ? ["\"snapshot\" TEXT NOT NULL"] : []
        for field in schema.fields {
            columns.append(quoted(field.name) + " " + type(field.type) + (field.nullable ? "" : " NOT NULL"))
        }
        let key = (kind == .stats ? ["snapshot"] : []) + schema.keyColumns
        columns.append("PRIMARY KEY (" + key.map(quoted).joined(separator: ", ") + ")")
        for reference in references(of: kind) where exported.contains(reference.kind) {
            columns.append(
                "FOREIGN KEY (\(quoted(reference.column))) REFERENCES \(quoted(reference.kind.rawValue)) (\(quoted(reference.key)))"
            )
        }
        return "CREATE TABLE \(quoted(kind.rawValue)) (\n  " + columns.joined(separator: ",\n  ") + "\n);"
    }

    static func type(_ type: RecordSchema.FieldType) -> String {
        switch type {
        case .integer, .boolean: "INTEGER"
        case .number: "REAL"
        default: "TEXT"
        }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Inserts every record of `kind`, 10,000 to a transaction; returns how many.
    private static func insert(_ kind: RecordKind, from directory: String, into database: SQLiteDatabase) throws -> Int
    {
        let fields = kind.schema.fields
        let names = (kind == .stats ? ["snapshot"] : []) + fields.map(\.name)
        let statement = try database.prepare(
            "INSERT INTO \(quoted(kind.rawValue)) (" + names.map(quoted).joined(separator: ", ") + ") VALUES ("
                + names.map { _ in "?" }.joined(separator: ", ") + ")")
        var rows = 0
        try database.execute("BEGIN;")
        for (folder, snapshot) in ExportCommand.sources(directory, kind) {
            do {
                try ArchiveReader.forEachRecord(directory: folder, kind: kind) { record, _ in
                    var index: Int32 = 1
                    if let snapshot {
                        statement.bind(index, text: snapshot)
                        index += 1
                    }
                    for field in fields {
                        bind(record[field.name], type: field.type, at: index, to: statement)
                        index += 1
                    }
                    do {
                        try statement.run()
                    } catch let error as SQLiteError {
                        throw RuntimeFailure(
                            "\(kind.rawValue) record \(kind.id(of: record) ?? "?"): \(error) (is \(directory) verified? ytcrawl verify \(directory))"
                        )
                    }
                    rows += 1
                    if rows % 10_000 == 0 { try database.execute("COMMIT; BEGIN;") }
                }
            } catch let failure as RuntimeFailure {
                throw failure
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw RuntimeFailure("cannot read \(directory): \(error)")
            }
        }
        try database.execute("COMMIT;")
        return rows
    }

    private static func bind(
        _ value: JSONValue?, type: RecordSchema.FieldType, at index: Int32, to statement: SQLiteStatement
    ) {
        switch value {
        case nil, .null?: statement.bindNull(index)
        case .string(let text)?: statement.bind(index, text: text)
        case .bool(let flag)?: statement.bind(index, integer: flag ? 1 : 0)
        case .number(let text)?:
            if case .integer = type, let integer = Int64(text) {
                statement.bind(index, integer: integer)
            } else if let double = Double(text) {
                statement.bind(index, double: double)
            } else {
                statement.bind(index, text: text)
            }
        case let nested?: statement.bind(index, text: String(decoding: nested.render(pretty: false), as: UTF8.self))
        }
    }

    /// A `ytcrawl_export` table: what the database was made from.
    private static func metadata(_ directory: String, _ counts: [(RecordKind, Int)]) -> String {
        let manifest = (try? Manifest.load(directory: directory)) ?? nil
        var rows: [(String, String)] = [
            ("tool", "\(ToolInfo.name) \(ToolInfo.version)"),
            ("exportedAt", RFC3339.format(seconds: Int64(Date().timeIntervalSince1970))),
        ]
        for (kind, count) in counts {
            rows.append(("records.\(kind.rawValue)", String(count)))
            if let manifest {
                rows.append(("schemaVersion.\(kind.rawValue)", String(kind.schemaVersion(in: manifest))))
            }
        }
        if let pseudonyms = manifest?.authorPseudonyms { rows.append(("authorPseudonyms", "\(pseudonyms)")) }
        func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        return "CREATE TABLE \"ytcrawl_export\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL);\n"
            + "INSERT INTO \"ytcrawl_export\" VALUES "
            + rows.map { "(\(literal($0.0)), \(literal($0.1)))" }.joined(separator: ", ") + ";"
    }
}
