import StreamingJSON
import YouTubeKit

/// `ytcrawl schema KIND --format F`: a record kind's schema for an engine.
struct SchemaCommand: Command {
    static let format = Option<RecordSchema.Format>(
        "--format", "F", help: "json-schema, spark, bigquery or duckdb", default: .jsonSchema)

    static let configuration = CommandConfiguration(
        name: "schema", synopsis: "schema KIND --format F",
        summary: "a record kind's schema: json-schema, spark, bigquery, duckdb",
        usage: "schema KIND [--format json-schema|spark|bigquery|duckdb]",
        discussion: """
            Print the schema of a record kind (videos, channels, comments, stats), as the record
            encoder writes it: every column on every line, in order, null where unknown.

              json-schema   JSON Schema (draft 2020-12) every line validates against (the default)
              spark         a DDL string for spark.read.schema(...) / StructType.fromDDL
              bigquery      a schema file for bq load --source_format=NEWLINE_DELIMITED_JSON
              duckdb        the columns struct for read_json(..., columns = ...)
            """,
        groups: [OptionGroup("Options", [format.spec])],
        epilogue: """
            Examples:
              ytcrawl schema videos --format bigquery > videos.schema.json
              bq load --source_format=NEWLINE_DELIMITED_JSON dataset.videos 'gs://bucket/out/videos-*.jsonl.gz' videos.schema.json
              duckdb -c "select count(*) from read_json('out/videos-*.jsonl.gz', columns = $(ytcrawl schema videos --format duckdb))"
            """, arguments: .words(RecordKind.allCases.map(\.rawValue)))

    var schema: RecordSchema
    var format: RecordSchema.Format

    init(_ scanner: ArgumentScanner) throws {
        let kinds = RecordKind.allCases.map(\.rawValue)
        guard scanner.positional.count == 1, let kind = scanner.positional.first else {
            throw UsageError(
                "ytcrawl schema needs one KIND: \(kinds.joined(separator: ", ")); see ytcrawl schema --help")
        }
        guard let schema = RecordKind(rawValue: kind)?.schema else {
            let hint = Spelling.nearest(to: kind, in: kinds).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown KIND \"\(kind)\"\(hint): use one of \(kinds.joined(separator: ", "))")
        }
        self.schema = schema
        format = try scanner[Self.format]
    }

    func run() async throws -> Int32 {
        var text = schema.rendered(format)
        text.removeLast()
        print(text)
        return 0
    }
}
