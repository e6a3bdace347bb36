import Emulator
import YouTubeKit

/// The emulator's corpus, quota and fault options: `ytcrawl emulate --NAME`, and the same passed
/// through by a run with `--emulator` as `--emulator-NAME`. Declared once, under either prefix.
struct EmulatorOptions: Sendable {
    let corpusSeed: Option<Int>
    let channels: Option<Int>
    let videosPerChannel: Option<Int>
    let dailyUnits: Option<Int>
    let dailySearches: Option<Int>
    let dailyStatsUnits: Option<Int>
    let rpsLimit: Option<Int?>
    let clockOffset: Option<Int>
    let faultRate: Option<Double>
    let faults: Option<[FaultKind]>
    let latency: Option<Int>
    let speed: Option<Double>
    let chatTokenLifetime: Option<Int>
    let searchDrift: Flag

    /// `ytcrawl emulate`'s own.
    static let direct = EmulatorOptions(prefix: "--")
    /// `--emulator-NAME` of crawl and refresh.
    static let passedThrough = EmulatorOptions(prefix: "--emulator-")

    private init(prefix: String) {
        corpusSeed = Option("\(prefix)corpus-seed", help: "seed of the synthetic corpus", default: 1)
        channels = Option("\(prefix)channels", help: "channels", default: 300, range: 1...10_000_000)
        videosPerChannel = Option(
            "\(prefix)videos-per-channel", help: "mean uploads per channel; each has 1 to twice this", default: 40,
            range: 1...100_000)
        dailyUnits = Option("\(prefix)daily-units", help: "units a key may spend per Pacific day", default: 10_000)
        dailySearches = Option(
            "\(prefix)daily-searches", help: "search.list calls per Pacific day, buckets model", default: 100)
        dailyStatsUnits = Option(
            "\(prefix)daily-stats-units", help: "videos:batchGetStats units per Pacific day, buckets model",
            default: 10_000)
        rpsLimit = Option(
            "\(prefix)rps-limit", help: "requests per second per key before 403 rateLimitExceeded",
            shownDefault: "default: none", range: 1...1_000_000)
        clockOffset = Option(
            "\(prefix)clock-offset", "SECONDS",
            help:
                "shift the emulator's clock, e.g. to cross a Pacific midnight. The corpus changes with its days: the emulator starts on day 0; each day later, statistics grow, channels upload (from day 1) and a few videos vanish (172800 serves day 2)",
            default: 0, range: -100 * 365 * 86_400...100 * 365 * 86_400)
        faultRate = Option(
            "\(prefix)fault-rate", "R", help: "probability of a fault per request, 0 to 1", default: 0, range: 0...1)
        faults = Option.list(
            "\(prefix)faults", "LIST", help: "kinds: 500,503,429,rateLimit,reset,truncate,garbage,slow",
            shownDefault: "default: all")
        latency = Option(
            "\(prefix)latency-ms", help: "delay added to every response", default: 0, range: 0...600_000)
        chatTokenLifetime = Option(
            "\(prefix)chat-token-lifetime", "SECONDS",
            help: "emulated seconds a live chat's page token stays valid (then 400 invalidPageToken)", default: 3600,
            range: 1...10_000_000)
        speed = Option(
            "\(prefix)speed", "X",
            help: "emulated seconds per real second for live streams and their chats (600: a two-hour stream in 12 s)",
            default: 1, range: 0.01...100_000)
        searchDrift = Flag(
            "\(prefix)search-drift",
            help:
                "search as the 2025 audits found it: each day a tenth of a query's results swapped and ranks shaken, videos forgotten from 20 to 60 days after publication (a third stay findable), relevance leaning to short popular videos (docs/auditing-search.md)"
        )
    }

    /// What the synthetic corpus is.
    var corpus: [OptionSpec] {
        [corpusSeed.spec, channels.spec, videosPerChannel.spec, searchDrift.spec, speed.spec, chatTokenLifetime.spec]
    }
    /// What a key may spend.
    var quota: [OptionSpec] {
        [dailyUnits.spec, dailySearches.spec, dailyStatsUnits.spec, rpsLimit.spec, clockOffset.spec]
    }
    /// What goes wrong, and how slowly.
    var faultOptions: [OptionSpec] { [faultRate.spec, faults.spec, latency.spec] }
    var all: [OptionSpec] { corpus + quota + faultOptions }

    /// The emulator's settings under the quota `model`: logging each request with `log`.
    func configuration(
        _ scanner: ArgumentScanner, model: QuotaModel, log: (@Sendable (String) -> Void)? = nil
    ) throws -> EmulatorConfiguration {
        let corpus = CorpusConfiguration(
            seed: UInt64(try scanner[corpusSeed]), channels: try scanner[channels],
            videosPerChannel: try scanner[videosPerChannel])
        var configuration = EmulatorConfiguration(
            corpus: corpus, keys: [], quotaModel: model, dailyUnits: try scanner[dailyUnits],
            dailySearches: try scanner[dailySearches], rpsLimit: try scanner[rpsLimit],
            faultRate: try scanner[faultRate], faults: try scanner[faults],
            latencyMilliseconds: try scanner[latency],
            clock: EmulatorConfiguration.systemClock(offsetSeconds: Int64(try scanner[clockOffset])), log: log)
        configuration.dailyStatsUnits = try scanner[dailyStatsUnits]
        if scanner[searchDrift] { configuration.searchDrift = SearchDrift() }
        configuration.speed = try scanner[speed]
        configuration.chatTokenLifetimeSeconds = Int64(try scanner[chatTokenLifetime])
        // Day 0 begins when the emulator starts, before the offset: an offset of a day serves day 1.
        configuration.dayZero = EmulatorConfiguration.systemClock(offsetSeconds: 0)()
        return configuration
    }
}
