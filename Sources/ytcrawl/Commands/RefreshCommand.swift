import Archive
import Crawler
import Foundation
import Synchronization
import YouTubeKit

/// `ytcrawl refresh DIR --budget UNITS`: a statistics snapshot of DIR's videos (or `--ids`),
/// completing an unfinished one first; with `--every`, one snapshot after another.
enum RefreshCommand {
    static func run(_ arguments: [String]) async throws -> Int32 {
        guard let options = try RefreshOptions(arguments) else {
            print(help)
            return 0
        }
        let fresh = try SnapshotTargets.fresh(options)
        let access = try APIAccess(options.scanner, model: options.model)
        defer { access.emulator?.stop() }
        // One exporter for every snapshot of an --every run.
        let exporter = try MetricsExporter.make(options.scanner, quiet: options.quiet)
        defer { exporter?.stop() }
        // One refresh at a time per output: a second would spend the quota on the same ids.
        let lock: OutputLock
        do {
            try FileManager.default.createDirectory(
                atPath: SnapshotDirectory.root(of: options.directory), withIntermediateDirectories: true)
            lock = try OutputLock(directory: SnapshotDirectory.root(of: options.directory))
        } catch let busy as OutputInUse {
            throw UsageError(busy.description + " (another refresh of \(options.directory))")
        } catch {
            throw RuntimeFailure(
                "cannot create \(SnapshotDirectory.root(of: options.directory)): \(error); free space (or fix permissions) and rerun"
            )
        }
        defer { lock.release() }
        // One watcher for the command's whole life: a signal between two snapshots is never lost.
        let stop = StopFlag()
        let signals = SignalWatcher([SIGINT, SIGTERM]) {
            writeStderr("ytcrawl: stopping: finishing requests in flight and saving the checkpoint (again to force)")
            stop.set()
        }
        defer { signals.stop() }
        var status: Int32 = 0
        repeat {
            let started = Int64(Date().timeIntervalSince1970)
            let (summary, snapshot, elapsed) = try await snapshotOnce(
                options, access: access, fresh: fresh, stop: stop, exporter: exporter)
            let report = RefreshReport(
                summary: summary, snapshot: snapshot, directory: options.directory, budget: options.budget,
                elapsedSeconds: elapsed)
            status = report.exitCode
            report.emit(quiet: options.quiet, summaryPath: options.summaryPath)
            guard let every = options.every, !stop.isSet else { break }
            switch summary.ending.cause {
            case .completed, .budgetSpent, .quotaSpent, .incomplete: break
            case .interrupted, .keyRefused, .apiRefused, .configuration, .writeFailed: return status
            }
            // The next snapshot: `every` after this one began; after Pacific midnight when the
            // quota is spent (an unfinished snapshot is completed first).
            var next = started + Int64(every)
            if summary.ending.cause == .quotaSpent {
                next = max(next, PacificTime.nextMidnight(afterUTC: Int64(Date().timeIntervalSince1970)) + 60)
            }
            if !options.quiet {
                writeStderr("ytcrawl: next snapshot at \(RFC3339.format(seconds: next)) (Ctrl-C stops)")
            }
            guard await stop.sleep(untilUTC: next) else { break }
        } while true
        return status
    }

    /// Takes (or completes) one snapshot.
    private static func snapshotOnce(
        _ options: RefreshOptions, access: APIAccess, fresh: @escaping () throws -> SnapshotTargets.Scope,
        stop: StopFlag, exporter: MetricsExporter?
    ) async throws -> (CrawlSummary, String, Double) {
        let (path, plan) = try SnapshotTargets.next(options, fresh: fresh)
        if !options.quiet {
            writeStderr(
                "ytcrawl: statistics of \(Set(plan.ids).count) videos (\(plan.source)) into \(path) with \(plan.method.apiMethod.quotaName) (budget \(options.budget) units)"
            )
        }
        let limiter = try access.limiter(try options.limiterConfiguration(), stateDirectory: options.stateDirectory)
        let crawler = try access.crawler(
            try options.configuration(snapshot: path, plan: plan, apiBase: access.apiBase), limiter: limiter,
            quiet: options.quiet)
        let started = ContinuousClock.now
        let metrics = exporter?.begin { await crawler.metrics() }
        let task = Task { try await crawler.run() }
        stop.onSet { task.cancel() }
        defer { stop.onSet {} }
        let reporter = ProgressReporter(
            mode: options.progressMode, quiet: options.quiet, interval: options.progressInterval,
            budget: options.budget, searchBudget: nil
        ).start { await crawler.progress() }
        let result = await task.result
        reporter.cancel()
        await reporter.value
        await metrics?.end({ await crawler.metrics() }, stop: false)
        do {
            return (try result.get(), path, (ContinuousClock.now - started) / .seconds(1))
        } catch {
            throw RuntimeFailure("\(error)")
        }
    }

