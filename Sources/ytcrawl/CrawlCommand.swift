import Archive
import Crawler
import Digest
import Emulator
import Foundation
import Transport
import YouTubeKit

/// `ytcrawl [crawl] --seeds FILE --budget UNITS [options]`: the main job.
enum CrawlCommand {
    static let help = """
        Usage: ytcrawl [crawl] --seeds FILE --budget UNITS [options]

        Crawl the YouTube Data API from the seeds in FILE, spending at most UNITS quota units, into
        gzip JSON-lines shards with a manifest. The key comes from YOUTUBE_API_KEY or --key-file
        (never from a flag). Rerunning with the same --out continues from the checkpoint.

        Options:
          --seeds FILE          seeds file (one seed per line: search/channel/playlist/video or a URL)
          --budget UNITS        units this run may spend
          --out DIR             output directory (default: ./ytcrawl-out)
          --emulator            crawl the built-in offline emulator instead of the real API
          --emulator-NAME V     pass an `ytcrawl emulate --NAME V` option: corpus-seed, channels,
                                videos-per-channel, daily-units, daily-searches, rps-limit,
                                clock-offset, fault-rate, faults, latency-ms
          --api-base URL        API base URL (default: https://www.googleapis.com)
          --key-file FILE       API keys, one per line (a pool)
          --quota-model M       buckets (default) or classic
          --search-budget N     search.list calls this run may make (buckets model)
          --daily-units N       each key's daily units (default 10000)
          --daily-searches N    each key's daily search calls, buckets model (default 100)
          --wait-for-reset      wait for Pacific midnight when every key is spent, instead of stopping
          --state-dir DIR       where the daily quota ledger lives (default: $XDG_STATE_HOME/ytcrawl)
          --concurrency N       requests in flight (default 8)
          --rps N               requests per second (default 50)
          --max-pages N         pages per seed at most, unless the seed says maxPages=
          --no-hydrate          write what discovery returned, without videos.list hydration
          --shard-records N     records per shard (default 100000)
          --gzip-level N        1 (fast) to 9 (small), default 6
          --checkpoint-every N  pages between checkpoints (default 25, and at most one a second); a
                                crash re-fetches the pages since the last one and the requests in
                                flight; given, exactly every N pages (1: only what was in flight)
          --dry-run             print what each seed will request and cost, then stop (nothing is sent)
          --progress WHEN       auto (default: a redrawn line on a terminal, a log line every
                                --progress-interval seconds otherwise), always, never
          --progress-interval S seconds between progress log lines when not a terminal (default 10)
          --summary-json FILE   also write the end summary as JSON to FILE
          --verbose             log every retry and its cause
          --quiet               print only errors
          -h, --help            show this help

        Exit codes: 0 done (budget or frontier exhausted); 1 runtime failure; 2 usage error;
        3 stopped by quota or auth (checkpoint saved; rerun continues).

        Example:
          ytcrawl --seeds Samples/seeds.txt --budget 10000
          ytcrawl --seeds Samples/seeds.txt --budget 2000 --emulator
        """

    /// Options of `ytcrawl emulate` a crawl passes through as `--emulator-NAME`.
    static let emulatorOptions = [
        "corpus-seed", "channels", "videos-per-channel", "daily-units", "daily-searches", "rps-limit", "clock-offset",
        "fault-rate", "faults", "latency-ms",
    ]

