import StreamingJSON

/// docs/reference/records.md: every record kind, every field (nested ones as `source.seed`), its
/// type, whether it may be null and the schema version that added it, from ``RecordSchema``.
enum RecordsReference {
    /// A field as a row of the table: its dotted path (`source.seed`, `thumbnails.<key>.url`), and
    /// the schema version that added it (a member's is its column's).
    struct Row {
        let path: String
        let field: RecordSchema.Field
        let since: Int
    }

    /// A column of every kind's table. A new property of a field (its description) is one more
    /// entry here.
    struct Column: Sendable {
        let title: String
        let cell: @Sendable (Row) -> String

        init(_ title: String, _ cell: @escaping @Sendable (Row) -> String) {
            self.title = title
            self.cell = cell
        }
    }

    static let columns = [
        Column("field") { MarkdownText.cell(MarkdownText.code($0.path)) },
        Column("type") { $0.field.type.readableName(quote: { MarkdownText.cell(MarkdownText.code($0)) }) },
        Column("null") { ($0.field.nullable ? "null" : "never null") + ($0.field.optional ? ", may be absent" : "") },
        Column("since") { "\($0.since)" },
        Column("description") { MarkdownText.cell($0.field.description) },
    ]

    static var markdown: String {
        var sections = [
            "# Records",
            GeneratedReference.notice(
                "the record schema (`RecordSchema`, Sources/StreamingJSON/RecordSchema.swift)"),
            """
            An output holds gzip JSON-lines shards, one record a line, each line with every column of its \
            kind in this order (`null` where the value is unknown: a field the API did not send, a hidden \
            count), so that DuckDB, pandas, Spark and jq read them without guessing. \
            `ytcrawl schema KIND --format json-schema|spark|bigquery|duckdb` gives each engine the same \
            schema ([analysis and engines](../analysis.md)); the output directory and how it is written: \
            [crawling](../crawling.md#the-output-directory).
            """,
            """
            Types: a timestamp is RFC 3339 UTC text with whole seconds (`2017-06-08T02:25:43Z`); an integer \
            fits in 64 bits; "as sent" is a JSON object kept as the API sent it, its keys sorted. A column \
            whose `since` is 2 is absent from the lines of an output of schema version 1 (`ytcrawl merge` \
            gives them null); the derived columns of version 3 are computed by `ytcrawl upgrade` (below).
            """,
            derivedFields,
            MarkdownText.table(
                ["kind", "file", "schema version", "one line per"],
                RecordSchema.all.map { schema in
                    [
                        "[\(schema.kind)](#\(schema.kind))", MarkdownText.cell(MarkdownText.code(file(schema.kind))),
                        "\(schema.version)", MarkdownText.cell(what(schema.kind)),
                    ]
                }),
        ]
        for schema in RecordSchema.all {
            sections.append("## \(schema.kind)")
            sections.append(
                MarkdownText.code(file(schema.kind)) + ": one line per " + MarkdownText.inline(what(schema.kind))
                    + ". Schema version \(schema.version); a record is identified by "
                    + schema.keyColumns.map(MarkdownText.code).joined(separator: ", ") + ".")
            sections.append(
                MarkdownText.table(
                    columns.map(\.title), rows(schema.fields).map { row in columns.map { $0.cell(row) } }))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// How the columns of schema version 3 are derived from a record's own text, at no quota.
    static let derivedFields = """
        ## Derived fields

        Schema version 3 adds columns computed from what a record already holds, when its line is \
        written (by either decoder, a hydration, `ytcrawl upgrade` of an older output) — never from \
        another request. Each list keeps the text as written and each distinct value once, in order \
        of first appearance; a list is empty when the text has none and null when the text is unknown. \
        A sign "starts a word" when it is first or follows anything but a letter, mark, digit, `_`, \
        `&`, `/` or `.` (so `C#`, `me@example.com`, `&#39;` and `example.com/#top` are not hashtags or \
        handles).

        - `urls` (videos, channels: description; comments: text): every `http://` or `https://` \
        (any case) that starts a word, running to the next whitespace, `<`, `>` or `"`, less trailing \
        `.,;:!?'*` and closing brackets it does not open; a URL inside another is part of it. `host` \
        is the part after `://` up to `/`, `?`, `#` or `\\`, without `user@`, `:port` and final dots, \
        lowercased; a URL without a host is left out.
        - `hashtags` (videos, channels: title then description; comments: text): `#` starting a word, \
        then letters, combining marks, decimal digits or `_` of any script, at least one a letter; \
        without the `#`.
        - `mentions` (videos, channels: description): `@` starting a word, then 3 to 30 letters, \
        marks, digits, `_`, `-` or `.` (a final `.` or `-` is not part of it); without the `@`.
        - `chapters` (videos): YouTube's rule. A line (split at line breaks) makes a chapter when it \
        starts — after spaces, tabs, `-–—•*▶►>` and one `(` or `[` — with a timestamp (`M:SS`, \
        `MM:SS`, `H:MM:SS`: seconds and, after hours, minutes two digits below 60) followed by its end \
        or one of ` )]-–—:|.`, the rest being the title; or ends (before one `)` or `]`) with a \
        timestamp after a space, tab, `(` or `[`, what comes before it being the title. The \
        chapters are such lines from the first at 0:00; there must be at least three, each starting \
        at least 10 s after the one before and, when the duration is known, 10 s before the end; \
        otherwise `chapters` is null.
        - `replyToCommentId`, `replyToAuthor`, `depth` (comments): the replies of a thread are taken \
        oldest first; one whose text begins (after spaces) with `@` and the display name of an \
        author who wrote earlier in the thread (case-insensitive, the longest such name, not \
        followed by a letter, digit, `_` or `-`) answers that author's latest earlier comment, one \
        level below it. A reply without a mention, or naming no earlier author or two with the same \
        name, answers the thread: `depth` 2, the rest null. A crawl holds a thread's replies until \
        its last page is read, so this is known as they are written; a reply hydrated alone by id \
        has `depth` null. In a pseudonymized output `replyToAuthor` is the pseudonym.
        - `isChannelOwner` (comments): the author's channel is the video's, decided before any \
        pseudonymization; null when either is unknown.
        """

    /// The fields and, after each object, map or array of objects, its members' rows.
    static func rows(_ fields: [RecordSchema.Field], under prefix: String = "", since: Int = 1) -> [Row] {
        fields.flatMap { field in
            let row = Row(path: prefix + field.name, field: field, since: max(since, field.since))
            return [row] + members(field.type, under: row.path, since: row.since)
        }
    }

    private static func members(_ type: RecordSchema.FieldType, under path: String, since: Int) -> [Row] {
        switch type {
        case .object(let fields): rows(fields, under: path + ".", since: since)
        case .array(let element): members(element, under: path + "[]", since: since)
        case .map(let value, _): members(value, under: path + ".<key>", since: since)
        default: []
        }
    }

    /// Where the kind's records are written.
    static func file(_ kind: RecordKind) -> String {
        switch kind {
        case .stats: "snapshots/<UTC time>/stats-NNNNN.jsonl.gz"
        default: "\(kind)-NNNNN.jsonl.gz"
        }
    }

    /// What one line of the kind is.
    static func what(_ kind: RecordKind) -> String {
        switch kind {
        case .videos: "unique video, the fullest data the crawl got (after videos.list hydration unless `--no-hydrate`)"
        case .channels: "channel resolved"
        case .comments: "comment, top-level and replies alike (`comments` seeds, `comments=yes`, `--comments`)"
        case .stats: "video per statistics snapshot (`ytcrawl refresh`)"
        case .links: "channel link, once per from, to and relation (`links=` seeds)"
        case .categories: "video category of a region a chart seed names, once per id and region (`chart` seeds)"
        case .results:
            "item of a search page per run, new or not: what each request returned and at which rank (search seeds; see docs/auditing-search.md)"
        case .playlists:
            "playlist, once per output (`playlist` seeds, `playlists=yes|walk` on channel seeds, `hydrate --kind playlists`)"
        case .memberships:
            "entry of a walked playlist per run: its video, position and when it was added (`playlist` seeds, `playlists=walk`)"
        case .missing:
            "id asked for that did not come back, once per run (`hydrate`, `video` seeds): deleted, private or never there"
        case .chat:
            "live chat message, once per output, captured while the stream was live (`live` seeds, `live=yes`; see docs/live-chat.md)"
        }
    }
}
