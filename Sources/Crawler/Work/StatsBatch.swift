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

    func request(for plan: some CrawlSetup) throws -> APIRequest { try method.request(ids: ids) }

    var item: WorkItem { .stats(self) }

    /// A snapshot's ids and shards say what is left.
    var isCheckpointed: Bool { false }

    /// Its ids go back to the front of the snapshot's queue.
    func putBack(into snapshot: inout SnapshotQueue) { snapshot.putBack(ids) }

    func apply(_ fetched: FetchedPage, to snapshot: inout SnapshotQueue, _ out: inout EventOutput) {
        var answered: Set<String> = []
        for case .video(let video) in fetched.records where ids.contains(video.videoId) {
            if answered.insert(video.videoId).inserted { snapshot.write(VideoStats(video), &out) }
        }
        // Deleted or made private since the output was crawled.
        for id in ids where !answered.contains(id) { snapshot.write(.gone(id, fetchedAt: nil), &out) }
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        preconditionFailure("a snapshot's work in a crawl")
    }

    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        preconditionFailure("a snapshot's work in a crawl")
    }

    /// A snapshot has no seeds.
    func reseeded(_ change: SeedChange) -> WorkItem? { .stats(self) }

    func describe(seeds: [Seed]) -> String { "\(method.apiMethod.quotaName) of \(ids.count) videos" }
}
