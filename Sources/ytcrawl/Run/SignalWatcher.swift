import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Turns SIGINT/SIGTERM/SIGHUP into a call (a graceful stop); a second signal exits at once with 130.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], onFirst: @escaping @Sendable () -> Void) {
        let fired = SignalCounter()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if fired.increment() == 1 { onFirst() } else { exit(130) }
            }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
    }
}

final class SignalCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one; returns the new count.
    func increment() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
}
