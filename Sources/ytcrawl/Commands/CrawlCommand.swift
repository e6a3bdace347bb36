import Archive
import Crawler
import Digest
import Foundation
import YouTubeKit

/// `ytcrawl [crawl] --seeds FILE --budget UNITS [options]`: the main job, in four steps:
/// options, plan (the API, keys, limiter and crawler), run (with signals and progress), report.
struct CrawlCommand: Command {
    static let seedsFile = Option<String?>(
        "--seeds", "FILE", help: "seeds file (one seed per line: search/channel/playlist/video or a URL)")
    static let out = Option<String>(
        "--out", "DIR", help: "output directory", default: "ytcrawl-out", shownDefault: "default: ./ytcrawl-out")
    static let searchBudget = Option<Int?>(
        "--search-budget", help: "search.list calls this run may make (buckets model)")
    static let dailySearches = Option<Int>(
        "--daily-searches", help: "each key's daily search calls, buckets model", default: 100)
    static let maxPages = Option<Int?>(
        "--max-pages", help: "pages per seed at most, unless the seed says maxPages=", range: 1...100_000)
    static let maxReplyPages = Option<Int>(
        "--max-reply-pages",
        help: "comments.list pages (100 replies each) per thread at most; a thread that reaches it is reported",
        default: CrawlConfiguration.defaultMaxReplyPages, range: 1...1_000_000)
    static let pseudonymizeAuthors = Option<String?>(
        "--pseudonymize-authors", "KEY_FILE",
        help:
            "write comment authors as hmac-sha256 of their channel id under the secret in KEY_FILE, without names or profile images"
    )
    static let noResolveChannels = Flag(
        "--no-resolve-channels",
        help:
            "leave the channels search results name unresolved (by default they are asked of channels.list at the end, 1 unit per 50, so the data package's videos→channels key holds)"
    )
    static let maxLinkChannels = Option<Int?>(
        "--max-link-channels",
        help:
            "channels the links of links= seeds may reach beyond the seeds' own, at most (each costs a unit per 50, more when followed)",
        range: 0...10_000_000)
    static let chatUnits = Option<Int?>(
        "--chat-units",
        help:
            "units one stream's live chat capture may spend at most (5 a call; a two-hour stream polled every 10 s takes about 3,600)",
        range: 5...100_000_000)
    static let chatInterval = Option<Int?>(
        "--chat-interval", "MS",
        help:
            "wait at least this long between two polls of one chat; the API's pollingIntervalMillis is always honoured, this may only slow it",
        range: 0...86_400_000)
    static let liveWait = Option<Int?>(
        "--live-wait", "SECONDS",
        help:
            "capture an upcoming stream's chat when it is scheduled to start within this of the moment its video is read (default 3600)",
        range: 0...30 * 86_400)
    static let dryRun = Flag(
        "--dry-run", help: "print what each seed will request and cost, then stop (nothing is sent)")

    static let configuration = CommandConfiguration(
        name: "crawl", synopsis: "crawl --seeds FILE --budget UNITS [options]", summary: "crawl into gzip shards",
        usage: "[crawl] --seeds FILE --budget UNITS [options]",
        discussion: """
            Crawl the YouTube Data API from the seeds in FILE, spending at most UNITS quota units, into
            gzip JSON-lines shards with a manifest. The key comes from YOUTUBE_API_KEY or --key-file
            (never from a flag). Rerunning with the same --out continues from the checkpoint.
            """,
        groups: [
            OptionGroup(
                "What to crawl", [seedsFile.spec, out.spec] + crawlOptions + [dryRun.spec])
        ] + SharedRunOptions.groups,
        epilogue: """
            Exit codes: 0 done (budget or frontier exhausted); 1 runtime failure (a configuration
            error no retry can fix, or the output cannot be written); 2 usage error; 3 stopped by
            quota or auth (checkpoint saved; rerun continues); 4 incomplete: some work failed after
            every retry and is kept for a rerun; 130 interrupted (checkpoint saved).

            Example:
              ytcrawl --seeds Samples/seeds.txt --budget 10000
              ytcrawl --seeds Samples/seeds.txt --budget 2000 --emulator
            """, arguments: .none)

