import Archive
import Foundation
import Network
import StreamingJSON

/// `ytcrawl export DIR --csv FILE [--kind K]`: one record kind as flat CSV (RFC 4180).
struct ExportCommand: Command {
    static let csv = Option<String?>("--csv", "FILE", help: "where to write (- for standard output)")
    static let kind = Option<RecordKind>(
        "--kind", "K", help: "videos, channels, comments or stats", default: .videos)
    static let rawCells = Flag(
        "--raw-cells", help: "text cells exactly as crawled (no ' before formulas, control characters kept)")

    static let configuration = CommandConfiguration(
        name: "export", synopsis: "export DIR --csv FILE",
        summary: "one kind of record as flat CSV (spreadsheets, network tools)",
        usage: "export DIR --csv FILE [--kind videos|channels|comments|stats] [--raw-cells]",
        discussion: """
            Write one kind of record of the output directory DIR as one CSV file for spreadsheets and
            network-analysis tools: RFC 4180 (fields with a comma, quote or line break quoted, quotes
            doubled, CRLF line ends), UTF-8, a header with the columns of `ytcrawl schema KIND`, empty
            for null, nested fields (thumbnails, source) as JSON text, tags joined with " | ". The
            stats kind has every snapshot, with the snapshot's name as a first column.

            Text cells are neutralized for spreadsheets by default (the OWASP rule against formula
            injection): a title, description, comment, tag or other text that begins with =, +, -, @,
            TAB or CR gets a leading ' so that it opens as text, not as a formula, and control
            characters other than TAB, LF and CR are replaced by U+FFFD. Numbers are never changed
            (-5 stays -5). --raw-cells writes the text exactly as crawled, for pipelines that load the
            CSV as data (a video id that begins with - is otherwise written '-…). The summary line
            says which was used.
            """,
        groups: [OptionGroup("Options", [csv.spec, kind.spec, rawCells.spec])],
        epilogue: """
            Examples:
              ytcrawl export ytcrawl-out --csv videos.csv
              ytcrawl export ytcrawl-out --csv comments.csv --kind comments
              duckdb -c "select count(*) from read_csv('videos.csv')"
            """)

    var directory: String
    var path: String
    var kind: RecordKind
    var cells: CSVCellMode

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        guard let path = try scanner[Self.csv] else {
            throw UsageError("--csv FILE is required, as ytcrawl export \(directory) --csv videos.csv")
        }
        self.path = path
        kind = try scanner[Self.kind]
        cells = scanner[Self.rawCells] ? .raw : .neutralized
    }

    func run() async throws -> Int32 {
        let sources =
            kind == .stats
            ? SnapshotDirectory.names(in: directory).map { (SnapshotDirectory.root(of: directory) + "/" + $0, $0) }
            : [(directory, nil)]
        guard sources.contains(where: { !ArchiveReader.shardNames(directory: $0.0, kind: kind).isEmpty }) else {
            throw UsageError("\(directory) holds no \(kind.rawValue) records to export")
        }
        let file = try UserFile(path: path)
        let schema = kind.schema
        var row = CSVRow()
        for column in (kind == .stats ? ["snapshot"] : []) + schema.columns { row.append(column) }
        var buffer = row.line
        var rows = 0
        do {
            for (source, snapshot) in sources {
                try ArchiveReader.forEachRecord(directory: source, kind: kind) { record, _ in
                    row = CSVRow()
                    if let snapshot { row.append(cells.cell(snapshot)) }
                    for field in schema.fields {
                        row.append(Self.text(record[field.name], type: field.type, cells: cells))
                    }
                    buffer += row.line
                    rows += 1
                    if buffer.count > 1 << 20 {
                        try file.write(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
            }
            try file.write(buffer)
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
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

    /// A value as a CSV field's text: empty for null, tags joined, nested values as JSON; text (a
    /// string, tags) as `cells` writes it, numbers and nested JSON as they are.
    static func text(_ value: JSONValue?, type: RecordSchema.FieldType, cells: CSVCellMode) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return cells.cell(text)
        case .number(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .array(let elements)? where type == .array(.string):
            return cells.cell(
                elements.map { element in
                    if case .string(let text) = element { return text }
                    return String(decoding: element.render(pretty: false), as: UTF8.self)
                }.joined(separator: " | "))
        case let nested?: return String(decoding: nested.render(pretty: false), as: UTF8.self)
        }
    }
}
