import Synchronization
import YouTubeKit

/// The emulator's quota accounting: per key, per Pacific day, per bucket; charged before a
/// request is answered, invalid requests included, as the real API does.
final class QuotaBook: Sendable {
    private struct Usage {
        var day: PacificTime.Day
        var units = 0
        var searches = 0
        var second: Int64 = 0
        var requestsThisSecond = 0
    }

    private let model: QuotaModel
    private let dailyUnits: Int
    private let dailySearches: Int
    private let rpsLimit: Int?
    private let usage = Mutex<[String: Usage]>([:])

    init(model: QuotaModel, dailyUnits: Int, dailySearches: Int, rpsLimit: Int?) {
        self.model = model
        self.dailyUnits = dailyUnits
        self.dailySearches = dailySearches
        self.rpsLimit = rpsLimit
    }

    /// Charges one request of `method` to `key` at `now`, or says why it cannot be served.
    func charge(key: String, method: APIMethod, now: Int64) -> APIFailure? {
        let charge = model.charge(for: method)
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
            switch charge.bucket {
            case .searches:
                guard entry.searches + charge.cost <= dailySearches else {
                    usage[key] = entry
                    return .quotaExceeded()
                }
                entry.searches += charge.cost
            case .units:
                guard entry.units + charge.cost <= dailyUnits else {
                    usage[key] = entry
                    return .quotaExceeded()
                }
                entry.units += charge.cost
            }
            usage[key] = entry
            return nil
        }
    }

    /// Units and searches `key` has used on the Pacific day of `now`.
    func used(key: String, now: Int64) -> (units: Int, searches: Int) {
        let today = PacificTime.day(atUTC: now)
        return usage.withLock { usage in
            guard let entry = usage[key], entry.day == today else { return (0, 0) }
            return (entry.units, entry.searches)
        }
    }
}
