import Crawler
import Digest
import Foundation
import YouTubeKit

/// Everything `ytcrawl crawl` was told, checked: option values first, then the seeds file.
struct CrawlOptions {
    /// Options of `ytcrawl emulate` a crawl passes through as `--emulator-NAME`.
    static let emulatorOptions = [
        "corpus-seed", "channels", "videos-per-channel", "daily-units", "daily-searches", "daily-stats-units",
        "rps-limit", "clock-offset",
        "fault-rate", "faults", "latency-ms",
    ]

    let scanner: ArgumentScanner
    var seedsPath = ""
    var seeds: [Seed] = []
    var seedsDigest = ""
    var budget = 0
    var out: String
    var model: QuotaModel
    var hydrate: Bool
    var maxPages: Int?
    var comments = false
    var maxCommentPages: Int?
    var pseudonymizer: AuthorPseudonymizer?
    var quiet: Bool
    var verbose: Bool
    var dryRun: Bool
    var progressMode: ProgressReporter.Mode
    var progressInterval: Double
    var summaryPath: String?

    /// `nil` when help was asked for.
    init?(_ arguments: [String]) throws {
        scanner = try ArgumentScanner(
            command: "crawl",
            valued: Set(Self.emulatorOptions.map { "--emulator-" + $0 }).union([
                "--seeds", "--budget", "--out", "--api-base", "--key-file", "--quota-model", "--search-budget",
                "--daily-units", "--daily-searches", "--state-dir", "--concurrency", "--rps", "--max-pages",
                "--shard-records", "--shard-bytes", "--metrics-listen", "--metrics-file", "--gzip-level",
                "--checkpoint-every", "--progress",
                "--progress-interval",
                "--summary-json", "--retries", "--max-comment-pages", "--pseudonymize-authors",
            ]),
            flags: [
                "--emulator", "--no-hydrate", "--wait-for-reset", "--quiet", "--verbose", "--dry-run", "--comments",
                "--complete-channels",
            ],
            arguments: arguments)
        if scanner.wantsHelp { return nil }
        if let extra = scanner.positional.first {
            throw UsageError("unexpected argument \"\(extra)\"; options start with --, see ytcrawl --help")
        }
        // Option values are checked before any file is read.
        progressMode = try scanner.choice("--progress", default: .auto)
        progressInterval = try scanner.double("--progress-interval", default: 10, range: 0.05...86_400)
        model = try scanner.choice("--quota-model", default: QuotaModel.buckets)
        maxPages =
            scanner.string("--max-pages") == nil
            ? nil : try scanner.integer("--max-pages", default: 1, range: 1...100_000)
        hydrate = !scanner.flag("--no-hydrate")
        comments = scanner.flag("--comments")
        maxCommentPages =
            scanner.string("--max-comment-pages") == nil
            ? nil : try scanner.integer("--max-comment-pages", default: 1, range: 1...1_000_000)
        if let keyFile = scanner.string("--pseudonymize-authors") {
            do {
                pseudonymizer = try AuthorPseudonymizer(keyFile: keyFile)
            } catch let error as PseudonymizerError {
                throw UsageError("--pseudonymize-authors: \(error)")
            }
        }
        quiet = scanner.flag("--quiet")
        if !quiet { for warning in pseudonymizer?.warnings ?? [] { writeStderr("ytcrawl: warning: \(warning)") } }
        verbose = scanner.flag("--verbose") && !quiet
        dryRun = scanner.flag("--dry-run")
        summaryPath = scanner.string("--summary-json")
        out = scanner.string("--out") ?? "ytcrawl-out"
        guard let seedsPath = scanner.string("--seeds") else {
            throw UsageError("--seeds FILE is required, as ytcrawl --seeds seeds.txt --budget 10000")
        }
        self.seedsPath = seedsPath
        guard scanner.string("--budget") != nil else {
            throw UsageError("--budget UNITS is required, as ytcrawl --seeds \(seedsPath) --budget 10000")
        }
        budget = try scanner.integer("--budget", default: 0, range: 1...Int.max)
        guard let seedsData = FileManager.default.contents(atPath: seedsPath) else {
            throw UsageError("cannot read the seeds file \(seedsPath): no such file or not readable")
        }
        do {
            seeds = try SeedsParser.parse(String(decoding: seedsData, as: UTF8.self), file: seedsPath)
        } catch let error as SeedError {
            throw UsageError(error.description)
        }
        seedsDigest = SHA256.hex(SHA256.hash(Array(seedsData)))
    }

    /// The rate limiter's settings.
    func limiterConfiguration() throws -> RateLimiterConfiguration {
        RateLimiterConfiguration(
            quotaModel: model, requestsPerSecond: Double(try scanner.integer("--rps", default: 50, range: 1...100_000)),
            burst: 10, maxInFlight: 64, runBudgetUnits: budget,
            runBudgetSearches: scanner.string("--search-budget") == nil
                ? nil : try scanner.integer("--search-budget", default: 0),
            dailyUnits: try scanner.integer("--daily-units", default: 10_000),
            dailySearches: try scanner.integer("--daily-searches", default: 100),
            waitForReset: scanner.flag("--wait-for-reset"))
    }

    /// The crawl's settings, against `apiBase`.
    func crawlConfiguration(apiBase: String) throws -> CrawlConfiguration {
        var configuration = CrawlConfiguration(
            seeds: seeds, seedsDigest: seedsDigest, apiBase: apiBase, out: out,
            concurrency: try scanner.integer("--concurrency", default: 8, range: 1...256), hydrate: hydrate,
            maxPages: maxPages,
            shardOptions: try scanner.shardOptions(),
            checkpointEvery: try scanner.integer("--checkpoint-every", default: 25, range: 1...Int.max),
            // Given explicitly, the page count is exact (1: after every page); by default also at
            // most one a second.
            checkpointInterval: scanner.string("--checkpoint-every") == nil ? .seconds(1) : .zero,
            quotaModel: model, toolVersion: ToolInfo.version, verbose: verbose)
        configuration.backoff.maxRetries = try scanner.integer("--retries", default: 6, range: 0...100)
        configuration.comments = comments
        configuration.maxCommentPages = maxCommentPages
        configuration.pseudonymizer = pseudonymizer
        configuration.completeChannels = scanner.flag("--complete-channels")
        return configuration
    }

    /// Where the daily quota ledger lives.
    var stateDirectory: String { scanner.string("--state-dir") ?? QuotaLedger.defaultDirectory() }
}
