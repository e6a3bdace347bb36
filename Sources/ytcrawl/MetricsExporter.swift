import Archive
import Crawler
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `--metrics-listen HOST:PORT` and `--metrics-file FILE`: a long run's counters in the
/// Prometheus text format, served at `/metrics` and rewritten atomically (write, rename) for the
/// node exporter's textfile collector, once a second and at the end.
final class MetricsExporter: Sendable {
    private let text = Mutex<String>("")
    private let server: MetricsServer?
    private let file: String?

    /// `nil` when neither option was given.
    init?(_ scanner: ArgumentScanner) throws {
        let listen = scanner.string("--metrics-listen")
        file = scanner.string("--metrics-file")
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
    static func make(_ scanner: ArgumentScanner, quiet: Bool) throws -> MetricsExporter? {
        guard let exporter = try MetricsExporter(scanner) else { return nil }
        if !quiet, let address = exporter.address { writeStderr("ytcrawl: metrics at \(address)") }
        return exporter
    }

    /// Publishes `snapshot()` until ``Running/end(_:stop:)``.
    func begin(_ snapshot: @escaping @Sendable () async -> CrawlMetrics) -> Running {
        Running(exporter: self, task: start(snapshot))
    }

    struct Running {
        let exporter: MetricsExporter
        let task: Task<Void, Never>

        /// Publishes the final counters; with `stop`, ends serving too.
        func end(_ snapshot: @Sendable () async -> CrawlMetrics, stop: Bool = true) async {
            task.cancel()
            await task.value
            exporter.publish(await snapshot())
            if stop { exporter.stop() }
        }
    }
}

/// A minimal HTTP/1.1 responder for `/metrics` on its own thread: one request per connection.
final class MetricsServer: Sendable {
    let host: String
    let port: Int
    private let descriptor: Int32
    private let stopped = Atomic<Bool>(false)

    /// Binds `HOST:PORT` (port 0 picks a free one).
    ///
    /// - Throws: ``UsageError`` for an address that is not `HOST:PORT` or cannot be bound.
    init(address: String) throws {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            (0...65_535).contains(port)
        else {
            throw UsageError("--metrics-listen \(address): expected HOST:PORT, as 127.0.0.1:9464")
        }
        var host = String(address[..<colon])
        if host == "localhost" { host = "127.0.0.1" }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &socketAddress.sin_addr) == 1 else {
            throw UsageError("--metrics-listen \(address): \(host) is not an IPv4 address; use 127.0.0.1 or 0.0.0.0")
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RuntimeFailure("--metrics-listen: cannot open a socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw UsageError("--metrics-listen \(address): cannot listen there (\(reason)); choose another port")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.host = host
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        descriptor = fd
    }

    /// Serves `body()` at `/metrics` until ``stop()``.
    func start(_ body: @escaping @Sendable () -> String) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 200) > 0 else { continue }
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { continue }
                answer(client, body)
                close(client)
            }
            close(descriptor)
        }
        thread.name = "ytcrawl.metrics"
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    private func answer(_ client: Int32, _ body: () -> String) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16_384, !request.ends(with: [13, 10, 13, 10]) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            request += buffer[..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        let found = parts.count >= 2 && parts[0] == "GET" && (parts[1] == "/metrics" || parts[1].hasPrefix("/metrics?"))
        let content = found ? body() : "not found: the metrics are at /metrics\n"
        let head =
            "HTTP/1.1 \(found ? "200 OK" : "404 Not Found")\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            + "Content-Length: \(content.utf8.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + content).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
