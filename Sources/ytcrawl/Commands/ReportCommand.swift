import Archive

/// `ytcrawl report DIR [--out FILE]`: one self-contained HTML page of charts about an output.
struct ReportCommand: Command {
    static let out = Option<String?>(
        "--out", "FILE", help: "where to write the page (- for standard output)",
        shownDefault: "default: DIR/report.html")
    static let title = Option<String>("--title", "TEXT", help: "the page's title", default: "ytcrawl report")

    static let configuration = CommandConfiguration(
        name: "report", synopsis: "report DIR",
        summary: "write one HTML page of charts: publishing, views, formats, channels, comments, growth",
        usage: "report DIR [--out FILE] [--title TEXT]",
        discussion: """
            Write one self-contained HTML page (inline SVG charts; no script, font or file from
            elsewhere) about the output directory DIR: videos by month published, videos by view
            count (bands of ten), Shorts, live and long-form (videos by format label, from formats=yes
            crawls), the channels with the most videos and the most views, videos by comments crawled
            (when comments were crawled) and, when statistics snapshots exist (ytcrawl refresh), the
            views of the fastest-growing videos and the videos gone per snapshot. Axes are ticked at
            round numbers and say what they count; sections without data say how to get it.
            """,
        groups: [OptionGroup("Options", [out.spec, title.spec])],
        epilogue: """
            Example:
              ytcrawl report ytcrawl-out && chromium ytcrawl-out/report.html
            """)

    var directory: String
    var out: String
    var title: String

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        out = try scanner[Self.out] ?? directory + "/report.html"
        title = try scanner[Self.title]
    }

    func run() async throws -> Int32 {
        let data: ReportData
        do {
            data = try ReportData.read(directory: directory)
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        guard data.videos > 0 || data.comments > 0 || !data.snapshots.isEmpty else {
            throw UsageError("\(directory) holds no records; crawl into it first (ytcrawl --seeds …)")
        }
        let page = ReportPage.html(title: title, directory: directory, data: data)
        try UserFile.write(Array(page.utf8), to: out)
        let done =
            "report: \(data.videos) videos, \(data.comments) comments, \(data.snapshots.count) snapshots in \(out == "-" ? "standard output" : out)"
        if out == "-" { writeStderr(done) } else { print(done) }
        return 0
    }
}
