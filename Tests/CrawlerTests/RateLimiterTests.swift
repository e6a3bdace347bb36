import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import Crawler

@Suite("RateLimiter actor on a hand-advanced clock")
struct RateLimiterTests {
    static let key = APIKey(value: "made-up-key", label: "YOUTUBE_API_KEY")

    static func waitForSleepers(_ clock: ManualClock, _ count: Int) async {
        for _ in 0..<10_000 where clock.sleeperCount < count { await Task.yield() }
    }

    @Test func waitsOnTheClockWhenTheBucketIsEmpty() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(requestsPerSecond: 10, burst: 1), keys: [Self.key], clock: clock,
            utcNow: { clock.utcSeconds })
        _ = try await limiter.acquire(.videos)
        let waiting = Task { try await limiter.acquire(.videos) }
        await Self.waitForSleepers(clock, 1)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(100))
        let permit = try await waiting.value
        #expect(permit.key == Self.key)
        #expect(await limiter.spentUnits == 2)
    }

    @Test func stopsWithATypedAnswerWhenEveryKeyIsSpent() async throws {
        let clock = ManualClock(epochSeconds: RFC3339.parseSeconds("2026-03-08T12:00:00Z")!)
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(dailyUnits: 1), keys: [Self.key], clock: clock,
            utcNow: { clock.utcSeconds })
        _ = try await limiter.acquire(.videos)
        await #expect(
            throws: LimiterStop.dailyQuotaSpent(.units, untilUTC: RFC3339.parseSeconds("2026-03-09T07:00:00Z")!)
        ) {
            try await limiter.acquire(.videos)
        }
    }

    @Test func waitForResetSleepsUntilPacificMidnight() async throws {
        let clock = ManualClock(epochSeconds: RFC3339.parseSeconds("2026-11-01T20:00:00Z")!)
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(dailyUnits: 1, waitForReset: true), keys: [Self.key], clock: clock,
            utcNow: { clock.utcSeconds })
        _ = try await limiter.acquire(.videos)
        let waiting = Task { try await limiter.acquire(.videos) }
        await Self.waitForSleepers(clock, 1)
        clock.advance(toUTC: RFC3339.parseSeconds("2026-11-02T07:59:59Z")!)
        await Task.yield()
        #expect(clock.sleeperCount >= 1, "still waiting before midnight")
        clock.advance(toUTC: RFC3339.parseSeconds("2026-11-02T08:00:00Z")!)
        _ = try await waiting.value
    }

    @Test func cancellationEndsAWait() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(
            configuration: RateLimiterConfiguration(maxInFlight: 1), keys: [Self.key], clock: clock,
            utcNow: { clock.utcSeconds })
        let held = try await limiter.acquire(.videos)
        let waiting = Task { try await limiter.acquire(.videos) }
        for _ in 0..<1000 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        await limiter.complete(held, .success)
        #expect(await limiter.inFlight == 0)
    }
}
