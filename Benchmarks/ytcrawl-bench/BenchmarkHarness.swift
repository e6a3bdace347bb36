import Foundation

/// One measured figure, printed as text or as a JSON line in the format of DESIGN.md "Benchmarks".
struct BenchmarkResult {
    var suite: String
    var name: String
    var unit: String
    var value: Double
    /// The case this one is compared with, measured in the same run.
    var baseline: String?
    var ratio: Double?
    var headline = false
    /// Extra figures (pages/s, bytes, …) shown in text output and added to the JSON line.
    var extra: [(String, Double)] = []

    var jsonLine: String {
        var fields: [String] = [
            "\"suite\":\"\(suite)\"", "\"case\":\"\(name)\"", "\"unit\":\"\(unit)\"", "\"value\":\(Self.round(value))",
        ]
        if let baseline { fields.append("\"baseline\":\"\(baseline)\"") }
        if let ratio { fields.append("\"ratio\":\(Self.round(ratio))") }
        fields.append("\"headline\":\(headline)")
        for (key, value) in extra { fields.append("\"\(key)\":\(Self.round(value))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    var textLine: String {
        var line =
            "\(headline ? "*" : " ") \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) "
            + String(format: "%10.1f %@", value, unit)
        if let ratio, let baseline { line += String(format: "   %6.2f× %@", ratio, baseline) }
        for (key, value) in extra { line += String(format: "   %@ %.1f", key, value) }
        return line
    }

    static func round(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String(format: "%.2f", value)
    }
}

/// Warm-up, several timed runs, the median.
struct Harness {
    var runs: Int
    var warmups = 1
    /// The ytcrawl binary the crawl and hydrate suites run: `--ytcrawl PATH`, else the one beside
    /// ytcrawl-bench.
    var ytcrawl = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("ytcrawl").path

    /// The median and the fastest of the timed runs, in seconds.
    struct Timing {
        var median: Double
        /// The run least disturbed by the rest of the machine: on a shared host the median of a
        /// pass of a few milliseconds moves by a third from run to run, the fastest much less.
        var fastest: Double

        static let none = Timing(median: .nan, fastest: .nan)
    }

    /// The median wall time of `body`, in seconds.
    func median(_ body: () throws -> Void) rethrows -> Double {
        try timing(body).median
    }

    /// The median and fastest wall times of `body`'s runs after the warm-ups.
    func timing(_ body: () throws -> Void) rethrows -> Timing {
        for _ in 0..<warmups { try body() }
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        times.sort()
        return Timing(median: times[times.count / 2], fastest: times[0])
    }

    /// The median over `runs` pairs of (time of `baseline`) / (time of `contender`), the two
    /// timed back to back in each pair.
    ///
    /// The contender runs as many times in a row as fit in about one run of the baseline, and its
    /// time is that span divided by its count: a short pass timed once is at the mercy of one slow
    /// spell of the machine (a pass of 0.1 s against the baseline's 1 s read a third faster or
    /// slower from pair to pair); both sides exposed for the same span of time are not.
    func pairedRatio(_ baseline: () throws -> Void, _ contender: () throws -> Void) rethrows -> Double {
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let repeats = max(1, min(64, Int((try seconds(baseline) / (try seconds(contender))).rounded())))
        var ratios: [Double] = []
        for _ in 0..<max(1, runs) {
            let base = try seconds(baseline)
            let span = try seconds {
                for _ in 0..<repeats { try contender() }
            }
            ratios.append(base / (span / Double(repeats)))
        }
        ratios.sort()
        return ratios[ratios.count / 2]
    }

    /// The median wall time of an async `body`, in seconds.
    func medianAsync(_ body: () async throws -> Void) async rethrows -> Double {
        for _ in 0..<warmups { try await body() }
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try await body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        times.sort()
        return times[times.count / 2]
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
