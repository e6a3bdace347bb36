import YouTubeKit

/// How a crawl ended: a cause, which decides the exit code and the next step, and a detail for
/// people.
public struct CrawlEnding: Sendable, Hashable, CustomStringConvertible {
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        /// Every seed was walked to its end.
        case completed
        /// The run's budget is spent; a rerun with more budget continues from the checkpoint.
        case budgetSpent
        /// The daily quota of every key is spent; a rerun after the reset continues.
        case quotaSpent
        /// Every key was refused (keyInvalid and the like).
        case keyRefused
        /// The API refused the requests themselves (accessNotConfigured, forbidden): the project or
        /// key restrictions need fixing.
        case apiRefused
        /// Something no retry can fix: an unresolvable host, a plain-http non-loopback base, TLS,
        /// a redirect, a 4xx without the API's error body.
        case configuration
        /// A shard, the checkpoint or the manifest could not be written.
        case writeFailed
        /// Some work failed for good (its retries ran out); the rest is done, and the checkpoint
        /// keeps the failed work for a rerun.
        case incomplete
        /// A signal or a cancellation; the checkpoint is saved.
        case interrupted
    }

    public var cause: Cause
    public var detail: String
    /// The quota bucket whose budget or daily quota ended the run, when one did.
    public var bucket: QuotaBucket?

    public init(_ cause: Cause, _ detail: String = "", bucket: QuotaBucket? = nil) {
        self.cause = cause
        self.detail = detail
        self.bucket = bucket
    }

    public static let completed = CrawlEnding(.completed)
    public static let interrupted = CrawlEnding(.interrupted)

    /// DESIGN's exit codes: 0 done (frontier or budget), 1 runtime failure, 3 quota or auth,
    /// 4 incomplete, 130 interrupted.
    public var exitCode: Int32 {
        switch cause {
        case .completed, .budgetSpent: 0
        case .configuration, .writeFailed: 1
        case .quotaSpent, .keyRefused, .apiRefused: 3
        case .incomplete: 4
        case .interrupted: 130
        }
    }

    /// One line for people: what happened and why.
    public var description: String {
        switch cause {
        case .completed: "done: every seed walked to its end"
        case .budgetSpent:
            "stopped: \(detail); rerun with more \(bucket == .searches ? "--search-budget" : "--budget") to continue"
        case .quotaSpent: "stopped: \(detail); rerun after the quota resets (midnight Pacific Time)"
        case .keyRefused: "stopped: \(detail); check the key (or key file) and rerun"
        case .apiRefused: "stopped: the API refused the request: \(detail)"
        case .configuration: "failed: \(detail)"
        case .writeFailed:
            "failed: \(detail); what was written stays, rerun the same command once it is fixed (free space, permissions)"
        case .incomplete: "incomplete: \(detail); rerun the same command to retry what failed"
        case .interrupted: "interrupted; rerun to continue"
        }
    }
}

extension LimiterStop {
    /// How the crawl ends when the limiter stops it.
    var ending: CrawlEnding {
        switch self {
        case .runBudgetSpent(let bucket, _, _): CrawlEnding(.budgetSpent, description, bucket: bucket)
        case .dailyQuotaSpent(let bucket, _): CrawlEnding(.quotaSpent, description, bucket: bucket)
        case .noUsableKey: CrawlEnding(.keyRefused, description)
        }
    }
}
