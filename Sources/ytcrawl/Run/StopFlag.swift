import Foundation
import Synchronization

/// A stop asked by a signal: it cancels the run going, or ends the sleep between two.
final class StopFlag: Sendable {
    private let state = Mutex<(stopped: Bool, action: @Sendable () -> Void)>((false, {}))

    var isSet: Bool { state.withLock { $0.stopped } }

    func set() {
        let action = state.withLock { state in
            state.stopped = true
            return state.action
        }
        action()
    }

    /// What a stop does from now on (at once when it was asked already).
    func onSet(_ action: @escaping @Sendable () -> Void) {
        let stopped = state.withLock { state in
            state.action = action
            return state.stopped
        }
        if stopped { action() }
    }

    /// Sleeps until the UTC second `until`, or a stop; `false` when stopped.
    func sleep(untilUTC until: Int64) async -> Bool {
        while !isSet, Int64(Date().timeIntervalSince1970) < until {
            try? await Task.sleep(for: .milliseconds(200))
        }
        return !isSet
    }
}
