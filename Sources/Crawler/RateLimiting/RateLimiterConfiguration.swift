import YouTubeKit

/// How fast and how much a crawl may ask of the API.
public struct RateLimiterConfiguration: Sendable {
    public var quotaModel: QuotaModel
    /// The steady request rate (`--rps`).
    public var requestsPerSecond: Double
    /// Requests that may go at once after a quiet spell (the token bucket's size).
    public var burst: Int
    /// Requests in flight at once.
    public var maxInFlight: Int
    /// Units this run may spend (`--budget`); `nil` for no cap.
    public var runBudgetUnits: Int?
    /// search.list calls this run may make in the buckets model (`--search-budget`).
    public var runBudgetSearches: Int?
    /// `videos:batchGetStats` units this run may spend in the buckets model (a refresh's `--budget`).
    public var runBudgetStats: Int?
    /// Each key's daily allowance (`--daily-units`, `--daily-searches`).
    public var dailyUnits: Int
    public var dailySearches: Int
    /// Each key's daily `videos:batchGetStats` units in the buckets model (`--daily-stats-units`).
    public var dailyStats = 10_000
    /// Wait for the next Pacific midnight when every key is spent, instead of stopping (`--wait-for-reset`).
    public var waitForReset: Bool
    /// The rate never drops below this after rate-limit answers.
    public var minimumRate: Double

    public init(
        quotaModel: QuotaModel = .buckets,
        requestsPerSecond: Double = 50,
        burst: Int = 10,
        maxInFlight: Int = 16,
        runBudgetUnits: Int? = nil,
        runBudgetSearches: Int? = nil,
        dailyUnits: Int = 10_000,
        dailySearches: Int = 100,
        waitForReset: Bool = false,
        minimumRate: Double = 0.5
    ) {
        self.quotaModel = quotaModel
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
        self.maxInFlight = maxInFlight
        self.runBudgetUnits = runBudgetUnits
        self.runBudgetSearches = runBudgetSearches
        self.dailyUnits = dailyUnits
        self.dailySearches = dailySearches
        self.waitForReset = waitForReset
        self.minimumRate = minimumRate
    }

    func dailyLimit(_ bucket: QuotaBucket) -> Int {
        switch bucket {
        case .units: dailyUnits
        case .searches: dailySearches
        case .stats: dailyStats
        }
    }

    func runBudget(_ bucket: QuotaBucket) -> Int? {
        switch bucket {
        case .units: runBudgetUnits
        case .searches: runBudgetSearches
        case .stats: runBudgetStats
        }
    }
}

/// Why the limiter will not grant a request: typed, so the scheduler can stop cleanly or pick
/// cheaper work.
public enum LimiterStop: Error, Sendable, Hashable, CustomStringConvertible {
    /// The run's `--budget` (units) or `--search-budget` (searches) cannot pay for this request;
    /// `reserved` of what remains is kept back for the videos.list calls of what was found.
    case runBudgetSpent(QuotaBucket, remaining: Int, reserved: Int = 0)
    /// Every usable key has spent its daily quota in this bucket until the UTC instant given.
    case dailyQuotaSpent(QuotaBucket, untilUTC: Int64)
    /// Every key was rejected as invalid.
    case noUsableKey

    public var description: String {
        switch self {
        case .runBudgetSpent(let bucket, let remaining, let reserved):
            let kept =
                reserved > 0
                ? ", \(min(reserved, remaining)) of them kept for the videos.list calls of what was found" : ""
            return
                "the run's \(bucket == .searches ? "--search-budget" : "--budget") is spent (\(remaining) left\(kept), not enough for the next request)"
        case .dailyQuotaSpent(let bucket, let until):
            return
                "every key's daily \(bucket.noun) are spent until \(RFC3339.format(seconds: until)) (midnight Pacific); rerun then, or pass --wait-for-reset"
        case .noUsableKey:
            return "every API key was rejected as invalid; check the key file or YOUTUBE_API_KEY"
        }
    }
}

/// What happened to a request made under a permit.
public enum RequestOutcome: Sendable, Hashable {
    case success
    /// rateLimitExceeded / userRateLimitExceeded / 429: the rate is halved.
    case rateLimited
    /// quotaExceeded / dailyLimitExceeded: the key is parked until Pacific midnight.
    case quotaExceeded
    /// keyInvalid: the key is dropped.
    case keyInvalid
    /// 5xx, transport errors: nothing changes here; the caller backs off and asks again.
    case transientFailure
    /// The request was never sent (cancelled first): its charge is refunded.
    case notSent
}

/// A granted request: which key to send, and what it was charged.
public struct Permit: Sendable, Hashable {
    public let id: Int
    public let key: APIKey
    let keyIndex: Int
    /// The Pacific day the key's quota was charged for.
    let day: PacificTime.Day
    public let method: APIMethod
    public let charge: QuotaCharge
}
