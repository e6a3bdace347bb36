import Archive
import Crawler
import Emulator
import Foundation
import Transport
import YouTubeKit

/// `ytcrawl [crawl] --seeds FILE --budget UNITS [options]`: the main job, in four steps:
/// options, plan (the API, keys, limiter and crawler), run (with signals and progress), report.
enum CrawlCommand {
    static func run(_ arguments: [String]) async throws -> Int32 {
        AllocatorTuning.tuneForCrawl()
        guard let options = try CrawlOptions(arguments) else {
            print(help)
            return 0
        }
        if options.dryRun {
            print(
                DryRunReport.dryRun(
                    options.seeds, model: options.model, hydrate: options.hydrate, maxPages: options.maxPages,
                    budget: options.budget))
            if options.comments || options.seeds.contains(where: \.comments) {
                let estimate = CommentCostEstimate(
                    seeds: options.seeds, allVideos: options.comments, maxPages: options.maxCommentPages,
                    out: options.out)
                print(
                    estimate.text
                        ?? "comments: 1 unit per 100 comments of every video found, at least 1 per video (no commentCount known yet in \(options.out))"
                )
            }
            print(try DryRunReport.quotaLeft(options.scanner, model: options.model))
            return 0
        }
        let plan = try CrawlSetup(options)
        defer { plan.emulator?.stop() }
        let (summary, elapsed) = try await crawl(plan, options)
        return report(summary, options, elapsedSeconds: elapsed)
    }

    /// Runs the crawl with Ctrl-C turned into a graceful stop and the progress line going.
    private static func crawl(_ plan: CrawlSetup, _ options: CrawlOptions) async throws -> (CrawlSummary, Double) {
        if !options.quiet {
            writeStderr(
                "ytcrawl: crawling \(options.seeds.count) seeds from \(options.seedsPath) into \(options.out) (budget \(options.budget) units)"
            )
        }
        let crawler = plan.crawler
        let started = ContinuousClock.now
        let metrics = try MetricsExporter.make(options.scanner, quiet: options.quiet)?.begin { await crawler.metrics() }
        let task = Task { try await crawler.run() }
        // SIGINT/SIGTERM stop the crawl gracefully: requests in flight end, the checkpoint is written.
        let signals = SignalWatcher([SIGINT, SIGTERM]) {
            writeStderr("ytcrawl: stopping: finishing requests in flight and saving the checkpoint (again to force)")
            task.cancel()
        }
        defer { signals.stop() }
        let reporter = ProgressReporter(
            mode: options.progressMode, quiet: options.quiet, interval: options.progressInterval,
            budget: options.budget, searchBudget: plan.searchBudget
        ).start { await crawler.progress() }
        let result = await task.result
        reporter.cancel()
        await reporter.value
        await metrics?.end { await crawler.metrics() }
        do {
            return (try result.get(), (ContinuousClock.now - started) / .seconds(1))
        } catch {
            throw RuntimeFailure("\(error)")
        }
    }

    /// Prints the summary (and writes it as JSON when asked); returns the exit code.
    private static func report(_ summary: CrawlSummary, _ options: CrawlOptions, elapsedSeconds: Double) -> Int32 {
        let status = summary.ending.exitCode
        let report = CrawlReport(
            summary: summary, out: options.out, budget: options.budget, elapsedSeconds: elapsedSeconds,
            exitCode: status)
        report.emit(quiet: options.quiet, summaryPath: options.summaryPath)
        return status
    }
}

/// What a crawl runs against: the API (or the built-in emulator), keys, limiter and crawler.
struct CrawlSetup {
    var access: APIAccess
    var crawler: Crawler<ContinuousClock>
    var searchBudget: Int?
    var emulator: EmulatorServer? { access.emulator }

    init(_ options: CrawlOptions) throws {
        access = try APIAccess(options.scanner, model: options.model)
        let limiterConfiguration = try options.limiterConfiguration()
        searchBudget = limiterConfiguration.runBudgetSearches
        let limiter = try access.limiter(limiterConfiguration, stateDirectory: options.stateDirectory)
        crawler = try access.crawler(
            try options.crawlConfiguration(apiBase: access.apiBase), limiter: limiter, quiet: options.quiet)
    }
}
