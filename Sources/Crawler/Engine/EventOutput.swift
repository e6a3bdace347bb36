import Foundation
import StreamingJSON

/// What one event of the engine produces while it is handled: the records to write, what to tell
/// the user, the work to queue, what to report and count. The engine folds it into its own parts
/// and turns it into actions at the end of the event (``CrawlEngine/Action``); it lives for one
/// event, so nothing is buffered between events.
///
/// Work kinds fold their pages into the plan with one of these: records carry the event's time
/// (`wallClock`), warnings reach the log in order, and the frontier, the findings and the
/// counters stay the engine's, changed only when it takes the output back.
struct EventOutput {
    /// What a kind of work counts (the summary's and the update's figures).
    enum Tally: Sendable, Hashable, CaseIterable {
        /// Pages of `UUSH…`/`UULV…` lists read, and those lists' 404s: the units format labels cost.
        case formatPages
        /// Windows of `split=time` searches finished.
        case searchWindows
        /// An update's channels checked for new uploads, and those walked again.
        case channelsChecked, channelsWalked
        /// An update's searches, playlists and followed videos looked at again.
        case searchesUpdated, playlistsUpdated, commentVideosUpdated
    }

    /// The time records of this event are stamped with (`fetchedAt`).
    let wallClock: Date
    /// The crawl's clock in milliseconds (monotonic, from the crawl's start): when timed work
    /// queued by this event is due counts from it.
    var now: Int64 = 0
    private(set) var records: [DecodedRecord] = []
    private(set) var messages: [CrawlEngine.Action] = []
    private(set) var commentsDisabled: [String] = []
    /// Work to queue, in order.
    private(set) var enqueued: [WorkItem] = []
    /// Warnings, caps and gaps to report (merged into the run's).
    private(set) var findings = Findings()
    private(set) var tallies: [Tally: Int] = [:]
    /// Channels an update found new uploads of.
    private(set) var newUploads: Set<String> = []
    /// videos.list was refused: nothing more is hydrated this run.
    private(set) var stopsHydration = false

    init(wallClock: Date) { self.wallClock = wallClock }

    mutating func write(_ record: DecodedRecord) { records.append(record) }
    /// Tells the user, and counts it among the run's warnings.
    mutating func warn(_ message: String) {
        messages.append(.warn(message))
        findings.warn(message)
    }
    mutating func log(_ message: String) { messages.append(.log(message)) }
    mutating func disabled(_ videoId: String) { commentsDisabled.append(videoId) }
    mutating func enqueue(_ item: WorkItem) { enqueued.append(item) }
    /// `seed` stopped short of its end: by `cap` (`maxPages`, `search limit`).
    mutating func cap(_ seed: Int, by cap: String) { findings.cap(seed, cap) }
    /// A thread's replies stopped at `--max-reply-pages` (its seed is capped).
    mutating func capThread(_ seed: Int) { findings.capThread(seed) }
    /// A channel's uploads playlist listed fewer videos than its `videoCount`.
    mutating func gap(_ text: String) { findings.gap(text) }
    mutating func count(_ tally: Tally, by amount: Int = 1) { tallies[tally, default: 0] += amount }
    mutating func newUpload(of channelId: String) { newUploads.insert(channelId) }
    mutating func stopHydration() { stopsHydration = true }

    /// The actions, in order: messages, then the records, then the videos with comments disabled.
    var actions: [CrawlEngine.Action] {
        var actions = messages
        if !records.isEmpty { actions.append(.write(records)) }
        if !commentsDisabled.isEmpty { actions.append(.commentsDisabled(commentsDisabled)) }
        return actions
    }
}
