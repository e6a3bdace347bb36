import Crawler
import Foundation

/// What crawl and refresh run under: SIGINT/SIGTERM/SIGHUP turned into a graceful stop, the
/// progress line, the metrics exporter. One harness serves a command's whole life (every snapshot of a
/// `refresh --every`), so a signal between two runs is never lost.
final class RunHarness {
    /// Set by the first SIGINT/SIGTERM/SIGHUP (SIGHUP: the terminal closed, an ssh connection ended);
    /// it cancels the run going, or ends a sleep between two.
    let stop = StopFlag()
    private let options: RunOptions
    private let budget: Int
    private let exporter: MetricsExporter?
    private let signals: SignalWatcher

    /// Starts the metrics exporter (when asked) and watches for the stop signals.
    ///
    /// - Throws: ``UsageError`` for a `--metrics-listen` address that cannot be served.
    init(_ options: RunOptions, budget: Int) throws {
        self.options = options
        self.budget = budget
        exporter = try MetricsExporter.make(
            listen: options.metricsListen, file: options.metricsFile, quiet: options.quiet)
        signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { [stop] in
            writeStderr("ytcrawl: stopping: finishing requests in flight and saving the checkpoint (again to force)")
            stop.set()
        }
    }

    /// Stops watching for signals and serving metrics.
    func close() {
        signals.stop()
        exporter?.stop()
    }

    /// Runs `crawler` to its end (or a stop), showing its progress and publishing its metrics.
    ///
    /// - Returns: its summary and the seconds it took.
    /// - Throws: ``RuntimeFailure`` when the crawler fails.
    func run(_ crawler: Crawler<ContinuousClock>, searchBudget: Int?) async throws -> (CrawlSummary, Double) {
        let started = ContinuousClock.now
        let metrics = exporter?.begin { await crawler.metrics() }
        let task = Task { try await crawler.run() }
        stop.onSet { task.cancel() }
        defer { stop.onSet {} }
        let reporter = ProgressReporter(
            mode: options.progressMode, quiet: options.quiet, interval: options.progressInterval, budget: budget,
            searchBudget: searchBudget
        ).start { await crawler.progress() }
        let result = await task.result
        reporter.cancel()
        await reporter.value
        await metrics?.end { await crawler.metrics() }
        do {
            return (try result.get(), (ContinuousClock.now - started) / .seconds(1))
        } catch let refused as CrawlSetupError {
            // The output cannot be continued as asked: the caller says what it means.
            throw refused
        } catch {
            throw RuntimeFailure("\(error)")
        }
    }
}
