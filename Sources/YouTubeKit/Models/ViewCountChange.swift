/// A date YouTube changed how it counts views: counts on either side of it are not comparable
/// as they stand (the report's growth chart marks each; the codebook says so for `viewCount`).
public struct ViewCountChange: Sendable, Hashable {
    /// The day, `YYYY-MM-DD` (from 00:00 UTC).
    public var day: String
    /// What changed, in a few words.
    public var what: String

    /// The moment it took effect, in UTC seconds.
    public var seconds: Int64 { RFC3339.parseSeconds(day + "T00:00:00Z") ?? 0 }

    public static let all = [
        ViewCountChange(day: "2025-03-31", what: "Shorts: every start or replay counts as a view"),
        ViewCountChange(day: "2026-08-27", what: "every format: views counted anew"),
    ]

    /// One sentence for a description of a view count.
    public static var note: String {
        "YouTube changed how views are counted on "
            + all.map { "\($0.day) (\($0.what))" }.joined(separator: " and on ")
            + "; counts on either side of those days are not comparable as they stand."
    }
}
