import Foundation

extension Video {
    /// Newest first; videos without a publish time last; ties broken by id so the order is stable.
    public static func newerFirst(_ a: Video, _ b: Video) -> Bool {
        switch (a.publishedAt, b.publishedAt) {
        case let (x?, y?) where x != y: return x > y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return a.videoId < b.videoId
        }
    }
}

extension Sequence where Element == Video {
    /// The videos newest first (the order an app shows), as ``Video/newerFirst(_:_:)`` defines.
    public func sortedByDate() -> [Video] {
        sorted(by: Video.newerFirst)
    }
}