    var shared: SharedRunOptions
    var seedsPath: String
    /// The seeds file for the output's provenance: `nil` when the seeds are the output's own (an
    /// update without `--seeds`).
    var seedsFile: String?
    var seeds: [Seed]
    var seedsDigest: String
    var out: String
    /// What the crawl collects: the defaults with this command line's changes.
    var selection: CrawlSelection
    /// The changes this command line makes to a selection (an update makes them to the crawl's).
    var selectionChanges: [CrawlSelection.Change]
    var maxPages: Int?
    var maxReplyPages: Int
    var maxLinkChannels: Int?
    var chatUnits: Int?
    var chatInterval: Int?
    var liveWait: Int?
    var resolveChannels: Bool
    var pseudonymizer: AuthorPseudonymizer?
    /// The files of `ids` seeds, by seed text (their provenance entries).
    var idFiles: [String: IdFileSummary] = [:]
    var searchBudget: Int?
    var dailySearches: Int
    var dryRun: Bool

    /// Option values are checked first, then the seeds file is read.
    init(_ scanner: ArgumentScanner) throws {
        if let extra = scanner.positional.first {
            throw UsageError("unexpected argument \"\(extra)\"; options start with --, see ytcrawl --help")
        }
        let seedsPath = try scanner[Self.seedsFile]
        try self.init(
            scanner, out: try scanner[Self.out], dryRun: scanner[Self.dryRun], seedsPath: seedsPath ?? "",
            budgetExample: "ytcrawl --seeds \(seedsPath ?? "seeds.txt") --budget 10000"
        ) {
            // Checked after every option: their errors name what to fix first.
            guard let seedsPath else {
                throw UsageError("--seeds FILE is required, as ytcrawl --seeds seeds.txt --budget 10000")
            }
            return try Self.readSeeds(seedsPath)
        }
        // Each ids file's entry in the provenance, as `ytcrawl hydrate` writes it.
        for seed in seeds {
            guard case .ids(let file) = seed.target else { continue }
            do {
                idFiles[seed.text] = try IdFile.summarize(path: file.path, kind: file.kind)
            } catch let error as IdFileError {
                throw UsageError("\(seedsPath ?? "seeds"):\(seed.lineNumber): \(error)")
            }
        }
    }

    /// The crawl options of `scanner` (every "What to crawl" option but the seeds, the output and
    /// `--dry-run`, which the caller gives), then the seeds `loadSeeds` reads; `update` runs a
    /// crawl so.
    init(
        _ scanner: ArgumentScanner, out: String, dryRun: Bool, seedsPath: String, budgetExample: String,
        loadSeeds: () throws -> (seeds: [Seed], digest: String)
    ) throws {
        let run = try RunOptions(scanner)
        maxPages = try scanner[Self.maxPages]
        selectionChanges = try SelectionOptions.changes(scanner)
        selection = CrawlSelection().with(selectionChanges)
        maxReplyPages = try scanner[Self.maxReplyPages]
        maxLinkChannels = try scanner[Self.maxLinkChannels]
        chatUnits = try scanner[Self.chatUnits]
        chatInterval = try scanner[Self.chatInterval]
        liveWait = try scanner[Self.liveWait]
        resolveChannels = !scanner[Self.noResolveChannels]
        if let keyFile = try scanner[Self.pseudonymizeAuthors] {
            do {
                pseudonymizer = try AuthorPseudonymizer(keyFile: keyFile)
            } catch let error as PseudonymizerError {
                throw UsageError("--pseudonymize-authors: \(error)")
            }
        }
        if !run.quiet { for warning in pseudonymizer?.warnings ?? [] { writeStderr("ytcrawl: warning: \(warning)") } }
        self.dryRun = dryRun
        searchBudget = try scanner[Self.searchBudget]
        dailySearches = try scanner[Self.dailySearches]
        self.out = out
        self.seedsPath = seedsPath
        seedsFile = seedsPath
        shared = SharedRunOptions(
            api: try APIOptions(scanner, budgetExample: budgetExample), shards: try ShardOptions(scanner), run: run)
        (seeds, seedsDigest) = try loadSeeds()
    }

