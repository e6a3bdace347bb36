import YouTubeKit

/// The rate limiter's logic, free of time and concurrency: each call takes the current instant
/// and returns what to do. The ``RateLimiter`` actor is a thin shell that performs it.
///
/// Daily quota is spent from claims: before a request, the key must hold enough claimed and
/// unspent in its bucket; when it does not, the decision is a ``Claim`` the actor takes from the
/// shared ledger (or, with no ledger, the state takes itself), so that concurrent runs with one key
/// share its day (see `RateLimiterState+Claims.swift`).
struct RateLimiterState {
    struct KeyState {
        var key: APIKey
        var day: PacificTime.Day
        /// Used today: every run's claims as the ledger last said (this run's included); with no
        /// shared ledger, this run's.
        var used = QuotaCounts()
        /// Claimed by this run today and not yet spent.
        var claimed = QuotaCounts()
        /// This run's last claim in each bucket: the next one's size follows from it.
        var lastClaim: [QuotaBucket: ClaimPace] = [:]
        /// Buckets the API said are spent (quotaExceeded), until when: a search call refused for
        /// the day's searches parks the key's searches, not its units.
        var parked: [QuotaBucket: Int64] = [:]
        var dropped = false

        func isParked(_ bucket: QuotaBucket) -> Bool { parked[bucket] != nil }

        /// What this run could still spend today: what it holds, and what it could still claim.
        func available(_ bucket: QuotaBucket, limit: Int) -> Int { claimed[bucket] + max(0, limit - used[bucket]) }
    }

    enum Decision: Equatable {
        case granted(Permit)
        /// Try again after this long (the token bucket is empty).
        case wait(Duration)
        /// Too many requests in flight: try again when one completes.
        case waitForCompletion
        case stop(LimiterStop)
        /// Claim quota in the shared ledger, then report it with ``claimed(_:taken:usage:)`` and ask again.
        case claim(Claim)
    }

    let configuration: RateLimiterConfiguration
    /// Whether the keys' days are shared with other runs through a ledger: claims are then
    /// decisions for the actor to take there.
    let sharesLedger: Bool
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