    static func run(_ arguments: [String]) async throws -> Int32 {
        AllocatorTuning.tuneForCrawl()
        let options = try ArgumentScanner(
            command: "crawl",
            valued: Set(emulatorOptions.map { "--emulator-" + $0 }).union([
                "--seeds", "--budget", "--out", "--api-base", "--key-file", "--quota-model", "--search-budget",
                "--daily-units", "--daily-searches", "--state-dir", "--concurrency", "--rps", "--max-pages",
                "--shard-records", "--gzip-level", "--checkpoint-every", "--progress", "--progress-interval",
                "--summary-json",
            ]),
            flags: ["--emulator", "--no-hydrate", "--wait-for-reset", "--quiet", "--verbose", "--dry-run"],
            arguments: arguments)
        if options.wantsHelp {
            print(help)
            return 0
        }
        if let extra = options.positional.first {
            throw UsageError("unexpected argument \"\(extra)\"; options start with --, see ytcrawl --help")
        }
        // Option values are checked before any file is read.
        let progressMode: ProgressReporter.Mode = try options.choice("--progress", default: .auto)
        let progressInterval = try options.double("--progress-interval", default: 10, range: 0.05...86_400)
        guard let seedsPath = options.string("--seeds") else {
            throw UsageError("--seeds FILE is required, as ytcrawl --seeds seeds.txt --budget 10000")
        }
        guard options.string("--budget") != nil else {
            throw UsageError("--budget UNITS is required, as ytcrawl --seeds \(seedsPath) --budget 10000")
        }
        let budget = try options.integer("--budget", default: 0, range: 1...Int.max)
        guard let seedsData = FileManager.default.contents(atPath: seedsPath) else {
            throw UsageError("cannot read the seeds file \(seedsPath): no such file or not readable")
        }
        let seedsText = String(decoding: seedsData, as: UTF8.self)
        let seeds: [Seed]
        do {
            seeds = try SeedsParser.parse(seedsText, file: seedsPath)
        } catch let error as SeedError {
            throw UsageError(error.description)
        }
        let quiet = options.flag("--quiet")
        let verbose = options.flag("--verbose") && !quiet
        let summaryPath = options.string("--summary-json")
        let model: QuotaModel = try options.choice("--quota-model", default: QuotaModel.buckets)
        if options.flag("--dry-run") {
            let maxPages =
                options.string("--max-pages") == nil
                ? nil : try options.integer("--max-pages", default: 1, range: 1...100_000)
            print(
                dryRun(seeds, model: model, hydrate: !options.flag("--no-hydrate"), maxPages: maxPages, budget: budget))
            print(try quotaLeft(options, model: model))
            return 0
        }
        let out = options.string("--out") ?? "ytcrawl-out"
        var emulator: EmulatorServer?
        var apiBase = options.string("--api-base") ?? APIRequest.defaultBase
        var keys: [APIKey]
        if options.flag("--emulator") {
            // --emulator-X options are `ytcrawl emulate --X` options.
            var passed: [String] = ["--quota-model", model.rawValue]
            for name in emulatorOptions {
                if let value = options.string("--emulator-" + name) { passed += ["--" + name, value] }
            }
            var emulatorConfiguration = try EmulateCommand.configuration(
                try ArgumentScanner(
                    command: "emulate", valued: Set(emulatorOptions.map { "--" + $0 } + ["--quota-model"]), flags: [],
                    arguments: passed))
            emulatorConfiguration.keys = ["emulator-key"]
            let server = try EmulatorServer(emulatorConfiguration)
            apiBase = server.start()
            emulator = server
            keys = [APIKey(value: "emulator-key", label: "the emulator's key")]
        } else if let keyFile = options.string("--key-file") {
            do {
                keys = try APIKey.load(file: keyFile)
            } catch {
                throw UsageError("\(error)")
            }
        } else if let key = ProcessInfo.processInfo.environment["YOUTUBE_API_KEY"], !key.isEmpty {
            keys = [APIKey(value: key, label: "YOUTUBE_API_KEY")]
        } else {
            throw UsageError("no API key: set YOUTUBE_API_KEY or pass --key-file FILE (or --emulator to crawl offline)")
        }
        defer { emulator?.stop() }
        let limiterConfiguration = RateLimiterConfiguration(
            quotaModel: model, requestsPerSecond: Double(try options.integer("--rps", default: 50, range: 1...100_000)),
            burst: 10, maxInFlight: 64, runBudgetUnits: budget,
            runBudgetSearches: options.string("--search-budget") == nil
                ? nil : try options.integer("--search-budget", default: 0),
            dailyUnits: try options.integer("--daily-units", default: 10_000),
            dailySearches: try options.integer("--daily-searches", default: 100),
            waitForReset: options.flag("--wait-for-reset"))
        let ledger: QuotaLedger
        do {
            ledger = try QuotaLedger(directory: options.string("--state-dir") ?? QuotaLedger.defaultDirectory())
        } catch {
            throw RuntimeFailure("\(error)")
        }
        let limiter = try RateLimiter(
            configuration: limiterConfiguration, keys: keys, clock: ContinuousClock(),
            utcNow: { Int64(Date().timeIntervalSince1970) }, ledger: ledger)
        let level = try options.integer("--gzip-level", default: 6, range: 1...9)
        let configuration = CrawlConfiguration(
            seeds: seeds, seedsDigest: SHA256.hex(SHA256.hash(Array(seedsData))), apiBase: apiBase, out: out,
            concurrency: try options.integer("--concurrency", default: 8, range: 1...256),
            hydrate: !options.flag("--no-hydrate"),
            maxPages: options.string("--max-pages") == nil
                ? nil : try options.integer("--max-pages", default: 1, range: 1...100_000),
            shardOptions: .init(
                shardRecords: try options.integer("--shard-records", default: 100_000, range: 1...Int.max),
                level: Int32(level)),
            checkpointEvery: try options.integer("--checkpoint-every", default: 25, range: 1...Int.max),
            // Given explicitly, the page count is exact (1: after every page); by default also at
            // most one a second.
            checkpointInterval: options.string("--checkpoint-every") == nil ? .seconds(1) : .zero,
            quotaModel: model, toolVersion: ToolInfo.version, verbose: verbose)
        let crawler: Crawler<ContinuousClock>
        do {
            crawler = try Crawler(
                configuration: configuration, transport: try CurlTransport(), limiter: limiter,
                log: { @Sendable line in if !quiet { writeStderr("ytcrawl: " + line) } })
        } catch {
            throw RuntimeFailure("cannot open \(out): \(error)")
        }
        if !quiet {
            writeStderr("ytcrawl: crawling \(seeds.count) seeds from \(seedsPath) into \(out) (budget \(budget) units)")
        }
        // SIGINT/SIGTERM stop the crawl gracefully: requests in flight end, the checkpoint is written.
        let started = ContinuousClock.now
        let task = Task { try await crawler.run() }
        let signals = SignalWatcher([SIGINT, SIGTERM]) {
            writeStderr("ytcrawl: stopping: finishing requests in flight and saving the checkpoint (again to force)")
            task.cancel()
        }
        let reporter = ProgressReporter(
            mode: progressMode, quiet: quiet, interval: progressInterval, budget: budget,
            searchBudget: limiterConfiguration.runBudgetSearches
        ).start { await crawler.progress() }
        let summary: CrawlSummary
        do {
            summary = try await task.value
        } catch {
            reporter.cancel()
            await reporter.value
            throw error
        }
        reporter.cancel()
        await reporter.value
        signals.stop()
        let status = exitStatus(summary.ending)
        let report = CrawlReport(
            summary: summary, out: out, budget: budget,
            elapsedSeconds: (ContinuousClock.now - started) / .seconds(1), exitCode: status)
        if !quiet { print(report.text) }
        if let summaryPath { try report.writeJSON(to: summaryPath) }
        switch summary.ending {
        case .completed, .budgetSpent: break
        case .quotaSpent(let reason):
            writeStderr("ytcrawl: stopped: \(reason); the checkpoint is saved, rerun the same command to continue")
        case .fatal(let reason):
            writeStderr("ytcrawl: stopped: \(reason)")
        case .interrupted:
            writeStderr("ytcrawl: interrupted; the checkpoint is saved, rerun the same command to continue")
        }
        return status
    }

