import StreamingJSON

extension FrontierState: Codable {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, items, pending, seeds, commentVideos, channels, run, startedAt, options, links
        case referencedChannels, danglingChannels
    }

    /// A checkpoint of version 1 (no `schemaVersion`): every member after `pending` optional,
    /// absent when empty, and absent altogether in checkpoints older than the member.
    struct Version1: Decodable {
        var items: [WorkItem]
        var pending: [PendingVideo]
        var seeds: [String]?
        var commentVideos: [String]?
        var channels: [WatchedChannel]?
        var run: RunKind?
        var startedAt: Int64?
        var options: CrawlSelection?
        var links: LinkLedger.Saved?
        var referencedChannels: [String]?
        var danglingChannels: [String]?
    }

    /// The state a version-1 checkpoint holds, in this version's form.
    static func migrate(from old: Version1) -> FrontierState {
        FrontierState(
            items: old.items, pending: old.pending, seeds: old.seeds, commentVideos: old.commentVideos ?? [],
            channels: old.channels, run: old.run ?? .crawl, startedAt: old.startedAt, options: old.options,
            links: old.links, referencedChannels: old.referencedChannels ?? [],
            danglingChannels: old.danglingChannels ?? [])
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        switch version {
        case 1:
            self = Self.migrate(from: try Version1(from: decoder))
        case Self.schemaVersion:
            items = try container.decode([WorkItem].self, forKey: .items)
            pending = try container.decode([PendingVideo].self, forKey: .pending)
            seeds = try container.decodeIfPresent([String].self, forKey: .seeds)
            commentVideos = try container.decode([String].self, forKey: .commentVideos)
            channels = try container.decode([WatchedChannel].self, forKey: .channels)
            run = try container.decode(RunKind.self, forKey: .run)
            startedAt = try container.decodeIfPresent(Int64.self, forKey: .startedAt)
            options = try container.decodeIfPresent(CrawlSelection.self, forKey: .options)
            links = try container.decodeIfPresent(LinkLedger.Saved.self, forKey: .links)
            referencedChannels = try container.decode([String].self, forKey: .referencedChannels)
            danglingChannels = try container.decode([String].self, forKey: .danglingChannels)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container,
                debugDescription:
                    "a checkpoint of schema version \(version), written by a newer ytcrawl; this one reads versions 1 to \(Self.schemaVersion)"
            )
        }
    }

    func encode(to encoder: any Encoder) throws {
        try FrontierEncoding(
            items: { visit in items.forEach(visit) }, pending: pending, seeds: seeds, commentVideos: commentVideos,
            channels: channels, run: run, startedAt: startedAt, options: options, links: links,
            referencedChannels: referencedChannels, danglingChannels: danglingChannels
        ).encode(to: encoder)
    }
}

/// ``FrontierState``'s `Codable` form, with its items visited where the engine keeps them rather
/// than gathered into an array: a checkpoint of a million-video crawl holds tens of thousands of
/// items, written once a second. `JSONStreamEncoder` writes it without a tree.
struct FrontierEncoding<Seeds: Sequence<String>>: Encodable {
    var items: ((WorkItem) -> Void) -> Void
    var pending: [PendingVideo]
    var seeds: Seeds?
    var commentVideos: [String]
    var channels: [WatchedChannel]?
    var run: RunKind
    var startedAt: Int64?
    var options: CrawlSelection?
    var links: LinkLedger.Saved?
    var referencedChannels: [String]
    var danglingChannels: [String]

    func encode(to encoder: any Encoder) throws {
        typealias Keys = FrontierState.CodingKeys
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(FrontierState.schemaVersion, forKey: .schemaVersion)
        var itemList = container.nestedUnkeyedContainer(forKey: .items)
        var failure: (any Error)?
        items { item in
            guard failure == nil else { return }
            do { try itemList.encode(item) } catch { failure = error }
        }
        if let failure { throw failure }
        try container.encode(pending, forKey: .pending)
        if let seeds {
            var list = container.nestedUnkeyedContainer(forKey: .seeds)
            for seed in seeds { try list.encode(seed) }
        }
        try container.encode(commentVideos, forKey: .commentVideos)
        try container.encode(channels ?? [], forKey: .channels)
        try container.encode(run, forKey: .run)
        try container.encodeIfPresent(startedAt, forKey: .startedAt)
        try container.encodeIfPresent(options, forKey: .options)
        try container.encodeIfPresent(links, forKey: .links)
        try container.encode(referencedChannels, forKey: .referencedChannels)
        try container.encode(danglingChannels, forKey: .danglingChannels)
    }
}
