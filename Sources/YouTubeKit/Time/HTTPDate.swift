/// The HTTP `Date` header's form (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`): a
/// server's clock, read from its answers. A search result's `sentAt` is the time its answer says,
/// so repeated observations are dated by the service's clock.
public enum HTTPDate {
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 (UTC) as an IMF-fixdate.
    public static func format(seconds: Int64) -> String {
        let days = Int(seconds.quotient(dividingBy: 86_400))
        let inDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = RFC3339.civilFromDays(days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) GMT"
    }

    /// An IMF-fixdate's seconds since 1970; `nil` for any other text.
    public static func parseSeconds(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
            let month = months.firstIndex(of: String(parts[2]))
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = RFC3339.daysFromCivil(year: year, month: month + 1, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }
}

extension Int64 {
    /// Division rounded toward negative infinity.
    fileprivate func quotient(dividingBy divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor < 0) ? q - 1 : q
    }
}
