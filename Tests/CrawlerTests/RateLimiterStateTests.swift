import Testing
import YouTubeKit

@testable import Crawler

@Suite("Rate limiter logic (no clock, no sleeping)")
struct RateLimiterStateTests {
    static let keys = [
        APIKey(value: "made-up-key-one", label: "key 1 of keys.txt"),
        APIKey(value: "made-up-key-two", label: "key 2 of keys.txt"),
    ]
    static let noon = RFC3339.parseSeconds("2026-06-15T19:00:00Z")!

    static func state(
        _ configure: (inout RateLimiterConfiguration) -> Void = { _ in }, keys: [APIKey] = [keys[0]], utc: Int64 = noon
    )
        -> RateLimiterState
    {
        var configuration = RateLimiterConfiguration(requestsPerSecond: 50, burst: 10, maxInFlight: 1000)
        configure(&configuration)
        return RateLimiterState(configuration: configuration, keys: keys, utc: utc)
    }

    static func granted(_ decision: RateLimiterState.Decision) -> Permit? {
        if case .granted(let permit) = decision { return permit }
        return nil
    }

    @Test func burstThenSteadyRate() {
        var state = Self.state()
        for _ in 0..<10 { #expect(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil) }
        #expect(state.acquire(.videos, now: .zero, utc: Self.noon) == .wait(.milliseconds(20)))
        #expect(state.acquire(.videos, now: .milliseconds(10), utc: Self.noon) == .wait(.milliseconds(10)))
        #expect(Self.granted(state.acquire(.videos, now: .milliseconds(20), utc: Self.noon)) != nil)
        // Over one second at 50 rps: 50 more grants, not more.
        var granted = 0
        var now = Duration.milliseconds(20)
        while now < .milliseconds(1020) {
            if Self.granted(state.acquire(.videos, now: now, utc: Self.noon)) != nil { granted += 1 }
            now += .milliseconds(1)
        }
        #expect((49...51).contains(granted))
    }

    @Test func runBudgetIsAStopNotAWait() {
        var state = Self.state { $0.runBudgetUnits = 3 }
        for _ in 0..<3 { #expect(Self.granted(state.acquire(.playlistItems, now: .zero, utc: Self.noon)) != nil) }
        #expect(
            state.acquire(.playlistItems, now: .seconds(5), utc: Self.noon)
                == .stop(.runBudgetSpent(.units, remaining: 0)))
        #expect(state.spentUnits == 3)
    }

    /// Units kept back for hydration are named when they are why the budget stops a request:
    /// `--budget 1` with one unit kept said "1 left, not enough" for a request of one unit.
    @Test func aStopByTheUnitsKeptBackSaysSo() {
        var state = Self.state { $0.runBudgetUnits = 1 }
        state.reservedUnits = 1
        let stop = state.acquire(.playlistItems, now: .zero, utc: Self.noon)
        #expect(stop == .stop(.runBudgetSpent(.units, remaining: 1, reserved: 1)))
        #expect(
            LimiterStop.runBudgetSpent(.units, remaining: 1, reserved: 1).description
                == "the run's --budget is spent (1 left, 1 of them kept for the videos.list calls of what was found, not enough for the next request)"
        )
        #expect(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil, "videos.list may use them")
    }

