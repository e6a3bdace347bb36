/// A list page whose JSON is valid but whose shape is not a page's: `"items"` that is not an
/// array of objects. The page is rejected (the crawl retries it, then counts it as failed)
/// rather than read as a page without items.
public struct PageShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What stood where an array of item objects belongs (`a string`, `an object`, …).
    public let found: String
    /// Whether it was an element of `"items"` rather than `"items"` itself.
    public let inItems: Bool

    public var description: String {
        inItems
            ? "the page's \"items\" holds \(found) where each item should be an object"
            : "the page's \"items\" is \(found), not an array of item objects"
    }
}
