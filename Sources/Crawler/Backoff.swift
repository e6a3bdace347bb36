/// Capped exponential backoff with full jitter: attempt n waits a random time in
/// `[0, min(cap, base · 2ⁿ)]`, so retrying clients spread out instead of arriving together.
public struct Backoff: Sendable, Hashable {
    public var base: Duration
    public var cap: Duration
    /// Attempts after the first; `nil` retries forever.
    public var maxRetries: Int?

    public init(base: Duration = .milliseconds(250), cap: Duration = .seconds(32), maxRetries: Int? = 8) {
        self.base = base
        self.cap = cap
        self.maxRetries = maxRetries
    }

    /// The longest wait before retry `attempt` (0-based): `min(cap, base · 2^attempt)`.
    public func ceiling(forAttempt attempt: Int) -> Duration {
        let factor = attempt >= 62 ? Int64.max : Int64(1) << attempt
        let (nanos, overflow) = base.nanoseconds.multipliedReportingOverflow(by: factor)
        return overflow ? cap : min(cap, .nanoseconds(nanos))
    }

    /// The wait before retry `attempt`, or `nil` when the retries are used up.
    public func delay(forAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration? {
        if let maxRetries, attempt >= maxRetries { return nil }
        let ceiling = ceiling(forAttempt: attempt).nanoseconds
        return .nanoseconds(ceiling > 0 ? Int64.random(in: 0...ceiling, using: &generator) : 0)
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
