import StreamingJSON
import YouTubeKit

/// A running crawl's (or snapshot's) counters for long runs, in the Prometheus text format:
/// requests, units by method and by key, retries by cause, records written by kind, the frontier
/// and the quota left.
public struct CrawlMetrics: Sendable {
    public var requests = 0
    public var pages = 0
    public var retriesByCause: [String: Int] = [:]
    public var unitsByMethod: [String: Int] = [:]
    /// Charged this run with each key (fingerprint or label) and bucket.
    public var unitsByKey: [(key: String, spent: QuotaCounts)] = []
    /// Written this run, by kind.
    public var recordsWritten: [RecordKind: Int] = [:]
    public var frontier = 0
    public var pendingVideos = 0
    /// Left today over usable keys and within the run's budget, by bucket.
    public var quotaRemaining: [QuotaBucket: Int] = [:]
    public var warnings = 0

    public init() {}

    /// The Prometheus text exposition (version 0.0.4): `ytcrawl_*` metrics with HELP and TYPE.
    public var prometheusText: String {
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: Int)]) {
            lines.append("# HELP ytcrawl_\(name) \(help)")
            lines.append("# TYPE ytcrawl_\(name) \(type)")
            for sample in samples {
                lines.append("ytcrawl_\(name)\(sample.labels.isEmpty ? "" : "{\(sample.labels)}") \(sample.value)")
            }
        }
        func label(_ name: String, _ value: String) -> String { "\(name)=\"\(Self.escape(value))\"" }
        metric("requests_total", "counter", "Requests sent to the API this run, retries included.", [("", requests)])
        metric("pages_total", "counter", "Pages (answers) folded into the crawl this run.", [("", pages)])
        metric(
            "retries_total", "counter", "Requests retried this run, by cause.",
            RetryCause.allCases.map { (label("cause", $0.rawValue), retriesByCause[$0.rawValue] ?? 0) })
        metric(
            "units_total", "counter", "Quota charged this run, by API method (search.list calls in their own bucket).",
            unitsByMethod.sorted { $0.key < $1.key }.map { (label("method", $0.key), $0.value) })
        metric(
            "key_units_total", "counter", "Quota charged this run, by key fingerprint and bucket.",
            unitsByKey.flatMap { entry in
                QuotaBucket.allCases.filter { entry.spent[$0] != 0 }.map {
                    (label("key", entry.key) + "," + label("bucket", $0.rawValue), entry.spent[$0])
                }
            })
        metric(
            "records_written_total", "counter", "Records written this run, by kind.",
            RecordKind.allCases.map { (label("kind", $0.rawValue), recordsWritten[$0] ?? 0) })
        metric("frontier_items", "gauge", "Work items waiting or in flight.", [("", frontier)])
        metric("pending_videos", "gauge", "Videos found and not yet hydrated.", [("", pendingVideos)])
        metric(
            "quota_remaining", "gauge", "Quota left today over usable keys, within the run's budget, by bucket.",
            quotaRemaining.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                (label("bucket", $0.key.rawValue), $0.value)
            })
        metric(
            "warnings_total", "counter", "Warnings this run (seeds skipped, keys parked, items left).", [("", warnings)]
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label value with `\`, `"` and line breaks escaped.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

extension Crawler {
    /// The counters now (cheap: safe to ask every second while it runs).
    public func metrics() async -> CrawlMetrics {
        let report = engineReport()
        let counters = report.counters
        var metrics = CrawlMetrics()
        metrics.requests = counters.requests
        metrics.pages = counters.pages
        metrics.retriesByCause = counters.retriesByCause
        metrics.unitsByMethod = counters.unitsByMethod
        metrics.unitsByKey = await limiter.spentByKey
        metrics.recordsWritten = counters.writtenThisRun
        metrics.frontier = report.waiting
        metrics.pendingVideos = report.pendingVideos
        metrics.warnings = report.warnings.count
        for bucket in quotaModel.buckets { metrics.quotaRemaining[bucket] = await limiter.remaining(bucket) }
        return metrics
    }
}
