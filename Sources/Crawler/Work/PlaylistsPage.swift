import StreamingJSON
import YouTubeKit

/// playlists.list of a channel's playlists, 50 a page, every page (`playlists=yes|walk`): 1
/// unit a call. Each playlist is written once per output; with ``walk`` each is walked too, once
/// per run.
struct PlaylistsPage: PagedWork {
    static let tag = "playlists"
    var seed: Int
    var channelId: String
    /// Walk every playlist found (`playlists=walk`).
    var walk: Bool?
    var pageToken: String?
    var page: Int
    /// The position of this page's first playlist in the channel's list.
    var rank: Int
    var restarts: Int?

    init(seed: Int, channelId: String, walk: Bool = false, page: Int = 0, rank: Int = 0) {
        self.seed = seed
        self.channelId = channelId
        self.walk = walk ? true : nil
        self.page = page
        self.rank = rank
    }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.playlists(.channel(channelId), part: plan.playlistParts, maxResults: 50, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var position = rank
        for case .playlist(let playlist) in fetched.records {
            plan.found(playlist, seed: seed, rank: position, walk: walk == true, &out)
            position += 1
        }
        guard let token = fetched.summary.nextPageToken else { return }
        if token == pageToken || fetched.summary.itemCount == 0 {
            out.warn("\(describe(seeds: plan.seeds)): a page that does not move on; the channel's list ends here")
            return
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        out.enqueue(.playlists(next))
    }

    var item: WorkItem { .playlists(self) }

    func describe(seeds: [Seed]) -> String { "playlists.list of channel \(channelId) (page \(page + 1))" }
}

/// playlists.list of up to 50 playlists by id: the records `playlist` seeds want, asked when
/// nothing else is left (1 unit a call). Not listed in a checkpoint: a resume wants again the
/// records the output lacks.
struct PlaylistRecords: CrawlWork {
    static let tag = "playlistRecords"
    var ids: [String]
    /// The seed that wants each.
    var seeds: [Int]

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.playlists(.ids(ids), part: plan.playlistParts)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        let seedOf = Dictionary(zip(ids, seeds), uniquingKeysWith: { first, _ in first })
        var found: Set<String> = []
        for case .playlist(let playlist) in fetched.records {
            guard let seed = seedOf[playlist.playlistId] else { continue }
            found.insert(playlist.playlistId)
            plan.found(playlist, seed: seed, rank: 0, walk: false, &out)
        }
        // Private, deleted or never there: a key is answered as if it did not exist.
        for (id, seed) in zip(ids, seeds) where !found.contains(id) { plan.playlistsNotFound([id], seed: seed, &out) }
    }

    var isCheckpointed: Bool { false }

    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        plan.putBackPlaylistLookups(zip(ids, seeds).map { PlaylistLedger.Lookup(id: $0, seed: $1) })
    }

    var item: WorkItem { .playlistRecords(self) }

    func reseeded(_ change: SeedChange) -> WorkItem? {
        let kept = zip(ids, seeds).compactMap { id, seed in change(seed).map { (id, $0) } }
        guard !kept.isEmpty else { return nil }
        return .playlistRecords(PlaylistRecords(ids: kept.map(\.0), seeds: kept.map(\.1)))
    }

    func describe(seeds: [Seed]) -> String { "playlists.list of \(ids.count) playlist\(ids.count == 1 ? "" : "s")" }
}

extension CrawlSetup {
    /// The parts of a playlists.list request: the record's, and `localizations` when the videos'
    /// parts ask for theirs.
    var playlistParts: String {
        let localized = options.selection.videoParts.split(separator: ",").contains("localizations")
        return APIRequest.Parts.playlistRecords + (localized ? ",localizations" : "")
    }
}
