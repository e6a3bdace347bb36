import Synchronization

/// Rendered responses by request, so a page asked for again (benchmarks, retries, many clients
/// walking the same channel) is not built again. The corpus is immutable, so an entry never goes
/// stale — but one that shows a live stream, which stands as it does until the stream's next
/// start or end on the chat clock (`validUntil`); the oldest entries leave first when the byte
/// budget is exceeded.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: (response: HTTPResponse, validUntil: Int64)] = [:]
        var order: [String] = []
        var head = 0
        var bytes = 0
    }

    private let budget: Int
    private let state = Mutex(State())

    init(budgetBytes: Int) { budget = budgetBytes }

    /// The response kept for `key`, if still valid at `now` (the chat clock).
    func response(for key: String, now: Int64 = .min) -> HTTPResponse? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.validUntil > now else { return nil }
            return entry.response
        }
    }

    func store(_ response: HTTPResponse, for key: String, validUntil: Int64 = .max) {
        guard response.body.count <= budget / 8 else { return }
        state.withLock { state in
            if let old = state.entries[key] {
                // A live stream's page shown anew: the newer stands in for the older.
                guard old.validUntil < validUntil else { return }
                state.bytes -= old.response.body.count
                state.entries[key] = (response, validUntil)
                state.bytes += response.body.count
                return
            }
            state.entries[key] = (response, validUntil)
            state.order.append(key)
            state.bytes += response.body.count
            while state.bytes > budget, state.head < state.order.count {
                let evicted = state.order[state.head]
                state.head += 1
                state.bytes -= state.entries.removeValue(forKey: evicted)?.response.body.count ?? 0
            }
            if state.head > 4096 {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }
}
