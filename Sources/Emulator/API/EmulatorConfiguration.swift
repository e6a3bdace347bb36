import YouTubeKit

/// The kinds of misbehaviour the emulator can inject, for reliability tests.
public enum FaultKind: String, Sendable, Hashable, CaseIterable {
    /// 500 backendError.
    case http500 = "500"
    /// 503 backendError (service unavailable).
    case http503 = "503"
    /// 429 RESOURCE_EXHAUSTED.
    case http429 = "429"
    /// 403 rateLimitExceeded.
    case rateLimit
    /// The connection is reset before any byte of the response.
    case reset
    /// The head announces the whole body; half of it arrives, then the connection closes.
    case truncate
    /// 200 with a body that is not valid JSON.
    case garbage
    /// A normal response, sent after a long pause.
    case slow
}

/// How the emulator behaves: its corpus, keys, quota, limits and faults.
public struct EmulatorConfiguration: Sendable {
    public var corpus: CorpusConfiguration
    /// Keys the emulator accepts; empty accepts any non-empty key.
    public var keys: [String]
    public var quotaModel: QuotaModel
    public var dailyUnits: Int
    /// search.list calls a day (the `buckets` model).
    public var dailySearches: Int
    /// `videos:batchGetStats` units a day (its own bucket in the `buckets` model).
    public var dailyStatsUnits = 10_000
    /// Requests per second per key beyond which it answers 403 rateLimitExceeded; `nil` for no limit.
    public var rpsLimit: Int?
    /// Probability that a request gets a fault instead of its response.
    public var faultRate: Double
    public var faults: [FaultKind]
    /// Added to every response.
    public var latencyMilliseconds: Int
    /// How long a `slow` fault waits.
    public var slowMilliseconds: Int
    /// The emulator's clock (UTC seconds since 1970), for quota days and the corpus's day;
    /// injectable for tests.
    public var clock: @Sendable () -> Int64
    /// The UTC second the corpus's day 0 begins: statistics grow and videos vanish with the days
    /// the clock is past it (see ``CorpusTimeline``). `nil`: the clock's reading when the emulator
    /// starts. `ytcrawl emulate` sets it from the wall clock before `--clock-offset`, so an
    /// emulator started with `--clock-offset 86400` serves day 1.
    public var dayZero: Int64?
    /// Called once per request with a log line (method, status, parameters; never the key).
    public var log: (@Sendable (String) -> Void)?
    /// Bytes of rendered responses kept for requests asked again (default 64 MiB).
    public var responseCacheBytes = 64 << 20
    /// Whether responses are gzip-compressed for clients that accept it, as Google's are
    /// (default true). Off, every response is sent as is.
    public var compressesResponses = true
    /// How search forgets and wobbles from day to day (``SearchDrift``); `nil` (the default):
    /// every match is found every day, in a fixed order.
    public var searchDrift: SearchDrift?
    /// Emulated seconds per real second, for live streams and their chats only (quota days and
    /// the corpus's day keep ``clock``): at 600 a two-hour stream runs in 12 real seconds. The
    /// chat clock reads `dayZero + (real time since the emulator started) × speed`.
    public var speed: Double = 1
    /// Real time (microseconds since 1970) for the chat clock and for timing chat polls;
    /// injectable so tests advance it by hand instead of sleeping.
    public var microsecondClock: @Sendable () -> Int64 = EmulatorConfiguration.systemMicrosecondClock
    /// How long a liveChatMessages.list page token stays valid, in emulated seconds (default an
    /// hour); an older one is refused with 400 invalidPageToken.
    public var chatTokenLifetimeSeconds: Int64 = 3600

    public init(
        corpus: CorpusConfiguration = CorpusConfiguration(),
        keys: [String] = [],
        quotaModel: QuotaModel = .buckets,
        dailyUnits: Int = 10_000,
        dailySearches: Int = 100,
        rpsLimit: Int? = nil,
        faultRate: Double = 0,
        faults: [FaultKind] = FaultKind.allCases,
        latencyMilliseconds: Int = 0,
        slowMilliseconds: Int = 1500,
        clock: @escaping @Sendable () -> Int64 = EmulatorConfiguration.systemClock(offsetSeconds: 0),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.corpus = corpus
        self.keys = keys
        self.quotaModel = quotaModel
        self.dailyUnits = dailyUnits
        self.dailySearches = dailySearches
        self.rpsLimit = rpsLimit
        self.faultRate = faultRate
        self.faults = faults
        self.latencyMilliseconds = latencyMilliseconds
        self.slowMilliseconds = slowMilliseconds
        self.clock = clock
        self.log = log
    }

    /// CLOCK_REALTIME in microseconds since 1970.
    public static let systemMicrosecondClock: @Sendable () -> Int64 = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }

    /// The wall clock, shifted by `offsetSeconds` (to try a Pacific midnight without waiting for one).
    public static func systemClock(offsetSeconds: Int64) -> @Sendable () -> Int64 {
        {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return Int64(now.tv_sec) + offsetSeconds
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
