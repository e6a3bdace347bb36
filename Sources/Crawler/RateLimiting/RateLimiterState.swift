import YouTubeKit

/// The rate limiter's logic, free of time and concurrency: each call takes the current instant
/// and returns what to do. The ``RateLimiter`` actor is a thin shell that performs it.
struct RateLimiterState {
    struct KeyState {
        var key: APIKey
        var day: PacificTime.Day
        var used = QuotaCounts()
        var parkedUntil: Int64?
        var dropped = false
    }

    enum Decision: Equatable {
        case granted(Permit)
        /// Try again after this long (the token bucket is empty).
        case wait(Duration)
        /// Too many requests in flight: try again when one completes.
        case waitForCompletion
        case stop(LimiterStop)
    }

    let configuration: RateLimiterConfiguration
    private(set) var keys: [KeyState]
    private(set) var rate: Double
    private var tokens: Double
    private var lastRefill: Duration
    private(set) var inFlight = 0
    /// What this run spent, per bucket.
    private(set) var spent = QuotaCounts()
    var spentUnits: Int { spent.units }
    var spentSearches: Int { spent.searches }
    /// What this run spent with each key, in key order.
    private(set) var spentByKey: [QuotaCounts]
    /// Units of the run budget only hydration (videos.list) may spend.
    var reservedUnits = 0
    private var nextPermit = 0
    /// Things worth telling the user (dropped keys, parked keys), drained by the caller.
    var notices: [String] = []

    init(configuration: RateLimiterConfiguration, keys: [APIKey], utc: Int64) {
        self.configuration = configuration
        let today = PacificTime.day(atUTC: utc)
        self.keys = keys.map { KeyState(key: $0, day: today) }
        spentByKey = Array(repeating: QuotaCounts(), count: keys.count)
        rate = configuration.requestsPerSecond
        tokens = Double(max(1, configuration.burst))
        lastRefill = .zero
    }

    /// Sets what a key already used today (from the ledger).
    mutating func preload(keyIndex: Int, used: QuotaCounts) {
        for bucket in QuotaBucket.allCases {
            keys[keyIndex].used[bucket] = max(keys[keyIndex].used[bucket], used[bucket])
        }
    }

    private mutating func refill(_ now: Duration) {
        let elapsed =
            Double((now - lastRefill).components.seconds) + Double((now - lastRefill).components.attoseconds) / 1e18
        if elapsed > 0 {
            tokens = min(Double(max(1, configuration.burst)), tokens + elapsed * rate)
            lastRefill = now
        }
    }

    /// Rolls each key into the Pacific day of `utc`: new day, fresh counters; parking ends.
    private mutating func roll(_ utc: Int64) {
        let today = PacificTime.day(atUTC: utc)
        for index in keys.indices {
            if keys[index].day != today {
                keys[index].day = today
                keys[index].used = QuotaCounts()
            }
            if let until = keys[index].parkedUntil, until <= utc { keys[index].parkedUntil = nil }
        }
    }

    /// Asks for one request of `method`.
    ///
    /// - Parameters:
    ///   - now: monotonic time since the limiter started.
    ///   - utc: wall-clock UTC seconds, for Pacific days.
    mutating func acquire(_ method: APIMethod, now: Duration, utc: Int64) -> Decision {
        refill(now)
        roll(utc)
        let charge = configuration.quotaModel.charge(for: method)
        if let budget = configuration.runBudget(charge.bucket) {
            let spent = spent[charge.bucket]
            // Units kept back for hydration are open to videos.list only.
            let reserve = charge.bucket == .units && method != .videos ? reservedUnits : 0
            if spent + charge.cost > budget - reserve {
                return .stop(.runBudgetSpent(charge.bucket, remaining: budget - spent))
            }
        }
        let limit = configuration.dailyLimit(charge.bucket)
        var chosen: Int?
        for index in keys.indices where !keys[index].dropped && keys[index].parkedUntil == nil {
            let left = limit - keys[index].used[charge.bucket]
            guard left >= charge.cost else { continue }
            if let best = chosen, limit - keys[best].used[charge.bucket] >= left { continue }
            chosen = index
        }
        guard let keyIndex = chosen else {
            if keys.allSatisfy(\.dropped) { return .stop(.noUsableKey) }
            let midnight = PacificTime.nextMidnight(afterUTC: utc)
            let until = keys.filter { !$0.dropped }.map { $0.parkedUntil ?? midnight }.min() ?? midnight
            return .stop(.dailyQuotaSpent(charge.bucket, untilUTC: until))
        }
        if inFlight >= configuration.maxInFlight { return .waitForCompletion }
        if tokens < 1 {
            let seconds = (1 - tokens) / rate
            return .wait(.nanoseconds(Int64((seconds * 1e9).rounded(.up))))
        }
        tokens -= 1
        inFlight += 1
        keys[keyIndex].used.add(charge)
        spent.add(charge)
        spentByKey[keyIndex].add(charge)
        nextPermit += 1
        return .granted(
            Permit(id: nextPermit, key: keys[keyIndex].key, keyIndex: keyIndex, method: method, charge: charge))
    }

    /// Records what happened to a request made under `permit`.
    mutating func complete(_ permit: Permit, _ outcome: RequestOutcome, utc: Int64) {
        inFlight = max(0, inFlight - 1)
        let configured = configuration.requestsPerSecond
        switch outcome {
        case .success:
            // Additive increase: back to the configured rate in about a hundred good answers.
            rate = min(configured, rate + configured / 100)
        case .rateLimited:
            // Multiplicative decrease.
            rate = max(configuration.minimumRate, rate / 2)
            tokens = min(tokens, 0)
        case .quotaExceeded:
            let until = PacificTime.nextMidnight(afterUTC: utc)
            if keys[permit.keyIndex].parkedUntil == nil {
                notices.append(
                    "\(permit.key.label) has no quota left today; parked until \(RFC3339.format(seconds: until))")
            }
            keys[permit.keyIndex].parkedUntil = until
        case .keyInvalid:
            if !keys[permit.keyIndex].dropped {
                notices.append(
                    "\(permit.key.label) was rejected by the API as invalid (keyInvalid); dropped for this run")
            }
            keys[permit.keyIndex].dropped = true
        case .transientFailure:
            break
        case .notSent:
            let refund = QuotaCharge(bucket: permit.charge.bucket, cost: -permit.charge.cost)
            keys[permit.keyIndex].used.add(refund)
            spent.add(refund)
            spentByKey[permit.keyIndex].add(refund)
        }
    }

    /// What is left, over the keys still usable today.
    func remaining(_ bucket: QuotaBucket, utc: Int64) -> Int {
        let limit = configuration.dailyLimit(bucket)
        let today = PacificTime.day(atUTC: utc)
        var daily = 0
        for key in keys where !key.dropped && (key.parkedUntil ?? .min) <= utc {
            daily += key.day == today ? max(0, limit - key.used[bucket]) : limit
        }
        guard let budget = configuration.runBudget(bucket) else { return daily }
        return min(daily, budget - spent[bucket])
    }
}
