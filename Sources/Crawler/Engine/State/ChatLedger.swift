import Archive
import YouTubeKit

/// The live chats of a crawl: the messages written (each once, across runs and restarts), the
/// latest written per chat (where a gap after an expired page token begins), the capture of
/// each stream asked for (its status, counts and gaps, for the manifest), and the mentions of a
/// pseudonymized capture.
struct ChatLedger: Sendable {
    /// Message ids written.
    private var written: Set<String> = []
    /// Per chat, the latest `publishedAt` written (microseconds).
    private(set) var latest: [String: Int64] = [:]
    /// The captures in the order they were asked for, and where each is by video id.
    private(set) var captures: [ChatCapture] = []
    private var index: [String: Int] = [:]
    /// Per chat, the messages the output held when the run began and the gaps their records
    /// mark: a capture the manifest does not list yet (a run killed before its first checkpoint)
    /// starts from them.
    private var counts: [String: Int] = [:]
    private var recordedGaps: [String: [ChatCapture.Gap]] = [:]
    /// The chat of each video the output holds messages of.
    private(set) var chatOfVideo: [String: String] = [:]
    private(set) var mentions = MentionScrubber()

    init() {}

    /// What an output holds: the messages written, per chat their latest time and count (the
    /// shards are the truth: a killed run wrote more than its last checkpoint counted), and the
    /// captures its manifest lists.
    init(
        written: Set<String>, latest: [String: Int64], counts: [String: Int], gaps: [String: [ChatCapture.Gap]],
        chatOfVideo: [String: String] = [:], captures: [ChatCapture]
    ) {
        self.chatOfVideo = chatOfVideo
        self.written = written
        self.latest = latest
        self.captures = captures
        self.counts = counts
        recordedGaps = gaps
        for (position, capture) in captures.enumerated() {
            index[capture.videoId] = position
            guard let chat = capture.liveChatId else { continue }
            self.captures[position].messages = counts[chat] ?? 0
            // The records' gaps, and those without an end (the chat was over: no message after).
            self.captures[position].gaps = (gaps[chat] ?? []) + capture.gaps.filter { $0.to == nil }
        }
    }

    /// Whether no capture was asked for (the manifest then lists no chats).
    var isEmpty: Bool { captures.isEmpty }

    /// The capture of `videoId`, if one was asked for.
    func capture(of videoId: String) -> ChatCapture? { index[videoId].map { captures[$0] } }

    /// Starts (or updates) the capture of `videoId`: a new one is appended, a known one takes the
    /// new status and chat id.
    mutating func note(_ videoId: String, chat: String?, seed: String, status: ChatCapture.Status) {
        if let position = index[videoId] {
            captures[position].status = status
            if let chat { captures[position].liveChatId = chat }
        } else {
            index[videoId] = captures.count
            captures.append(
                ChatCapture(
                    videoId: videoId, liveChatId: chat, seed: seed, status: status,
                    messages: chat.flatMap { counts[$0] } ?? 0, gaps: chat.flatMap { recordedGaps[$0] } ?? []))
        }
    }

    /// Whether `messageId` is new (and now written); the chat's latest time follows it.
    mutating func insert(_ message: ChatMessage) -> Bool {
        guard written.insert(message.messageId).inserted else { return false }
        if let published = message.publishedAtMicros {
            latest[message.liveChatId] = max(latest[message.liveChatId] ?? .min, published)
        }
        if let videoId = message.videoId, let position = index[videoId] { captures[position].messages += 1 }
        return true
    }

    /// A liveChatMessages.list call answered for `videoId`'s chat.
    mutating func called(_ videoId: String) {
        if let position = index[videoId] { captures[position].calls += 1 }
    }

    /// A span whose messages `videoId`'s capture may have missed (`to` `nil`: until the chat's end).
    mutating func gap(_ videoId: String, from: Int64, to: Int64?) {
        guard let position = index[videoId] else { return }
        captures[position].gaps.append(
            ChatCapture.Gap(from: RFC3339.format(microseconds: from), to: to.map { RFC3339.format(microseconds: $0) }))
    }

    mutating func scrub(_ message: inout ChatMessage, pseudonymizer: AuthorPseudonymizer) {
        mentions.scrub(&message, pseudonymizer: pseudonymizer)
    }
}
