import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// `ytcrawl gallery DIR [--out FILE]`: one static HTML page of the crawled videos, newest first.
enum GalleryCommand {
    static let help = """
        Usage: ytcrawl gallery DIR [--out FILE] [--limit N] [--title TEXT]

        Write a single static HTML page of the videos crawled into DIR: a thumbnail grid with
        title, channel and date, newest first, images loaded lazily, a search box that filters as
        you type (or from the address: gallery.html#q=cats), and a click on a video swaps in the
        YouTube embed player. With statistics snapshots (ytcrawl refresh), each card shows a
        sparkline of its views. The page needs no server: open it in a browser.

        Options:
          --out FILE     where to write the page (default: DIR/gallery.html)
          --limit N      the N newest videos at most (default 5000; 0 = all)
          --title TEXT   the page's title (default: ytcrawl gallery)
          -h, --help     show this help

        Example:
          ytcrawl gallery ytcrawl-out --out gallery.html
          chromium --headless --screenshot=gallery.png --window-size=1280,900 file://$PWD/gallery.html
        """

    struct Entry {
        var id: String
        var title: String
        var channel: String
        var published: String
        var thumbnail: String?
        var embed: String
        /// Views at each statistics snapshot, oldest first (empty without snapshots).
        var views: [Int] = []
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ArgumentScanner(
            command: "gallery", valued: ["--out", "--limit", "--title"], flags: [], arguments: arguments)
        if options.wantsHelp {
            print(help)
            return 0
        }
        let directory = try options.outputDirectory()
        let limit = try options.integer("--limit", default: 5000)
        let title = options.string("--title") ?? "ytcrawl gallery"
        let out = options.string("--out") ?? directory + "/gallery.html"
        try ArchiveCommands.requireDirectory(directory)
        let shards = ArchiveReader.shardNames(directory: directory, kind: .videos)
        guard !shards.isEmpty else {
            throw UsageError("\(directory) holds no videos-*.jsonl.gz shard; crawl into it first (ytcrawl --seeds …)")
        }
        var entries: [Entry] = []
        do {
            try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
                if let entry = entry(record) { entries.append(entry) }
            }
        } catch {
            throw RuntimeFailure("\(error)")
        }
        entries.sort { ($0.published, $0.id) > ($1.published, $1.id) }
        if limit > 0, entries.count > limit { entries.removeLast(entries.count - limit) }
        do {
            try addViews(to: &entries, directory: directory)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        let page = GalleryPage.html(
            title: HTMLEntities.escape(title), videosJSON: islandJSON(entries), count: entries.count)
        try UserFile.write(Array(page.utf8), to: out)
        let done = "gallery: \(entries.count) videos, newest first, in \(out == "-" ? "standard output" : out)"
        if out == "-" { writeStderr(done) } else { print(done) }
        return 0
    }

    static func entry(_ record: JSONValue) -> Entry? {
        func text(_ key: String) -> String? {
            if case .string(let value)? = record[key] { return value }
            return nil
        }
        // A shard is data, not code: the player URL is built from a well-formed id, and images
        // come only from YouTube's image hosts over https.
        guard let id = text("videoId"), isVideoId(id) else { return nil }
        return Entry(
            id: id, title: text("title") ?? "", channel: text("channelTitle") ?? "",
            published: text("publishedAt") ?? "",
            thumbnail: text("thumbnailUrl").flatMap(trustedImage), embed: "https://www.youtube.com/embed/" + id)
    }

    /// Each entry's views at each statistics snapshot of `directory` (a sparkline on its card).
    static func addViews(to entries: inout [Entry], directory: String) throws {
        let names = SnapshotDirectory.names(in: directory)
        guard !names.isEmpty else { return }
        var position: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { position[entry.id] = index }
        for name in names {
            try ArchiveReader.forEachRecord(
                directory: SnapshotDirectory.root(of: directory) + "/" + name, kind: .stats, includeOpen: true
            ) { record, _ in
                guard case .string(let id)? = record["videoId"], let index = position[id],
                    case .number(let text)? = record["viewCount"], let views = Int(text)
                else { return }
                entries[index].views.append(views)
            }
        }
    }

    /// Letters, digits, `-` and `_`: what a video id is made of.
    static func isVideoId(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }

    static let imageHosts: Set<String> = ["i.ytimg.com", "i9.ytimg.com", "img.youtube.com", "yt3.ggpht.com"]

    /// `url` when it is https on one of YouTube's image hosts, else `nil`.
    static func trustedImage(_ url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme == "https",
            let host = components.host?.lowercased(), imageHosts.contains(host), components.user == nil
        else { return nil }
        return url
    }

    /// The videos as a JSON array that is safe inside a `<script>` element: every `<` is written
    /// `\u003c`, so no title can close the element.
    static func islandJSON(_ entries: [Entry]) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "{" : ",{")
            writer.key("id")
            writer.string(entry.id)
            writer.member("title", entry.title)
            writer.member("channel", entry.channel)
            writer.member("published", entry.published)
            writer.member("thumbnail", entry.thumbnail)
            writer.member("embed", entry.embed)
            if !entry.views.isEmpty {
                writer.memberKey("views")
                writer.intArray(entry.views)
            }
            writer.raw("}")
        }
        writer.raw("]")
        return String(decoding: writer.bytes, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
