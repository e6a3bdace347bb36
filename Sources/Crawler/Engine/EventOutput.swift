import Foundation
import StreamingJSON

/// What one event of the engine produces while it is handled, turned into its actions at the
/// end (``CrawlEngine/Action``). It lives for one event: nothing is buffered between events.
///
/// Work kinds fold their pages into the plan through the engine's verbs with one of these, so
/// records carry the event's time (`wallClock`) and warnings reach the log in order.
struct EventOutput {
    /// The time records of this event are stamped with (`fetchedAt`).
    let wallClock: Date
    private(set) var records: [DecodedRecord] = []
    private(set) var messages: [CrawlEngine.Action] = []
    private(set) var commentsDisabled: [String] = []

    init(wallClock: Date) { self.wallClock = wallClock }

    mutating func write(_ record: DecodedRecord) { records.append(record) }
    mutating func warn(_ message: String) { messages.append(.warn(message)) }
    mutating func log(_ message: String) { messages.append(.log(message)) }
    mutating func disabled(_ videoId: String) { commentsDisabled.append(videoId) }

    /// The actions, in order: messages, then the records, then the videos with comments disabled.
    var actions: [CrawlEngine.Action] {
        var actions = messages
        if !records.isEmpty { actions.append(.write(records)) }
        if !commentsDisabled.isEmpty { actions.append(.commentsDisabled(commentsDisabled)) }
        return actions
    }
}
