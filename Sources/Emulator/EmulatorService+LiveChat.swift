import Foundation
import StreamingJSON
import YouTubeKit

/// One live chat of the corpus: a stream live now or upcoming at the emulator's start. Times are
/// Unix microseconds on the chat clock (see ``EmulatorConfiguration/speed``).
public struct LiveChatTruth: Sendable, Hashable {
    public var videoId: String
    public var liveChatId: String
    /// The stream's channel.
    public var channelId: String
    /// `public`, `membersOnly` (a key gets 403 forbidden) or `disabled` (403 liveChatDisabled;
    /// the video shows no `activeLiveChatId`).
    public var access: String
    public var opensAt: Int64
    public var startsAt: Int64
    public var endsAt: Int64
    /// The polling interval the chat asks for, in emulated milliseconds.
    public var intervalMillis: Int
}

/// One message of a live chat, as liveChatMessages.list serves it.
public struct LiveChatTruthMessage: Sendable, Hashable {
    public var messageId: String
    public var liveChatId: String
    public var videoId: String
    /// `snippet.type`, e.g. `textMessageEvent`.
    public var type: String
    /// As served: `2023-05-25T20:08:08.479833+00:00`.
    public var publishedAt: String
    public var publishedAtMicros: Int64
    /// `snippet.displayMessage`.
    public var text: String
    public var authorChannelId: String
    public var authorDisplayName: String
    public var isChatOwner: Bool
    public var isChatModerator: Bool
    public var isChatSponsor: Bool
    public var isVerified: Bool
    /// Super Chats' and Super Stickers' amount; `nil` for the other types.
    public var amountMicros: Int?
    public var currency: String?
    public var amountDisplayString: String?
    public var tier: Int?
}

/// The live chats' ground truth, and what clients did with them.
extension EmulatorService {
    /// Every chat of the corpus (of each day-0 video live now or upcoming when the emulator
    /// started), in corpus order.
    ///
    /// - Complexity: generates every day-0 video once.
    public func truthLiveChats() -> [LiveChatTruth] {
        let corpus = api.corpus
        return (0..<corpus.videoCount).compactMap { index in
            corpus.chatSchedule(of: corpus.video(index)).map { Self.truth($0, corpus: corpus) }
        }
    }

    /// Every message of chat `liveChatId` from its opening to its end, oldest first; empty for an
    /// unknown id.
    public func truthChatMessages(liveChatId: String) -> [LiveChatTruthMessage] {
        guard let schedule = api.corpus.chatSchedule(liveChatId: liveChatId) else { return [] }
        return api.corpus.liveChat(schedule).all().map { Self.truth($0, schedule) }
    }

    /// Polls of liveChatMessages.list that came sooner than the answer they continued asked
    /// (`pollingIntervalMillis` less 20%, in real time).
    public var earlyChatPolls: Int { api.chatPolls.early }

    /// Successful liveChatMessages.list calls, by live chat id.
    public var chatCalls: [String: Int] { api.chatPolls.calls }

    /// The chat clock now, in Unix microseconds.
    public var chatClock: Int64 { api.chatClock() }

    /// Writes `directory/chats.jsonl` (a line per chat, the fields of ``LiveChatTruth``) and
    /// `directory/chat.jsonl` (a line per message, the fields of ``LiveChatTruthMessage``), a
    /// chat at a time.
    public func dumpChatTruth(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let chats = truthLiveChats()
        try Self.writeLines(to: directory + "/chats.jsonl") { emit in
            for chat in chats { try emit(Self.line(chat)) }
        }
        try Self.writeLines(to: directory + "/chat.jsonl") { emit in
            for chat in chats {
                for message in truthChatMessages(liveChatId: chat.liveChatId) { try emit(Self.line(message)) }
            }
        }
    }

    private static func truth(_ schedule: LiveChatSchedule, corpus: Corpus) -> LiveChatTruth {
        LiveChatTruth(
            videoId: schedule.videoId, liveChatId: schedule.liveChatId, channelId: corpus.channels[schedule.channel].id,
            access: schedule.access.rawValue, opensAt: schedule.opensAt, startsAt: schedule.startsAt,
            endsAt: schedule.endsAt, intervalMillis: schedule.intervalMillis)
    }

    private static func truth(_ message: LiveChatMessage, _ schedule: LiveChatSchedule) -> LiveChatTruthMessage {
        LiveChatTruthMessage(
            messageId: message.id, liveChatId: schedule.liveChatId, videoId: schedule.videoId,
            type: message.kind.rawValue, publishedAt: ResourceRenderer.chatTime(message.publishedAt),
            publishedAtMicros: message.publishedAt, text: message.text, authorChannelId: message.author.channelId,
            authorDisplayName: message.author.displayName, isChatOwner: message.author.isChatOwner,
            isChatModerator: message.author.isChatModerator, isChatSponsor: message.author.isChatSponsor,
            isVerified: message.author.isVerified, amountMicros: message.amount?.micros,
            currency: message.amount?.currency, amountDisplayString: message.amount?.display,
            tier: message.amount?.tier)
    }

    private static func line(_ chat: LiveChatTruth) -> JSONValue {
        .object([
            ("videoId", .string(chat.videoId)), ("liveChatId", .string(chat.liveChatId)),
            ("channelId", .string(chat.channelId)), ("access", .string(chat.access)),
            ("opensAt", .number(String(chat.opensAt))), ("startsAt", .number(String(chat.startsAt))),
            ("endsAt", .number(String(chat.endsAt))), ("intervalMillis", .integer(chat.intervalMillis)),
        ])
    }

    private static func line(_ message: LiveChatTruthMessage) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("messageId", .string(message.messageId)), ("liveChatId", .string(message.liveChatId)),
            ("videoId", .string(message.videoId)), ("type", .string(message.type)),
            ("publishedAt", .string(message.publishedAt)),
            ("publishedAtMicros", .number(String(message.publishedAtMicros))), ("text", .string(message.text)),
            ("authorChannelId", .string(message.authorChannelId)),
            ("authorDisplayName", .string(message.authorDisplayName)), ("isChatOwner", .bool(message.isChatOwner)),
            ("isChatModerator", .bool(message.isChatModerator)), ("isChatSponsor", .bool(message.isChatSponsor)),
            ("isVerified", .bool(message.isVerified)),
            ("amountMicros", message.amountMicros.map { .integer($0) } ?? .null),
            ("currency", optional(message.currency)), ("amountDisplayString", optional(message.amountDisplayString)),
            ("tier", message.tier.map { .integer($0) } ?? .null),
        ])
    }

    /// Writes the lines `body` emits to `path`, through a buffer flushed every megabyte.
    private static func writeLines(to path: String, _ body: ((JSONValue) throws -> Void) throws -> Void) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        try body { value in
            buffer += value.render(pretty: false)
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
    }
}
