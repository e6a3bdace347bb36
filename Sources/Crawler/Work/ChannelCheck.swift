import StreamingJSON
import YouTubeKit

/// channels.list `part=statistics` for up to 50 watched channels (`ytcrawl update`), 1 unit:
/// every channel (with `--by-count`, one whose `videoCount` changed since it was last looked at
/// or was never counted) has its uploads walked again, newest first, until a page reaches what
/// the last run saw (``PlaylistPage/until``).
struct ChannelCheck: CrawlWork {
    static let tag = "channelCheck"
    var seeds: [Int]
    var ids: [String]
    /// Uploads published before this (Unix seconds: the last run's start less the overlap) are
    /// known: a walk stops at the page that reaches them.
    var since: Int64

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.channels(.ids(ids), part: "statistics")
    }

    var item: WorkItem { .channelCheck(self) }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        let seedOf = Dictionary(zip(ids, seeds), uniquingKeysWith: { first, _ in first })
        var found: Set<String> = []
        for case .channel(let channel) in fetched.records {
            guard let seed = seedOf[channel.channelId], found.insert(channel.channelId).inserted else { continue }
            plan.checked(channel.channelId, videoCount: channel.videoCount, seed: seed, since: since, &out)
        }
        let missing = ids.filter { !found.contains($0) }
        if !missing.isEmpty {
            let shown = missing.prefix(3).joined(separator: ", ")
            let more = missing.count > 3 ? " and \(missing.count - 3) more" : ""
            out.warn(
                "channels.list no longer returns \(missing.count) watched channel\(missing.count == 1 ? "" : "s") (\(shown)\(more)): deleted, hidden or terminated; not updated"
            )
        }
    }

    func reseeded(_ change: SeedChange) -> WorkItem? {
        let kept = zip(seeds, ids).compactMap { seed, id in change(seed).map { ($0, id) } }
        guard !kept.isEmpty else { return nil }
        return .channelCheck(ChannelCheck(seeds: kept.map(\.0), ids: kept.map(\.1), since: since))
    }

    func describe(seeds: [Seed]) -> String { "channels.list check of \(ids.count) watched channels" }
}
