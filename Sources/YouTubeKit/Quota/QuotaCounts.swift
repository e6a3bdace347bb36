/// A count per quota bucket: what a key used today, what a run spent, what a day allows.
public struct QuotaCounts: Sendable, Hashable {
    public var units: Int
    public var searches: Int
    public var stats: Int

    public init(units: Int = 0, searches: Int = 0, stats: Int = 0) {
        self.units = units
        self.searches = searches
        self.stats = stats
    }

    public subscript(bucket: QuotaBucket) -> Int {
        get {
            switch bucket {
            case .searches: searches
            case .units: units
            case .stats: stats
            }
        }
        set {
            switch bucket {
            case .searches: searches = newValue
            case .units: units = newValue
            case .stats: stats = newValue
            }
        }
    }

    /// Adds a request's charge (a negative cost refunds it).
    public mutating func add(_ charge: QuotaCharge) { self[charge.bucket] += charge.cost }
}
