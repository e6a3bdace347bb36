import Foundation

/// The ticks of a chart's value axis: 0 and round steps of 1, 2 or 5 × a power of ten, up to the
/// first tick at or above the largest value (the axis maximum), 3 to 6 ticks.
struct AxisTicks: Equatable {
    /// 1, 2 or 5.
    var mantissa: Int
    /// The power of ten the mantissa is scaled by.
    var exponent: Int
    /// How many steps the axis spans (ticks are `0...count` steps).
    var count: Int

    /// The distance between two ticks.
    var step: Double { Self.scaled(Double(mantissa), exponent) }

    /// The values of the ticks, 0 first.
    var values: [Double] { (0...count).map { Self.scaled(Double($0 * mantissa), exponent) } }

    /// The axis maximum: the last tick.
    var top: Double { Self.scaled(Double(count * mantissa), exponent) }

    /// The ticks of an axis from 0 that shows values up to `maximum`.
    ///
    /// - Parameters:
    ///   - maximum: the largest value drawn; negative, NaN and infinite values count as 0.
    ///   - integers: the values are counts: steps are whole numbers (at least 1), so no label has
    ///     a fraction.
    ///   - intervals: the most steps the axis spans (5: at most 6 ticks).
    /// - Returns: the smallest 1-2-5 step that covers `maximum` in at most `intervals` steps; an
    ///   axis of zeros (or of counts up to 1) still has 3 ticks.
    static func choose(maximum: Double, integers: Bool, intervals: Int = 5) -> AxisTicks {
        let intervals = max(2, intervals)
        let maximum = maximum.isFinite && maximum > 0 ? maximum : 0
        guard maximum > 0 else { return AxisTicks(mantissa: 1, exponent: 0, count: 2) }
        // Start one power below the raw step and walk up the 1-2-5 ladder until the steps fit.
        var exponent = Int((maximum / Double(intervals)).log10Floor) - 1
        if integers { exponent = max(0, exponent) }
        let ladder = [1, 2, 5]
        var rung = 0
        while true {
            let mantissa = ladder[rung]
            // Steps counted on the tick values themselves, so float noise neither leaves the
            // last tick below the maximum nor adds a tick above it.
            var steps = Int((maximum / scaled(Double(mantissa), exponent)).rounded(.up))
            if steps > 1, scaled(Double((steps - 1) * mantissa), exponent) >= maximum { steps -= 1 }
            if scaled(Double(steps * mantissa), exponent) < maximum { steps += 1 }
            if steps <= intervals {
                return AxisTicks(mantissa: ladder[rung], exponent: exponent, count: max(2, steps))
            }
            rung += 1
            if rung == ladder.count {
                rung = 0
                exponent += 1
            }
        }
    }

    /// The label of a tick: compact past a thousand (`1.5k`, `200k`, `2M`, `1B`), never with more
    /// decimals than the step has (`0.25`, `2.5`, `1500` → `1.5k`; counts are whole).
    func label(_ value: Double) -> String {
        let units: [(size: Int, suffix: String)] = [(12, "T"), (9, "B"), (6, "M"), (3, "k")]
        let unit = units.first { abs(value) >= Self.scaled(1, $0.size) } ?? (0, "")
        let decimals = max(0, unit.size - exponent)
        var text = String(format: "%.\(decimals)f", value / Self.scaled(1, unit.size))
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return (text == "-0" ? "0" : text) + unit.suffix
    }

    /// `value` × 10^`exponent`, dividing for negative powers so 0.1, 0.2… come out exact.
    private static func scaled(_ value: Double, _ exponent: Int) -> Double {
        exponent >= 0 ? value * pow(10, Double(exponent)) : value / pow(10, Double(-exponent))
    }
}

extension Double {
    /// ⌊log10(self)⌋ for a positive value.
    fileprivate var log10Floor: Double { Foundation.log10(self).rounded(.down) }
}
