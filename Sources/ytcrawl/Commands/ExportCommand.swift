import Archive
import Foundation
import Network
import StreamingJSON

/// `ytcrawl export DIR --csv FILE [--kind K]`: one record kind as flat CSV (RFC 4180); with
/// `--csv-package OUTDIR`, every kind as a CSV data package; with `--sqlite FILE`, every kind as
/// a table of one SQLite database (``SQLiteExport``).
struct ExportCommand: Command {
    static let csv = Option<String?>("--csv", "FILE", help: "where to write (- for standard output)")
    static let kind = Option<RecordKind>(
        "--kind", "K",
        help:
            "any record kind: videos, channels, comments, links, results, playlists, memberships, missing, chat, stats…",
        default: .videos)
    static let csvPackage = Option<String?>(
        "--csv-package", "OUTDIR", help: "every kind as one CSV each in OUTDIR, with its datapackage.json")
    static let sqlite = Option<String?>(
        "--sqlite", "FILE", help: "every kind as a table of one SQLite database (keys, foreign keys, indexes)")
    static let format = Option<String?>(
        "--format", "FORMAT",
        help: "ytdt: the videolist, channellist and videocomments CSVs of YouTube Data Tools v2, into --out OUTDIR",
        default: nil, shownDefault: nil
    ) { name, text in
        guard text == "ytdt" else {
            throw UsageError("\(name) \(text): the one other format is ytdt (YouTube Data Tools v2's CSV files)")
        }
        return text
    }
    static let out = Option<String?>("--out", "OUTDIR", help: "where --format writes its files")
    static let rawCells = Flag(
        "--raw-cells", help: "text cells exactly as crawled (no ' before formulas, control characters kept)")

    static let configuration = CommandConfiguration(
        name: "export", synopsis: "export DIR --csv FILE",
        summary: "one kind of record as flat CSV (spreadsheets, network tools)",
        usage:
            "export DIR --csv FILE [--kind videos|channels|comments|links|results|playlists|memberships|missing|chat|stats] [--raw-cells] | export DIR --csv-package OUTDIR [--raw-cells] | export DIR --sqlite FILE | export DIR --format ytdt --out OUTDIR [--raw-cells]",
        discussion: """
            Write one kind of record of the output directory DIR as one CSV file for spreadsheets and
            network-analysis tools: RFC 4180 (fields with a comma, quote or line break quoted, quotes
            doubled, CRLF line ends), UTF-8, a header with the columns of `ytcrawl schema KIND` (videos
            also categoryTitle, from the output's categories, when it holds them: chart seeds), empty
            for null, nested fields (thumbnails, source) as JSON text, tags joined with " | ". The
            stats kind has every snapshot, with the snapshot's name as a first column.

            Text cells are neutralized for spreadsheets by default (the OWASP rule against formula
            injection): a title, description, comment, tag, name, URL or other free text that begins
            with =, +, -, @, TAB or CR gets a leading ' so that it opens as text, not as a formula,
            and control characters other than TAB, LF and CR are replaced by U+FFFD. Ids, codes,
            dates, numbers and enumerations are never changed (a video id that begins with - stays
            as it is in the shards, -5 stays -5). --raw-cells writes the text exactly as crawled, for
            pipelines that load the CSV as data. The summary line says which was used; a data
            package's column descriptions say which columns are free text.

            --csv-package OUTDIR writes every kind the output holds (videos.csv, channels.csv,
            comments.csv, links.csv, stats.csv) in the same form, and OUTDIR/datapackage.json: a
            Frictionless data package with each file's Table Schema (every field described), keys
            and the output's provenance, for R's frictionless::read_package, Python and
            frictionless validate.

            --sqlite FILE writes every kind the output holds as one table each of an SQLite database
            (youte's form; R's DBI, Python's sqlite3, the sqlite3 shell, Datasette): the columns of
            ytcrawl schema KIND (arrays and objects as JSON text, booleans 0 or 1, stats with the
            snapshot's name first), a primary key on each record's key, foreign keys where a record
            names another (a video's channel; a comment's video, channel, thread, parent and the
            comment it answers; a statistics line's video; a link's channels; a playlist's channel; a
            membership's playlist and video), an index on each, and a ytcrawl_export table saying
            what it was made from. PRAGMA foreign_key_check lists what the crawl did not resolve.
            Streamed (memory flat at millions of rows) and renamed into place when whole.

            --format ytdt --out OUTDIR writes videolist.csv, channellist.csv and videocomments.csv as
            YouTube Data Tools v2 writes them (its column names in its order, whitespace squashed,
            lists joined with commas, a reply's inferred parent and level), so 4CAT's import and
            scripts written for YTDT read a ytcrawl output unchanged; docs/analysis.md lists each
            column's source and what is empty where ytcrawl lacks a field.
            """,
        groups: [
            OptionGroup(
                "Options", [csv.spec, kind.spec, csvPackage.spec, sqlite.spec, format.spec, out.spec, rawCells.spec])
        ],
        epilogue: """
            Examples:
              ytcrawl export ytcrawl-out --csv videos.csv
              ytcrawl export ytcrawl-out --csv comments.csv --kind comments
              ytcrawl export ytcrawl-out --csv-package ytcrawl-csv && frictionless validate ytcrawl-csv/datapackage.json
              duckdb -c "select count(*) from read_csv('videos.csv')"
              ytcrawl export ytcrawl-out --sqlite ytcrawl.db && sqlite3 ytcrawl.db 'select count(*) from comments'
              ytcrawl export ytcrawl-out --format ytdt --out ytdt-files
            """)

