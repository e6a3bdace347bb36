import Synchronization

/// A `Clock` that moves only when a test advances it; sleepers wake when their deadline passes.
/// It also tells UTC wall time, starting at `epochSeconds`, for code that needs both.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0

        /// Removes and returns the sleepers whose deadline has come.
        mutating func takeDue() -> [Sleeper] {
            let due = sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
    }

    private let state = Mutex(State())
    public let epochSeconds: Int64

    /// Sleepers move time to their deadline at once: a whole crawl with backoffs and rate
    /// limits runs on virtual time, without waiting.
    public let advancesBySleeping: Bool

    public init(epochSeconds: Int64 = 1_800_000_000, advancesBySleeping: Bool = false) {
        self.epochSeconds = epochSeconds
        self.advancesBySleeping = advancesBySleeping
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// UTC seconds at the clock's current instant.
    public var utcSeconds: Int64 { epochSeconds + now.offset.components.seconds }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        if advancesBySleeping {
            try Task.checkCancellation()
            let woken = state.withLock { state -> [Sleeper] in
                if deadline > state.now { state.now = deadline }
                return state.takeDue()
            }
            for sleeper in woken { sleeper.continuation.resume() }
            await Task.yield()
            return
        }
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            return state.takeDue()
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Moves time forward to the UTC second `seconds`.
    public func advance(toUTC seconds: Int64) {
        advance(by: .seconds(seconds - utcSeconds))
    }
}
