import Testing
import YouTubeKit

@testable import Crawler

/// How a run shares a key's day with other runs through the ledger: the decisions only, with the
/// ledger's answers given by hand (no clock, no files).
@Suite("Rate limiter claims on a shared ledger (no clock, no sleeping)")
struct RateLimiterClaimTests {
    typealias Claim = RateLimiterState.Claim
    static let noon = RateLimiterStateTests.noon
    static let today = PacificTime.day(atUTC: noon)

    static func shared(
        _ configure: (inout RateLimiterConfiguration) -> Void = { _ in },
        keys: [APIKey] = [RateLimiterStateTests.keys[0]], utc: Int64 = noon
    ) -> RateLimiterState {
        var configuration = RateLimiterConfiguration(requestsPerSecond: 50, burst: 1000, maxInFlight: 1000)
        configure(&configuration)
        return RateLimiterState(configuration: configuration, keys: keys, utc: utc, sharesLedger: true)
    }

    static func claim(_ decision: RateLimiterState.Decision) -> Claim? {
        if case .claim(let claim) = decision { return claim }
        return nil
    }

    @Test func nothingIsGrantedBeforeItIsClaimed() throws {
        var state = Self.shared()
        let claim = try #require(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(claim == Claim(keyIndex: 0, day: Self.today, bucket: .units, least: 1, wanted: 2, limit: 10_000))
        #expect(state.inFlight == 0 && state.spentUnits == 0, "a claim is not a grant")
        // Other runs have used 500 units today: the ledger says so with the claim's answer.
        state.claimed(claim, taken: 2, usage: QuotaCounts(units: 502))
        #expect(state.remaining(.units, utc: Self.noon) == 2 + 9_498)
        for _ in 0..<2 {
            #expect(RateLimiterStateTests.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil)
        }
        #expect(state.spentUnits == 2)
        // The claim is spent: the next request needs another, twice the size (it came quickly).
        #expect(Self.claim(state.acquire(.videos, now: .milliseconds(300), utc: Self.noon))?.wanted == 4)
    }

    @Test func claimsGrowWhileTheyComeQuicklyAndShrinkWhenTheyDoNot() {
        typealias Pace = RateLimiterState.ClaimPace
        let size = RateLimiterState.claimSize
        #expect(size(nil, .zero, 10_000) == 2)
        #expect(size(Pace(at: .zero, size: 2), .milliseconds(900), 10_000) == 4)
        #expect(size(Pace(at: .zero, size: 16), .milliseconds(100), 10_000) == 32)
        #expect(size(Pace(at: .zero, size: 32), .milliseconds(100), 10_000) == 32, "never above the largest")
        #expect(size(Pace(at: .zero, size: 32), .seconds(1), 10_000) == 16, "halved when slow")
        #expect(size(Pace(at: .zero, size: 1), .seconds(9), 10_000) == 1)
        // Never above a fiftieth of the day's limit: 2 of 100 searches, 1 of a small cap.
        #expect(size(Pace(at: .zero, size: 2), .zero, 100) == 2)
        #expect(size(nil, .zero, 30) == 1)
    }

    @Test func aClaimTakesWhatIsLeftButNotLessThanTheRequestNeeds() {
        let claim = Claim(keyIndex: 0, day: Self.today, bucket: .units, least: 1, wanted: 8, limit: 100)
        #expect(claim.take(from: QuotaCounts(units: 50)) == 8)
        #expect(claim.take(from: QuotaCounts(units: 95)) == 5)
        #expect(claim.take(from: QuotaCounts(units: 100)) == 0)
        #expect(claim.take(from: QuotaCounts(units: 120)) == 0, "a day already over its limit")
        #expect(claim.take(from: QuotaCounts(searches: 100)) == 8, "other buckets do not count")
        // A classic-model search needs 100 units at once: 60 left is not enough.
        let search = Claim(keyIndex: 0, day: Self.today, bucket: .units, least: 100, wanted: 100, limit: 10_000)
        #expect(search.take(from: QuotaCounts(units: 9_940)) == 0)
        #expect(search.take(from: QuotaCounts(units: 9_900)) == 100)
    }

