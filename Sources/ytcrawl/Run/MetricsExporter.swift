import Archive
import Crawler
import Foundation
import Synchronization

/// `--metrics-listen HOST:PORT` and `--metrics-file FILE`: a long run's counters in the
/// Prometheus text format, served at `/metrics` and rewritten atomically (write, rename) for the
/// node exporter's textfile collector, once a second and at the end.
final class MetricsExporter: Sendable {
    private let text = Mutex<String>("")
    private let server: MetricsServer?
    private let file: String?

    /// `nil` when neither `listen` (`--metrics-listen`) nor `file` (`--metrics-file`) is given.
    init?(listen: String?, file: String?) throws {
        self.file = file
        guard listen != nil || file != nil else { return nil }
        server = try listen.map { try MetricsServer(address: $0) }
        server?.start { [self] in self.text.withLock { $0 } }
    }

    /// Where the metrics are served, for people.
    var address: String? { server.map { "http://\($0.host):\($0.port)/metrics" } }

    /// Takes the counters now.
    func publish(_ metrics: CrawlMetrics) {
        let rendered = metrics.prometheusText
        text.withLock { $0 = rendered }
        if let file {
            do {
                try AtomicFile.write(Array(rendered.utf8), to: file)
            } catch {
                writeStderr("ytcrawl: cannot write --metrics-file \(file): \(error)")
            }
        }
    }

    /// Publishes `snapshot()` once a second until cancelled.
    func start(_ snapshot: @escaping @Sendable () async -> CrawlMetrics) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                publish(await snapshot())
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    func stop() { server?.stop() }

    /// The exporter the options ask for, announced on stderr; `nil` without the options.
    static func make(listen: String?, file: String?, quiet: Bool) throws -> MetricsExporter? {
        guard let exporter = try MetricsExporter(listen: listen, file: file) else { return nil }
        if !quiet, let address = exporter.address { writeStderr("ytcrawl: metrics at \(address)") }
        return exporter
    }

    /// Publishes `snapshot()` until ``Running/end(_:)``.
    func begin(_ snapshot: @escaping @Sendable () async -> CrawlMetrics) -> Running {
        Running(exporter: self, task: start(snapshot))
    }

    struct Running {
        let exporter: MetricsExporter
        let task: Task<Void, Never>

        /// Publishes the final counters (served until ``MetricsExporter/stop()``).
        func end(_ snapshot: @Sendable () async -> CrawlMetrics) async {
            task.cancel()
            await task.value
            exporter.publish(await snapshot())
        }
    }
}
