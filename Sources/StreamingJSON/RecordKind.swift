/// What a record is: the one list of kinds that decoded records, shard names, the record schema,
/// the manifest's counts and the metrics all use. Its raw value is the name on disk and on the
/// wire — the shard prefix (`videos-00000.jsonl.gz`), the manifest key, the schema's name, the
/// `--kind` value and the metric label — so a case's name never changes. A new kind of record
/// (e.g. `links`) is a new case here, with its ``schema``.
public enum RecordKind: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case videos
    case channels
    case comments
    /// A statistics snapshot's lines (`snapshots/<time>/stats-NNNNN.jsonl.gz`, by `ytcrawl refresh`).
    case stats
    /// Channel links (`links=` seeds): featured channels and subscriptions.
    case links
    /// Every item of every search.list page a crawl receives, with its run, request and rank.
    case results
    /// The video categories of the regions the chart seeds name (id, title, assignable, region).
    case categories
    /// Playlists (`playlists=yes|walk` on channel seeds, `playlist` seeds, `hydrate --kind playlists`).
    case playlists
    /// The entries of each playlist walked, once per run: playlist, video, position, added.
    case memberships
    /// Ids asked for that did not come back (`hydrate`, `video` seeds), once per run.
    case missing
    /// The messages of live chats, each once (`live` seeds, `live=yes` on search and channel seeds).
    case chat

    /// What a crawl's output holds (a snapshot holds ``stats``).
    public static let crawlKinds: [RecordKind] = [
        .videos, .channels, .comments, .links, .results, .categories, .playlists, .memberships, .missing, .chat,
    ]

    /// The kind's schema.
    public var schema: RecordSchema {
        switch self {
        case .videos: .videos
        case .channels: .channels
        case .comments: .comments
        case .stats: .stats
        case .links: .links
        case .results: .results
        case .categories: .categories
        case .playlists: .playlists
        case .memberships: .memberships
        case .missing: .missing
        case .chat: .chat
        }
    }

    public var description: String { rawValue }
}

extension DecodedRecord {
    /// The kind of the record.
    public var kind: RecordKind {
        switch self {
        case .video: .videos
        case .channel: .channels
        case .comment: .comments
        case .stats: .stats
        case .link: .links
        case .result: .results
        case .category: .categories
        case .playlist: .playlists
        case .membership: .memberships
        case .missing: .missing
        case .chat: .chat
        }
    }
}