    @Test func aDayOtherRunsSpentStopsThisOneOrMovesItToAnotherKey() throws {
        let midnight = RFC3339.parseSeconds("2026-06-16T07:00:00Z")!
        var state = Self.shared { $0.dailyUnits = 10 }
        let claim = try #require(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)))
        state.claimed(claim, taken: 0, usage: QuotaCounts(units: 10))
        #expect(
            state.acquire(.videos, now: .zero, utc: Self.noon) == .stop(.dailyQuotaSpent(.units, untilUTC: midnight)))
        #expect(state.remaining(.units, utc: Self.noon) == 0)

        var pool = Self.shared({ $0.dailyUnits = 10 }, keys: RateLimiterStateTests.keys)
        let first = try #require(Self.claim(pool.acquire(.videos, now: .zero, utc: Self.noon)))
        pool.claimed(first, taken: 0, usage: QuotaCounts(units: 10))
        let second = try #require(Self.claim(pool.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(second.keyIndex != first.keyIndex, "the other key's day still has quota")
    }

    @Test func claimsStayWithinTheRunsBudget() throws {
        var state = Self.shared { $0.runBudgetUnits = 3 }
        let first = try #require(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)))
        #expect(first.wanted == 2)
        state.claimed(first, taken: 2, usage: QuotaCounts(units: 2))
        for _ in 0..<2 { _ = state.acquire(.videos, now: .zero, utc: Self.noon) }
        let second = try #require(Self.claim(state.acquire(.videos, now: .milliseconds(10), utc: Self.noon)))
        #expect(second.wanted == 1, "the budget has 1 unit left, though the pace asks for 4")
    }

    @Test func whatWasNotSpentIsGivenBackOnce() throws {
        var state = Self.shared()
        let claim = try #require(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)))
        state.claimed(claim, taken: 2, usage: QuotaCounts(units: 2))
        let permit = try #require(RateLimiterStateTests.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        _ = try #require(RateLimiterStateTests.granted(state.acquire(.videos, now: .zero, utc: Self.noon)))
        // One request was never sent: its unit goes back to the claim, then to the ledger.
        state.complete(permit, .notSent, utc: Self.noon)
        #expect(state.spentUnits == 1)
        #expect(
            state.releaseClaims() == [.init(keyIndex: 0, day: Self.today, counts: QuotaCounts(units: 1))])
        #expect(state.releaseClaims().isEmpty, "given back once")
        #expect(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil, "a later request claims afresh")
    }

    @Test func aNewPacificDayStartsWithoutClaims() throws {
        let midnight = RFC3339.parseSeconds("2026-06-16T07:00:00Z")!
        var state = Self.shared()
        let claim = try #require(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)))
        state.claimed(claim, taken: 2, usage: QuotaCounts(units: 9_000))
        let next = try #require(Self.claim(state.acquire(.videos, now: .seconds(5), utc: midnight)))
        #expect(next.day == PacificTime.day(atUTC: midnight) && next.day != Self.today)
        #expect(next.wanted == 2, "the pace starts again too")
        #expect(state.releaseClaims().isEmpty, "yesterday's claim stays counted for yesterday")
    }

    /// Without a shared ledger the state claims for itself, exactly what each request costs.
    @Test func aloneTheStateClaimsForItself() throws {
        var state = RateLimiterStateTests.state { $0.dailyUnits = 3 }
        for _ in 0..<3 {
            #expect(RateLimiterStateTests.granted(state.acquire(.videos, now: .zero, utc: Self.noon)) != nil)
        }
        #expect(Self.claim(state.acquire(.videos, now: .zero, utc: Self.noon)) == nil)
        #expect(state.releaseClaims().isEmpty)
    }
}
