/// A point on Earth for search.list's `location` filter.
public struct GeoLocation: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses the API's `latitude,longitude` form (`37.42,-122.08`).
    public init?(apiValue: String) {
        let parts = apiValue.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingSpaces()),
            let longitude = Double(parts[1].trimmingSpaces())
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    public var apiValue: String { "\(Self.trim(latitude)),\(Self.trim(longitude))" }
    public var description: String { apiValue }

    static func trim(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// A distance for search.list's `locationRadius` filter: a number and a unit (`10km`, `1500m`, `5mi`, `800ft`).
public struct Distance: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case meters = "m", kilometers = "km", feet = "ft", miles = "mi"

        var meters: Double {
            switch self {
            case .meters: return 1
            case .kilometers: return 1000
            case .feet: return 0.3048
            case .miles: return 1609.344
            }
        }
    }

    /// The API refuses radii larger than 1,000 km.
    public static let maximumMeters: Double = 1_000_000

    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `10km`, `1500m`, `5mi`, `800ft` (a number immediately followed by its unit).
    public init?(apiValue: String) {
        for unit in [Unit.kilometers, .miles, .feet, .meters] where apiValue.hasSuffix(unit.rawValue) {
            guard let value = Double(apiValue.dropLast(unit.rawValue.count)) else { return nil }
            self.init(value, unit)
            return
        }
        return nil
    }

    public var meters: Double { value * unit.meters }

    public var isValid: Bool { value.isFinite && value > 0 && meters <= Self.maximumMeters }

    public var apiValue: String { GeoLocation.trim(value) + unit.rawValue }
    public var description: String { apiValue }
}
