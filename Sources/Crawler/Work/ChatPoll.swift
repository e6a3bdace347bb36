import Archive
import StreamingJSON
import YouTubeKit

/// liveChatMessages.list of one stream's chat, 5 units a call, again and again while the chat is
/// open: each answer's messages are written (each once), and the next call waits in the
/// frontier's timed lane for the interval the answer asked (``FrontierLane/timed(due:)``), never
/// less; `--chat-interval` may only lengthen it. The capture ends with the chat (`offlineAt`,
/// `liveChatEnded`), with `--chat-units` of the stream, or with the run.
///
/// A checkpoint keeps the page token (the position in the chat) and the calls so far; its due
/// time is not kept: a resumed capture waits one whole interval first, so that no call follows
/// the last one sooner than the API asked, whatever the restart took.
struct ChatPoll: SeededWork {
    static let tag = "chat"
    var seed: Int
    var videoId: String
    var liveChatId: String
    var pageToken: String?
    /// Calls answered for this stream, over every run (`--chat-units` counts them).
    var calls = 0
    /// The interval the last answer asked for (milliseconds).
    var interval: Int?
    /// When the call may go (milliseconds of this run's clock); `nil`: at once. Never kept.
    var due: Int64?

    var page: Int { 0 }
    var findsVideos: Bool { false }
    var lane: FrontierLane { .timed(due: due ?? 0) }
    var item: WorkItem { .chat(self) }

    /// Units a call costs.
    static let unitsPerCall = 5

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.liveChatMessages(liveChatId: liveChatId, pageToken: pageToken)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        plan.chatAnswered(self, fetched, &out)
    }

    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        let status: ChatCapture.Status =
            if reasons.contains(.liveChatEnded) {
                .ended
            } else if reasons.contains(.liveChatDisabled) {
                .disabled
            } else if reasons.contains(.forbidden) {
                .membersOnly
            } else {
                .notFound
            }
        plan.chatClosed(self, status: status, &out)
        return true
    }

    /// An expired token: the chat is asked again without one (its latest messages); what lies
    /// between the last message written and the first of those is recorded as a possible gap.
    func restartedPaging() -> WorkItem? {
        var again = self
        again.pageToken = nil
        again.due = nil
        return again.item
    }

    func describe(seeds: [Seed]) -> String { "the live chat of \(videoId)" }

    func markQueued(in seen: inout SeenSets) { _ = seen.queueChat(videoId) }

    private enum CodingKeys: String, CodingKey { case seed, videoId, liveChatId, pageToken, calls, interval }

    init(seed: Int, videoId: String, liveChatId: String) {
        self.seed = seed
        self.videoId = videoId
        self.liveChatId = liveChatId
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seed = try container.decode(Int.self, forKey: .seed)
        videoId = try container.decode(String.self, forKey: .videoId)
        liveChatId = try container.decode(String.self, forKey: .liveChatId)
        pageToken = try container.decodeIfPresent(String.self, forKey: .pageToken)
        calls = try container.decodeIfPresent(Int.self, forKey: .calls) ?? 0
        interval = try container.decodeIfPresent(Int.self, forKey: .interval)
        // Read back by a new run, whose clock starts at 0: one whole interval from its start.
        due = interval.map(Int64.init)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(videoId, forKey: .videoId)
        try container.encode(liveChatId, forKey: .liveChatId)
        try container.encodeIfPresent(pageToken, forKey: .pageToken)
        try container.encode(calls, forKey: .calls)
        try container.encodeIfPresent(interval, forKey: .interval)
    }
}
