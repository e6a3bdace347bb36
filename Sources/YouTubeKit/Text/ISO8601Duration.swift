/// ISO 8601 durations as the API sends them (`PT1H10S`, `PT41S`, `P1DT2H`, `P0D`).
public enum ISO8601Duration {
    /// The duration in whole seconds.
    ///
    /// Weeks, days, hours, minutes and seconds are accepted; years and months (which have no fixed
    /// length) and fractions are not.
    ///
    /// - Returns: `nil` when `text` is not such a duration.
    public static func seconds(_ text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { seconds(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Parses UTF-8 bytes; the hot path of the decoders.
    public static func seconds(utf8 bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "P") else { return nil }
        var total = 0
        var inTime = false
        var number: Int?
        var sawComponent = false
        // Units must come in order: W, D, then after T: H, M, S.
        var lastRank = 0
        for index in 1..<bytes.count {
            let byte = bytes[index]
            if (48...57).contains(byte) {
                let (shifted, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (added, overflow2) = shifted.addingReportingOverflow(Int(byte) - 48)
                guard !overflow1, !overflow2 else { return nil }
                number = added
                continue
            }
            if byte == UInt8(ascii: "T") {
                guard !inTime, number == nil else { return nil }
                inTime = true
                continue
            }
            guard let value = number else { return nil }
            let rank: Int
            let unit: Int
            switch (inTime, byte) {
            case (false, UInt8(ascii: "W")): (rank, unit) = (1, 604_800)
            case (false, UInt8(ascii: "D")): (rank, unit) = (2, 86_400)
            case (true, UInt8(ascii: "H")): (rank, unit) = (3, 3600)
            case (true, UInt8(ascii: "M")): (rank, unit) = (4, 60)
            case (true, UInt8(ascii: "S")): (rank, unit) = (5, 1)
            default: return nil
            }
            guard rank > lastRank else { return nil }
            let (product, overflow1) = value.multipliedReportingOverflow(by: unit)
            let (sum, overflow2) = total.addingReportingOverflow(product)
            guard !overflow1, !overflow2 else { return nil }
            total = sum
            lastRank = rank
            number = nil
            sawComponent = true
        }
        // A dangling number, or a `T` with nothing after it, is malformed.
        guard number == nil, sawComponent, !(inTime && lastRank < 3) else { return nil }
        return total
    }
}
