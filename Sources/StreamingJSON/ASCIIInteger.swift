import Foundation

/// Whole numbers from ASCII digits (the API sends counts as strings).
enum ASCIIInteger {
    /// The value of a run of digits; `nil` for anything else (a sign, a fraction, overflow, empty).
    @inline(__always)
    static func parse(_ utf8: UnsafeRawBufferPointer) -> Int? {
        guard !utf8.isEmpty, utf8.count <= 18 else { return utf8.count > 18 ? parseLong(utf8) : nil }
        var value = 0
        for byte in utf8 {
            let digit = Int(byte) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value &* 10 &+ digit
        }
        return value
    }

    private static func parseLong(_ utf8: UnsafeRawBufferPointer) -> Int? {
        var value = 0
        for byte in utf8 {
            let digit = Int(byte) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = added
        }
        return value
    }
}
