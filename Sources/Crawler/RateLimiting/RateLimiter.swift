import YouTubeKit

/// Grants API requests within the per-second rate, the in-flight cap, the run's budget and each
/// key's daily quota (reset at Pacific midnight), and learns from the answers (AIMD on rate
/// limits, parking spent keys, dropping invalid ones). Every request is charged when granted,
/// because the API charges every attempt.
///
/// The logic lives in ``RateLimiterState``; this actor waits on the injected clock and takes the
/// claims it decides from the ledger, so that concurrent runs with one key share its daily quota.
public actor RateLimiter<C: Clock> where C.Duration == Duration {
    private var state: RateLimiterState
    /// The crawl's one clock: waits, backoff, checkpoint intervals.
    public nonisolated let clock: C
    private let start: C.Instant
    /// Wall-clock UTC seconds: Pacific days, records' `fetchedAt`.
    public nonisolated let utcNow: @Sendable () -> Int64
    private let ledger: QuotaLedger?
    private let fingerprints: [String]
    /// What this run spent of its claims, on disk for the next run should this one be killed
    /// (``ClaimJournal``): opened at the first claim, removed when the claims are given back.
    private var journal: ClaimJournal?
    /// What this run claimed in the ledger, by key and day (the ledger keeps the same under the
    /// journal's name): less what is unspent, it is what the journal says was spent.
    private var claimedInRun: [Int: [PacificTime.Day: QuotaCounts]] = [:]
    /// Where this run's grants are noted for the output's accounting (``SpendJournal``), written
    /// in the same step as the claims journal so a kill finds the two in agreement.
    private var spending: SpendJournal?
    private var completionWaiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiter = 0

    /// - Parameters:
    ///   - keys: the key pool, in file order.
    ///   - clock: time for the token bucket and waits (a manual clock in tests).
    ///   - utcNow: wall-clock UTC seconds, for Pacific days.
    ///   - ledger: where daily spending persists across runs and is shared between concurrent ones;
    ///     quota is claimed there before it is spent.
    ///   - apiBase: the API the keys are spent on; the ledger keeps each API's counts apart.
    /// - Throws: ``LedgerError`` when the ledger cannot be read.
    public init(
        configuration: RateLimiterConfiguration, keys: [APIKey], clock: C, utcNow: @escaping @Sendable () -> Int64,
        ledger: QuotaLedger? = nil, apiBase: String = APIRequest.defaultBase
    ) throws {
        let utc = utcNow()
        var state = RateLimiterState(configuration: configuration, keys: keys, utc: utc, sharesLedger: ledger != nil)
        var fingerprints: [String] = []
        if let ledger {
            // Claims a killed run could not give back are given back first.
            try ledger.reclaimDeadRuns()
            let today = PacificTime.day(atUTC: utc)
            for (index, key) in keys.enumerated() {
                let fingerprint = ledger.fingerprint(key, apiBase: apiBase)
                fingerprints.append(fingerprint)
                let usage = try ledger.usage(fingerprint: fingerprint, day: today)
                state.preload(keyIndex: index, used: usage)
            }
        }
        self.state = state
        self.clock = clock
        self.start = clock.now
        self.utcNow = utcNow
        self.ledger = ledger
        self.fingerprints = fingerprints
    }

    /// Writes what this run has spent of its claims now to the journal: what it claimed less
    /// what it holds unspent (a claim of a day gone counts as spent, as the state leaves it).
    private func recordSpending() {
        guard let journal else { return }
        var unspent: [Int: [PacificTime.Day: QuotaCounts]] = [:]
        for held in state.unspentClaims { unspent[held.keyIndex, default: [:]][held.day] = held.counts }
        var entries: [ClaimJournal.Entry] = []
        for (keyIndex, days) in claimedInRun.sorted(by: { $0.key < $1.key }) {
            for (day, claimed) in days.sorted(by: { $0.key < $1.key }) {
                var spent = claimed
                let held = unspent[keyIndex]?[day] ?? QuotaCounts()
                for bucket in QuotaBucket.allCases { spent[bucket] -= held[bucket] }
                entries.append(
                    ClaimJournal.Entry(fingerprint: fingerprints[keyIndex], day: day.description, counts: spent))
            }
        }
        journal.record(entries)
    }

    /// Notes every grant and refund from now on in `spending` (the output's ``SpendJournal``).
    func noteSpending(in spending: SpendJournal?) { self.spending = spending }

    /// Waits for a permit to send one request of `method`.
    ///
    /// - Throws: ``LimiterStop`` when the budget, the daily quota of every key (unless
    ///   `waitForReset`) or the keys themselves are spent; ``LedgerWriteFailed`` when quota could
    ///   not be claimed in the ledger (nothing is granted then); `CancellationError` when cancelled.
    public func acquire(_ method: APIMethod) async throws -> Permit {
        while true {
            try Task.checkCancellation()
            let utc = utcNow()
            switch state.acquire(method, now: start.duration(to: clock.now), utc: utc) {
            case .granted(let permit):
                spending?.grant(method.quotaName, permit.charge.cost)
                recordSpending()
                return permit
            case .claim(let claim):
                guard let ledger else { preconditionFailure("claims are decided only with a shared ledger") }
                let result: (taken: Int, usage: QuotaCounts)
                do {
                    let journal = try self.journal ?? ledger.openClaimJournal()
                    self.journal = journal
                    result = try ledger.claim(
                        fingerprint: fingerprints[claim.keyIndex], day: claim.day, bucket: claim.bucket,
                        run: journal.name, amount: claim.take(from:))
                } catch {
                    throw LedgerWriteFailed(reason: "\(error)")
                }
                state.claimed(claim, taken: result.taken, usage: result.usage)
                claimedInRun[claim.keyIndex, default: [:]][claim.day, default: QuotaCounts()][claim.bucket] +=
                    result.taken
                recordSpending()
            case .wait(let delay):
                try await clock.sleep(until: clock.now.advanced(by: delay), tolerance: nil)
            case .waitForCompletion:
                try await waitForCompletion()
            case .stop(let stop):
                if case .dailyQuotaSpent(_, let until) = stop, state.configuration.waitForReset {
                    try await clock.sleep(until: clock.now.advanced(by: .seconds(max(1, until - utc))), tolerance: nil)
                    continue
                }
                throw stop
            }
        }
    }

    /// Reports what happened to a request sent under `permit`.
    public func complete(_ permit: Permit, _ outcome: RequestOutcome) {
        state.complete(permit, outcome, utc: utcNow())
        // The request never left: it is given back, to the run as to the key's quota.
        if outcome == .notSent { spending?.grant(permit.method.quotaName, -permit.charge.cost) }
        recordSpending()
        let waiters = completionWaiters
        completionWaiters = [:]
        for waiter in waiters.values { waiter.resume() }
    }

    /// Keeps `units` of the run budget for videos.list (hydrating what was found); other methods
    /// see the budget as spent when they would dip into it.
    public func reserve(units: Int) { state.reservedUnits = max(0, units) }

    /// Gives the ledger back what this run claimed and did not spend; call it when the run ends
    /// (a later request claims afresh).
    ///
    /// - Throws: ``LedgerError`` when the ledger cannot be written; the journal then stays, and
    ///   the next run gives back what this one did not spend.
    public func releaseClaims() throws {
        let unspent = state.releaseClaims()
        guard let ledger, let journal else { return }
        // Should this fail, the journal stays, saying what was spent, and the ledger keeps the
        // claims under its name: the next run gives back the rest.
        try ledger.endRun(
            journal.name,
            unspent: unspent.map { (fingerprint: fingerprints[$0.keyIndex], day: $0.day, counts: $0.counts) })
        journal.remove()
        self.journal = nil
        claimedInRun = [:]
    }

    /// Notices for the user (keys parked or dropped), each returned once.
    public func drainNotices() -> [String] {
        defer { state.notices = [] }
        return state.notices
    }

    /// Units or searches still available: over usable keys today, and within the run's budget.
    public func remaining(_ bucket: QuotaBucket) -> Int { state.remaining(bucket, utc: utcNow()) }

    public var spentUnits: Int { state.spentUnits }
    public var spentSearches: Int { state.spentSearches }
    /// What this run spent in each bucket.
    public var spent: QuotaCounts { state.spent }

    /// What this run spent with each key, named by its ledger fingerprint (an HMAC, never the
    /// key), or by its label without a ledger.
    public var spentByKey: [(key: String, spent: QuotaCounts)] {
        state.spentByKey.enumerated().map { index, spent in
            (fingerprints.indices.contains(index) ? fingerprints[index] : state.keys[index].key.label, spent)
        }
    }
    /// The current request rate (lowered by rate-limit answers, then recovering).
    public var currentRate: Double { state.rate }
    public var inFlight: Int { state.inFlight }

    private func waitForCompletion() async throws {
        nextWaiter += 1
        let id = nextWaiter
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completionWaiters[id] = continuation
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        completionWaiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
