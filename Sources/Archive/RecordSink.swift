import StreamingJSON

/// Where a crawl's records go: appended in order, made durable with the crawl's checkpoint,
/// closed at the end, and read back when a crawl resumes. ``ArchiveSink`` writes gzip shards;
/// tests use their own.
public protocol RecordSink: Sendable {
    /// What an earlier run left to continue from; `nil` for an output that holds nothing yet.
    func resumePoint() async throws -> ResumePoint?
    /// Appends records (videos and channels, in the order given).
    func append(_ records: [DecodedRecord]) async throws
    /// Makes every record so far durable, then saves the crawl's pending work.
    func checkpoint(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws
    /// The run ends with work left: as ``checkpoint(frontierJSON:unitsByMethod:)``, with the open
    /// shards closed so that readers of the output see every record written (the next run opens
    /// new ones).
    func suspend(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws
    /// Closes the output for good: the crawl is complete. `frontierJSON` is its final state (no
    /// pending work, but what a rerun with other seeds compares them with).
    func finish(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws
    /// The run is over (finished or not): let the next one in.
    func close() async
    /// The run this one is in the output's runs history: its number (from 1) and what names it
    /// apart from other outputs' runs; `nil` for a sink without a history (a test's).
    func currentRun() async -> (number: Int, key: String)?
    /// Videos whose comments are disabled: the manifest lists them from the next checkpoint on.
    func noteCommentsDisabled(_ videoIds: [String]) async throws
    /// Where the run stands (each seed's outcome, its request times): the manifest and the data
    /// package tell it from the next checkpoint on.
    func note(_ progress: RunProgress) async throws
}

extension RecordSink {
    public func suspend(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        try await checkpoint(frontierJSON: frontierJSON, unitsByMethod: unitsByMethod)
    }
    public func close() async {}
    public func currentRun() async -> (number: Int, key: String)? { nil }
    public func noteCommentsDisabled(_ videoIds: [String]) async throws {}
    public func note(_ progress: RunProgress) async throws {}
}

/// What a resumed crawl restores: its pending work and what the output already holds.
public struct ResumePoint: Sendable {
    /// The seeds file's digest the checkpoint was written for.
    public var seedsDigest: String?
    /// The crawl's pending work, as the JSON it saved; `nil` when the output has records but no
    /// checkpoint (a run killed before its first one).
    public var frontier: [UInt8]?
    /// Units spent on the output so far, by method (the manifest's).
    public var unitsByMethod: [String: Int] = [:]
    /// Every video and channel already written (the output is the truth, not the checkpoint).
    public var videoIds: Set<String>
    public var channelIds: Set<String>
    /// Every comment already written.
    public var commentIds: Set<String> = []
    /// Every channel id the videos written name (their `channelId`).
    public var videoChannelIds: Set<String> = []
    /// Every link already written (`from to relation`).
    public var linkKeys: Set<String> = []
    /// Every `results` line already written (their `resultId`s).
    public var resultIds: Set<String> = []
    /// Every category already written (`categoryId regionCode`).
    public var categoryKeys: Set<String> = []
    /// Every playlist already written.
    public var playlistIds: Set<String> = []
    /// Every `memberships` line already written (their `membershipId`s).
    public var membershipIds: Set<String> = []
    /// Every `missing` line already written (their `missingId`s).
    public var missingIds: Set<String> = []
    /// Every chat message already written (their `messageId`s), and per chat the latest
    /// `publishedAt` written (microseconds).
    public var chatIds: Set<String> = []
    public var chatLatest: [String: Int64] = [:]
    /// Per chat, the messages written, and the gaps their `gapBefore` columns mark.
    public var chatCounts: [String: Int] = [:]
    public var chatGaps: [String: [ChatCapture.Gap]] = [:]
    /// The chat each video's messages are of.
    public var chatOfVideo: [String: String] = [:]
    /// The chats the manifest lists (``ChatCapture``).
    public var chats: [ChatCapture] = []
    /// Every video a statistics snapshot already holds.
    public var statsIds: Set<String> = []
    public var videoRecords: Int
    public var channelRecords: Int
    /// The crawl had ended complete: nothing is pending.
    public var finished: Bool
    /// When the output's first run began (Unix seconds; the manifest's `startedAt`).
    public var startedAt: Int64?

    public init(
        seedsDigest: String?, frontier: [UInt8]?, videoIds: Set<String>, channelIds: Set<String>,
        videoRecords: Int, channelRecords: Int, finished: Bool
    ) {
        self.finished = finished
        self.seedsDigest = seedsDigest
        self.frontier = frontier
        self.videoIds = videoIds
        self.channelIds = channelIds
        self.videoRecords = videoRecords
        self.channelRecords = channelRecords
    }

    /// No frontier and no record of any kind: a run begins as in a new directory (carrying the
    /// units only, such as those a run killed before its first checkpoint spent).
    public var holdsNothing: Bool {
        frontier == nil && videoIds.isEmpty && channelIds.isEmpty && commentIds.isEmpty && statsIds.isEmpty
            && linkKeys.isEmpty && resultIds.isEmpty
    }

    /// An output that holds nothing.
    public static let empty = ResumePoint(
        seedsDigest: nil, frontier: nil, videoIds: [], channelIds: [], videoRecords: 0, channelRecords: 0,
        finished: false)
}
