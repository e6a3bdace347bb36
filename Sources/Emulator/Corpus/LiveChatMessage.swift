/// One message of a corpus live chat, as liveChatMessages.list and the chat truth show it.
struct LiveChatMessage: Sendable, Hashable {
    /// `snippet.type`: the real API's event types, and `pollEvent`, one a crawler may not know.
    enum Kind: String, Sendable, Hashable {
        case textMessageEvent
        case superChatEvent
        case superStickerEvent
        case newSponsorEvent
        case memberMilestoneChatEvent
        case membershipGiftingEvent
        case giftMembershipReceivedEvent
        case pollEvent
    }

    /// A Super Chat's or Super Sticker's amount.
    struct Amount: Sendable, Hashable {
        var micros: Int
        var currency: String
        /// As YouTube shows it: `$5.00`, `¥500`, `₩1,000`.
        var display: String
        /// 1 to 7, rising with the amount.
        var tier: Int
    }

    /// The message's place in its chat: its minute (from the chat's opening) in the high bits, its
    /// rank within the minute in the low 20. Orders the chat's messages as their times do.
    var key: UInt64
    var id: String
    /// Unix microseconds, strictly increasing within a chat.
    var publishedAt: Int64
    var kind: Kind
    var author: LiveChatAuthor
    /// `displayMessage`.
    var text: String
    var amount: Amount?
    /// A Super Sticker's `stickerId` and `altText`.
    var sticker: (id: String, altText: String)?
    var memberLevelName: String?
    var isUpgrade = false
    var memberMonth: Int?
    var userComment: String?
    var giftCount: Int?
    var gifterChannelId: String?
    var giftingMessageId: String?
    /// A poll's options and their tallies (its question is `text`).
    var pollOptions: [(text: String, tally: Int)] = []

    static func == (lhs: LiveChatMessage, rhs: LiveChatMessage) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The key of the message at `rank` in `minute`.
    static func key(minute: Int, rank: Int) -> UInt64 { UInt64(minute) << 20 | UInt64(rank) }

    /// The minute a key names.
    static func minute(of key: UInt64) -> Int { Int(key >> 20) }
}

/// A chat author as `authorDetails` shows them.
struct LiveChatAuthor: Sendable, Hashable {
    var channelId: String
    var displayName: String
    /// At 88 pixels (`=s88-`); `profileImageSize` asks another size.
    var profileImageUrl: String
    var isVerified: Bool
    var isChatOwner: Bool
    var isChatSponsor: Bool
    var isChatModerator: Bool
}
