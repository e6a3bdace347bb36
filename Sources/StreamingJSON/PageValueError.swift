/// A list page whose item holds, where a count or a duration belongs, a value the API never
/// sends there: a count that is not a whole number of zero or more (`"abc"`, `{}`, `1e308`, `-5`)
/// or a duration that is not ISO 8601. The page is rejected — the crawl retries it, then counts
/// it as failed — rather than read with `null`, which a record keeps for a value the API hid or
/// left out (hidden likes, disabled comments).
public struct PageValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the value stood (`statistics.viewCount`).
    public let field: String
    /// What stood there, for people: a quoted prefix of a string, a number, `an object`…
    public let found: String
    /// The item's position in `"items"`, from 0.
    public let item: Int

    public var description: String {
        let expected = field.hasSuffix("duration") ? "an ISO 8601 duration" : "a whole number of zero or more"
        return "item \(item) of the page has \(field) \(found), not \(expected)"
    }

    /// A value's bytes as `found` shows them: quoted when it was a string, at most 40 bytes,
    /// control characters escaped.
    static func shown(_ bytes: UnsafeRawBufferPointer, quoted: Bool) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "…" : "")
        return quoted ? text.debugDescription : text
    }
}

extension PageField {
    /// A count or a duration: a value of a record that is `null` only when the API left it out,
    /// so anything else where one belongs makes the page malformed.
    var isCountOrDuration: Bool {
        switch self {
        case .viewCount, .likeCount, .commentCount, .subscriberCount, .videoCount, .duration: true
        default: false
        }
    }

    /// A number of `recordingDetails.location`.
    var isCoordinate: Bool { self == .latitude || self == .longitude || self == .altitude }

    /// Its place in an item, for ``PageValueError``.
    var path: String {
        switch self {
        case .viewCount: "statistics.viewCount"
        case .likeCount: "statistics.likeCount"
        case .commentCount: "statistics.commentCount"
        case .subscriberCount: "statistics.subscriberCount"
        case .videoCount: "statistics.videoCount"
        case .duration: "contentDetails.duration"
        default: "\(self)"
        }
    }
}
