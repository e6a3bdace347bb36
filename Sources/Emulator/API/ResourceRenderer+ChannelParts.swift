import StreamingJSON

/// channels.list's parts beyond snippet and contentDetails, member for member as the real API
/// orders them.
extension ResourceRenderer {
    /// The parts drawn from ``CorpusChannelDetails``.
    static let channelDetailParts: Set<String> = [
        "snippet", "topicDetails", "status", "brandingSettings", "localizations",
    ]

    /// `statistics`: counts as strings; a hidden subscriber count is left out, with
    /// `hiddenSubscriberCount` true; `videoCount` as it stands on the day served.
    func statistics(_ channel: CorpusChannel, videoCount: Int) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("viewCount", .string(String(channel.viewCount)))]
        if let subscribers = channel.subscriberCount {
            members.append(("subscriberCount", .string(String(subscribers))))
        }
        members += [
            ("hiddenSubscriberCount", .bool(channel.subscriberCount == nil)),
            ("videoCount", .string(String(videoCount))),
        ]
        return .object(members)
    }

    /// `status`: `madeForKids` left out for some channels, as for auto-generated ones.
    func status(_ details: CorpusChannelDetails) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("privacyStatus", .string(details.privacyStatus)), ("isLinked", .bool(details.isLinked)),
            ("longUploadsStatus", .string(details.longUploadsStatus)),
        ]
        if let kids = details.madeForKids { members.append(("madeForKids", .bool(kids))) }
        return .object(members)
    }

    /// `brandingSettings`: `channel` (title always; description, keywords, trailer and country
    /// when there are) and `image.bannerExternalUrl` when the channel has a banner.
    func brandingSettings(_ channel: CorpusChannel, _ details: CorpusChannelDetails) -> JSONValue {
        var settings: [(key: String, value: JSONValue)] = [("title", .string(channel.title))]
        if let description = details.brandingDescription { settings.append(("description", .string(description))) }
        if !details.keywords.isEmpty { settings.append(("keywords", .string(details.keywordsText))) }
        if let trailer = details.unsubscribedTrailer { settings.append(("unsubscribedTrailer", .string(trailer))) }
        if let language = details.defaultLanguage { settings.append(("defaultLanguage", .string(language))) }
        if let country = channel.country { settings.append(("country", .string(country))) }
        var members: [(key: String, value: JSONValue)] = [("channel", .object(settings))]
        if let banner = details.bannerExternalUrl {
            members.append(("image", .object([("bannerExternalUrl", .string(banner))])))
        }
        return .object(members)
    }
}