    /// DESIGN's exit codes: 0 done, 1 runtime failure, 3 quota or auth, 130 interrupted.
    static func exitStatus(_ ending: CrawlSummary.Ending) -> Int32 {
        switch ending {
        case .completed, .budgetSpent: 0
        case .quotaSpent: 3
        case .fatal(let reason): reason.contains("API refused") || reason.contains("invalid") ? 3 : 1
        case .interrupted: 130
        }
    }

    /// Today's quota left per key, from the ledger (nothing is sent).
    static func quotaLeft(_ options: ArgumentScanner, model: QuotaModel) throws -> String {
        var keys: [APIKey] = []
        if let keyFile = options.string("--key-file") {
            keys = (try? APIKey.load(file: keyFile)) ?? []
        } else if let key = ProcessInfo.processInfo.environment["YOUTUBE_API_KEY"], !key.isEmpty {
            keys = [APIKey(value: key, label: "YOUTUBE_API_KEY")]
        }
        guard !keys.isEmpty,
            let ledger = try? QuotaLedger(directory: options.string("--state-dir") ?? QuotaLedger.defaultDirectory())
        else { return "daily quota left: unknown (no key given; set YOUTUBE_API_KEY or --key-file)" }
        let units = try options.integer("--daily-units", default: 10_000)
        let searches = try options.integer("--daily-searches", default: 100)
        let today = PacificTime.day(atUTC: Int64(Date().timeIntervalSince1970))
        var lines = ["daily quota left today (\(today), Pacific), from the ledger in \(ledger.directory):"]
        for key in keys {
            let used =
                (try? ledger.usage(fingerprint: ledger.fingerprint(key), day: today))
                ?? QuotaLedger.Usage(units: 0, searches: 0)
            var line = "  \(key.label): \(max(0, units - used.units)) of \(units) units"
            if model == .buckets { line += ", \(max(0, searches - used.searches)) of \(searches) search calls" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func dryRun(_ seeds: [Seed], model: QuotaModel, hydrate: Bool, maxPages: Int?, budget: Int) -> String {
        let entries = CrawlPlan.entries(seeds, model: model, hydrate: hydrate, maxPages: maxPages)
        var lines = ["plan (\(model.rawValue) quota model; nothing is sent):"]
        for entry in entries {
            lines.append("  line \(entry.seed.lineNumber): \(entry.seed.text)")
            for step in entry.steps { lines.append("    - \(step)") }
            lines.append(
                "    at least \(entry.minimumUnits) units"
                    + (entry.minimumSearches > 0 ? " and \(entry.minimumSearches) search calls" : ""))
        }
        let units = entries.reduce(0) { $0 + $1.minimumUnits }
        let searches = entries.reduce(0) { $0 + $1.minimumSearches }
        lines.append(
            "every seed's first page: at least \(units) units" + (searches > 0 ? " and \(searches) search calls" : "")
                + " of the budget of \(budget) units")
        if units > budget {
            lines.append("the budget does not cover every seed's first page: raise --budget or remove seeds")
        }
        return lines.joined(separator: "\n")
    }
}
