import StreamingJSON

/// The one place that lists the kinds of work: their case, and the line that reads each back
/// from a checkpoint. Everything else goes through ``CrawlWork``.
extension WorkItem {
    /// The kind's own value.
    var work: any CrawlWork {
        switch self {
        case .search(let work): work
        case .channel(let work): work
        case .channels(let work): work
        case .playlist(let work): work
        case .hydrate(let work): work
        case .commentThreads(let work): work
        case .replies(let work): work
        case .window(let work): work
        case .stats(let work): work
        case .channelCheck(let work): work
        case .sections(let work): work
        case .subscriptions(let work): work
        case .referencedChannels(let work): work
        case .chart(let work): work
        case .categories(let work): work
        case .playlists(let work): work
        case .playlistRecords(let work): work
        case .idFile(let work): work
        case .idBatch(let work): work
        case .chat(let work): work
        case .liveLookup(let work): work
        }
    }

    /// A channel id waiting in the frontier's lookup lane, as an item of its own (a checkpoint
    /// lists it so).
    static func lookup(_ lookup: FrontierLane.Lookup) -> WorkItem {
        .channel(ChannelLookup(seed: lookup.seed, id: lookup.id, linked: lookup.linked ? true : nil))
    }

    /// Lookups taken together: one channels.list call for up to 50 channels.
    static func lookups(_ batch: some Collection<FrontierLane.Lookup>) -> WorkItem {
        .channels(
            ChannelBatch(
                seeds: batch.map(\.seed), ids: batch.map(\.id), linked: batch.first?.linked == true ? true : nil))
    }

    /// Reads the kind tagged `tag` from `decoder`'s container; `nil` for an unknown tag.
    private static func decode(tag: String, from container: KeyedDecodingContainer<TagKey>) throws -> WorkItem? {
        let key = TagKey(tag)
        switch tag {
        case SearchPage.tag: return .search(try container.decode(SearchPage.self, forKey: key))
        case ChannelLookup.tag: return .channel(try container.decode(ChannelLookup.self, forKey: key))
        case ChannelBatch.tag: return .channels(try container.decode(ChannelBatch.self, forKey: key))
        case PlaylistPage.tag: return .playlist(try container.decode(PlaylistPage.self, forKey: key))
        case HydrationBatch.tag: return .hydrate(try container.decode(HydrationBatch.self, forKey: key))
        case CommentThreadsPage.tag:
            return .commentThreads(try container.decode(CommentThreadsPage.self, forKey: key))
        case ReplyPage.tag: return .replies(try container.decode(ReplyPage.self, forKey: key))
        case SearchWindow.tag: return .window(try container.decode(SearchWindow.self, forKey: key))
        case StatsBatch.tag: return .stats(try container.decode(StatsBatch.self, forKey: key))
        case ChannelCheck.tag: return .channelCheck(try container.decode(ChannelCheck.self, forKey: key))
        case SectionsPage.tag: return .sections(try container.decode(SectionsPage.self, forKey: key))
        case SubscriptionsPage.tag: return .subscriptions(try container.decode(SubscriptionsPage.self, forKey: key))
        case ReferencedChannels.tag:
            return .referencedChannels(try container.decode(ReferencedChannels.self, forKey: key))
        case ChartPage.tag: return .chart(try container.decode(ChartPage.self, forKey: key))
        case CategoryList.tag: return .categories(try container.decode(CategoryList.self, forKey: key))
        case PlaylistsPage.tag: return .playlists(try container.decode(PlaylistsPage.self, forKey: key))
        case PlaylistRecords.tag: return .playlistRecords(try container.decode(PlaylistRecords.self, forKey: key))
        case IdFileCursor.tag: return .idFile(try container.decode(IdFileCursor.self, forKey: key))
        case IdBatch.tag: return .idBatch(try container.decode(IdBatch.self, forKey: key))
        case ChatPoll.tag: return .chat(try container.decode(ChatPoll.self, forKey: key))
        case LiveLookup.tag: return .liveLookup(try container.decode(LiveLookup.self, forKey: key))
        default: return nil
        }
    }
}

/// `{"tag":{members}}`: the form Swift's synthesized `Codable` gives an enum case with labels,
/// which checkpoints of earlier versions hold.
extension WorkItem: Codable {
    struct TagKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        guard let tag = container.allKeys.first?.stringValue, container.allKeys.count == 1,
            let item = try Self.decode(tag: tag, from: container)
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "not a work item of a kind this version knows: \(container.allKeys.map(\.stringValue))"
                ))
        }
        self = item
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        try container.encode(work, forKey: TagKey(type(of: work).tag))
    }

    /// Page number for fairness, and whether it is costly discovery (search).
    var page: Int { work.page }

    /// The seed it belongs to, for work of one seed.
    var seed: Int? { (work as? any SeededWork)?.seed }
}
