import Synchronization

/// Rendered responses by request, so a page asked for again (benchmarks, retries, many clients
/// walking the same channel) is not built again. The corpus is immutable, so an entry never goes
/// stale; the oldest entries leave first when the byte budget is exceeded.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: HTTPResponse] = [:]
        var order: [String] = []
        var head = 0
        var bytes = 0
    }

    private let budget: Int
    private let state = Mutex(State())

    init(budgetBytes: Int) { budget = budgetBytes }

    func response(for key: String) -> HTTPResponse? {
        state.withLock { $0.entries[key] }
    }

    func store(_ response: HTTPResponse, for key: String) {
        guard response.body.count <= budget / 8 else { return }
        state.withLock { state in
            guard state.entries[key] == nil else { return }
            state.entries[key] = response
            state.order.append(key)
            state.bytes += response.body.count
            while state.bytes > budget, state.head < state.order.count {
                let evicted = state.order[state.head]
                state.head += 1
                state.bytes -= state.entries.removeValue(forKey: evicted)?.body.count ?? 0
            }
            if state.head > 4096 {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }
}
