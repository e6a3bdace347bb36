import Foundation

/// A link from one channel to another: a channel it features on a shelf of its page
/// (channelSections.list, a `multiplechannels` section), or one it subscribes to
/// (subscriptions.list). Written once per (from, to, relation).
public struct ChannelLink: Sendable, Hashable {
    public enum Relation: String, Sendable, Hashable, CaseIterable, Codable {
        case featured
        case subscription
    }

    public var fromChannelId: String
    public var toChannelId: String
    public var relation: Relation
    /// The shelf's title (featured), else `nil`.
    public var sectionTitle: String?
    /// How far `from` is from the seeds (a seed channel is 0).
    public var depth: Int
    /// The seed, the list method that found it and the position in that list.
    public var source: LinkSource?
    public var fetchedAt: Date?

    public init(
        fromChannelId: String, toChannelId: String, relation: Relation, sectionTitle: String? = nil, depth: Int,
        source: LinkSource? = nil, fetchedAt: Date? = nil
    ) {
        self.fromChannelId = fromChannelId
        self.toChannelId = toChannelId
        self.relation = relation
        self.sectionTitle = sectionTitle
        self.depth = depth
        self.source = source
        self.fetchedAt = fetchedAt
    }
}

/// Where a link was found: the seed line, `channelSections.list` or `subscriptions.list`, and the
/// position in that list (the same three as a comment's).
public typealias LinkSource = CommentSource
