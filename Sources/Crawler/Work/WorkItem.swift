import YouTubeKit

/// One unit of work of a crawl, of any kind: what the frontier holds and a checkpoint keeps.
/// Each case carries its kind's own type; what a kind does is in that type (see ``CrawlWork``).
enum WorkItem: Sendable, Hashable {
    case search(SearchPage)
    case channel(ChannelLookup)
    case channels(ChannelBatch)
    case playlist(PlaylistPage)
    case hydrate(HydrationBatch)
    case commentThreads(CommentThreadsPage)
    /// Boxed: the largest of the others by 40 bytes, and a reply page waits in the frontier only
    /// while its thread is read.
    indirect case replies(ReplyPage)
    /// Boxed: the largest kind and a rare one; every item in the frontier is as large as the
    /// largest unboxed kind.
    indirect case window(SearchWindow)
    case stats(StatsBatch)
    case channelCheck(ChannelCheck)
    case sections(SectionsPage)
    case subscriptions(SubscriptionsPage)
    case referencedChannels(ReferencedChannels)
    case chart(ChartPage)
    case categories(CategoryList)
    /// Boxed: rare, and larger than most kinds.
    indirect case playlists(PlaylistsPage)
    case playlistRecords(PlaylistRecords)
    case idFile(IdFileCursor)
    /// Boxed: up to 50 ids.
    indirect case idBatch(IdBatch)
    /// The next poll of a live chat.
    indirect case chat(ChatPoll)
    /// A `live` seed's video, asked for its stream's state and chat.
    case liveLookup(LiveLookup)
}

/// How a found video was first found, kept until its hydration. A checkpoint keeps its method
/// by its quota name (`search.list`).
struct PendingVideo: Codable, Sendable, Hashable {
    var videoId: String
    var seed: Int
    var endpoint: APIMethod
    var rank: Int
    /// Its format label, when a `formats=yes` walk found it (absent in older checkpoints).
    var format: VideoFormat?
    /// The channel whose labelling walk it waits for: a result of a `walk=channels formats=yes`
    /// search is hydrated once its channel's Shorts, live and uploads lists are walked, with the
    /// label they give it (absent when it waits for nothing, and in older checkpoints).
    var heldFor: String?

    init(videoId: String, seed: Int, endpoint: APIMethod, rank: Int, format: VideoFormat? = nil, heldFor: String? = nil)
    {
        self.videoId = videoId
        self.seed = seed
        self.endpoint = endpoint
        self.rank = rank
        self.format = format
        self.heldFor = heldFor
    }

    private enum CodingKeys: String, CodingKey { case videoId, seed, endpoint, rank, format, heldFor }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        videoId = try container.decode(String.self, forKey: .videoId)
        seed = try container.decode(Int.self, forKey: .seed)
        endpoint = try container.decodeMethod(forKey: .endpoint)
        rank = try container.decode(Int.self, forKey: .rank)
        format = try container.decodeIfPresent(VideoFormat.self, forKey: .format)
        heldFor = try container.decodeIfPresent(String.self, forKey: .heldFor)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(videoId, forKey: .videoId)
        try container.encode(seed, forKey: .seed)
        try container.encode(endpoint.quotaName, forKey: .endpoint)
        try container.encode(rank, forKey: .rank)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encodeIfPresent(heldFor, forKey: .heldFor)
    }
}

extension KeyedDecodingContainer {
    /// An API method a checkpoint keeps by its quota name (`search.list`).
    func decodeMethod(forKey key: Key) throws -> APIMethod {
        let name = try decode(String.self, forKey: key)
        guard let method = APIMethod(quotaName: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(name)\" is not an API method's quota name")
        }
        return method
    }
}

/// What a checkpoint keeps of a crawl in progress: one schema, written and read through its
/// `Codable` form (``FrontierEncoding`` writes it without holding the items in an array).
/// Members are optional only where "not known" is a state of its own; everything else has its
/// empty value. Checkpoints of earlier versions are read by ``migrate(from:)``.
struct FrontierState: Sendable {
    /// The version this release writes (`schemaVersion`); checkpoints without one are version 1.
    static let schemaVersion = 2

    var items: [WorkItem]
    var pending: [PendingVideo]
    /// The seeds it was written for, as ``Seed/text``; `nil` when a version-1 checkpoint did not
    /// say (a rerun then compares the seeds' digest): a rerun with other seeds continues the kept
    /// ones (``SeedChange``).
    var seeds: [String]?
    /// Videos whose comments are queued or done.
    var commentVideos: [String] = []
    /// The channels whose uploads were walked, for `ytcrawl update`; `nil` when a version-1
    /// checkpoint did not list them (every channel the output holds then counts as walked).
    var channels: [WatchedChannel]?
    /// The run that wrote it: `crawl` or `update`, and when it began (Unix seconds; `nil` when a
    /// version-1 checkpoint did not say: the manifest's start stands for it): an update looks for
    /// what is newer.
    var run: RunKind = .crawl
    var startedAt: Int64?
    /// The crawl options it ran with (`nil` when a version-1 checkpoint did not say): an update
    /// runs with them unless told otherwise.
    var options: CrawlSelection?
    /// The channel-link crawl's state (`nil` when no seed follows links).
    var links: LinkLedger.Saved?
    /// Channels the written videos name without a record in the output, to ask and asked in
    /// vain (``ChannelReferences``).
    var referencedChannels: [String] = []
    var danglingChannels: [String] = []
}

/// What kind of run a checkpoint belongs to.
enum RunKind: String, Codable, Sendable, Hashable {
    case crawl
    case update
}
