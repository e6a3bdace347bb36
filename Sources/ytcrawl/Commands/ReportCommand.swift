import Archive
import Foundation

/// `ytcrawl report DIR [--out FILE]`: one self-contained HTML page of charts about an output.
enum ReportCommand {
    static let help = """
        Usage: ytcrawl report DIR [--out FILE] [--title TEXT]

        Write one self-contained HTML page (inline SVG charts; no script, font or file from
        elsewhere) about the output directory DIR: videos published per month, views per video
        (log scale), top channels by videos and by views, comments per video (when comments were
        crawled) and, when statistics snapshots exist (ytcrawl refresh), the growth curves of the
        fastest-growing videos and the videos gone per snapshot. Sections without data say how to
        get it.

        Options:
          --out FILE     where to write the page (default: DIR/report.html; - for standard output)
          --title TEXT   the page's title (default: ytcrawl report)
          -h, --help     show this help

        Example:
          ytcrawl report ytcrawl-out && chromium ytcrawl-out/report.html
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ArgumentScanner(
            command: "report", valued: ["--out", "--title"], flags: [], arguments: arguments)
        if options.wantsHelp {
            print(help)
            return 0
        }
        let directory = try options.outputDirectory()
        try ArchiveCommands.requireDirectory(directory)
        let data: ReportData
        do {
            data = try ReportData.read(directory: directory)
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        guard data.videos > 0 || data.comments > 0 || !data.snapshots.isEmpty else {
            throw UsageError("\(directory) holds no records; crawl into it first (ytcrawl --seeds …)")
        }
        let out = options.string("--out") ?? directory + "/report.html"
        let page = ReportPage.html(
            title: options.string("--title") ?? "ytcrawl report", directory: directory, data: data)
        try UserFile.write(Array(page.utf8), to: out)
        let done =
            "report: \(data.videos) videos, \(data.comments) comments, \(data.snapshots.count) snapshots in \(out == "-" ? "standard output" : out)"
        if out == "-" { writeStderr(done) } else { print(done) }
        return 0
    }
}
