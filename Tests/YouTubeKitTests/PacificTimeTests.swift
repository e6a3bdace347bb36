import Foundation
import Testing

@testable import YouTubeKit

@Suite("Pacific time and quota days")
struct PacificTimeTests {
    static func utc(_ text: String) -> Int64 { RFC3339.parseSeconds(text)! }

    @Test func ordinaryDay() {
        #expect(PacificTime.day(atUTC: Self.utc("2026-06-15T06:59:59Z")).description == "2026-06-14")
        #expect(PacificTime.day(atUTC: Self.utc("2026-06-15T07:00:00Z")).description == "2026-06-15")
        #expect(
            PacificTime.nextMidnight(afterUTC: Self.utc("2026-06-15T12:00:00Z")) == Self.utc("2026-06-16T07:00:00Z"))
        #expect(PacificTime.day(atUTC: Self.utc("2026-01-10T07:59:59Z")).description == "2026-01-09")
        #expect(PacificTime.day(atUTC: Self.utc("2026-01-10T08:00:00Z")).description == "2026-01-10")
    }

    @Test func springForwardDayHas23Hours() {
        let start = PacificTime.startOfDay(.init(year: 2026, month: 3, day: 8))
        let end = PacificTime.startOfDay(.init(year: 2026, month: 3, day: 9))
        #expect(start == Self.utc("2026-03-08T08:00:00Z"))
        #expect(end == Self.utc("2026-03-09T07:00:00Z"))
        #expect(end - start == 23 * 3600)
        #expect(PacificTime.offset(atUTC: Self.utc("2026-03-08T09:59:59Z")) == -28_800)
        #expect(PacificTime.offset(atUTC: Self.utc("2026-03-08T10:00:00Z")) == -25_200)
        #expect(PacificTime.nextMidnight(afterUTC: Self.utc("2026-03-08T12:00:00Z")) == end)
    }

    @Test func fallBackDayHas25Hours() {
        let start = PacificTime.startOfDay(.init(year: 2026, month: 11, day: 1))
        let end = PacificTime.startOfDay(.init(year: 2026, month: 11, day: 2))
        #expect(start == Self.utc("2026-11-01T07:00:00Z"))
        #expect(end == Self.utc("2026-11-02T08:00:00Z"))
        #expect(end - start == 25 * 3600)
        #expect(PacificTime.day(atUTC: Self.utc("2026-11-02T07:30:00Z")).description == "2026-11-01")
    }

    @Test(.enabled(if: TimeZone(identifier: "America/Los_Angeles") != nil, "no tzdata for America/Los_Angeles"))
    func agreesWithFoundationsTimeZoneWhereTzdataExists() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        var instant = Self.utc("2007-01-01T00:00:00Z")
        let end = Self.utc("2040-01-01T00:00:00Z")
        while instant < end {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            #expect(PacificTime.offset(atUTC: instant) == expected, "\(RFC3339.format(seconds: instant))")
            instant += 3600 * 7 + 1234  // every ~7 hours, drifting across the hour
        }
    }
}
