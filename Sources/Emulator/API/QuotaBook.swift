import Synchronization
import YouTubeKit

/// The emulator's quota accounting: per key, per Pacific day, per bucket; charged before a
/// request is answered, invalid requests included, as the real API does, at the costs of
/// ``PublishedQuotaCosts`` (not the crawler's table).
final class QuotaBook: Sendable {
    private struct Usage {
        var day: PacificTime.Day
        var used = QuotaCounts()
        var second: Int64 = 0
        var requestsThisSecond = 0
    }

    private let model: QuotaModel
    /// Each bucket's daily allowance per key.
    private let daily: QuotaCounts
    private let rpsLimit: Int?
    private let usage = Mutex<[String: Usage]>([:])

    init(model: QuotaModel, daily: QuotaCounts, rpsLimit: Int?) {
        self.model = model
        self.daily = daily
        self.rpsLimit = rpsLimit
    }

    /// Charges one request of `method` to `key` at `now`, or says why it cannot be served.
    func charge(key: String, method: APIMethod, now: Int64) -> APIFailure? {
        let charge = PublishedQuotaCosts.charge(for: method, model: model)
        let today = PacificTime.day(atUTC: now)
        return usage.withLock { usage in
            var entry = usage[key] ?? Usage(day: today)
            if entry.day != today { entry = Usage(day: today) }
            if let rpsLimit {
                if entry.second != now {
                    entry.second = now
                    entry.requestsThisSecond = 0
                }
                entry.requestsThisSecond += 1
                if entry.requestsThisSecond > rpsLimit {
                    usage[key] = entry
                    return .rateLimitExceeded()
                }
            }
            guard entry.used[charge.bucket] + charge.cost <= daily[charge.bucket] else {
                usage[key] = entry
                return .quotaExceeded()
            }
            entry.used.add(charge)
            usage[key] = entry
            return nil
        }
    }

    /// What `key` has used of each bucket on the Pacific day of `now`.
    func used(key: String, now: Int64) -> QuotaCounts {
        let today = PacificTime.day(atUTC: now)
        return usage.withLock { usage in
            guard let entry = usage[key], entry.day == today else { return QuotaCounts() }
            return entry.used
        }
    }
}
