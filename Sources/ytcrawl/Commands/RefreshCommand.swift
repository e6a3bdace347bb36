import Archive
import Crawler
import Foundation
import YouTubeKit

/// `ytcrawl refresh DIR --budget UNITS`: a statistics snapshot of DIR's videos (or `--ids`),
/// completing an unfinished one first; with `--every`, one snapshot after another.
struct RefreshCommand: Command {
    static let ids = Option<String?>(
        "--ids", "FILE", help: "these videos instead of DIR's: one id or watch URL a line (# comments)")
    static let method = Option<StatsMethod>(
        "--method", "M",
        help:
            "batchGetStats (videos:batchGetStats, 1 unit per 50 videos from its own bucket in the buckets model) or videos (videos.list part=statistics, 1 unit per 50 videos, for keys or emulators without it)",
        default: .batchGetStats)
    static let every = RepeatingRuns.every("keep refreshing: a snapshot every DURATION (30m, 6h, 1d)")
    static let dailyStatsUnits = Option<Int>(
        "--daily-stats-units", help: "each key's daily videos:batchGetStats units, buckets model", default: 10_000)

    static let configuration = CommandConfiguration(
        name: "refresh", synopsis: "refresh DIR --budget UNITS",
        summary: "a statistics snapshot of DIR's videos (views, likes, comments; gone ones)",
        usage: "refresh DIR --budget UNITS [options]",
        discussion: """
            Take a statistics snapshot of the videos in DIR (an output of ytcrawl crawl): their current
            view, like and comment counts and duration, 50 videos a request, written to
            DIR/snapshots/<UTC time>/stats-NNNNN.jsonl.gz with its own manifest.json. Videos the API
            no longer returns (deleted, made private) are written with status "gone". A snapshot that
            did not finish (killed, budget or quota spent) is completed by the next refresh, each video
            exactly once.
            """,
        groups: [OptionGroup("What to refresh", [ids.spec, method.spec, every.spec, dailyStatsUnits.spec])]
            + SharedRunOptions.groups,
        epilogue: """
            Exit codes: 0 done (or the budget ran out: rerun to complete the snapshot), 1 runtime
            failure, 2 usage error, 3 quota or key refused, 4 some videos got no answer (rerun),
            130 interrupted.

            Examples:
              ytcrawl refresh ytcrawl-out --budget 1000
              ytcrawl refresh ytcrawl-out --budget 10000 --every 1d --key-file /run/secrets/youtube-key
            """)

    var shared: SharedRunOptions
    var directory: String
    var method: StatsMethod
    var idsPath: String?
    /// `--every`: seconds between snapshots' starts; `nil` for one snapshot.
    var every: Int?
    var dailyStatsUnits: Int

    init(_ scanner: ArgumentScanner) throws {
        guard let directory = scanner.positional.first else {
            throw UsageError("ytcrawl refresh needs the output directory, as ytcrawl refresh ytcrawl-out --budget 1000")
        }
        if let extra = scanner.positional.dropFirst().first {
            throw UsageError(
                "unexpected argument \"\(extra)\": refresh takes one directory; see ytcrawl refresh --help")
        }
        self.directory = directory
        try OutputDirectory.requireNoInterruptedPrune(directory)
        shared = SharedRunOptions(
            api: try APIOptions(scanner, budgetExample: "ytcrawl refresh \(directory) --budget 1000"),
            shards: try ShardOptions(scanner), run: try RunOptions(scanner))
        method = try scanner[Self.method]
        idsPath = try scanner[Self.ids]
        every = try scanner[Self.every]
        dailyStatsUnits = try scanner[Self.dailyStatsUnits]
    }

    /// Seconds in `90`, `90s`, `30m`, `6h`, `1d`; `nil` when it is none of those.
    static func duration(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let last = text.last, let unit = units[last] {
            return Int(text.dropLast()).flatMap { $0 > 0 ? $0 * unit : nil }
        }
        return Int(text).flatMap { $0 > 0 ? $0 : nil }
    }

    func run() async throws -> Int32 {
        let quiet = shared.run.quiet
        let fresh = try SnapshotTargets.fresh(self)
        let access = try APIAccess(shared.api)
        defer { access.emulator?.stop() }
        // One harness (signals, metrics) for the command's whole life: a signal between two
        // snapshots is never lost.
        let harness = try RunHarness(shared.run, budget: shared.api.budget)
        defer { harness.close() }
        // One refresh at a time per output: a second would spend the quota on the same ids.
        let lock: OutputLock
        do {
            try FileManager.default.createDirectory(
                atPath: SnapshotDirectory.root(of: directory), withIntermediateDirectories: true)
            lock = try OutputLock(directory: SnapshotDirectory.root(of: directory))
        } catch let busy as OutputInUse {
            throw UsageError(busy.description + " (another refresh of \(directory))")
        } catch {
            throw RuntimeFailure(
                "cannot create \(SnapshotDirectory.root(of: directory)): \(error); free space (or fix permissions) and rerun"
            )
        }
        defer { lock.release() }
        return try await RepeatingRuns.run(every: every, harness: harness, quiet: quiet, what: "snapshot") {
            let (summary, snapshot, elapsed) = try await snapshotOnce(access: access, fresh: fresh, harness: harness)
            let report = RefreshReport(
                summary: summary, snapshot: snapshot, directory: directory, budget: shared.api.budget,
                elapsedSeconds: elapsed)
            report.emit(quiet: quiet, summaryPath: shared.run.summaryPath)
            return (summary, report.exitCode)
        }
    }

    /// A snapshot asks for statistics and hydrates nothing.
    private static let statisticsOnly: CrawlSelection = {
        var selection = CrawlSelection()
        selection.hydrate = false
        return selection
    }()

    /// Takes (or completes) one snapshot.
    private func snapshotOnce(
        access: APIAccess, fresh: @escaping () throws -> SnapshotTargets.Scope, harness: RunHarness
    ) async throws -> (CrawlSummary, String, Double) {
        let (path, plan) = try SnapshotTargets.next(self, fresh: fresh)
        if !shared.run.quiet {
            writeStderr(
                "ytcrawl: statistics of \(Set(plan.ids).count) videos (\(plan.source)) into \(path) with \(plan.method.apiMethod.quotaName) (budget \(shared.api.budget) units)"
            )
        }
        let limiter = try access.limiter(limiterConfiguration, stateDirectory: shared.api.stateDirectory)
        var configuration = shared.crawlConfiguration(
            seeds: [], seedsDigest: "", out: path, selection: Self.statisticsOnly, apiBase: access.apiBase)
        configuration.snapshot = plan
        let crawler = try access.crawler(configuration, limiter: limiter, quiet: shared.run.quiet)
        let (summary, elapsed) = try await harness.run(crawler, searchBudget: nil)
        return (summary, path, elapsed)
    }

    /// The limiter's settings: `--budget` caps the units of whichever bucket the method draws on.
    var limiterConfiguration: RateLimiterConfiguration {
        var configuration = shared.api.limiterConfiguration
        configuration.runBudgetStats = shared.api.budget
        configuration.dailyStats = dailyStatsUnits
        return configuration
    }
}