    static let help = """
        Usage: ytcrawl refresh DIR --budget UNITS [options]

        Take a statistics snapshot of the videos in DIR (an output of ytcrawl crawl): their current
        view, like and comment counts and duration, 50 videos a request, written to
        DIR/snapshots/<UTC time>/stats-NNNNN.jsonl.gz with its own manifest.json. Videos the API
        no longer returns (deleted, made private) are written with status "gone". A snapshot that
        did not finish (killed, budget or quota spent) is completed by the next refresh, each video
        exactly once.

        What to refresh:
          --ids FILE             these videos instead of DIR's: one id or watch URL a line (# comments)
          --method M             batchGetStats (default: videos:batchGetStats, 1 unit per 50 videos
                                 from its own bucket in the buckets model) or videos (videos.list
                                 part=statistics, 1 unit per 50 videos, for keys or emulators without it)
          --every DURATION       keep refreshing: a snapshot every DURATION (30m, 6h, 1d), sleeping
                                 across Pacific midnight when the quota is spent; Ctrl-C stops
        Budget and quota:
          --budget UNITS         units this snapshot may spend (required)
          --quota-model M        buckets (default) or classic
          --daily-units N        each key's daily units (default 10000)
          --daily-stats-units N  each key's daily videos:batchGetStats units, buckets model (default 10000)
          --state-dir DIR        where the daily quota ledger lives
          --wait-for-reset       wait for Pacific midnight when every key is spent, instead of stopping
        Connection (as for ytcrawl crawl):
          --api-base URL, --key-file FILE (or YOUTUBE_API_KEY), --emulator, --emulator-X,
          --rps N, --concurrency N, --retries N
        Output and progress:
          --shard-records N, --shard-bytes SIZE, --gzip-level N, --checkpoint-every N, --progress auto|always|never,
          --progress-interval SECONDS, --summary-json FILE, --quiet, --verbose,
          --metrics-listen HOST:PORT, --metrics-file FILE (Prometheus text, as for a crawl)

        Exit codes: 0 done (or the budget ran out: rerun to complete the snapshot), 1 runtime
        failure, 2 usage error, 3 quota or key refused, 4 some videos got no answer (rerun),
        130 interrupted.

        Examples:
          ytcrawl refresh ytcrawl-out --budget 1000
          ytcrawl refresh ytcrawl-out --budget 10000 --every 1d --key-file /run/secrets/youtube-key
        """
}

/// A stop asked by a signal: it cancels the snapshot running, or ends the sleep between two.
final class StopFlag: Sendable {
    private let state = Mutex<(stopped: Bool, action: @Sendable () -> Void)>((false, {}))

    var isSet: Bool { state.withLock { $0.stopped } }

    func set() {
        let action = state.withLock { state in
            state.stopped = true
            return state.action
        }
        action()
    }

    /// What a stop does from now on (at once when it was asked already).
    func onSet(_ action: @escaping @Sendable () -> Void) {
        let stopped = state.withLock { state in
            state.action = action
            return state.stopped
        }
        if stopped { action() }
    }

    /// Sleeps until the UTC second `until`, or a stop; `false` when stopped.
    func sleep(untilUTC until: Int64) async -> Bool {
        while !isSet, Int64(Date().timeIntervalSince1970) < until {
            try? await Task.sleep(for: .milliseconds(200))
        }
        return !isSet
    }
}
