/// Which quota bucket a request draws on.
public enum QuotaBucket: String, Sendable, Hashable, CaseIterable, Codable {
    /// search.list's own bucket of calls (the `buckets` model only).
    case searches
    /// The shared bucket of units.
    case units
    /// `videos:batchGetStats`' own bucket of units (the `buckets` model only).
    case stats

    /// What its quota counts, for people: `units`, `search calls`, `statistics units`.
    public var noun: String {
        switch self {
        case .searches: "search calls"
        case .units: "units"
        case .stats: "statistics units"
        }
    }
}

/// The units a request costs, and from which bucket.
public struct QuotaCharge: Sendable, Hashable, CustomStringConvertible {
    public var bucket: QuotaBucket
    public var cost: Int

    public init(bucket: QuotaBucket, cost: Int) {
        self.bucket = bucket
        self.cost = cost
    }

    public var description: String {
        let noun: String
        switch bucket {
        case .searches: noun = "search call"
        case .units: noun = "unit"
        case .stats: noun = "statistics unit"
        }
        return "\(cost) \(noun)\(cost == 1 ? "" : "s")"
    }
}

/// How the API charges quota. Every request costs, invalid ones and retries included.
public enum QuotaModel: String, Sendable, Hashable, CaseIterable, Codable {
    /// Google's current published model: search.list draws on its own bucket of 100 calls a day
    /// at 1 per call; every other list method costs 1 unit of a 10,000 units a day bucket;
    /// `videos:batchGetStats` draws on a bucket of its own (10,000 a day).
    case buckets
    /// The older allocation: search.list costs 100 units, every other list method 1 unit,
    /// all from one daily bucket.
    case classic

    /// What one request of `method` costs under this model.
    public func charge(for method: APIMethod) -> QuotaCharge {
        switch (self, method) {
        case (.buckets, .search): return QuotaCharge(bucket: .searches, cost: 1)
        case (.classic, .search): return QuotaCharge(bucket: .units, cost: 100)
        case (.buckets, .batchGetStats): return QuotaCharge(bucket: .stats, cost: 1)
        case (.classic, .batchGetStats): return QuotaCharge(bucket: .units, cost: 1)
        case (_, .liveChatMessages): return QuotaCharge(bucket: .units, cost: 5)
        case (_, .videos), (_, .channels), (_, .playlistItems), (_, .playlists), (_, .commentThreads), (_, .comments),
            (_, .channelSections), (_, .subscriptions), (_, .videoCategories):
            return QuotaCharge(bucket: .units, cost: 1)
        }
    }

    /// The daily allowance of `bucket` for a project on default limits; `nil` when the model has no such bucket.
    public func defaultDailyLimit(of bucket: QuotaBucket) -> Int? {
        switch (self, bucket) {
        case (_, .units): return 10_000
        case (.buckets, .searches): return 100
        case (.buckets, .stats): return 10_000
        case (.classic, .searches), (.classic, .stats): return nil
        }
    }

    /// The buckets this model draws on.
    public var buckets: [QuotaBucket] {
        switch self {
        case .buckets: return [.searches, .units, .stats]
        case .classic: return [.units]
        }
    }
}
