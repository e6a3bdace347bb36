import StreamingJSON
import YouTubeKit

/// channels.list for one channel seed by id or handle; then its uploads are walked.
struct ChannelLookup: SeededWork {
    static let tag = "channel"
    var seed: Int
    var id: String?
    var handle: String?
    /// A channel a link reached: resolved (its record written), never walked (absent when not).
    var linked: Bool?

    init(seed: Int, id: String? = nil, handle: String? = nil, linked: Bool? = nil) {
        self.seed = seed
        self.id = id
        self.handle = handle
        self.linked = linked
    }

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        if let id { return try APIRequest.channels(.ids([id]), part: plan.options.selection.channelParts) }
        return try APIRequest.channels(.handle(handle ?? ""), part: plan.options.selection.channelParts)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        if linked == true {
            plan.resolvedLinked(fetched.records, asked: id.map { [$0] } ?? [], &out)
            return
        }
        var found = false
        for case .channel(let channel) in fetched.records {
            plan.resolved(channel, seed: seed, &out)
            found = true
        }
        if !found { out.warn("\(plan.seeds[seed].text): no such channel; skipped") }
    }

    var item: WorkItem { .channel(self) }

    /// A lookup by id waits with the others and goes out 50 to a channels.list call.
    var lane: FrontierLane {
        guard let id, handle == nil else { return .paged(page: 0, costly: false) }
        return .lookups([FrontierLane.Lookup(seed: seed, id: id, linked: linked == true)])
    }

    func markQueued(in seen: inout SeenSets) {
        if let id, linked != true { _ = seen.queueChannel(id) }
    }

    func describe(seeds: [Seed]) -> String { "channel \(id ?? handle ?? "?")" }
}

/// channels.list for up to 50 channel ids at once, each with the seed it was queued for.
struct ChannelBatch: CrawlWork {
    static let tag = "channels"
    var seeds: [Int]
    var ids: [String]
    /// Channels links reached: resolved, never walked (absent when not).
    var linked: Bool?

    init(seeds: [Int], ids: [String], linked: Bool? = nil) {
        self.seeds = seeds
        self.ids = ids
        self.linked = linked
    }

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.channels(.ids(ids), part: plan.options.selection.channelParts)
    }

    var item: WorkItem { .channels(self) }

    /// Back in the frontier, its channels wait one by one again.
    var lane: FrontierLane {
        .lookups(zip(seeds, ids).map { FrontierLane.Lookup(seed: $0, id: $1, linked: linked == true) })
    }

    func markQueued(in seen: inout SeenSets) {
        guard linked != true else { return }
        for id in ids { _ = seen.queueChannel(id) }
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        if linked == true {
            plan.resolvedLinked(fetched.records, asked: ids, &out)
            return
        }
        let seedOf = Dictionary(zip(ids, seeds), uniquingKeysWith: { first, _ in first })
        var found: Set<String> = []
        for case .channel(var channel) in fetched.records {
            // The id as the batch holds it (a seed's own string, mostly): the uploads walk keeps
            // it until its last page, and a copy per channel was 80 bytes of a crawl's memory.
            var seed = seeds.first ?? 0
            if let known = seedOf.index(forKey: channel.channelId) { (channel.channelId, seed) = seedOf[known] }
            found.insert(channel.channelId)
            plan.resolved(channel, seed: seed, &out)
        }
        // A channel seed the API does not know is worth a warning; a channel a search named is not.
        for (id, seed) in zip(ids, seeds) where !found.contains(id) && plan.seeds[seed].kind == .channel {
            out.warn("\(plan.seeds[seed].text): no such channel; skipped")
        }
    }

    func reseeded(_ change: SeedChange) -> WorkItem? {
        let kept = zip(seeds, ids).compactMap { seed, id in change(seed).map { ($0, id) } }
        guard !kept.isEmpty else { return nil }
        return .channels(ChannelBatch(seeds: kept.map(\.0), ids: kept.map(\.1), linked: linked))
    }

    func describe(seeds: [Seed]) -> String { "channels.list of \(ids.count) channels" }
}

/// videos.list for up to 50 found videos: their full records.
struct HydrationBatch: CrawlWork {
    static let tag = "hydrate"
    var ids: [String]

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.videos(ids: ids, part: plan.options.selection.videoParts)
    }

    var item: WorkItem { .hydrate(self) }

    /// Its ids are among the pending videos.
    var isCheckpointed: Bool { false }

    /// A 400 leaves its videos found: a rerun asks again.
    var skipLeavesWork: Bool { true }

    /// Its ids go back to the front of the hydration queue, and nothing more is hydrated this run.
    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput) { plan.hydrationRefused(ids, &out) }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var found: Set<String> = []
        for case .video(let video) in fetched.records where plan.hydrated(video, &out) {
            found.insert(video.videoId)
        }
        // Ids that did not come back were deleted or made private since they were found.
        for id in ids where !found.contains(id) { plan.forget(id, &out) }
    }

    /// Its videos' seeds are in the pending list, which ``FrontierState/reseeded(_:)`` handles.
    func reseeded(_ change: SeedChange) -> WorkItem? { .hydrate(self) }

    func describe(seeds: [Seed]) -> String { "videos.list of \(ids.count) videos" }
}

/// channels.list for up to 50 channels the written videos name and the output has no record of
/// (``ChannelReferences``): their records are written, they are never walked. Not listed in a
/// checkpoint: the references keep its ids.
struct ReferencedChannels: CrawlWork {
    static let tag = "referencedChannels"
    var ids: [String]

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.channels(.ids(ids), part: plan.options.selection.channelParts)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        plan.resolvedReferences(fetched.records, asked: ids, &out)
    }

    func putBack(into plan: inout some CrawlVerbs, _ out: inout EventOutput) { plan.putBackReferences(ids) }

    var isCheckpointed: Bool { false }

    var item: WorkItem { .referencedChannels(self) }

    func reseeded(_ change: SeedChange) -> WorkItem? { item }

    func describe(seeds: [Seed]) -> String { "channels.list of \(ids.count) channels the videos name" }
}
