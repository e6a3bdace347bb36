import Archive
import YouTubeKit

/// `ytcrawl gallery DIR [--out FILE]`: one static HTML page of the crawled videos, newest first.
struct GalleryCommand: Command {
    static let out = Option<String?>(
        "--out", "FILE", help: "where to write the page", shownDefault: "default: DIR/gallery.html")
    static let limit = Option<Int>("--limit", help: "the N newest videos at most (0 = all)", default: 5000)
    static let title = Option<String>("--title", "TEXT", help: "the page's title", default: "ytcrawl gallery")

    static let configuration = CommandConfiguration(
        name: "gallery", synopsis: "gallery DIR",
        summary: "write a static HTML page of the crawled videos (thumbnails, search, player)",
        usage: "gallery DIR [--out FILE] [--limit N] [--title TEXT]",
        discussion: """
            Write a single static HTML page of the videos crawled into DIR: a thumbnail grid with
            title, channel and date, newest first, a badge (LIVE, Upcoming, Streamed, Short) and
            labels (Made for kids, Creative Commons, Age-restricted) where the records carry them
            (schema 2), images loaded lazily, a search box that filters as
            you type (or from the address: gallery.html#q=cats), and a click on a video swaps in the
            YouTube embed player. With statistics snapshots (ytcrawl refresh), each card shows a
            sparkline of its views. The page needs no server: open it in a browser.
            """,
        groups: [OptionGroup("Options", [out.spec, limit.spec, title.spec])],
        epilogue: """
            Example:
              ytcrawl gallery ytcrawl-out --out gallery.html
              chromium --headless --screenshot=gallery.png --window-size=1280,900 file://$PWD/gallery.html
            """)

    var directory: String
    var out: String
    var limit: Int
    var title: String

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        limit = try scanner[Self.limit]
        title = try scanner[Self.title]
        out = try scanner[Self.out] ?? directory + "/gallery.html"
    }

    func run() async throws -> Int32 {
        let shards = ArchiveReader.shardNames(directory: directory, kind: .videos)
        guard !shards.isEmpty else {
            throw UsageError("\(directory) holds no videos-*.jsonl.gz shard; crawl into it first (ytcrawl --seeds …)")
        }
        var entries: [GalleryEntry] = []
        do {
            try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
                if let entry = GalleryEntry(record) { entries.append(entry) }
            }
        } catch {
            throw RuntimeFailure("\(error)")
        }
        entries.sort { ($0.published, $0.id) > ($1.published, $1.id) }
        if limit > 0, entries.count > limit { entries.removeLast(entries.count - limit) }
        do {
            try GalleryEntry.addViews(to: &entries, directory: directory)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        let page = GalleryPage.html(
            title: HTMLEntities.escape(title), videosJSON: GalleryEntry.islandJSON(entries), count: entries.count)
        try UserFile.write(Array(page.utf8), to: out)
        let done = "gallery: \(entries.count) videos, newest first, in \(out == "-" ? "standard output" : out)"
        if out == "-" { writeStderr(done) } else { print(done) }
        return 0
    }
}
