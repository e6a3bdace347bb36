import Crawler
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a crawl's progress on stderr: one redrawn line on a terminal (or with `--progress
/// always`), a plain log line every `interval` seconds otherwise, nothing with `--progress never`
/// or `--quiet`. Colour only on a terminal and never when NO_COLOR is set.
struct ProgressReporter: Sendable {
    enum Mode: String, CaseIterable, Sendable {
        case auto, always, never
    }

    enum Style: Sendable, Equatable {
        case none
        /// `\r`-redrawn line, optionally with colour.
        case redraw(color: Bool)
        /// A plain line every `interval` seconds.
        case lines
    }

    let style: Style
    let interval: Double
    let budget: Int
    let searchBudget: Int?

    init(mode: Mode, quiet: Bool, interval: Double, budget: Int, searchBudget: Int?) {
        let terminal = isatty(2) == 1
        let environment = ProcessInfo.processInfo.environment
        let color = terminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        switch (quiet, mode) {
        case (true, _), (_, .never): style = .none
        case (_, .always): style = .redraw(color: color)
        case (_, .auto): style = terminal ? .redraw(color: color) : .lines
        }
        self.interval = interval
        self.budget = budget
        self.searchBudget = searchBudget
    }

    /// Polls `snapshot` and prints until the returned task is cancelled; then clears its line.
    func start(_ snapshot: @escaping @Sendable () async -> CrawlProgress) -> Task<Void, Never> {
        let started = ContinuousClock.now
        return Task { [self] in
            guard style != .none else { return }
            let period = style == .lines ? interval : min(interval, 0.25)
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(period))
                if Task.isCancelled { break }
                let progress = await snapshot()
                let elapsed = (ContinuousClock.now - started) / .seconds(1)
                switch style {
                case .redraw(let color): writeStderrRaw("\r\u{1B}[K" + line(progress, elapsed: elapsed, color: color))
                case .lines: writeStderr("ytcrawl: progress: " + line(progress, elapsed: elapsed, color: false))
                case .none: break
                }
            }
            if case .redraw = style { writeStderrRaw("\r\u{1B}[K") }
        }
    }

    /// One progress line: elapsed, request rate, units of the budget (and search calls), videos
    /// written, frontier, retries and errors, ETA to the budget or the frontier's end.
    func line(_ progress: CrawlProgress, elapsed: Double, color: Bool) -> String {
        func bold(_ text: String) -> String { color ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
        let rate = elapsed > 0 ? Double(progress.requests) / elapsed : 0
        var parts = [
            Self.clock(elapsed) + " elapsed",
            String(format: "%.1f requests/s", rate),
            "units " + bold("\(progress.units)") + " of \(budget)"
                + (progress.searches > 0 || searchBudget != nil
                    ? ", searches \(progress.searches)" + (searchBudget.map { " of \($0)" } ?? "") : ""),
            progress.snapshotVideos > 0
                ? "statistics " + bold("\(progress.statsWritten)") + " of \(progress.snapshotVideos) videos"
                : "videos " + bold("\(progress.videosWritten)"),
            "frontier \(progress.frontier)"
                + (progress.pendingVideos > 0 ? " (+\(progress.pendingVideos) to hydrate)" : ""),
            "retries \(progress.retries), errors \(progress.errors)",
        ]
        if progress.chatsLive > 0 || progress.chatMessages > 0 {
            let perHour = elapsed > 0 ? Double(progress.units) * 3600 / elapsed : 0
            parts.insert(
                "chats live \(progress.chatsLive), messages " + bold("\(progress.chatMessages)")
                    + String(format: ", %.0f units/h", perHour), at: 3)
        }
        if let eta = eta(progress, elapsed: elapsed) { parts.append(eta) }
        return parts.joined(separator: " | ")
    }

    /// The sooner of: the budget spent at the current unit rate, the frontier fetched at the current
    /// request rate (a lower bound: pages bring more work).
    func eta(_ progress: CrawlProgress, elapsed: Double) -> String? {
        guard elapsed >= 1, progress.requests > 0 else { return nil }
        var candidates: [(Double, String)] = []
        if progress.units > 0 {
            candidates.append((Double(budget - progress.units) * elapsed / Double(progress.units), "budget"))
        }
        candidates.append((Double(progress.requestsLeft) * elapsed / Double(progress.requests), "frontier"))
        guard let soonest = candidates.min(by: { $0.0 < $1.0 }) else { return nil }
        return "ETA \(Self.clock(max(0, soonest.0))) (\(soonest.1))"
    }

    /// `mm:ss`, or `h:mm:ss` past an hour.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%02d:%02d", minutes, secs)
    }
}
