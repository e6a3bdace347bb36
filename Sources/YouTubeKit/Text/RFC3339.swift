import Foundation

/// RFC 3339 timestamps, normalized to UTC whole seconds (`2017-06-08T02:25:43Z`).
///
/// Parsing accepts fractional seconds of any length (dropped, not rounded), `Z`/`z` or a
/// `±HH:MM` offset, and `T`/`t` or a space between date and time.
public enum RFC3339 {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not an RFC 3339 date-time.
    public static func parseSeconds(_ text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { parseSeconds(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// The parsed instant as a `Date`, whole seconds.
    public static func parseDate(_ text: String) -> Date? {
        parseSeconds(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Parses UTF-8 bytes; the hot path of the decoders.
    public static func parseSeconds(utf8 bytes: UnsafeRawBufferPointer) -> Int64? {
        if bytes.count == 20, let seconds = canonicalSeconds(bytes) { return seconds }
        var index = 0
        let count = bytes.count
        func digits(_ n: Int) -> Int? {
            guard index + n <= count else { return nil }
            var value = 0
            for _ in 0..<n {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        // Up to three accepted bytes (not a variadic list: that would build an array per call).
        func expect(_ first: UInt8, _ second: UInt8? = nil, _ third: UInt8? = nil) -> Bool {
            guard index < count else { return false }
            let byte = bytes[index]
            guard byte == first || byte == second || byte == third else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")),
            let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        guard isValid(year, month, day, hour, minute, second) else { return nil }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count, (48...57).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        guard index < count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(UInt8(ascii: ":")), let offsetMinutes = digits(2),
                offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == count else { return nil }
        return seconds(year, month, day, hour, minute, second) - Int64(offsetSeconds)
    }

    /// Whether the fields name a real UTC date-time (a leap second allowed).
    @inline(__always)
    private static func isValid(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int)
        -> Bool
    {
        (1...12).contains(month) && (1...daysIn(month: month, year: year)).contains(day) && hour <= 23
            && minute <= 59 && second <= 60
    }

    /// Seconds since the epoch of valid fields (a leap second counts as the second before).
    @inline(__always)
    private static func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int)
        -> Int64
    {
        let days = daysFromCivil(year: year, month: month, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
    }

    /// The form the API sends, `YYYY-MM-DDTHH:MM:SSZ`, read at fixed positions; `nil` for any
    /// other (the general parser decides).
    @inline(__always)
    private static func canonicalSeconds(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        guard base[4] == UInt8(ascii: "-"), base[7] == UInt8(ascii: "-"), base[10] == UInt8(ascii: "T"),
            base[13] == UInt8(ascii: ":"), base[16] == UInt8(ascii: ":"), base[19] == UInt8(ascii: "Z")
        else { return nil }
        var valid = true
        @inline(__always) func number(_ start: Int, _ length: Int) -> Int {
            var value = 0
            for offset in 0..<length {
                let digit = base[start &+ offset] &- UInt8(ascii: "0")
                valid = valid && digit < 10
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        guard valid, isValid(year, month, day, hour, minute, second) else { return nil }
        return seconds(year, month, day, hour, minute, second)
    }

    /// Formats seconds since the epoch as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func format(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
            + "\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    /// Microseconds since 1970 of an RFC 3339 date-time, its fraction kept to six digits (more
    /// are dropped, not rounded); `nil` when `text` is not one. Live chat messages are stamped to
    /// the microsecond, and their order within a second matters.
    public static func parseMicroseconds(_ text: String) -> Int64? {
        guard let seconds = parseSeconds(text) else { return nil }
        let bytes = Array(text.utf8)
        // parseSeconds accepted it: a fraction, if any, follows the seconds at offset 19.
        guard bytes.count > 20, bytes[19] == UInt8(ascii: ".") else { return seconds * 1_000_000 }
        var micros: Int64 = 0
        var digits = 0
        var index = 20
        while index < bytes.count, (48...57).contains(bytes[index]) {
            if digits < 6 {
                micros = micros * 10 + Int64(bytes[index] - 48)
                digits += 1
            }
            index += 1
        }
        while digits < 6 {
            micros *= 10
            digits += 1
        }
        return seconds * 1_000_000 + micros
    }

    /// Formats microseconds since 1970 as `YYYY-MM-DDTHH:MM:SS.ffffffZ`: always six digits, so
    /// that such texts sort as their instants do.
    public static func format(microseconds: Int64) -> String {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        let fraction = String(microseconds - seconds * 1_000_000)
        let whole = format(seconds: seconds)
        return whole.dropLast() + "." + String(repeating: "0", count: 6 - fraction.count) + fraction + "Z"
    }

    /// Formats a `Date` (fraction dropped) as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func format(_ date: Date) -> String {
        format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
