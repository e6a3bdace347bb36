import Crawler
import Emulator
import YouTubeKit

/// The API, keys and quota options of the commands that spend quota (crawl, refresh): where the
/// API is (or the built-in emulator), where the keys come from, and what may be spent.
struct APIOptions {
    static let budget = Option<Int?>(
        "--budget", "UNITS", help: "units this run may spend (required)", range: 1...Int.max)
    static let apiBase = Option<String>("--api-base", "URL", help: "API base URL", default: APIRequest.defaultBase)
    static let keyFile = Option<String?>(
        "--key-file", "FILE", help: "API keys, one per line (a pool); else the key in YOUTUBE_API_KEY")
    static let emulator = Flag("--emulator", help: "use the built-in offline emulator instead of the real API")
    static let quotaModel = Option<QuotaModel>("--quota-model", "M", help: "buckets or classic", default: .buckets)
    static let dailyUnits = Option<Int>("--daily-units", help: "each key's daily units", default: 10_000)
    static let waitForReset = Flag(
        "--wait-for-reset", help: "wait for Pacific midnight when every key is spent, instead of stopping")
    static let stateDirectory = Option<String?>(
        "--state-dir", "DIR", help: "where the daily quota ledger lives",
        shownDefault: "default: $XDG_STATE_HOME/ytcrawl")
    static let concurrency = Option<Int>(
        "--concurrency", help: "requests in flight", default: 8, range: 1...256)
    static let rps = Option<Int>("--rps", help: "requests per second", default: 50, range: 1...100_000)
    static let retries = Option<Int>(
        "--retries",
        help: "retries of a failing request (capped exponential backoff) before its work is left for a rerun",
        default: 6, range: 0...100)

    static let group = OptionGroup(
        "API, keys and quota",
        [
            budget.spec, apiBase.spec, keyFile.spec, emulator.spec, quotaModel.spec, dailyUnits.spec,
            waitForReset.spec, stateDirectory.spec, concurrency.spec, rps.spec, retries.spec,
        ])

    var budget: Int
    var apiBase: String
    var keyFile: String?
    /// The emulator to run and use, with `--emulator`.
    var emulator: EmulatorConfiguration?
    var model: QuotaModel
    var dailyUnits: Int
    var waitForReset: Bool
    var stateDirectory: String
    var concurrency: Int
    var requestsPerSecond: Int
    var retries: Int

    /// - Parameter budgetExample: the command line the missing-`--budget` message shows.
    init(_ scanner: ArgumentScanner, budgetExample: String) throws {
        model = try scanner[Self.quotaModel]
        apiBase = try scanner[Self.apiBase]
        keyFile = try scanner[Self.keyFile]
        if scanner[Self.emulator] {
            var configuration = try EmulatorOptions.passedThrough.configuration(scanner, model: model)
            configuration.keys = [APIAccess.emulatorKey]
            emulator = configuration
        }
        dailyUnits = try scanner[Self.dailyUnits]
        waitForReset = scanner[Self.waitForReset]
        stateDirectory = try scanner[Self.stateDirectory] ?? QuotaLedger.defaultDirectory()
        concurrency = try scanner[Self.concurrency]
        requestsPerSecond = try scanner[Self.rps]
        retries = try scanner[Self.retries]
        guard scanner.isGiven(Self.budget), let budget = try scanner[Self.budget] else {
            throw UsageError("--budget UNITS is required, as \(budgetExample)")
        }
        self.budget = budget
    }

    /// The limiter's settings common to every run: rate, budget, daily units.
    var limiterConfiguration: RateLimiterConfiguration {
        RateLimiterConfiguration(
            quotaModel: model, requestsPerSecond: Double(requestsPerSecond), burst: 10, maxInFlight: 64,
            runBudgetUnits: budget, dailyUnits: dailyUnits, waitForReset: waitForReset)
    }
}
