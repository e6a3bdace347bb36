import Archive
import Foundation
import StreamingJSON

@testable import Crawler

/// Driving the engine in tests: only events go in, only actions and `private(set)` state come
/// out, and every invariant is checked after every event.
extension CrawlEngine {
    /// Starts what may start; the items started, read from the tickets in flight.
    mutating func startChecked() -> [(ticket: Int, item: WorkItem)] {
        let actions = startWork()
        checkInvariants()
        return actions.compactMap { action in
            guard case .fetch(let ticket, _) = action, let item = tickets.items[ticket] else { return nil }
            return (ticket, item)
        }
    }

    mutating func finishChecked(_ ticket: Int, _ result: FetchResult, now: Duration, wallClock: Date) -> [Action] {
        let actions = finish(ticket, result, now: now, wallClock: wallClock)
        checkInvariants()
        return actions
    }

    mutating func beginChecked(from point: ResumePoint?) throws -> [Action] {
        let actions = try begin(from: point, wallClock: CrawlEngineTests.epoch)
        checkInvariants()
        return actions
    }

    /// The frontier a checkpoint would save, as bytes.
    var savedFrontier: [UInt8] { (try? savedState.frontier.bytes()) ?? [] }
}

extension CrawlEngine.Action {
    /// The warning it carries, if it is one.
    var warning: String? {
        if case .warn(let text) = self { return text }
        return nil
    }

    var isCheckpoint: Bool {
        if case .checkpoint = self { return true }
        return false
    }

    /// The records it writes, if it writes.
    var records: [DecodedRecord] {
        if case .write(let records) = self { return records }
        return []
    }
}
