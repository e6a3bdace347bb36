/// What a run knows of one live chat it captured or tried to (the manifest's `chats`): how the
/// capture stands, how many messages and calls it took, and the spans it may have missed.
public struct ChatCapture: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Polling: the chat is open and the capture goes on (or the run stopped while it was).
        case capturing
        /// The chat ended (`offlineAt`, `liveChatEnded`) and every message since the capture
        /// began, gaps aside, is written.
        case ended
        /// `--chat-units` of this stream are spent: the rest of the chat was not read.
        case unitsSpent
        /// The chat is disabled, or open to members only (an API key cannot read those).
        case disabled
        case membersOnly
        /// The stream has no chat id: never live, or its chat is off.
        case noChat
        /// The stream had ended (`actualEndTime`) when the run first looked it up: its chat can no
        /// longer be read.
        case over
        /// Scheduled to start later than `--live-wait` from the run's start.
        case notStarting
        /// The API does not know the chat or the video.
        case notFound
    }

    /// A span of time whose messages the capture may have missed: after a restart whose page
    /// token had expired, the API gave only the latest messages and none of them was already
    /// written. Messages published strictly between `from` and `to` (RFC 3339, microseconds) may
    /// be missing; none at or outside them. `to` is absent when the chat had ended by the restart:
    /// what came after `from` until its end may be missing.
    public struct Gap: Codable, Sendable, Hashable {
        public var from: String
        public var to: String?

        public init(from: String, to: String?) {
            self.from = from
            self.to = to
        }
    }

    public var videoId: String
    /// `nil` when the stream has no chat id.
    public var liveChatId: String?
    /// The seed line that asked for it.
    public var seed: String
    public var status: Status
    /// Messages written, and liveChatMessages.list calls answered, over every run.
    public var messages: Int
    public var calls: Int
    public var gaps: [Gap]

    public init(
        videoId: String, liveChatId: String?, seed: String, status: Status, messages: Int = 0, calls: Int = 0,
        gaps: [Gap] = []
    ) {
        self.videoId = videoId
        self.liveChatId = liveChatId
        self.seed = seed
        self.status = status
        self.messages = messages
        self.calls = calls
        self.gaps = gaps
    }
}
