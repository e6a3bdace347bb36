import Foundation
import StreamingJSON

/// A link between two channels, as a channel-link crawl finds it: a channel featured on another's
/// shelf (a `multiplechannels` section), or a channel another subscribes to (publicly).
public struct TruthLink: Sendable, Hashable {
    public enum Relation: String, Sendable, Hashable {
        case featured
        case subscription
    }

    public var from: String
    /// May name no channel: channels.list returns no item for it.
    public var to: String
    public var relation: Relation
    /// The shelf's title, for `featured`.
    public var sectionTitle: String?

    public init(from: String, to: String, relation: Relation, sectionTitle: String? = nil) {
        self.from = from
        self.to = to
        self.relation = relation
        self.sectionTitle = sectionTitle
    }
}

/// The ground truth of the channel links.
extension EmulatorService {
    /// Whether channels.list returns an item for `channelId`.
    public func channelExists(_ channelId: String) -> Bool {
        api.corpus.channelIndex(id: Substring(channelId)) != nil
    }

    /// A channel's featured-channel shelves (its `multiplechannels` sections) in position order:
    /// each one's title and the channel ids it lists (a few name no channel). Empty for a channel
    /// without a shelf; `nil` for an unknown channel.
    public func featuredChannels(of channelId: String) -> [(sectionTitle: String, channelIds: [String])]? {
        guard let index = api.corpus.channelIndex(id: Substring(channelId)) else { return nil }
        return api.corpus.links(ofChannel: index).sections.filter { $0.type == .multipleChannels }.map {
            (sectionTitle: $0.title ?? "", channelIds: $0.channels)
        }
    }

    /// The channels a channel subscribes to, in the order subscriptions.list pages them (a few
    /// name no channel); `nil` when they are private (403 `subscriptionForbidden`) or the channel
    /// is unknown (404 `subscriberNotFound`).
    public func subscriptions(of channelId: String) -> [String]? {
        guard let index = api.corpus.channelIndex(id: Substring(channelId)) else { return nil }
        return api.corpus.links(ofChannel: index).subscriptions?.map { api.renderer.face(of: $0.target).id }
    }

    /// Whether subscriptions.list answers 403 `subscriptionForbidden` for `channelId`.
    public func subscriptionsArePrivate(_ channelId: String) -> Bool {
        guard let index = api.corpus.channelIndex(id: Substring(channelId)) else { return false }
        return api.corpus.links(ofChannel: index).subscriptions == nil
    }

    /// Every link of every channel, channel by channel: its featured channels shelf by shelf, then
    /// its public subscriptions.
    public func truthLinks() -> [TruthLink] {
        channelIds.flatMap { channelId in
            (featuredChannels(of: channelId) ?? []).flatMap { shelf in
                shelf.channelIds.map {
                    TruthLink(from: channelId, to: $0, relation: .featured, sectionTitle: shelf.sectionTitle)
                }
            }
                + (subscriptions(of: channelId) ?? []).map {
                    TruthLink(from: channelId, to: $0, relation: .subscription)
                }
        }
    }

    /// Writes ``truthLinks()`` as JSON lines to `DIRECTORY/links.jsonl`:
    /// `{"from":…,"to":…,"relation":"featured","sectionTitle":…}` or `…"relation":"subscription"}`.
    ///
    /// - Throws: when the file cannot be written.
    public func dumpLinks(to directory: String) throws {
        var bytes: [UInt8] = []
        for link in truthLinks() {
            var members: [(key: String, value: JSONValue)] = [
                ("from", .string(link.from)), ("to", .string(link.to)), ("relation", .string(link.relation.rawValue)),
            ]
            if let title = link.sectionTitle { members.append(("sectionTitle", .string(title))) }
            bytes += JSONValue.object(members).render(pretty: false)
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/links.jsonl"))
    }
}
