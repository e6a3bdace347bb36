import Testing

@testable import Crawler

@Suite("Capped exponential backoff with jitter")
struct BackoffTests {
    @Test func ceilingDoublesThenCaps() {
        let backoff = Backoff(base: .milliseconds(100), cap: .seconds(1), maxRetries: nil)
        #expect(backoff.ceiling(forAttempt: 0) == .milliseconds(100))
        #expect(backoff.ceiling(forAttempt: 1) == .milliseconds(200))
        #expect(backoff.ceiling(forAttempt: 3) == .milliseconds(800))
        #expect(backoff.ceiling(forAttempt: 4) == .seconds(1))
        #expect(backoff.ceiling(forAttempt: 200) == .seconds(1))
    }

    @Test func delaysStayWithinTheCeilingAndSpreadOut() {
        let backoff = Backoff(base: .milliseconds(100), cap: .seconds(2), maxRetries: 5)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<5 {
            let delays = (0..<200).compactMap { _ in backoff.delay(forAttempt: attempt, using: &generator) }
            #expect(delays.count == 200)
            #expect(delays.allSatisfy { $0 >= .zero && $0 <= backoff.ceiling(forAttempt: attempt) })
            #expect(Set(delays).count > 100, "jitter spreads retries")
        }
        #expect(backoff.delay(forAttempt: 5, using: &generator) == nil)
    }
}