    @Test func searchBucketInTheBucketsModel() {
        var state = Self.state { $0.dailySearches = 2 }
        #expect(
            Self.granted(state.acquire(.search, now: .zero, utc: Self.noon))?.charge
                == QuotaCharge(bucket: .searches, cost: 1))
        #expect(Self.granted(state.acquire(.search, now: .zero, utc: Self.noon)) != nil)
        let midnight = RFC3339.parseSeconds("2026-06-16T07:00:00Z")!
        #expect(
            state.acquire(.search, now: .zero, utc: Self.noon) == .stop(.dailyQuotaSpent(.searches, untilUTC: midnight))
        )
        #expect(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil, "units are a separate bucket")
        #expect(state.remaining(.searches, utc: Self.noon) == 0)
        #expect(state.remaining(.units, utc: Self.noon) == 9_999)
    }

    @Test func searchCostsAHundredUnitsInTheClassicModel() {
        var state = Self.state {
            $0.quotaModel = .classic
            $0.dailyUnits = 250
        }
        #expect(
            Self.granted(state.acquire(.search, now: .zero, utc: Self.noon))?.charge
                == QuotaCharge(bucket: .units, cost: 100))
        #expect(Self.granted(state.acquire(.search, now: .zero, utc: Self.noon)) != nil)
        if case .stop(.dailyQuotaSpent(.units, _)) = state.acquire(.search, now: .zero, utc: Self.noon) {
        } else {
            Issue.record("a third search must not fit in 250 units")
        }
        for _ in 0..<8 { #expect(Self.granted(state.acquire(.videos, now: .seconds(1), utc: Self.noon)) != nil) }
        #expect(state.remaining(.units, utc: Self.noon) == 42)
    }

    @Test(
        "daily quota resets at 00:00 Pacific",
        arguments: [
            ("2026-06-15T19:00:00Z", "2026-06-16T07:00:00Z"),  // ordinary summer day
            ("2026-01-15T19:00:00Z", "2026-01-16T08:00:00Z"),  // ordinary winter day
            ("2026-03-08T19:00:00Z", "2026-03-09T07:00:00Z"),  // 23-hour day
            ("2026-11-01T19:00:00Z", "2026-11-02T08:00:00Z"),  // 25-hour day
            ("2026-11-01T07:30:00Z", "2026-11-02T08:00:00Z"),  // just after the 25-hour day began
        ])
    func resetAtPacificMidnight(_ now: String, _ midnight: String) {
        let utc = RFC3339.parseSeconds(now)!
        let reset = RFC3339.parseSeconds(midnight)!
        var state = Self.state({ $0.dailyUnits = 1 }, utc: utc)
        #expect(Self.granted(state.acquire(.videos, now: .zero, utc: utc)) != nil)
        #expect(state.acquire(.videos, now: .seconds(1), utc: utc) == .stop(.dailyQuotaSpent(.units, untilUTC: reset)))
        #expect(
            state.acquire(.videos, now: .seconds(2), utc: reset - 1) == .stop(.dailyQuotaSpent(.units, untilUTC: reset))
        )
        #expect(Self.granted(state.acquire(.videos, now: .seconds(3), utc: reset)) != nil)
    }

    @Test func keysRotateAndAKeyAnsweredQuotaExceededIsParked() throws {
        var state = Self.state({ $0.dailyUnits = 5 }, keys: Self.keys)
        let first = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        let second = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(first.key != second.key, "the key with most left goes next")
        state.complete(first, .quotaExceeded, utc: Self.noon)
        for _ in 0..<4 {
            #expect(Self.granted(state.acquire(.videos, now: .seconds(1), utc: Self.noon))?.key == second.key)
        }
        let midnight = RFC3339.parseSeconds("2026-06-16T07:00:00Z")!
        #expect(
            state.acquire(.videos, now: .seconds(1), utc: Self.noon)
                == .stop(.dailyQuotaSpent(.units, untilUTC: midnight)))
        #expect(state.notices.count == 1)
        #expect(state.notices[0].contains(first.key.label) && !state.notices[0].contains(first.key.value))
        #expect(Self.granted(state.acquire(.videos, now: .seconds(2), utc: midnight))?.key == first.key)
    }

    /// In the buckets model the day's search calls are a bucket of their own: the API refusing a
    /// search parks the key's searches, and its units go on.
    @Test func aSearchAnsweredQuotaExceededParksSearchesOnly() throws {
        var state = Self.state()
        let search = try #require(Self.granted(state.acquire(.search, now: .zero, utc: Self.noon)))
        state.complete(search, .quotaExceeded, utc: Self.noon)
        let midnight = RFC3339.parseSeconds("2026-06-16T07:00:00Z")!
        #expect(
            state.acquire(.search, now: .seconds(1), utc: Self.noon)
                == .stop(.dailyQuotaSpent(.searches, untilUTC: midnight)))
        #expect(Self.granted(state.acquire(.videos, now: .seconds(1), utc: Self.noon)) != nil)
        #expect(state.notices.first?.contains("no search calls left today") == true, "\(state.notices)")
        #expect(Self.granted(state.acquire(.search, now: .seconds(2), utc: midnight)) != nil)
    }

    @Test func invalidKeysAreDroppedByPosition() throws {
        var state = Self.state(keys: Self.keys)
        let permit = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        state.complete(permit, .keyInvalid, utc: Self.noon)
        #expect(state.notices.first?.contains(permit.key.label) == true)
        #expect(state.notices.first?.contains(permit.key.value) == false)
        let other = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(other.key != permit.key)
        state.complete(other, .keyInvalid, utc: Self.noon)
        #expect(state.acquire(.videos, now: .zero, utc: Self.noon) == .stop(.noUsableKey))
    }

    @Test func rateLimitsHalveTheRateWhichRecoversStepByStep() throws {
        var state = Self.state { $0.burst = 1000 }
        let permit = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        state.complete(permit, .rateLimited, utc: Self.noon)
        #expect(state.rate == 25)
        state.complete(permit, .rateLimited, utc: Self.noon)
        #expect(state.rate == 12.5)
        state.complete(permit, .success, utc: Self.noon)
        #expect(state.rate == 13)
        for _ in 0..<200 { state.complete(permit, .success, utc: Self.noon) }
        #expect(state.rate == 50, "recovers to the configured rate, never above")
        for _ in 0..<20 { state.complete(permit, .rateLimited, utc: Self.noon) }
        #expect(state.rate == 0.5, "never below the minimum")
    }

    @Test func inFlightCapAndRefunds() throws {
        var state = Self.state {
            $0.maxInFlight = 2
            $0.runBudgetUnits = 10
        }
        let first = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        _ = try #require(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(state.acquire(.videos, now: .zero, utc: Self.noon) == .waitForCompletion)
        state.complete(first, .notSent, utc: Self.noon)
        #expect(state.spentUnits == 1, "a request never sent costs nothing")
        #expect(Self.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil)
    }
}
