import Crawler
import YouTubeKit

/// The "What to crawl" options that make a ``CrawlSelection``, declared once: each option and
/// what it changes when given. `crawl` makes the changes to the defaults; `update` makes them to
/// what the crawl collected (``CrawlSelection/with(_:)``); both list them in their help. A new
/// option is its declaration, its line in the table and its member of the selection.
enum SelectionOptions {
    static let noHydrate = Flag("--no-hydrate", help: "write what discovery returned, without videos.list hydration")
    static let completeChannels = Flag(
        "--complete-channels",
        help:
            "search for the videos a channel's uploads playlist does not list (it lists about 20,000); per seed: complete=search"
    )
    static let comments = Flag(
        "--comments",
        help:
            "also fetch the comments (every thread, every reply) of every video; per seed: comments=yes; one video: a `comments VIDEO_ID` seed"
    )
    static let maxCommentPages = Option<Int?>(
        "--max-comment-pages", help: "commentThreads pages (100 threads each) per video at most", range: 1...1_000_000)
    static let formats = Flag(
        "--formats",
        help:
            "label the videos of every walked channel short, live or long from its Shorts and live lists (a few units per channel); per seed: formats=yes"
    )
    static let videoParts = Option.parts(
        "--video-parts", of: APIMethod.videos.quotaName, names: APIRequest.Parts.videoPartNames,
        default: APIRequest.Parts.videos)
    static let channelParts = Option.parts(
        "--channel-parts", of: APIMethod.channels.quotaName, names: APIRequest.Parts.channelPartNames,
        default: APIRequest.Parts.channels)

    /// Each option, and the change it makes when given.
    private static let table: [Entry] = [
        .flag(noHydrate) { $0.hydrate = false },
        .flag(completeChannels) { $0.completeChannels = true },
        .flag(comments) { $0.comments = true },
        .option(maxCommentPages) { $0.maxCommentPages = $1 },
        .flag(formats) { $0.formats = true },
        .option(videoParts) { $0.videoParts = $1 },
        .option(channelParts) { $0.channelParts = $1 },
    ]

    static var specs: [OptionSpec] { table.map(\.spec) }

    /// The changes the options `scanner` was given make, in the table's order.
    ///
    /// - Throws: ``UsageError`` when a value is not one the option takes.
    static func changes(_ scanner: ArgumentScanner) throws -> [CrawlSelection.Change] {
        try table.compactMap { try $0.change(scanner) }
    }

    private struct Entry: Sendable {
        let spec: OptionSpec
        /// The change the command line asks for, `nil` when it does not give the option.
        let change: @Sendable (ArgumentScanner) throws -> CrawlSelection.Change?

        static func flag(_ flag: Flag, _ set: @escaping CrawlSelection.Change) -> Entry {
            Entry(spec: flag.spec) { $0[flag] ? set : nil }
        }

        static func option<Value: Sendable>(
            _ option: Option<Value>, _ set: @escaping @Sendable (inout CrawlSelection, Value) -> Void
        ) -> Entry {
            Entry(spec: option.spec) { scanner in
                guard scanner.isGiven(option) else { return nil }
                let value = try scanner[option]
                return { set(&$0, value) }
            }
        }
    }
}
