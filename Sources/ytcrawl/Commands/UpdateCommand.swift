import Archive
import Crawler
import Digest
import Foundation

/// `ytcrawl update DIR`: what is new since DIR's last run, for its own seeds, at the fewest
/// units; with `--every`, a monitor.
struct UpdateCommand: Command {
    static let seedsFile = Option<String?>(
        "--seeds", "FILE",
        help:
            "these seeds instead of DIR's own: seeds kept are updated, seeds added are crawled from the start, seeds removed are no longer followed"
    )
    static let byCount = Flag(
        "--by-count",
        help:
            "walk only the watched channels whose videoCount changed, not the first page of every one (1 unit each): fewer units, but an upload beside a deletion leaves the count as it was and is found only when the count next moves"
    )
    static let thorough = Flag(
        "--thorough", help: "every watched channel's first page: the default (kept for scripts that pass it)")
    static let overlap = Option<Int>(
        "--overlap", "DURATION",
        help:
            "look this far before the last run's start again (the search index and uploads lists lag new videos)",
        default: 86_400, shownDefault: "default: 1d"
    ) { name, text in
        guard text == "0" || RefreshCommand.duration(text) != nil else {
            throw UsageError("\(name) \(text): expected a duration, as 6h, 1d or 3600 (seconds), or 0")
        }
        return RefreshCommand.duration(text) ?? 0
    }
    static let every = RepeatingRuns.every("keep updating: an update every DURATION (6h, 1d)")

    static let configuration = CommandConfiguration(
        name: "update", synopsis: "update DIR --budget UNITS",
        summary: "what is new since DIR's last run, for its own seeds",
        usage: "update DIR --budget UNITS [options]",
        discussion: """
            Look for what is new since the last run in DIR (an output of ytcrawl crawl), for the seeds
            that run had, and write only that into DIR: new shards, each video once across all runs.
            Watched channels (channel seeds, and channels walked for walk=channels searches) are
            checked 50 to a channels.list call and have their uploads walked again, newest first, down
            to the last run: a channel with nothing new costs one page (with --by-count only channels
            whose videoCount changed are walked). Searches ask only for what was published
            since the last run's start (less --overlap). Playlists are walked again. Videos whose
            comments were fetched get their new threads. Video seeds have nothing new to discover
            (statistics over time are ytcrawl refresh's). An update stopped by a kill, the budget or
            the quota is continued by the next one. It collects what the crawl collected (--formats,
            --comments, --video-parts…, kept in DIR's checkpoint); flags given here add to them.
            """,
        groups: [
            OptionGroup("What to update", [seedsFile.spec, byCount.spec, thorough.spec, overlap.spec, every.spec]),
            OptionGroup("What to crawl", CrawlCommand.crawlOptions),
        ] + SharedRunOptions.groups,
        epilogue: """
            Exit codes: as ytcrawl crawl: 0 done (or the budget ran out: rerun to continue), 1 runtime
            failure, 2 usage error (DIR holds no finished crawl), 3 quota or key refused, 4 some work
            failed after every retry (rerun), 130 interrupted.

            Examples:
              ytcrawl update ytcrawl-out --budget 2000
              ytcrawl update ytcrawl-out --budget 10000 --every 1d --key-file /run/secrets/youtube-key
            """)

    var crawl: CrawlCommand
    var directory: String
    var byCount: Bool
    var overlap: Int
    var every: Int?

    init(_ scanner: ArgumentScanner) throws {
        guard let directory = scanner.positional.first else {
            throw UsageError("ytcrawl update needs the output directory, as ytcrawl update ytcrawl-out --budget 1000")
        }
        if let extra = scanner.positional.dropFirst().first {
            throw UsageError("unexpected argument \"\(extra)\": update takes one directory; see ytcrawl update --help")
        }
        self.directory = directory
        try OutputDirectory.requireNoInterruptedPrune(directory)
        byCount = scanner[Self.byCount]
        if byCount, scanner[Self.thorough] {
            throw UsageError(
                "--by-count and --thorough contradict each other: --thorough is the default; give one or neither")
        }
        overlap = try scanner[Self.overlap]
        every = try scanner[Self.every]
        let seedsPath = try scanner[Self.seedsFile]
        // The checkpoint is read once, after every option is checked.
        var savedOptions: CrawlSelection?
        crawl = try CrawlCommand(
            scanner, out: directory, dryRun: false, seedsPath: seedsPath ?? directory + "/checkpoint.json",
            budgetExample: "ytcrawl update \(directory) --budget 1000"
        ) {
            guard let seedsPath else {
                let saved = try Self.savedSeeds(of: directory)
                savedOptions = saved.options
                return (saved.seeds, saved.digest)
            }
            savedOptions = (try? SavedRun.read(directory: directory))??.options
            return try CrawlCommand.readSeeds(seedsPath)
        }
        crawl.seedsFile = seedsPath
        // What the crawl collected, with what this command line changes: flags only add.
        if let saved = savedOptions { crawl.selection = saved.with(crawl.selectionChanges) }
    }

