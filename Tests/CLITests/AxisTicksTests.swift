import Foundation
import Testing

@testable import ytcrawl

/// The value axes of the report's charts: 0, then round steps (1, 2 or 5 × a power of ten) up to
/// the first tick at or above the largest value.
@Suite("axis ticks")
struct AxisTicksTests {
    static let maxima: [Double] = [
        0, 0.3, 1, 2, 3, 4.5, 5, 7, 9.99, 10, 11, 60, 99, 100, 101, 306.5, 919.5, 999, 1000, 1001, 2060.5, 12_345,
        99_999, 1_500_000, 3_600_000_000, 1e9, 1e9 + 1, 7.7e12, 0.0004, -5, .nan, .infinity,
    ]

    @Test(arguments: maxima, [true, false])
    func ticksAreRoundAndCoverTheMaximum(maximum: Double, integers: Bool) {
        let ticks = AxisTicks.choose(maximum: maximum, integers: integers)
        let values = ticks.values
        let shown = maximum.isFinite && maximum > 0 ? maximum : 0
        #expect([1, 2, 5].contains(ticks.mantissa), "\(maximum): step \(ticks.step)")
        #expect((3...7).contains(values.count), "\(maximum): \(values)")
        #expect(values.first == 0)
        #expect(ticks.top == values.last)
        #expect(ticks.top >= shown, "\(maximum): the axis reaches past every value (\(values))")
        if shown > 0, values.count > 3 {
            #expect(values[values.count - 2] < shown, "\(maximum): no tick wasted above the maximum (\(values))")
        }
        // Each step is the same round number: 1, 2 or 5 times a power of ten.
        let power = pow(10, Double(ticks.exponent))
        #expect(abs(ticks.step / power - Double(ticks.mantissa)) < 1e-9, "\(maximum): step \(ticks.step)")
        for (low, high) in zip(values, values.dropFirst()) {
            #expect(abs(high - low - ticks.step) <= ticks.step * 1e-9, "\(maximum): \(values)")
        }
        if integers {
            #expect(ticks.step >= 1, "counts step by whole numbers")
            for value in values {
                #expect(value == value.rounded(), "\(maximum): \(value) is a whole count")
                let label = ticks.label(value)
                // A count's label is a whole number, or compact past a thousand (1.5k).
                #expect(
                    !label.contains(".") || ["k", "M", "B", "T"].contains(label.last.map(String.init) ?? ""),
                    "\(maximum): \(label)")
            }
        }
    }

    @Test(arguments: [
        (306.5, true, [0, 100, 200, 300, 400], ["0", "100", "200", "300", "400"]),
        (919.5, true, [0, 200, 400, 600, 800, 1000], ["0", "200", "400", "600", "800", "1k"]),
        (2060.5, true, [0, 500, 1000, 1500, 2000, 2500], ["0", "500", "1k", "1.5k", "2k", "2.5k"]),
        (7, true, [0, 2, 4, 6, 8], ["0", "2", "4", "6", "8"]),
        (1, true, [0, 1, 2], ["0", "1", "2"]),
        (0, true, [0, 1, 2], ["0", "1", "2"]),
        (9.99, false, [0, 2, 4, 6, 8, 10], ["0", "2", "4", "6", "8", "10"]),
        (0.3, false, [0, 0.1, 0.2, 0.3], ["0", "0.1", "0.2", "0.3"]),
        (1.2, false, [0, 0.5, 1, 1.5], ["0", "0.5", "1", "1.5"]),
        (
            1e9, true, [0, 2e8, 4e8, 6e8, 8e8, 1e9], ["0", "200M", "400M", "600M", "800M", "1B"]
        ),
        (
            12_345, true, [0, 5000, 10_000, 15_000], ["0", "5k", "10k", "15k"]
        ),
        (
            3_600_000, true, [0, 1e6, 2e6, 3e6, 4e6], ["0", "1M", "2M", "3M", "4M"]
        ),
    ])
    func knownRanges(maximum: Double, integers: Bool, expected: [Double], labels: [String]) {
        let ticks = AxisTicks.choose(maximum: maximum, integers: integers)
        #expect(ticks.values.count == expected.count)
        for (value, wanted) in zip(ticks.values, expected) {
            #expect(abs(value - wanted) <= 1e-9 * max(1, wanted), "\(maximum): \(ticks.values)")
        }
        #expect(ticks.values.map(ticks.label) == labels)
    }

    /// Fewer intervals asked, fewer ticks given: still round.
    @Test func aNarrowAxisTakesLargerSteps() {
        let ticks = AxisTicks.choose(maximum: 919.5, integers: true, intervals: 3)
        #expect(ticks.values == [0, 500, 1000])
        #expect(ticks.label(500) == "500")
    }
}
