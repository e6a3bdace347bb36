import StreamingJSON
import YouTubeKit

/// videos.list's parts beyond snippet, statistics and player, member for member as the real
/// API orders them.
extension ResourceRenderer {
    /// The parts drawn from ``CorpusVideoDetails``.
    static let detailParts: Set<String> = [
        "contentDetails", "status", "topicDetails", "recordingDetails", "liveStreamingDetails", "localizations",
        "paidProductPlacementDetails",
    ]

    /// `contentDetails`: `caption` is the string "true"/"false"; `regionRestriction` only when
    /// there is one; `contentRating` `{}` when unrated.
    func contentDetails(_ video: CorpusVideo, _ details: CorpusVideoDetails) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("duration", .string(video.duration)), ("dimension", .string(details.dimension)),
            ("definition", .string(details.definition)), ("caption", .string(details.caption ? "true" : "false")),
            ("licensedContent", .bool(details.licensedContent)),
        ]
        if let allowed = details.regionAllowed {
            members.append(("regionRestriction", .object([("allowed", .array(allowed.map { .string($0) }))])))
        } else if let blocked = details.regionBlocked {
            members.append(("regionRestriction", .object([("blocked", .array(blocked.map { .string($0) }))])))
        }
        members.append(
            (
                "contentRating",
                .object(
                    details.contentRating.map { key, value in
                        switch value {
                        case .rating(let rating): (key, .string(rating))
                        case .reasons(let reasons): (key, .array(reasons.map { .string($0) }))
                        }
                    })
            ))
        members.append(("projection", .string(details.projection)))
        return .object(members)
    }

    func status(_ details: CorpusVideoDetails) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("uploadStatus", .string(details.uploadStatus)), ("privacyStatus", .string(details.privacyStatus)),
            ("license", .string(details.license)), ("embeddable", .bool(details.embeddable)),
            ("publicStatsViewable", .bool(details.publicStatsViewable)), ("madeForKids", .bool(details.madeForKids)),
        ]
        if let synthetic = details.containsSyntheticMedia {
            members.append(("containsSyntheticMedia", .bool(synthetic)))
        }
        return .object(members)
    }

    func topicDetails(_ details: CorpusVideoDetails) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let ids = details.topicIds { members.append(("topicIds", .array(ids.map { .string($0) }))) }
        if let ids = details.relevantTopicIds { members.append(("relevantTopicIds", .array(ids.map { .string($0) }))) }
        members.append(("topicCategories", .array(details.topicCategories.map { .string($0) })))
        return .object(members)
    }

    /// `recordingDetails`: `{}` for most videos; the altitude, when sent, is the integer 0 or a
    /// whole number.
    func recordingDetails(_ details: CorpusVideoDetails) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let place = details.locationDescription { members.append(("locationDescription", .string(place))) }
        if let location = details.location {
            var point: [(key: String, value: JSONValue)] = [
                ("latitude", .number(String(location.latitude))), ("longitude", .number(String(location.longitude))),
            ]
            if let altitude = location.altitude { point.append(("altitude", .integer(Int(altitude)))) }
            members.append(("location", .object(point)))
        }
        if let date = details.recordingDate { members.append(("recordingDate", Self.date(date))) }
        return .object(members)
    }

    func liveStreamingDetails(_ live: CorpusVideoDetails.Live) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let start = live.actualStartTime { members.append(("actualStartTime", Self.instant(start))) }
        if let end = live.actualEndTime { members.append(("actualEndTime", Self.date(end))) }
        members.append(("scheduledStartTime", Self.date(live.scheduledStartTime)))
        if let viewers = live.concurrentViewers { members.append(("concurrentViewers", .string(String(viewers)))) }
        if let chat = live.activeLiveChatId { members.append(("activeLiveChatId", .string(chat))) }
        return .object(members)
    }

    /// `2020-07-23T13:00:10.479000Z` when the instant has microseconds, else whole seconds.
    static func instant(_ instant: CorpusVideoDetails.Instant) -> JSONValue {
        guard let micros = instant.microseconds else { return date(instant.seconds) }
        let digits = String(micros)
        return .string(
            RFC3339.format(seconds: instant.seconds).dropLast() + "."
                + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "Z")
    }

    static func localizations(_ localizations: [CorpusVideoDetails.Localization]) -> JSONValue {
        .object(
            localizations.map {
                ($0.language, .object([("title", .string($0.title)), ("description", .string($0.description))]))
            })
    }
}
