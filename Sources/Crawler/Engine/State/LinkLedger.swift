import YouTubeKit

/// The channel-link crawl's state (`links=` seeds): every channel the links reached and how far
/// from the seeds, which channels' links were asked, the links written (each once), and the seed
/// channel records that wait for their subscriptions' first answer (``CrawlEngine/resolved(_:seed:_:)``).
///
/// A checkpoint keeps all of it but the held records and the links written: those are in the
/// output, and a held record lost to a kill is asked of channels.list again.
struct LinkLedger: Sendable {
    /// How far each channel is from the seeds' channels (0); the least depth any link gave it.
    private(set) var depths: [String: Int] = [:]
    /// Channels whose links were asked (queued or done): never asked twice.
    private(set) var expanded: Set<String> = []
    /// Links in the output: `from to relation` (``RecordKind/id(inLine:)`` of a links line).
    private(set) var written: Set<String> = []
    /// Whether the subscriptions of a channel not yet written are private (it is written with it).
    private(set) var privacy: [String: Bool] = [:]
    /// Records waiting for their subscriptions' first answer (a seed's channel, or a linked one
    /// resolved before it).
    private(set) var held: [String: Channel] = [:]
    /// Channels whose subscriptions were asked and have not answered yet: their records wait.
    private(set) var awaiting: Set<String> = []
    /// Links of `depth=0` seeds to channels not known as seed channels yet: written if their target
    /// turns out to be one (a handle seed resolved later, a channel a search finds later).
    private(set) var beyond: [String: [PendingLink]] = [:]
    /// Channels the links reached beyond the seeds' (what `--max-link-channels` caps).
    private(set) var reached = 0
    /// Channels whose subscriptions are private (`subscriptionForbidden`).
    private(set) var privateCount = 0
    /// Links not followed because `--max-link-channels` was reached.
    private(set) var capped = 0
    /// Linked channels channels.list did not return (deleted or closed since they were linked).
    private(set) var gone = 0

    /// A link kept until its target's depth is known, with what its record needs.
    struct PendingLink: Codable, Sendable, Hashable {
        var from: String
        var to: String
        var relation: ChannelLink.Relation
        var sectionTitle: String?
        var seed: Int
        var endpoint: APIMethod
        var rank: Int

        init(
            from: String, to: String, relation: ChannelLink.Relation, sectionTitle: String?, seed: Int,
            endpoint: APIMethod, rank: Int
        ) {
            (self.from, self.to, self.relation, self.sectionTitle) = (from, to, relation, sectionTitle)
            (self.seed, self.endpoint, self.rank) = (seed, endpoint, rank)
        }

        private enum CodingKeys: String, CodingKey { case from, to, relation, sectionTitle, seed, endpoint, rank }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            from = try container.decode(String.self, forKey: .from)
            to = try container.decode(String.self, forKey: .to)
            relation = try container.decode(ChannelLink.Relation.self, forKey: .relation)
            sectionTitle = try container.decodeIfPresent(String.self, forKey: .sectionTitle)
            seed = try container.decode(Int.self, forKey: .seed)
            endpoint = try container.decodeMethod(forKey: .endpoint)
            rank = try container.decode(Int.self, forKey: .rank)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(relation, forKey: .relation)
            try container.encodeIfPresent(sectionTitle, forKey: .sectionTitle)
            try container.encode(seed, forKey: .seed)
            try container.encode(endpoint.quotaName, forKey: .endpoint)
            try container.encode(rank, forKey: .rank)
        }
    }

    /// What a checkpoint keeps.
    struct Saved: Codable, Sendable, Hashable {
        var depths: [String: Int]
        var expanded: [String]
        var privacy: [String: Bool]?
        var beyond: [PendingLink]?
        var reached: Int?
        var privateCount: Int?
        var capped: Int?
        var gone: Int?
        var awaiting: [String]?
    }

    init() {}

    /// Continues from a checkpoint's ledger, with the links the output holds.
    init(_ saved: Saved?, written: Set<String>) {
        self.written = written
        guard let saved else { return }
        depths = saved.depths
        expanded = Set(saved.expanded)
        privacy = saved.privacy ?? [:]
        for link in saved.beyond ?? [] { beyond[link.to, default: []].append(link) }
        reached = saved.reached ?? depths.values.filter { $0 > 0 }.count
        privateCount = saved.privateCount ?? 0
        capped = saved.capped ?? 0
        gone = saved.gone ?? 0
        awaiting = Set(saved.awaiting ?? [])
    }

    var saved: Saved? {
        guard !depths.isEmpty || !beyond.isEmpty else { return nil }
        return Saved(
            depths: depths, expanded: expanded.sorted(), privacy: privacy.isEmpty ? nil : privacy,
            beyond: beyond.isEmpty ? nil : beyond.keys.sorted().flatMap { beyond[$0] ?? [] }, reached: reached,
            privateCount: privateCount, capped: capped, gone: gone,
            awaiting: awaiting.isEmpty ? nil : awaiting.sorted())
    }

    /// The channel is `depth` from the seeds: returns whether that is new or nearer than known.
    mutating func reach(_ id: String, depth: Int) -> Bool {
        if let known = depths[id], known <= depth { return false }
        if depths[id] == nil, depth > 0 { reached += 1 }
        depths[id] = depth
        return true
    }

    /// Marks a channel's links as asked: whether they were not yet.
    mutating func expand(_ id: String) -> Bool { expanded.insert(id).inserted }

    /// Whether the link `key` is new (and now written).
    mutating func write(_ key: String) -> Bool { written.insert(key).inserted }

    mutating func hold(_ channel: Channel) { held[channel.channelId] = channel }

    /// Its subscriptions are asked: its record waits for their answer.
    mutating func awaitSubscriptions(_ id: String) { awaiting.insert(id) }

    /// Its subscriptions answered.
    mutating func subscriptionsAnswered(_ id: String) { awaiting.remove(id) }

    /// The held record of `id`, no longer held.
    mutating func release(_ id: String) -> Channel? { held.removeValue(forKey: id) }

    /// Every held record, no longer held (nothing is left that could answer for them).
    mutating func releaseAll() -> [Channel] {
        defer { held = [:] }
        return held.keys.sorted().compactMap { held[$0] }
    }

    mutating func notePrivacy(_ id: String, isPrivate: Bool?) {
        if isPrivate == true { privateCount += 1 }
        if let isPrivate { privacy[id] = isPrivate }
    }

    /// What is known of a channel's subscriptions for its record, forgotten once it is written.
    mutating func takePrivacy(_ id: String) -> Bool? { privacy.removeValue(forKey: id) }

    mutating func keepBeyond(_ link: PendingLink) { beyond[link.to, default: []].append(link) }

    /// The links kept for `id`, no longer kept.
    mutating func takeBeyond(_ id: String) -> [PendingLink] { beyond.removeValue(forKey: id) ?? [] }

    mutating func noteCapped() { capped += 1 }

    mutating func noteGone() { gone += 1 }
}