    var directory: String
    /// The CSV file, or with ``package`` the package's folder, or with ``database`` the SQLite file.
    var path: String
    var package: Bool
    var database = false
    var ytdt = false
    var kind: RecordKind
    var cells: CSVCellMode

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        let asked = [
            (try scanner[Self.csv]).map { ("--csv", $0) }, (try scanner[Self.csvPackage]).map { ("--csv-package", $0) },
            (try scanner[Self.sqlite]).map { ("--sqlite", $0) },
            (try scanner[Self.format]).map { _ in ("--format", "") },
        ].compactMap { $0 }
        guard let (form, target) = asked.first else {
            throw UsageError(
                "--csv FILE, --csv-package OUTDIR, --sqlite FILE or --format ytdt is required, as ytcrawl export \(directory) --csv videos.csv"
            )
        }
        guard asked.count == 1 else {
            throw UsageError(
                "\(asked.map(\.0).joined(separator: " and ")) cannot go together: one export at a time (one kind as CSV, every kind as a CSV package, or every kind as SQLite)"
            )
        }
        path = target
        package = form == "--csv-package"
        database = form == "--sqlite"
        ytdt = form == "--format"
        let out = try scanner[Self.out]
        if ytdt {
            guard let out else {
                throw UsageError(
                    "--format ytdt needs --out OUTDIR, as ytcrawl export \(directory) --format ytdt --out ytdt-files")
            }
            path = out
        } else if out != nil {
            throw UsageError("--out goes with --format ytdt; the other exports name their file or folder themselves")
        }
        kind = try scanner[Self.kind]
        cells = scanner[Self.rawCells] ? .raw : .neutralized
    }

    func run() async throws -> Int32 {
        if package { return try runPackage() }
        if ytdt {
            let written = try YTDTExport.write(directory: directory, to: path, cells: cells)
            print(
                "export: " + written.map { "\($1) rows in \($0)" }.joined(separator: ", ")
                    + " (YouTube Data Tools v2's columns) in \(path); \(cells.summary)")
            return 0
        }
        if database {
            guard path != "-" else {
                throw UsageError("--sqlite needs a file (a database cannot go to standard output)")
            }
            let counts = try SQLiteExport.write(directory: directory, to: path)
            print(
                "export: " + counts.map { "\($1) \($0.rawValue)" }.joined(separator: ", ") + " rows in \(path) (SQLite)"
            )
            return 0
        }
        guard Self.holds(directory, kind) else {
            throw UsageError("\(directory) holds no \(kind.rawValue) records to export")
        }
        let file = try UserFile(path: path)
        let rows = try Self.write(directory: directory, kind: kind, to: file, cells: cells)
        var done =
            "export: \(rows) \(kind.rawValue) rows in \(path == "-" ? "standard output" : path); \(cells.summary)"
        if kind == .comments {
            let authors = ((try? Manifest.load(directory: directory)) ?? nil)?.authorPseudonyms
            done +=
                "; comment authors "
                + (authors.map { "\($0)" } ?? "in clear (names and channel ids as the API gave them)")
        }
        if path == "-" { writeStderr(done) } else { print(done) }
        return 0
    }

    /// Every kind `directory` holds as `OUTDIR/KIND.csv`, then `OUTDIR/datapackage.json`.
    private func runPackage() throws -> Int32 {
        let kinds = RecordKind.allCases.filter { Self.holds(directory, $0) }
        guard !kinds.isEmpty else { throw UsageError("\(directory) holds no records to export") }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RuntimeFailure("cannot create \(path): \(error.localizedDescription)")
        }
        var counts: [String] = []
        for kind in kinds {
            let rows = try Self.write(
                directory: directory, kind: kind, to: try UserFile(path: path + "/\(kind.rawValue).csv"), cells: cells)
            counts.append("\(rows) \(kind.rawValue)")
        }
        let package: JSONValue
        do {
            package = try DataPackage.csvPackage(
                directory: directory, files: kinds.map { ($0, "\($0.rawValue).csv") }, cells: cells.summary,
                columnNote: { [cells] in cells.columnNote(freeText: $0.isFreeText) })
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        try UserFile.write(package.render(pretty: true), to: path + "/" + DataPackage.fileName)
        print("export: \(counts.joined(separator: ", ")) rows in \(path) with its datapackage.json; \(cells.summary)")
        return 0
    }

    /// The folders whose shards hold `kind`: the output's, or for stats every snapshot's (with its name).
    static func sources(_ directory: String, _ kind: RecordKind) -> [(folder: String, snapshot: String?)] {
        kind == .stats
            ? SnapshotDirectory.names(in: directory).map { (SnapshotDirectory.root(of: directory) + "/" + $0, $0) }
            : [(directory, nil)]
    }

    static func holds(_ directory: String, _ kind: RecordKind) -> Bool {
        sources(directory, kind).contains { !ArchiveReader.shardNames(directory: $0.folder, kind: kind).isEmpty }
    }

    /// Writes the records of `kind` as CSV into `file`; returns the rows written.
    static func write(directory: String, kind: RecordKind, to file: UserFile, cells: CSVCellMode) throws -> Int {
        let schema = kind.schema
        // Videos get their category's title when the output holds categories (chart seeds).
        let titles = kind == .videos ? try categoryTitles(directory) : nil
        var output = CSVOutput(
            file: file,
            header: (kind == .stats ? ["snapshot"] : []) + schema.columns + (titles == nil ? [] : ["categoryTitle"]))
        var rows = 0
        try CSVOutput.reading(directory) {
            for (source, snapshot) in sources(directory, kind) {
                try ArchiveReader.forEachRecord(directory: source, kind: kind) { record, _ in
                    var row = CSVRow()
                    if let snapshot { row.append(cells.cell(snapshot, freeText: false)) }
                    for field in schema.fields {
                        row.append(
                            Self.text(record[field.name], type: field.type, freeText: field.isFreeText, cells: cells))
                    }
                    if let titles {
                        var title: String?
                        if case .string(let id)? = record["categoryId"] { title = titles[id] }
                        row.append(title.map { cells.cell($0, freeText: true) } ?? "")
                    }
                    try output.append(row)
                    rows += 1
                }
            }
            try output.finish()
        }
        return rows
    }

    /// Each category id's title (of the first region, in order, that names it); `nil` when the
    /// output holds no categories.
    static func categoryTitles(_ directory: String) throws -> [String: String]? {
        guard holds(directory, .categories) else { return nil }
        var titles: [String: (region: String, title: String)] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .categories) { record, _ in
            guard case .string(let id)? = record["categoryId"], case .string(let region)? = record["regionCode"],
                case .string(let title)? = record["title"]
            else { return }
            if let known = titles[id], known.region <= region { return }
            titles[id] = (region, title)
        }
        return titles.mapValues(\.title)
    }

    /// A value as a CSV field's text: empty for null, tags joined, nested values as JSON; text (a
    /// string, tags) as `cells` writes it (free text neutralized, ids as crawled), numbers and
    /// nested JSON as they are.
    static func text(_ value: JSONValue?, type: RecordSchema.FieldType, freeText: Bool, cells: CSVCellMode) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return cells.cell(text, freeText: freeText)
        case .number(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .array(let elements)? where type == .array(.string):
            return cells.cell(
                elements.map { element in
                    if case .string(let text) = element { return text }
                    return String(decoding: element.render(pretty: false), as: UTF8.self)
                }.joined(separator: " | "), freeText: freeText)
        case let nested?: return String(decoding: nested.render(pretty: false), as: UTF8.self)
        }
    }
}