    init(configuration: RateLimiterConfiguration, keys: [APIKey], utc: Int64, sharesLedger: Bool = false) {
        self.configuration = configuration
        self.sharesLedger = sharesLedger
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
                // Yesterday's unspent claims stay counted for yesterday, which no longer matters.
                keys[index] = KeyState(
                    key: keys[index].key, day: today, parked: keys[index].parked, dropped: keys[index].dropped)
            }
            keys[index].parked = keys[index].parked.filter { $0.value > utc }
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
                return .stop(.runBudgetSpent(charge.bucket, remaining: budget - spent, reserved: reserve))
            }
        }
        let limit = configuration.dailyLimit(charge.bucket)
        var chosen: Int?
        for index in keys.indices where !keys[index].dropped && !keys[index].isParked(charge.bucket) {
            let left = keys[index].available(charge.bucket, limit: limit)
            guard left >= charge.cost else { continue }
            if let best = chosen, keys[best].available(charge.bucket, limit: limit) >= left { continue }
            chosen = index
        }
        guard let keyIndex = chosen else {
            if keys.allSatisfy(\.dropped) { return .stop(.noUsableKey) }
            let midnight = PacificTime.nextMidnight(afterUTC: utc)
            let until = keys.filter { !$0.dropped }.map { $0.parked[charge.bucket] ?? midnight }.min() ?? midnight
            return .stop(.dailyQuotaSpent(charge.bucket, untilUTC: until))
        }
        if inFlight >= configuration.maxInFlight { return .waitForCompletion }
        if tokens < 1 {
            let seconds = (1 - tokens) / rate
            return .wait(.nanoseconds(Int64((seconds * 1e9).rounded(.up))))
        }
        if keys[keyIndex].claimed[charge.bucket] < charge.cost {
            let claim = nextClaim(keyIndex, charge, now: now)
            if sharesLedger { return .claim(claim) }
            // Alone: this run is the only one counting the key's day.
            claimed(claim, taken: claim.take(from: keys[keyIndex].used), usage: nil)
        }
        tokens -= 1
        inFlight += 1
        keys[keyIndex].claimed[charge.bucket] -= charge.cost
        spent.add(charge)
        spentByKey[keyIndex].add(charge)
        nextPermit += 1
        return .granted(
            Permit(
                id: nextPermit, key: keys[keyIndex].key, keyIndex: keyIndex, day: keys[keyIndex].day, method: method,
                charge: charge))
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
            let bucket = permit.charge.bucket
            if !keys[permit.keyIndex].isParked(bucket) {
                notices.append(
                    "\(permit.key.label) has no \(bucket.noun) left today; parked until \(RFC3339.format(seconds: until))"
                )
            }
            keys[permit.keyIndex].parked[bucket] = until
        case .keyInvalid:
            if !keys[permit.keyIndex].dropped {
                notices.append(
                    "\(permit.key.label) was rejected by the API as invalid (keyInvalid); dropped for this run")
            }
            keys[permit.keyIndex].dropped = true
        case .transientFailure:
            break
        case .notSent:
            // Back to the key's claim, to spend again or give back; a claim of a day gone is lost.
            if keys[permit.keyIndex].day == permit.day { keys[permit.keyIndex].claimed.add(permit.charge) }
            let refund = QuotaCharge(bucket: permit.charge.bucket, cost: -permit.charge.cost)
            spent.add(refund)
            spentByKey[permit.keyIndex].add(refund)
        }
    }

    /// The claim the next request of `charge` on `keyIndex` needs. Alone, it takes just that;
    /// sharing, a chunk of the paced size, never more than the run's budget can still spend.
    mutating func nextClaim(_ keyIndex: Int, _ charge: QuotaCharge, now: Duration) -> Claim {
        let bucket = charge.bucket
        let limit = configuration.dailyLimit(bucket)
        let least = charge.cost - keys[keyIndex].claimed[bucket]
        var wanted = least
        if sharesLedger {
            let size = Self.claimSize(after: keys[keyIndex].lastClaim[bucket], now: now, limit: limit)
            keys[keyIndex].lastClaim[bucket] = ClaimPace(at: now, size: size)
            wanted = max(least, size)
            if let budget = configuration.runBudget(bucket) {
                let held = keys.reduce(0) { $0 + $1.claimed[bucket] }
                wanted = max(least, min(wanted, budget - spent[bucket] - held))
            }
        }
        return Claim(
            keyIndex: keyIndex, day: keys[keyIndex].day, bucket: bucket, least: least, wanted: wanted, limit: limit)
    }

    /// Records what `claim` took.
    ///
    /// - Parameter usage: the key's counts in the ledger after the claim (every run's claims, this
    ///   one's included), which replace what this run knew; `nil` with no shared ledger.
    mutating func claimed(_ claim: Claim, taken: Int, usage: QuotaCounts?) {
        guard keys[claim.keyIndex].day == claim.day else { return }
        keys[claim.keyIndex].claimed[claim.bucket] += taken
        if let usage {
            keys[claim.keyIndex].used = usage
        } else {
            keys[claim.keyIndex].used[claim.bucket] += taken
        }
    }

    /// Ends this run's claims: returns what it claimed and did not spend, per key, for the actor to
    /// give back to the ledger. A later request claims afresh.
    /// What the keys claimed and did not spend yet, as ``releaseClaims()`` would give it back.
    var unspentClaims: [Unspent] {
        keys.indices.compactMap { index in
            keys[index].claimed == QuotaCounts()
                ? nil : Unspent(keyIndex: index, day: keys[index].day, counts: keys[index].claimed)
        }
    }

    mutating func releaseClaims() -> [Unspent] {
        var unspent: [Unspent] = []
        for index in keys.indices where keys[index].claimed != QuotaCounts() {
            unspent.append(Unspent(keyIndex: index, day: keys[index].day, counts: keys[index].claimed))
            for bucket in QuotaBucket.allCases { keys[index].used[bucket] -= keys[index].claimed[bucket] }
            keys[index].claimed = QuotaCounts()
        }
        return unspent
    }

    /// What is left, over the keys still usable today.
    func remaining(_ bucket: QuotaBucket, utc: Int64) -> Int {
        let limit = configuration.dailyLimit(bucket)
        let today = PacificTime.day(atUTC: utc)
        var daily = 0
        for key in keys where !key.dropped && (key.parked[bucket] ?? .min) <= utc {
            daily += key.day == today ? key.available(bucket, limit: limit) : limit
        }
        guard let budget = configuration.runBudget(bucket) else { return daily }
        return min(daily, budget - spent[bucket])
    }
}
