import StreamingJSON
import YouTubeKit

/// `ytcrawl schema KIND --format F`: a record kind's schema for an engine.
enum SchemaCommand {
    static let help = """
        Usage: ytcrawl schema KIND [--format json-schema|spark|bigquery|duckdb]

        Print the schema of a record kind (videos, channels, comments, stats), as the record
        encoder writes it: every column on every line, in order, null where unknown.

          json-schema   JSON Schema (draft 2020-12) every line validates against (the default)
          spark         a DDL string for spark.read.schema(...) / StructType.fromDDL
          bigquery      a schema file for bq load --source_format=NEWLINE_DELIMITED_JSON
          duckdb        the columns struct for read_json(..., columns = ...)

        Examples:
          ytcrawl schema videos --format bigquery > videos.schema.json
          bq load --source_format=NEWLINE_DELIMITED_JSON dataset.videos 'gs://bucket/out/videos-*.jsonl.gz' videos.schema.json
          duckdb -c "select count(*) from read_json('out/videos-*.jsonl.gz', columns = $(ytcrawl schema videos --format duckdb))"
        """

    static func run(_ arguments: [String]) throws -> String {
        let options = try ArgumentScanner(command: "schema", valued: ["--format"], flags: [], arguments: arguments)
        if options.wantsHelp { return help }
        let kinds = RecordSchema.all.map(\.kind)
        guard options.positional.count == 1, let kind = options.positional.first else {
            throw UsageError(
                "ytcrawl schema needs one KIND: \(kinds.joined(separator: ", ")); see ytcrawl schema --help")
        }
        guard let schema = RecordSchema.all.first(where: { $0.kind == kind }) else {
            let hint = Spelling.nearest(to: kind, in: kinds).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown KIND \"\(kind)\"\(hint): use one of \(kinds.joined(separator: ", "))")
        }
        let format: RecordSchema.Format = try options.choice("--format", default: .jsonSchema)
        var text = schema.rendered(format)
        text.removeLast()
        return text
    }
}
