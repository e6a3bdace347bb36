import Archive

/// `ytcrawl codebook DIR [--format md|html]`: the fields of every kind the output holds, their
/// meaning, nulls and examples measured on the data, and how the data was collected.
struct CodebookCommand: Command {
    enum Format: String, CaseIterable, Sendable {
        case md, html
    }

    static let format = Option<Format>("--format", "F", help: "md (Markdown) or html", default: .md)
    static let out = Option<String?>(
        "--out", "FILE", help: "where to write it (- for standard output)",
        shownDefault: "default: standard output for md, DIR/codebook.html for html")
    static let title = Option<String>("--title", "TEXT", help: "the title", default: "ytcrawl codebook")

    static let configuration = CommandConfiguration(
        name: "codebook", synopsis: "codebook DIR", summary: "the fields, their meaning, nulls and provenance",
        usage: "codebook DIR [--format md|html] [--out FILE] [--title TEXT]",
        discussion: """
            Write the codebook of the output directory DIR, for the people who analyse or review the
            data: for each kind of record it holds (videos, channels, comments, links, statistics
            snapshots), every field with its type, what it means, where it comes from in the API and
            when it is null, and measured on the data (one pass over the closed shards) its share of
            nulls and an example value; then how the data was collected: tool and version, API base
            and revision, quota model, first and last request, units by method, the seeds with what
            happened to each, and the runs. The descriptions are those of datapackage.json. The HTML
            form is one self-contained page in the look of ytcrawl report.
            """,
        groups: [OptionGroup("Options", [format.spec, out.spec, title.spec])],
        epilogue: """
            Examples:
              ytcrawl codebook ytcrawl-out > codebook.md
              ytcrawl codebook ytcrawl-out --format html && chromium ytcrawl-out/codebook.html
            """)

    var directory: String
    var format: Format
    var out: String
    var title: String

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        format = try scanner[Self.format]
        out = try scanner[Self.out] ?? (format == .html ? directory + "/codebook.html" : "-")
        title = try scanner[Self.title]
    }

    func run() async throws -> Int32 {
        let data: CodebookData
        do {
            data = try CodebookData.read(directory: directory)
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        guard !data.sections.isEmpty else {
            throw UsageError("\(directory) holds no closed shards; crawl into it first (ytcrawl --seeds …)")
        }
        let text =
            format == .html
            ? CodebookPage.html(title: title, directory: directory, data: data)
            : CodebookPage.markdown(title: title, directory: directory, data: data)
        try UserFile.write(Array(text.utf8), to: out)
        if out != "-" {
            print(
                "codebook: \(data.sections.map { "\($0.rows.count) fields of \($0.kind.rawValue)" }.joined(separator: ", ")) in \(out)"
            )
        }
        return 0
    }
}
