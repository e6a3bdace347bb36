import StreamingJSON

/// Pages with every part an API key reads (schema 2's default parts): the videos and channels
/// pages with status, topics, recording, live, paid-placement and branding parts added, in the
/// variety real bodies show (a live stream in ten, a recording location in eight, a region
/// restriction in ten, microsecond start times).
extension DecodeCorpus {
    static func withAllVideoParts(_ page: Value, _ random: inout Random) -> Value {
        mapItems(page) { members, random in
            members = members.map { member in
                guard member.key == "contentDetails", case .object(var details) = member.value else { return member }
                if random.below(10) == 0 {
                    details.append(
                        ("regionRestriction", .object([("blocked", .array([.string("RU"), .string("BY")]))])))
                }
                if random.below(12) == 0 {
                    details = details.map {
                        $0.key == "contentRating" ? ($0.key, .object([("ytRating", .string("ytAgeRestricted"))])) : $0
                    }
                }
                return (member.key, .object(details))
            }
            var status: [(key: String, value: Value)] = [
                ("uploadStatus", .string("processed")), ("privacyStatus", .string("public")),
                ("license", .string(random.below(8) == 0 ? "creativeCommon" : "youtube")), ("embeddable", .bool(true)),
                ("publicStatsViewable", .bool(true)), ("madeForKids", .bool(random.below(9) == 0)),
            ]
            if random.below(3) == 0 { status.append(("containsSyntheticMedia", .bool(false))) }
            members.append(("status", .object(status)))
            members.append(
                (
                    "topicDetails",
                    .object([
                        ("topicIds", .array([.string("/m/04rlf"), .string("/m/0" + random.id(4))])),
                        ("relevantTopicIds", .array([.string("/m/02mscn"), .string("/m/04rlf"), .string("/m/064t9")])),
                        (
                            "topicCategories",
                            .array([
                                .string("https://en.wikipedia.org/wiki/Music"),
                                .string("https://en.wikipedia.org/wiki/Pop_music"),
                            ])
                        ),
                    ])
                ))
            if random.below(8) == 0 {
                members.append(
                    (
                        "recordingDetails",
                        .object([
                            ("recordingDate", .string(date(&random))),
                            (
                                "location",
                                .object([
                                    ("latitude", .number("40.7127753")), ("longitude", .number("-74.0059728")),
                                    ("altitude", .number("0")),
                                ])
                            ),
                        ])
                    ))
            } else {
                members.append(("recordingDetails", .object([])))
            }
            if random.below(10) == 0 {
                members.append(
                    (
                        "liveStreamingDetails",
                        .object([
                            ("actualStartTime", .string(date(&random).dropLast() + ".479000Z")),
                            ("actualEndTime", .string(date(&random))), ("scheduledStartTime", .string(date(&random))),
                        ])
                    ))
            }
            members.append(("paidProductPlacementDetails", .object([("hasPaidProductPlacement", .bool(false))])))
        }
    }

    static func withAllChannelParts(_ page: Value, _ random: inout Random) -> Value {
        mapItems(page) { members, random in
            let snippet = members.first { $0.key == "snippet" }?.value ?? .object([])
            var status: [(key: String, value: Value)] = [
                ("privacyStatus", .string("public")), ("isLinked", .bool(true)),
                ("longUploadsStatus", .string("longUploadsUnspecified")),
            ]
            if random.below(4) != 0 { status.append(("madeForKids", .bool(false))) }
            members.append(("status", .object(status)))
            let topic = channelTopics[random.below(channelTopics.count)]
            members.append(
                (
                    "topicDetails",
                    .object([
                        ("topicIds", .array(topic.ids.map { .string($0) })),
                        (
                            "topicCategories",
                            .array(topic.categories.map { .string("https://en.wikipedia.org/wiki/" + $0) })
                        ),
                    ])
                ))
            members.append(
                (
                    "brandingSettings",
                    .object([
                        (
                            "channel",
                            .object([
                                // The API repeats the snippet's title and description here.
                                ("title", snippet["title"] ?? .string("")),
                                ("description", snippet["description"] ?? .string("")),
                                ("keywords", .string("music \"live sessions\" " + text(&random, words: 4))),
                                ("unsubscribedTrailer", .string(random.id(11))), ("country", .string("US")),
                            ])
                        ),
                        (
                            "image",
                            .object([
                                ("bannerExternalUrl", .string("https://yt3.googleusercontent.com/" + random.id(60)))
                            ])
                        ),
                    ])
                ))
        }
    }

    /// Channels' topics as a page of real ones shows them: a few combinations, repeated.
    private static let channelTopics: [(ids: [String], categories: [String])] = [
        (["/m/04rlf"], ["Music"]), (["/m/02jjt"], ["Entertainment"]), (["/m/019_rr"], ["Lifestyle_(sociology)"]),
        (["/m/0bzvm2", "/m/025zzc"], ["Video_game_culture", "Action_game"]),
        (["/m/02wbm", "/m/019_rr"], ["Food", "Lifestyle_(sociology)"]), (["/m/07c1v"], ["Technology"]),
    ]

    private static func mapItems(
        _ page: Value, _ transform: (inout [(key: String, value: Value)], inout Random) -> Void
    ) -> Value {
        var random = Random(state: 0xA11_0A27)
        guard case .object(let root) = page else { return page }
        return .object(
            root.map { member in
                guard member.key == "items", case .array(let items) = member.value else { return member }
                return (
                    member.key,
                    .array(
                        items.map { item in
                            guard case .object(var members) = item else { return item }
                            transform(&members, &random)
                            return .object(members)
                        })
                )
            })
    }
}
