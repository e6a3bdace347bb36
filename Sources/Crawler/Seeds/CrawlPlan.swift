import YouTubeKit

/// What a crawl of some seeds will request and what it costs at the least, for `--dry-run`.
public enum CrawlPlan {
    public struct Entry: Sendable {
        public var seed: Seed
        /// What the seed requests, in order.
        public var steps: [String]
        /// The least it costs: its first page and the hydration of that page.
        public var minimumUnits: Int
        public var minimumSearches: Int
    }

    public static func entries(_ seeds: [Seed], model: QuotaModel, hydrate: Bool, maxPages: Int?) -> [Entry] {
        seeds.map { seed in
            var entry = entry(seed, model: model, hydrate: hydrate, maxPages: maxPages)
            if seed.comments, !seed.isCommentsSeed {
                entry.steps.append(
                    "per video: commentThreads.list (1 unit per 100 threads, at least 1) and comments.list for threads with more replies than they carry (1 unit per 100 replies)"
                )
            }
            if seed.live {
                entry.steps.append("per video found that is live or starts within --live-wait: " + chatCost)
            }
            return entry
        }
    }

    /// What capturing one stream's chat costs.
    static let chatCost =
        "liveChatMessages.list while the chat is open, as often as each answer's pollingIntervalMillis allows: 5 units a call, about 720 calls (3,600 units) for a two-hour stream at a 10 s interval; --chat-units N caps one stream"

    private static func entry(_ seed: Seed, model: QuotaModel, hydrate: Bool, maxPages: Int?) -> Entry {
        let search = model.charge(for: .search)
        let searchCost = "\(search.cost) \(search.bucket == .searches ? "search call" : "units")"
        let hydration = hydrate ? ["videos.list: 1 unit per 50 videos found (hydration)"] : []
        do {
            let pages = seed.maxPages ?? maxPages
            let pagesText = pages.map { "up to \($0) page\($0 == 1 ? "" : "s")" } ?? "until the results end"
            switch seed.target {
            case .search(let query):
                var steps = [
                    "search.list q=\(query.q ?? "") (\(searchCost) per page of 50, \(pagesText); at most 500 results)"
                ]
                if seed.walkChannels {
                    steps.append("per channel found: channels.list (1 unit per 50 channels), then its uploads as below")
                }
                if seed.walkChannels {
                    let walked = seed.walkPages.map { "up to \($0) page\($0 == 1 ? "" : "s") per channel (walkPages)" }
                    steps.append(
                        "playlistItems.list: 1 unit per 50 uploads, \(walked ?? "each channel to its end (walkPages=N caps it; maxPages is the search's own)")"
                    )
                }
                if seed.splitTime {
                    steps[0] =
                        "search.list q=\(query.q ?? "") split=time: ordered by date in windows of up to 500 results, from \(query.publishedBefore.map(RFC3339.format) ?? "now") back to \(query.publishedAfter.map(RFC3339.format) ?? "YouTube's first day") (\(searchCost) per page of 50: about 1 call per 50 matching videos, plus 2 to confirm the range is done; the number of matches is not known before the first call)"
                }
                return Entry(
                    seed: seed, steps: steps + hydration,
                    minimumUnits: (search.bucket == .units ? search.cost : 0) + (hydrate ? 1 : 0),
                    minimumSearches: search.bucket == .searches ? search.cost : 0)
            case .channel(let reference):
                let name: String
                switch reference {
                case .id(let id): name = "id=\(id) (1 unit per 50 channel ids)"
                case .handle(let handle): name = "forHandle=\(handle) (1 unit)"
                }
                return Entry(
                    seed: seed,
                    steps: [
                        "channels.list \(name)",
                        "playlistItems.list of its uploads: 1 unit per 50 videos, \(pagesText)",
                    ]
                        + hydration, minimumUnits: 2 + (hydrate ? 1 : 0), minimumSearches: 0)
            case .playlist(let id):
                return Entry(
                    seed: seed,
                    steps: ["playlistItems.list playlistId=\(id): 1 unit per 50 items, \(pagesText)"] + hydration,
                    minimumUnits: 1 + (hydrate ? 1 : 0), minimumSearches: 0)
            case .video(let id):
                return Entry(
                    seed: seed, steps: ["videos.list id=\(id) (1 unit per 50 video seeds)"], minimumUnits: 1,
                    minimumSearches: 0)
            case .comments(let comments):
                let commentPages =
                    seed.maxPages.map { "up to \($0) page\($0 == 1 ? "" : "s")" } ?? "until the threads end"
                return Entry(
                    seed: seed,
                    steps: [
                        "commentThreads.list videoId=\(comments.videoId) order=\(comments.order.rawValue): 1 unit per 100 threads, \(commentPages)",
                        "comments.list parentId=…: 1 unit per 100 replies, for each thread with more replies than it carries",
                    ], minimumUnits: 1, minimumSearches: 0)
            case .ids(let file):
                let steps: [String]
                switch file.kind {
                case .comment:
                    steps = [
                        "commentThreads.list of the threads of every comment id in \(file.path), each once: 1 unit per 50 ids (ids not returned are written as missing)",
                        "comments.list of the replies among them: 1 unit more per 50 ids that hold a reply",
                    ]
                case .video, .channel, .playlist:
                    let method =
                        file.kind == .channel
                        ? "channels.list" : file.kind == .playlist ? "playlists.list" : "videos.list"
                    steps = [
                        "\(method) of every id in \(file.path), each once: 1 unit per 50 ids (ids not returned are written as missing)"
                    ]
                }
                return Entry(seed: seed, steps: steps, minimumUnits: 1, minimumSearches: 0)
            case .live(let id):
                return Entry(
                    seed: seed,
                    steps: [
                        "videos.list id=\(id): 1 unit (is it live or upcoming, and its chat's id)",
                        Self.chatCost,
                    ], minimumUnits: 1 + ChatPoll.unitsPerCall, minimumSearches: 0)
            case .chart(let chart):
                let chartPages = min(seed.maxPages ?? 4, 4)
                return Entry(
                    seed: seed,
                    steps: [
                        "videos.list chart=mostPopular regionCode=\(chart.regionCode)\(chart.videoCategoryId.map { " videoCategoryId=\($0)" } ?? ""): 1 unit per page of 50, up to \(chartPages) page\(chartPages == 1 ? "" : "s") (\(chartPages * 50) videos; no hydration needed)",
                        "videoCategories.list regionCode=\(chart.regionCode): 1 unit, once a run per region",
                    ], minimumUnits: 2, minimumSearches: 0)
            }
        }
    }
}
