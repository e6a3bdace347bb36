/// US Pacific time (America/Los_Angeles), where the API's daily quotas reset at midnight.
///
/// The rules are computed, not read from tzdata, so every machine agrees: since 2007, daylight
/// time (UTC−7) runs from the second Sunday of March at 02:00 local to the first Sunday of
/// November at 02:00 local; standard time is UTC−8. A Pacific day is therefore 23 hours long
/// on the March change and 25 hours on the November one.
public enum PacificTime {
    /// A calendar day in Pacific time.
    public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// `2026-03-08`.
        public var description: String {
            func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(pad(month))-\(pad(day))"
        }

        public static func < (lhs: Day, rhs: Day) -> Bool {
            (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
        }

        /// Days since 1970-01-01 of this calendar date.
        var ordinal: Int { RFC3339.daysFromCivil(year: year, month: month, day: day) }
    }

    /// UTC offset in seconds at the UTC instant `seconds` (−28,800 or −25,200).
    public static func offset(atUTC seconds: Int64) -> Int {
        let (year, _, _) = RFC3339.civilFromDays(Int(floorDivide(seconds, 86_400)))
        // Check the year of the instant and its neighbours: the instant's local year may differ.
        let (start, end) = daylightWindow(year: year)
        return seconds >= start && seconds < end ? -25_200 : -28_800
    }

    /// The Pacific calendar day containing the UTC instant `seconds`.
    public static func day(atUTC seconds: Int64) -> Day {
        let local = seconds + Int64(offset(atUTC: seconds))
        let (year, month, day) = RFC3339.civilFromDays(Int(floorDivide(local, 86_400)))
        return Day(year: year, month: month, day: day)
    }

    /// The UTC instant at which Pacific day `day` begins (its local midnight).
    public static func startOfDay(_ day: Day) -> Int64 {
        let localMidnight = Int64(day.ordinal) * 86_400
        // Midnight is never inside a change (changes happen at 02:00), so one offset fits.
        let guess = localMidnight + 28_800
        return localMidnight - Int64(offset(atUTC: guess - 3600 * 3))
    }

    /// The next Pacific midnight strictly after the UTC instant `seconds`: when quotas reset.
    public static func nextMidnight(afterUTC seconds: Int64) -> Int64 {
        let today = day(atUTC: seconds)
        let (year, month, dayOfMonth) = RFC3339.civilFromDays(today.ordinal + 1)
        return startOfDay(Day(year: year, month: month, day: dayOfMonth))
    }

    /// UTC instants of the start and end of daylight time in `year`.
    static func daylightWindow(year: Int) -> (start: Int64, end: Int64) {
        // Second Sunday of March, 02:00 PST = 10:00 UTC; first Sunday of November, 02:00 PDT = 09:00 UTC.
        let marchSunday = nthSunday(2, year: year, month: 3)
        let novemberSunday = nthSunday(1, year: year, month: 11)
        return (Int64(marchSunday) * 86_400 + 10 * 3600, Int64(novemberSunday) * 86_400 + 9 * 3600)
    }

    /// Days since 1970-01-01 of the `n`th Sunday of a month.
    static func nthSunday(_ n: Int, year: Int, month: Int) -> Int {
        let first = RFC3339.daysFromCivil(year: year, month: month, day: 1)
        // 1970-01-01 was a Thursday: weekday 0 = Sunday.
        let weekday = ((first + 4) % 7 + 7) % 7
        let firstSunday = first + (7 - weekday) % 7
        return firstSunday + 7 * (n - 1)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }
}