    /// The seeds of DIR's last run, from its checkpoint, and the options it collected with.
    static func savedSeeds(of directory: String) throws -> (
        seeds: [Seed], digest: String, options: CrawlSelection?
    ) {
        let checkpoint = directory + "/checkpoint.json"
        guard FileManager.default.fileExists(atPath: checkpoint) else {
            throw UsageError(
                "\(directory) holds no crawl to update (no checkpoint.json): crawl into it first, as ytcrawl --seeds seeds.txt --budget 10000 --out \(directory)"
            )
        }
        let saved: SavedRun?
        do {
            // A crawl writes its manifest before its first checkpoint: a checkpoint without one
            // is a directory whose manifest was removed. Updated, its history (the runs, their
            // units, the provenance) would be rebuilt from the shards alone, without a word.
            guard let manifest = try Manifest.load(directory: directory) else {
                throw UsageError(
                    "\(directory) has a checkpoint.json but no manifest.json, which holds its runs, their units and its provenance; restore manifest.json from a backup, or crawl into a new directory (ytcrawl --seeds FILE --out NEWDIR)"
                )
            }
            // Outputs that no seeds made: a snapshot, a merge.
            if manifest.snapshot != nil {
                throw UsageError(
                    "\(directory) is a statistics snapshot (ytcrawl refresh), not a crawl; update the output it belongs to, as ytcrawl update \(SnapshotDirectory.owner(of: directory) ?? "DIR")"
                )
            }
            if let inputs = manifest.inputs {
                throw UsageError(
                    "\(directory) is a merge of \(inputs.joined(separator: ", ")); update each of them (ytcrawl update \(inputs.first ?? "DIR")), then merge them again"
                )
            }
            saved = try SavedRun.read(directory: directory)
        } catch let usage as UsageError {
            throw usage
        } catch {
            throw RuntimeFailure("cannot read \(checkpoint): \(error)")
        }
        guard let lines = saved?.seeds else {
            throw UsageError(
                "\(checkpoint) does not list its seeds (an earlier version wrote it): give them with --seeds FILE")
        }
        let text = lines.joined(separator: "\n") + "\n"
        do {
            let seeds = try SeedsParser.parse(text, file: checkpoint + " (the last run's seeds)")
            return (seeds, SHA256.hex(SHA256.hash(Array(text.utf8))), saved?.options)
        } catch let error as SeedError {
            throw UsageError(error.description + "; give the seeds with --seeds FILE")
        }
    }

    func run() async throws -> Int32 {
        AllocatorTuning.tuneForCrawl()
        let access = try APIAccess(crawl.shared.api)
        defer { access.emulator?.stop() }
        let harness = try RunHarness(crawl.shared.run, budget: crawl.shared.api.budget)
        defer { harness.close() }
        let quiet = crawl.shared.run.quiet
        let options = UpdateOptions(byCount: byCount, overlapSeconds: Int64(overlap))
        return try await RepeatingRuns.run(every: every, harness: harness, quiet: quiet, what: "update") {
            if !quiet {
                writeStderr(
                    "ytcrawl: updating \(directory) for its \(crawl.seeds.count) seeds (budget \(crawl.shared.api.budget) units)"
                )
            }
            do {
                let report = try await crawl.crawlOnce(access: access, harness: harness, update: options)
                return (report.summary, report.exitCode)
            } catch let refused as CrawlSetupError {
                // Nothing to update from (an unfinished crawl): what to run first, exit 2.
                throw UsageError(refused.description)
            }
        }
    }
}
