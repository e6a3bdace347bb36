import YouTubeKit

/// Decodes a channelSections.list or subscriptions.list body (or Google's error body) into
/// ``ChannelLink`` records: the channels a `multiplechannels` shelf features, or the channels a
/// subscription page lists; and a videoCategories.list body into ``VideoCategory`` records.
///
/// These pages are small (a channel's sections; 50 subscriptions) and rare next to the video
/// pages, so the body is kept and read whole at ``finish(httpStatus:)``; the records carry the
/// link alone (`depth` 0, no source or time): the crawl fills those in.
///
/// Both forms the API has sent are read: section types in lowercase (`multiplechannels`, since
/// 2024) and in camelCase (`multipleChannels`, before), either `kind` spelling of subscriptions
/// (`youtube#SubscriptionListResponse` since 2023).
public struct LinkPageDecoder {
    public enum Page: Sendable {
        case channelSections
        case subscriptions
        /// A region's categories (the records' `regionCode` is left for the crawl to fill in).
        case videoCategories
        /// A playlists.list page: ``Playlist`` records (the crawl fills in source and time).
        case playlists
        /// A playlistItems.list page of a walked playlist: its entries as ``PlaylistMembership``
        /// records (run and time left for the crawl to fill in); the videos come from the
        /// record decoder fed the same bytes.
        case playlistItems
        /// A liveChatMessages.list page: ``ChatMessage`` records (video, source and time left for
        /// the crawl), and the answer's polling interval and `offlineAt` in the summary.
        case liveChatMessages
    }

    private let page: Page
    private var body: [UInt8] = []
    /// A links page larger than this is not one (the largest real ones are tens of KB).
    public static let maximumBodyBytes = 8 << 20

    public init(_ page: Page) { self.page = page }

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard body.count + chunk.count <= Self.maximumBodyBytes else {
            throw JSONError(
                .trailingData, offset: Self.maximumBodyBytes,
                expected: "a channelSections or subscriptions page of at most \(Self.maximumBodyBytes) bytes")
        }
        body.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
    }

    /// Ends the body: its links, in the order the page lists them, and what the page says besides.
    ///
    /// - Throws: ``JSONError`` for invalid JSON, ``PageShapeError`` when `items` is not an array.
    public mutating func finish(httpStatus: Int? = nil) throws -> (links: [ChannelLink], summary: PageSummary) {
        let (records, summary) = try finishRecords(httpStatus: httpStatus)
        return (
            records.compactMap { record in
                if case .link(let link) = record { return link }
                return nil
            }, summary
        )
    }

    /// Ends the body: its records (links or categories), in the order the page lists them, and
    /// what the page says besides.
    public mutating func finishRecords(httpStatus: Int? = nil) throws -> (
        records: [DecodedRecord], summary: PageSummary
    ) {
        let root = try JSONValue.parse(body)
        if root["error"] != nil {
            // Google's error body: read by the one reader of error bodies.
            return ([], try PageDecoder.decode(body, endpoint: .auto, httpStatus: httpStatus).summary)
        }
        var summary = PageSummary()
        if case .string(let token)? = root["nextPageToken"] { summary.nextPageToken = token }
        if case .number(let total)? = root["pageInfo"]?["totalResults"] { summary.totalResults = Int(total) }
        if page == .liveChatMessages { Self.chatSummary(of: root, into: &summary) }
        let items: [JSONValue]
        switch root["items"] {
        case .array(let values)?: items = values
        case nil, .null?: items = []
        default:
            throw PageShapeError(found: "another kind of value", inItems: false)
        }
        summary.itemCount = items.count
        var records: [DecodedRecord] = []
        for item in items {
            switch page {
            case .channelSections: records += Self.featured(in: item).map(DecodedRecord.link)
            case .subscriptions:
                if let link = Self.subscription(item) { records.append(.link(link)) }
            case .videoCategories:
                if let category = Self.category(item) { records.append(.category(category)) }
            case .playlists:
                if let playlist = Self.playlist(item) { records.append(.playlist(playlist)) }
            case .playlistItems:
                if let membership = Self.membership(item) { records.append(.membership(membership)) }
            case .liveChatMessages:
                if let message = Self.chatMessage(item) { records.append(.chat(message)) }
            }
        }
        return (records, summary)
    }

    /// A videoCategories item: its id, title, whether it is assignable and its channel.
    static func category(_ item: JSONValue) -> VideoCategory? {
        guard let id = item["id"].flatMap(\.stringValue), !id.isEmpty else { return nil }
        var assignable: Bool?
        if case .bool(let value)? = item["snippet"]?["assignable"] { assignable = value }
        return VideoCategory(
            categoryId: id, regionCode: "", title: item["snippet"]?["title"].flatMap(\.stringValue),
            assignable: assignable, channelId: item["snippet"]?["channelId"].flatMap(\.stringValue))
    }

    /// The channels a `multiplechannels` section features, with its title.
    static func featured(in section: JSONValue) -> [ChannelLink] {
        guard case .string(let type)? = section["snippet"]?["type"], type.lowercased() == "multiplechannels",
            case .array(let channels)? = section["contentDetails"]?["channels"]
        else { return [] }
        let owner = section["snippet"]?["channelId"].flatMap(\.stringValue) ?? ""
        let title = section["snippet"]?["title"].flatMap(\.stringValue)
        return channels.compactMap(\.stringValue).filter { !$0.isEmpty }.map {
            ChannelLink(fromChannelId: owner, toChannelId: $0, relation: .featured, sectionTitle: title, depth: 0)
        }
    }

    /// The channel a subscription is to (`snippet.resourceId.channelId`), from its subscriber
    /// (`snippet.channelId`).
    static func subscription(_ item: JSONValue) -> ChannelLink? {
        guard let snippet = item["snippet"],
            let target = snippet["resourceId"]?["channelId"].flatMap(\.stringValue), !target.isEmpty
        else { return nil }
        return ChannelLink(
            fromChannelId: snippet["channelId"].flatMap(\.stringValue) ?? "", toChannelId: target,
            relation: .subscription, depth: 0)
    }
}

extension JSONValue {
    /// The text of a string value; `nil` for any other.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
