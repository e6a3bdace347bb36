import StreamingJSON
import YouTubeKit

/// Which method a statistics snapshot asks: `videos:batchGetStats` (its own quota bucket in the
/// `buckets` model), or videos.list `part=statistics` for keys or emulators without it.
public enum StatsMethod: String, Sendable, Hashable, CaseIterable, Codable {
    case batchGetStats
    case videos

    /// The API method it calls.
    public var apiMethod: APIMethod { self == .batchGetStats ? .batchGetStats : .videos }

    /// The request for up to 50 ids.
    func request(ids: [String]) throws -> APIRequest {
        switch self {
        case .batchGetStats: try APIRequest.batchGetStats(ids: ids)
        case .videos: try APIRequest.videos(ids: ids, part: APIRequest.Parts.videoStatistics)
        }
    }
}

/// The statistics of up to 50 videos of a snapshot: one line each, `ok` with the counts the API
/// returned, `gone` for an id it did not return.
struct StatsBatch: CrawlWork {
    static let tag = "stats"
    var ids: [String]
    var method: StatsMethod

    var page: Int { 0 }

    func request(for plan: some CrawlVerbs) throws -> APIRequest { try method.request(ids: ids) }

    var item: WorkItem { .stats(self) }

    /// A snapshot's ids and shards say what is left.
    var isCheckpointed: Bool { false }

    /// Its ids go back to the front of the snapshot's queue.
    func putBack(into plan: inout some CrawlVerbs) { plan.snapshotRefused(ids) }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var answered: Set<String> = []
        for case .video(let video) in fetched.records where ids.contains(video.videoId) {
            if answered.insert(video.videoId).inserted { plan.snapshot(VideoStats(video), &out) }
        }
        // Deleted or made private since the output was crawled.
        for id in ids where !answered.contains(id) { plan.snapshot(.gone(id, fetchedAt: nil), &out) }
    }

    /// A snapshot has no seeds.
    func reseeded(_ change: SeedChange) -> WorkItem? { .stats(self) }

    func describe(seeds: [Seed]) -> String { "\(method.apiMethod.quotaName) of \(ids.count) videos" }
}
