import Foundation

/// One message of a live chat as liveChatMessages.list sends it (record kind `chat`), with the
/// fields of a ytcrawl chat record (DESIGN.md "Records": `chat-NNNNN.jsonl.gz`). Every type the
/// API sends is kept, a type this library does not know included, with its type as sent.
public struct ChatMessage: Sendable, Hashable, Identifiable {
    /// The message's id (`LCC.…`), unique across chats.
    public var messageId: String
    public var liveChatId: String
    /// The stream whose chat it is (filled in by the capture: the API does not send it).
    public var videoId: String?
    /// `snippet.type` as sent: `textMessageEvent`, `superChatEvent`, `superStickerEvent`,
    /// `newSponsorEvent`, `memberMilestoneChatEvent`, `membershipGiftingEvent`,
    /// `giftMembershipReceivedEvent`, or any other.
    public var type: String?
    /// When it was sent, in microseconds since 1970 (the API gives microseconds).
    public var publishedAtMicros: Int64?
    /// `snippet.displayMessage`: what the chat shows (a super chat's comment, a membership's
    /// greeting); `nil` when the message has nothing to show.
    public var text: String?
    /// `authorDetails.channelId` (or `snippet.authorChannelId`); `hmac-sha256:<hex>` of it when
    /// pseudonymized.
    public var authorChannelId: String?
    /// `nil` when pseudonymized.
    public var authorDisplayName: String?
    public var isChatOwner: Bool?
    public var isChatModerator: Bool?
    public var isChatSponsor: Bool?
    public var isVerified: Bool?
    /// A super chat's or super sticker's amount in millionths of `currency`, as sent.
    public var amountMicros: Int64?
    /// ISO 4217 code of the amount.
    public var currency: String?
    /// The amount as the chat showed it (`$5.00`).
    public var amountDisplayString: String?
    /// The super chat's or sticker's tier (1 and up).
    public var tier: Int?
    /// Set on the first message written after the capture may have missed some (a restart
    /// whose page token had expired): the `publishedAt` of the chat's last message written
    /// before it (microseconds). Messages published strictly between the two may be missing.
    /// Kept in the record itself, so that the gap is as durable as the message after it.
    public var gapBeforeMicros: Int64?
    public var fetchedAt: Date?
    /// The seed and the request that read it.
    public var source: CommentSource?

    public var id: String { messageId }

    public init(messageId: String, liveChatId: String) {
        self.messageId = messageId
        self.liveChatId = liveChatId
    }
}
