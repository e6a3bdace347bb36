import Foundation
import Synchronization

/// One thread that runs closures in the order given; `run` awaits a closure's result without
/// blocking the caller's thread. For work that blocks (disk waits, `fsync`).
final class WorkerThread: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(name: String) {
        // The thread holds the worker until ``stop()`` lets it end.
        let thread = Thread { [self] in
            while true {
                wake.wait()
                let job = state.withLock { state -> (@Sendable () -> Void)? in
                    state.jobs.isEmpty ? nil : state.jobs.removeFirst()
                }
                guard let job else {
                    if state.withLock({ $0.stopped }) { return }
                    continue
                }
                job()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Queues `body`; it runs after everything queued before it.
    func submit(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(body) }
        wake.signal()
    }

    /// Runs `body` on the thread and returns what it returns.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.jobs.append { continuation.resume(with: Result { try body() }) } }
            wake.signal()
        }
    }

    /// Ends the thread once the jobs given so far are done.
    func stop() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }
}
