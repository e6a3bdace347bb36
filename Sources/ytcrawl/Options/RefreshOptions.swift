import Crawler
import Foundation
import YouTubeKit

/// Everything `ytcrawl refresh` was told, checked: option values first, then the ids.
struct RefreshOptions {
    let scanner: ArgumentScanner
    var directory: String
    var budget: Int
    var method: StatsMethod
    var model: QuotaModel
    var idsPath: String?
    /// `--every`: seconds between snapshots' starts; `nil` for one snapshot.
    var every: Int?
    var quiet: Bool
    var verbose: Bool
    var progressMode: ProgressReporter.Mode
    var progressInterval: Double
    var summaryPath: String?

    /// `nil` when help was asked for.
    init?(_ arguments: [String]) throws {
        scanner = try ArgumentScanner(
            command: "refresh",
            valued: Set(CrawlOptions.emulatorOptions.map { "--emulator-" + $0 }).union([
                "--budget", "--ids", "--method", "--every", "--api-base", "--key-file", "--quota-model",
                "--daily-units", "--daily-stats-units", "--state-dir", "--concurrency", "--rps", "--shard-records",
                "--shard-bytes",
                "--gzip-level", "--checkpoint-every", "--progress", "--progress-interval", "--summary-json",
                "--retries",
            ]),
            flags: ["--emulator", "--wait-for-reset", "--quiet", "--verbose"],
            arguments: arguments)
        if scanner.wantsHelp { return nil }
        guard let directory = scanner.positional.first else {
            throw UsageError("ytcrawl refresh needs the output directory, as ytcrawl refresh ytcrawl-out --budget 1000")
        }
        if let extra = scanner.positional.dropFirst().first {
            throw UsageError(
                "unexpected argument \"\(extra)\": refresh takes one directory; see ytcrawl refresh --help")
        }
        self.directory = directory
        guard scanner.string("--budget") != nil else {
            throw UsageError("--budget UNITS is required, as ytcrawl refresh \(directory) --budget 1000")
        }
        budget = try scanner.integer("--budget", default: 0, range: 1...Int.max)
        method = try scanner.choice("--method", default: StatsMethod.batchGetStats)
        model = try scanner.choice("--quota-model", default: QuotaModel.buckets)
        idsPath = scanner.string("--ids")
        if let text = scanner.string("--every") {
            guard let seconds = Self.duration(text), seconds >= 60 else {
                throw UsageError(
                    "--every \(text): expected a duration of at least a minute, as 30m, 6h, 1d or 3600 (seconds)")
            }
            every = seconds
        }
        quiet = scanner.flag("--quiet")
        verbose = scanner.flag("--verbose") && !quiet
        progressMode = try scanner.choice("--progress", default: .auto)
        progressInterval = try scanner.double("--progress-interval", default: 10, range: 0.05...86_400)
        summaryPath = scanner.string("--summary-json")
    }

    /// Seconds in `90`, `90s`, `30m`, `6h`, `1d`; `nil` when it is none of those.
    static func duration(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let last = text.last, let unit = units[last] {
            return Int(text.dropLast()).flatMap { $0 > 0 ? $0 * unit : nil }
        }
        return Int(text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The limiter's settings: `--budget` caps the units of whichever bucket the method draws on.
    func limiterConfiguration() throws -> RateLimiterConfiguration {
        var configuration = RateLimiterConfiguration(
            quotaModel: model, requestsPerSecond: Double(try scanner.integer("--rps", default: 50, range: 1...100_000)),
            burst: 10, maxInFlight: 64, runBudgetUnits: budget,
            dailyUnits: try scanner.integer("--daily-units", default: 10_000),
            waitForReset: scanner.flag("--wait-for-reset"))
        configuration.runBudgetStats = budget
        configuration.dailyStats = try scanner.integer("--daily-stats-units", default: 10_000)
        return configuration
    }

    /// The snapshot's settings: written to `snapshot`, against `apiBase`.
    func configuration(snapshot: String, plan: SnapshotPlan, apiBase: String) throws -> CrawlConfiguration {
        var configuration = CrawlConfiguration(
            seeds: [], seedsDigest: "", apiBase: apiBase, out: snapshot,
            concurrency: try scanner.integer("--concurrency", default: 8, range: 1...256), hydrate: false,
            shardOptions: try scanner.shardOptions(),
            checkpointEvery: try scanner.integer("--checkpoint-every", default: 25, range: 1...Int.max),
            checkpointInterval: scanner.string("--checkpoint-every") == nil ? .seconds(1) : .zero,
            quotaModel: model, toolVersion: ToolInfo.version, verbose: verbose)
        configuration.backoff.maxRetries = try scanner.integer("--retries", default: 6, range: 0...100)
        configuration.snapshot = plan
        return configuration
    }

    var stateDirectory: String { scanner.string("--state-dir") ?? QuotaLedger.defaultDirectory() }
}