    /// The seeds of the file at `path`, and the file's digest.
    static func readSeeds(_ path: String) throws -> (seeds: [Seed], digest: String) {
        guard let seedsData = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read the seeds file \(path): no such file or not readable")
        }
        do {
            let seeds = try SeedsParser.parse(bytes: Array(seedsData), file: path)
            return (seeds, SHA256.hex(SHA256.hash(Array(seedsData))))
        } catch let error as SeedError {
            throw UsageError(error.description)
        }
    }

    /// The options of "What to crawl" that an update takes too.
    static var crawlOptions: [OptionSpec] {
        [maxPages.spec] + SelectionOptions.specs + [
            maxReplyPages.spec, pseudonymizeAuthors.spec, maxLinkChannels.spec, noResolveChannels.spec,
            searchBudget.spec, dailySearches.spec, chatUnits.spec, chatInterval.spec, liveWait.spec,
        ]
    }

    func run() async throws -> Int32 {
        AllocatorTuning.tuneForCrawl()
        let api = shared.api
        if dryRun {
            print(
                DryRunReport.dryRun(
                    seeds, model: api.model, hydrate: selection.hydrate, maxPages: maxPages, budget: api.budget))
            if selection.formats || seeds.contains(where: \.formats) {
                print(
                    "format labels: per channel walked, 1 unit per 50 Shorts and per 50 live streams (a list with none: "
                        + "1 unit for its 404), before its uploads; videos of the last 7 days no list names yet stay unlabelled"
                )
            }
            if seeds.contains(where: { !$0.links.isEmpty }) {
                print(DryRunReport.links(seeds, maxLinkChannels: maxLinkChannels))
            }
            if selection.comments || seeds.contains(where: \.comments) {
                let estimate = CommentCostEstimate(
                    seeds: seeds, allVideos: selection.comments, maxPages: selection.maxCommentPages, out: out)
                print(
                    estimate.text
                        ?? "comments: 1 unit per 100 comments of every video found, at least 1 per video (no commentCount known yet in \(out))"
                )
            }
            print(DryRunReport.quotaLeft(api, dailySearches: dailySearches))
            return 0
        }
        try checkChatBudget(api.budget)
        let access = try APIAccess(api)
        defer { access.emulator?.stop() }
        let harness = try RunHarness(shared.run, budget: api.budget)
        defer { harness.close() }
        if !shared.run.quiet {
            writeStderr(
                "ytcrawl: crawling \(seeds.count) seeds from \(seedsPath) into \(out) (budget \(api.budget) units)")
        }
        return try await crawlOnce(access: access, harness: harness, update: nil).exitCode
    }

    /// Runs the crawl (or, with `update`, an update of `out`) once and prints its report.
    func crawlOnce(access: APIAccess, harness: RunHarness, update: UpdateOptions?) async throws -> CrawlReport {
        let limiter = try access.limiter(limiterConfiguration, stateDirectory: shared.api.stateDirectory)
        var configuration = crawlConfiguration(apiBase: access.apiBase)
        configuration.update = update
        let crawler = try access.crawler(configuration, limiter: limiter, quiet: shared.run.quiet)
        let (summary, elapsed) = try await harness.run(crawler, searchBudget: searchBudget)
        let report = CrawlReport(
            summary: summary, out: out, budget: shared.api.budget, elapsedSeconds: elapsed,
            exitCode: summary.ending.exitCode)
        report.emit(quiet: shared.run.quiet, summaryPath: shared.run.summaryPath)
        return report
    }

    /// The limiter's settings: the shared ones, and the search calls' budget and daily limit.
    var limiterConfiguration: RateLimiterConfiguration {
        var configuration = shared.api.limiterConfiguration
        configuration.runBudgetSearches = searchBudget
        configuration.dailySearches = dailySearches
        return configuration
    }

    /// The crawl's settings, against `apiBase`.
    func crawlConfiguration(apiBase: String) -> CrawlConfiguration {
        var configuration = shared.crawlConfiguration(
            seeds: seeds, seedsDigest: seedsDigest, out: out, selection: selection, maxPages: maxPages,
            apiBase: apiBase)
        configuration.maxReplyPages = maxReplyPages
        configuration.pseudonymizer = pseudonymizer
        configuration.seedsFile = seedsFile
        configuration.idFiles = idFiles
        configuration.maxLinkChannels = maxLinkChannels
        configuration.resolveChannels = resolveChannels
        configuration.chatUnits = chatUnits
        if let chatInterval { configuration.chatInterval = chatInterval }
        if let liveWait { configuration.liveWait = Int64(liveWait) }
        return configuration
    }

    /// A run that captures chats must be able to finish one stream's capture: its video lookup
    /// and one poll (5 units), or `--chat-units` when given.
    ///
    /// - Throws: ``UsageError`` naming the budget, what one stream needs and the fix.
    func checkChatBudget(_ budget: Int) throws {
        let chats = seeds.filter { seed in
            if case .live = seed.target { return true }
            return seed.live
        }
        guard let first = chats.first else { return }
        let needed = 1 + (chatUnits ?? QuotaModel.buckets.charge(for: .liveChatMessages).cost)
        guard budget < needed else { return }
        let what =
            chatUnits.map { "the --chat-units \($0) of one stream and its video lookup (\(needed) units)" }
            ?? "one stream's video lookup and one poll of its chat (\(needed) units)"
        throw UsageError(
            "--budget \(budget) cannot pay for \(what), which line \(first.lineNumber) (\(first.text)) asks for; raise --budget (a two-hour stream polled every 10 s takes about 3,600 units) or lower --chat-units"
        )
    }
}
