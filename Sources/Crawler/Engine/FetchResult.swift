import Foundation
import StreamingJSON
import TransportCore
import YouTubeKit

/// What one work item's request came to.
struct FetchResult: Sendable {
    enum Outcome: Sendable {
        case page([DecodedRecord], PageSummary)
        /// The crawl cannot go on (budget, quota, keys, configuration, interruption): the item
        /// goes back, and the crawl ends with this.
        case stop(CrawlEnding)
        /// Every retry failed: the item stays for a rerun, the rest goes on.
        case gaveUp(String)
        /// This item cannot go on (not found, bad request); the rest goes on.
        case skip(String)
        /// What the item asks for is not there or not open (not found, comments disabled): the
        /// API's reasons, for the kind of work to read, and its message.
        case unavailable([APIErrorReason], String)
        /// The page token expired: the item's paging starts over.
        case restartPaging
    }

    var outcome: Outcome
    var charged: [String: Int] = [:]
    var retries = 0
    /// Retries by cause (``RetryCause``).
    var retriesByCause: [String: Int] = [:]
    /// Requests that reached the server (a refused permit or a refused connection sends none).
    var requests = 0
    var notices: [String] = []
    /// When the answered request was sent (the wall clock, to the second).
    var sentAt: Date?
}
