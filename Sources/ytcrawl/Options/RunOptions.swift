/// How a run that spends quota (crawl, refresh) checkpoints and shows itself: progress, the end
/// summary, metrics, how much it says.
struct RunOptions {
    static let checkpointEvery = Option<Int?>(
        "--checkpoint-every",
        help:
            "pages between checkpoints, at most one a second; a crash re-fetches the pages since the last one and the requests in flight; given, exactly every N pages (1: only what was in flight)",
        shownDefault: "default 25", range: 1...Int.max)
    static let progress = Option<ProgressReporter.Mode>(
        "--progress", "WHEN",
        help:
            "auto (a redrawn line on a terminal, a log line every --progress-interval seconds otherwise), always, never",
        default: .auto)
    static let progressInterval = Option<Double>(
        "--progress-interval", "S", help: "seconds between progress log lines when not a terminal", default: 10,
        range: 0.05...86_400)
    static let summaryJSON = Option<String?>(
        "--summary-json", "FILE", help: "also write the end summary as JSON to FILE")
    static let metricsListen = Option<String?>(
        "--metrics-listen", "HOST:PORT", help: "serve counters at http://HOST:PORT/metrics (Prometheus text)")
    static let metricsFile = Option<String?>(
        "--metrics-file", "FILE", help: "rewrite the counters to FILE every second (textfile collector)")
    static let verbose = Flag("--verbose", help: "log every retry and its cause")
    static let quiet = Flag("--quiet", help: "print only errors")

    static let group = OptionGroup(
        "Run, progress and metrics",
        [
            checkpointEvery.spec, progress.spec, progressInterval.spec, summaryJSON.spec, metricsListen.spec,
            metricsFile.spec, verbose.spec, quiet.spec,
        ])

    /// Pages between checkpoints.
    var checkpointEvery: Int
    /// At most one checkpoint in this long, unless `--checkpoint-every` was given (then exact).
    var checkpointInterval: Duration
    var progressMode: ProgressReporter.Mode
    var progressInterval: Double
    var summaryPath: String?
    var metricsListen: String?
    var metricsFile: String?
    var quiet: Bool
    var verbose: Bool

    init(_ scanner: ArgumentScanner) throws {
        progressMode = try scanner[Self.progress]
        progressInterval = try scanner[Self.progressInterval]
        checkpointEvery = try scanner[Self.checkpointEvery] ?? 25
        // Given explicitly, the page count is exact (1: after every page); by default also at
        // most one a second.
        checkpointInterval = scanner.isGiven(Self.checkpointEvery) ? .zero : .seconds(1)
        summaryPath = try scanner[Self.summaryJSON]
        metricsListen = try scanner[Self.metricsListen]
        metricsFile = try scanner[Self.metricsFile]
        quiet = scanner[Self.quiet]
        verbose = scanner[Self.verbose] && !quiet
    }
}
