import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// What the actor does, in order.
    enum Action: Sendable {
        /// Send the request of the item started under `ticket` (once the units of the event's
        /// `keepBack` are kept back), then hand its result to ``finish(_:_:now:wallClock:)``.
        case fetch(ticket: Int, request: APIRequest)
        /// Keep this many units back from everything but videos.list (``keepBack``).
        case keepBack(Int)
        /// Append these records to the output, in order.
        case write([DecodedRecord])
        /// Tell the user: a warning (counted in the summary).
        case warn(String)
        /// Tell the user: what the run does (resuming, seeds changed).
        case log(String)
        /// Note these videos as having their comments disabled (the manifest lists them).
        case commentsDisabled([String])
        /// Make the output durable and save this state.
        case checkpoint(SavedState)
        /// The run ends with work left: make the output durable, close its open shards (what it
        /// wrote is readable now; the next run opens new ones) and save this state.
        case suspendOutput(SavedState)
        /// Close the output for good with this final state: everything is done.
        case finishOutput(SavedState)
    }

    /// What a checkpoint saves of the engine: its frontier as JSON and the units spent by method.
    struct SavedState: Sendable {
        var frontier: JSONPieces
        var unitsByMethod: [String: Int]
    }
}
