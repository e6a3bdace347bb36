import Synchronization

/// What clients did with liveChatMessages.list: successful calls per chat, and polls that came
/// sooner than the answer they continue asked (its `pollingIntervalMillis`, less 20% slack, in
/// real time), so tests can check a client never polls too fast.
final class LiveChatPolls: Sendable {
    private struct Issued {
        var realMicros: Int64
        var intervalMicros: Int64
    }

    private struct State {
        var issued: [String: Issued] = [:]
        var early = 0
        var calls: [String: Int] = [:]
    }

    /// Tokens remembered at most; past it, those issued over ten real minutes ago are forgotten.
    static let rememberedTokens = 50_000
    private let state = Mutex(State())

    /// Records that `token` was handed out at real microsecond `realMicros`, asking the client to
    /// wait `intervalMicros` before using it.
    func issue(_ token: String, realMicros: Int64, intervalMicros: Int64) {
        state.withLock { state in
            if state.issued.count >= Self.rememberedTokens {
                state.issued = state.issued.filter { realMicros - $0.value.realMicros < 600_000_000 }
            }
            state.issued[token] = Issued(realMicros: realMicros, intervalMicros: intervalMicros)
        }
    }

    /// Records a poll with `token` at real microsecond `realMicros`: early when sooner than 80%
    /// of the interval its answer asked.
    func arrived(_ token: String, realMicros: Int64) {
        state.withLock { state in
            guard let issued = state.issued[token] else { return }
            if realMicros - issued.realMicros < issued.intervalMicros * 8 / 10 { state.early += 1 }
        }
    }

    /// Counts a successful call of chat `liveChatId`.
    func answered(_ liveChatId: String) {
        state.withLock { $0.calls[liveChatId, default: 0] += 1 }
    }

    var early: Int { state.withLock { $0.early } }
    var calls: [String: Int] { state.withLock { $0.calls } }
}
