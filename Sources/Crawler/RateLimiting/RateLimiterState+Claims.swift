import YouTubeKit

/// How a run shares a key's day with other runs: it spends only what it claimed in the ledger, in
/// small chunks taken under the ledger's lock after re-reading it, and gives back what it did not
/// spend when it ends. A run killed first loses its unspent claims (they stay counted as spent), so
/// claims stay small: they grow while they come quickly and shrink when they do not.
extension RateLimiterState {
    /// Quota to take from a key's day in the ledger.
    struct Claim: Equatable {
        let keyIndex: Int
        let day: PacificTime.Day
        let bucket: QuotaBucket
        /// The least worth taking: what the next request lacks.
        let least: Int
        /// What to take when the day has it.
        let wanted: Int
        /// The key's daily limit in the bucket.
        let limit: Int

        /// What to take from a day on which every run together has used `usage`: `wanted`, or
        /// what is left when that is less, or nothing when less than `least` is left.
        func take(from usage: QuotaCounts) -> Int {
            let left = limit - usage[bucket]
            return left >= least ? min(wanted, left) : 0
        }
    }

    /// When a run last claimed in a bucket, and how much.
    struct ClaimPace: Equatable {
        var at: Duration
        var size: Int
    }

    /// What a run claimed and did not spend, to give back to the ledger.
    struct Unspent: Equatable {
        let keyIndex: Int
        let day: PacificTime.Day
        let counts: QuotaCounts
    }

    /// Claims never exceed this, nor a fiftieth of the day's limit: a kill loses at most that.
    static let largestClaim = 32

    /// The size of the next claim: twice the last when that was less than a second ago (a busy
    /// run goes to the ledger about once a second), else half of it; the first is 2. Between 1 and
    /// ``largestClaim`` or a fiftieth of `limit`, whichever is less.
    static func claimSize(after last: ClaimPace?, now: Duration, limit: Int) -> Int {
        let ceiling = max(1, min(largestClaim, limit / 50))
        guard let last else { return min(2, ceiling) }
        let size = now - last.at < .seconds(1) ? last.size * 2 : last.size / 2
        return min(ceiling, max(1, size))
    }
}
