import Archive
import Crawler
import Digest
import Foundation
import YouTubeKit

/// `ytcrawl hydrate FILE --kind videos --out DIR --budget UNITS`: the records of every id in a
/// file of ids or URLs (a dataset shared as ids), each once, those that do not come back written
/// as `missing`; a crawl of one `ids FILE kind=…` seed.
struct HydrateCommand: Command {
    enum Kind: String, CaseIterable, Sendable {
        case videos, channels, playlists, comments

        var missingKind: MissingItem.Kind {
            switch self {
            case .videos: .video
            case .channels: .channel
            case .playlists: .playlist
            case .comments: .comment
            }
        }
    }

    static let kind = Option<Kind>(
        "--kind", "K", help: "what the ids name: videos, channels, playlists or comments", default: .videos)
    static let restart = Flag(
        "--restart",
        help:
            "hydrate FILE again from its first line although it changed since DIR began (records already in DIR stay, once)"
    )

    static let configuration = CommandConfiguration(
        name: "hydrate", synopsis: "hydrate FILE --out DIR --budget UNITS",
        summary: "the records of every id in a file of ids (a dataset shared as ids)",
        usage: "hydrate FILE [--kind videos|channels|playlists|comments] --out DIR --budget UNITS [options]",
        discussion: """
            Fetch the record of every id in FILE (one id or URL a line, any mix; # comments and blank
            lines ignored) into DIR: videos.list, channels.list or playlists.list, 50 ids a call
            (1 unit); comment ids (a thread's, or a reply's thread.reply, or a link with lc=) by
            commentThreads.list of their threads, and comments.list for the replies among them, so
            a batch of 50 holding replies costs 2 units. The file is streamed, never held: an id it repeats is asked once, an invalid
            line is reported with its number and skipped, and an id that does not come back (deleted,
            private, never there) is written as a missing line, so a replication says what was lost
            since the list was made. The manifest holds one entry for the file (its name, SHA-256,
            lines, ids, duplicates and invalid lines). Killed, rerun the same command: it reads on
            from its last checkpoint; a FILE edited since is refused unless --restart. ytcrawl
            dehydrate writes such a file from an output.
            """,
        groups: [
            OptionGroup("What to hydrate", [kind.spec, CrawlCommand.out.spec, restart.spec]),
            OptionGroup("What to collect", CrawlCommand.crawlOptions),
        ] + SharedRunOptions.groups,
        epilogue: """
            Exit codes: as ytcrawl crawl; 2 also when FILE cannot be read or changed since DIR began.

            Examples:
              ytcrawl hydrate ids.txt --out replication --budget 10000
              ytcrawl hydrate channels.txt --kind channels --out channels --budget 500 --emulator
            """)

    var crawl: CrawlCommand
    var file: String
    var summary: IdFileSummary

    init(_ scanner: ArgumentScanner) throws {
        guard let file = scanner.positional.first else {
            throw UsageError("ytcrawl hydrate needs a file of ids, as ytcrawl hydrate ids.txt --out DIR --budget 1000")
        }
        if let extra = scanner.positional.dropFirst().first {
            throw UsageError("unexpected argument \"\(extra)\": hydrate takes one file; see ytcrawl hydrate --help")
        }
        guard file != "-" else {
            // Its position and SHA-256 are checkpointed: a pipe has neither.
            throw UsageError(
                "hydrate reads a file, not standard input (-): a killed or budget-stopped run continues from its place in the file and refuses a file that changed; save the ids first (… > ids.txt) and give ids.txt"
            )
        }
        self.file = file
        let kind = try scanner[Self.kind]
        let restart = scanner[Self.restart]
        let out = try scanner[CrawlCommand.out]
        try OutputDirectory.requireNoInterruptedPrune(out)
        let text = "ids " + Self.quoted(file) + " kind=\(kind.rawValue)"
        do {
            summary = try IdFile.summarize(path: file, kind: kind.missingKind)
        } catch let error as IdFileError {
            throw UsageError(error.description)
        }
        crawl = try CrawlCommand(
            scanner, out: out, dryRun: false, seedsPath: file,
            budgetExample: "ytcrawl hydrate \(file) --out \(out) --budget 10000"
        ) {
            do {
                let seeds = try SeedsParser.parse(text, file: "ytcrawl hydrate")
                return (seeds, SHA256.hex(SHA256.hash(Array(text.utf8))))
            } catch let error as SeedError {
                throw UsageError(error.description)
            }
        }
        crawl.seedsFile = nil
        crawl.idFiles = [text: summary]
        // A file edited since the output began hydrating it: its position means nothing now.
        if let before = try? Manifest.load(directory: out),
            let earlier = before.provenance?.seeds?.first(where: { $0.text == text })?.idFile,
            earlier.sha256 != summary.sha256, !restart
        {
            throw UsageError(
                "\(file) changed since \(out) began hydrating it (sha256 \(earlier.sha256.prefix(12))…, now \(summary.sha256.prefix(12))…): rerun with --restart to hydrate the edited file from its first line (records already in \(out) stay, once), or give another --out"
            )
        }
        // From the file's first line: what the output holds is not asked again.
        if restart { try? FileManager.default.removeItem(atPath: out + "/checkpoint.json") }
    }

    /// `path` as a seeds-file token: quoted when it holds a space or a quote.
    static func quoted(_ path: String) -> String {
        path.contains(where: { $0 == " " || $0 == "\"" || $0 == "#" || $0 == "=" })
            ? "\"" + path.replacingOccurrences(of: "\"", with: "") + "\"" : path
    }

    func run() async throws -> Int32 {
        AllocatorTuning.tuneForCrawl()
        let quiet = crawl.shared.run.quiet
        if !quiet {
            writeStderr(
                "ytcrawl: \(file): \(summary.lines) lines, \(summary.ids) ids (\(summary.duplicates) duplicates, \(summary.invalid) invalid)"
            )
            for line in summary.invalidLines {
                writeStderr("ytcrawl: \(file):\(line): not a \(Self.singular(crawl)) id or URL; skipped")
            }
            if summary.invalid > summary.invalidLines.count {
                writeStderr(
                    "ytcrawl: \(file): \(summary.invalid - summary.invalidLines.count) more invalid lines skipped")
            }
        }
        let access = try APIAccess(crawl.shared.api)
        defer { access.emulator?.stop() }
        let harness = try RunHarness(crawl.shared.run, budget: crawl.shared.api.budget)
        defer { harness.close() }
        if !quiet {
            writeStderr(
                "ytcrawl: hydrating \(summary.ids) ids of \(file) into \(crawl.out) (budget \(crawl.shared.api.budget) units)"
            )
        }
        return try await crawl.crawlOnce(access: access, harness: harness, update: nil).exitCode
    }

    private static func singular(_ crawl: CrawlCommand) -> String {
        guard case .ids(let seed)? = crawl.seeds.first?.target else { return "video" }
        return seed.kind.rawValue
    }
}
