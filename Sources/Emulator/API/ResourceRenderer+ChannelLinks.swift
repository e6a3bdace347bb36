import StreamingJSON
import YouTubeKit

/// channelSection and subscription resources, member for member as the real API sends them
/// (2024 on: lowercase section types, no `style` or `localized`; microseconds in a
/// subscription's `publishedAt`, thumbnails without sizes).
extension ResourceRenderer {
    /// The id suffixes real sections carry, by position: the same on every channel.
    static let sectionIdSuffixes = [
        "jNQXAC9IVRw", "LeAltgu_pbM", "nGzAI5pLbMY", "__WLXNpu6u8", "Zx4DA4xg9IM", "MykmTeTiooA", "iJLXf_7B368",
        "UgY69lf0UCE", "ebKlgRwnpFY", "aqsRo9JYx5M", "XgM4c0oGu94",
    ]

    /// The id of a channel's section at `position`: `UC….suffix`.
    static func sectionId(channelId: String, position: Int) -> String {
        if position < sectionIdSuffixes.count { return channelId + "." + sectionIdSuffixes[position] }
        var random = CorpusRandom(seed: 0x5EC7_1000 + UInt64(position))
        return channelId + "." + random.identifier(length: 11)
    }

    func channelSection(
        _ section: CorpusChannelLinks.Section, channelId: String, position: Int, parts: Set<String>
    ) -> JSONValue {
        let id = Self.sectionId(channelId: channelId, position: position)
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#channelSection")), ("etag", etag(id)), ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            var snippet: [(key: String, value: JSONValue)] = [
                ("type", .string(section.type.rawValue)), ("channelId", .string(channelId)),
            ]
            if let title = section.title { snippet.append(("title", .string(title))) }
            snippet.append(("position", .integer(position)))
            members.append(("snippet", .object(snippet)))
        }
        if parts.contains("contentDetails") {
            if !section.channels.isEmpty {
                members.append(
                    ("contentDetails", .object([("channels", .array(section.channels.map(JSONValue.string)))])))
            } else if !section.playlists.isEmpty {
                members.append(
                    ("contentDetails", .object([("playlists", .array(section.playlists.map(JSONValue.string)))])))
            }
        }
        return .object(members)
    }

    /// What a subscription shows of a channel: its id, title, description and thumbnails.
    struct ChannelFace {
        var id: String
        var title: String
        var description: String
    }

    func face(of target: CorpusChannelLinks.Target) -> ChannelFace {
        switch target {
        case .channel(let index):
            let channel = corpus.channels[index]
            return ChannelFace(id: channel.id, title: channel.title, description: channel.description)
        case .missing(let id, let title): return ChannelFace(id: id, title: title, description: "")
        }
    }

    /// `2023-10-19T17:40:54.681664Z`.
    static func microsecondDate(_ seconds: Int64, microseconds: Int) -> JSONValue {
        let fraction = String(microseconds)
        return .string(
            RFC3339.format(seconds: seconds).dropLast() + "." + String(repeating: "0", count: 6 - fraction.count)
                + fraction + "Z")
    }

    /// A subscription id: 43 characters, the first ten the subscriber's.
    func subscriptionId(subscriber: String, target: String) -> String {
        var prefix = CorpusRandom(seed: subscriber.hashValueStable ^ corpus.configuration.seed ^ 0x5AB5)
        var rest = CorpusRandom(seed: (subscriber + target).hashValueStable ^ corpus.configuration.seed)
        return prefix.identifier(length: 10) + rest.identifier(length: 33)
    }

    func subscription(
        _ subscription: CorpusChannelLinks.Subscription, subscriber: CorpusChannel, totalItemCount: Int,
        parts: Set<String>
    ) -> JSONValue {
        let face = face(of: subscription.target)
        let id = subscriptionId(subscriber: subscriber.id, target: face.id)
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#subscription")), ("etag", etag(id)), ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .object([
                        (
                            "publishedAt",
                            Self.microsecondDate(subscription.publishedAt, microseconds: subscription.microseconds)
                        ),
                        ("title", .string(face.title)), ("description", .string(face.description)),
                        (
                            "resourceId",
                            .object([("kind", .string("youtube#channel")), ("channelId", .string(face.id))])
                        ),
                        ("channelId", .string(subscriber.id)),
                        ("thumbnails", channelThumbnails(id: face.id, sized: false)),
                    ])
                ))
        }
        if parts.contains("contentDetails") {
            members.append(
                (
                    "contentDetails",
                    .object([
                        ("totalItemCount", .integer(totalItemCount)), ("newItemCount", .integer(0)),
                        ("activityType", .string("all")),
                    ])
                ))
        }
        if parts.contains("subscriberSnippet") {
            members.append(
                (
                    "subscriberSnippet",
                    .object([
                        ("title", .string(subscriber.title)), ("description", .string(subscriber.description)),
                        ("channelId", .string(subscriber.id)),
                        ("thumbnails", channelThumbnails(id: subscriber.id, sized: false)),
                    ])
                ))
        }
        return .object(members)
    }
}
