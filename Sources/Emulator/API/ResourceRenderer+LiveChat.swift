import StreamingJSON
import YouTubeKit

/// liveChatMessage resources, field for field as the real bodies are (kind, etag, id, snippet,
/// authorDetails; the snippet's details object named for its type).
extension ResourceRenderer {
    /// `2023-05-25T20:08:08.479833+00:00`: a chat message's `publishedAt`, microseconds and offset.
    static func chatTime(_ micros: Int64) -> String {
        let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let fraction = String(micros - seconds * 1_000_000)
        return RFC3339.format(seconds: seconds).dropLast() + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction + "+00:00"
    }

    /// `offlineAt`: RFC 3339 with microseconds, `Z`.
    static func chatInstant(_ micros: Int64) -> String {
        String(chatTime(micros).dropLast(6)) + "Z"
    }

    /// One message with `parts` (`snippet`, `authorDetails`; kind, etag and id always).
    /// `imageSize`: the `profileImageSize` asked, when not the default 88.
    func chatMessage(
        _ message: LiveChatMessage, liveChatId: String, parts: Set<String>, imageSize: Int?
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#liveChatMessage")), ("etag", etag("lcm" + message.id)),
            ("id", .string(message.id)),
        ]
        if parts.contains("snippet") {
            var snippet: [(key: String, value: JSONValue)] = [
                ("type", .string(message.kind.rawValue)), ("liveChatId", .string(liveChatId)),
                ("authorChannelId", .string(message.author.channelId)),
                ("publishedAt", .string(Self.chatTime(message.publishedAt))), ("hasDisplayContent", .bool(true)),
                ("displayMessage", .string(message.text)),
            ]
            snippet.append(Self.chatDetails(message))
            members.append(("snippet", .object(snippet)))
        }
        if parts.contains("authorDetails") {
            let author = message.author
            let image =
                imageSize.map { author.profileImageUrl.replacing("=s88-", with: "=s\($0)-") }
                ?? author.profileImageUrl
            members.append(
                (
                    "authorDetails",
                    .object([
                        ("channelId", .string(author.channelId)),
                        ("channelUrl", .string("http://www.youtube.com/channel/" + author.channelId)),
                        ("displayName", .string(author.displayName)), ("profileImageUrl", .string(image)),
                        ("isVerified", .bool(author.isVerified)), ("isChatOwner", .bool(author.isChatOwner)),
                        ("isChatSponsor", .bool(author.isChatSponsor)),
                        ("isChatModerator", .bool(author.isChatModerator)),
                    ])
                ))
        }
        return .object(members)
    }

    /// The snippet's `<type>Details` member.
    static func chatDetails(_ message: LiveChatMessage) -> (key: String, value: JSONValue) {
        func amount(_ amount: LiveChatMessage.Amount?) -> [(key: String, value: JSONValue)] {
            guard let amount else { return [] }
            return [
                ("amountMicros", .string(String(amount.micros))), ("currency", .string(amount.currency)),
                ("amountDisplayString", .string(amount.display)),
            ]
        }
        let level = JSONValue.string(message.memberLevelName ?? "")
        switch message.kind {
        case .textMessageEvent:
            return ("textMessageDetails", .object([("messageText", .string(message.text))]))
        case .superChatEvent:
            return (
                "superChatDetails",
                .object(
                    amount(message.amount) + [
                        ("userComment", .string(message.userComment ?? "")),
                        ("tier", .integer(message.amount?.tier ?? 1)),
                    ])
            )
        case .superStickerEvent:
            return (
                "superStickerDetails",
                .object(
                    [
                        (
                            "superStickerMetadata",
                            .object([
                                ("stickerId", .string(message.sticker?.id ?? "")),
                                ("altText", .string(message.sticker?.altText ?? "")), ("language", .string("en")),
                            ])
                        )
                    ] + amount(message.amount) + [("tier", .integer(message.amount?.tier ?? 1))])
            )
        case .newSponsorEvent:
            return (
                "newSponsorDetails", .object([("memberLevelName", level), ("isUpgrade", .bool(message.isUpgrade))])
            )
        case .memberMilestoneChatEvent:
            return (
                "memberMilestoneChatDetails",
                .object([
                    ("memberLevelName", level), ("memberMonth", .integer(message.memberMonth ?? 1)),
                    ("userComment", .string(message.userComment ?? "")),
                ])
            )
        case .membershipGiftingEvent:
            return (
                "membershipGiftingDetails",
                .object([
                    ("giftMembershipsCount", .integer(message.giftCount ?? 1)), ("giftMembershipsLevelName", level),
                ])
            )
        case .giftMembershipReceivedEvent:
            return (
                "giftMembershipReceivedDetails",
                .object([
                    ("memberLevelName", level), ("gifterChannelId", .string(message.gifterChannelId ?? "")),
                    ("associatedMembershipGiftingMessageId", .string(message.giftingMessageId ?? "")),
                ])
            )
        case .pollEvent:
            return (
                "pollDetails",
                .object([
                    (
                        "metadata",
                        .object([
                            (
                                "options",
                                .array(
                                    message.pollOptions.map {
                                        .object([
                                            ("optionText", .string($0.text)), ("tally", .string(String($0.tally))),
                                        ])
                                    })
                            ),
                            ("questionText", .string(message.text)), ("status", .string("active")),
                        ])
                    )
                ])
            )
        }
    }
}
