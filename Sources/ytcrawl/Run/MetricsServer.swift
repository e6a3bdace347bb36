import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 responder for `/metrics`: one thread accepts, and each connection is
/// answered on a thread of its own (one request per connection), at most ``maximumClients`` at
/// once; beyond them a client gets `503` at once. A client must send its request within
/// ``readDeadline`` or it is closed unanswered, so clients that connect and send nothing cannot
/// hold up a scrape.
final class MetricsServer: Sendable {
    /// Connections answered at once.
    static let maximumClients = 16
    /// How long a client has to send its whole request.
    static let readDeadline = Duration.seconds(2)
    /// How long writing the answer may block on a client that does not read it.
    static let writeTimeoutSeconds = 2

    let host: String
    let port: Int
    private let listener: ListeningSocket
    private let stopped = Atomic<Bool>(false)
    private let clients = Atomic<Int>(0)

    /// Binds `HOST:PORT` (port 0 picks a free one), with a warning on stderr when `HOST` is not a
    /// loopback address: the counters are then open to other machines.
    ///
    /// - Throws: ``UsageError`` for an address that is not `HOST:PORT` or cannot be bound.
    init(address: String) throws {
        guard let authority = URLAuthority(hostPort: address), let port = authority.port else {
            throw UsageError("--metrics-listen \(address): expected HOST:PORT, as 127.0.0.1:9464")
        }
        do throws(ListeningSocket.Failure) {
            listener = try ListeningSocket(host: authority.host, port: UInt16(port), backlog: 64)
        } catch {
            switch error {
            case .notIPv4(let host):
                throw UsageError(
                    "--metrics-listen \(address): \(host) is not an IPv4 address; use 127.0.0.1 or 0.0.0.0")
            case .system(let error) where error.operation == "socket":
                throw RuntimeFailure("--metrics-listen: cannot open a socket")
            case .system(let error):
                throw UsageError(
                    "--metrics-listen \(address): cannot listen there (\(error.reason)); choose another port")
            }
        }
        host = listener.host
        self.port = Int(listener.port)
        // 127.0.0.0/8 stays on this machine; anything else (0.0.0.0 included) does not.
        if !listener.isLoopback {
            writeStderr(
                "ytcrawl: warning: --metrics-listen \(address) is not a loopback address: other machines can read the crawl's metrics; use 127.0.0.1:\(port) unless a firewall guards the port"
            )
        }
    }

    /// Serves `body()` at `/metrics` until ``stop()``.
    func start(_ body: @escaping @Sendable () -> String) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                guard listener.waitForConnection(milliseconds: 200) else { continue }
                let client: Int32
                do throws(SystemError) {
                    client = try listener.accept()
                } catch {
                    // Out of descriptors (EMFILE): wait for clients to end rather than spin.
                    if error.code == EMFILE || error.code == ENFILE { usleep(50_000) }
                    continue
                }
                guard clients.add(1, ordering: .relaxed).newValue <= Self.maximumClients else {
                    clients.subtract(1, ordering: .relaxed)
                    Self.refuse(client)
                    continue
                }
                let worker = Thread { [self] in
                    answer(client, body)
                    close(client)
                    clients.subtract(1, ordering: .relaxed)
                }
                worker.name = "ytcrawl.metrics.client"
                worker.stackSize = 256 * 1024
                worker.start()
            }
            listener.close()
        }
        thread.name = "ytcrawl.metrics"
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Beyond ``maximumClients``: a `503` sent without waiting, then the close.
    private static func refuse(_ client: Int32) {
        let text = "too many clients of /metrics at once; try again\n"
        let bytes = Array(
            ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
                + "\(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)").utf8)
        WriteAll.writeWithoutWaiting(client, bytes)
        close(client)
    }

    private func answer(_ client: Int32, _ body: () -> String) {
        var timeout = timeval(tv_sec: Self.writeTimeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.readRequest(client) else { return }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        let found = parts.count >= 2 && parts[0] == "GET" && (parts[1] == "/metrics" || parts[1].hasPrefix("/metrics?"))
        let content = found ? body() : "not found: the metrics are at /metrics\n"
        let head =
            "HTTP/1.1 \(found ? "200 OK" : "404 Not Found")\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            + "Content-Length: \(content.utf8.count)\r\nConnection: close\r\n\r\n"
        // A client that went away (or stopped reading past the timeout) is left at that.
        try? WriteAll.write(client, Array((head + content).utf8), to: .socket)
    }

    /// The request head, read within ``readDeadline`` (the whole head, however it trickles in);
    /// `nil` when the client sent nothing by then.
    private static func readRequest(_ client: Int32) -> [UInt8]? {
        let deadline = ContinuousClock.now + readDeadline
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16_384, !request.ends(with: [13, 10, 13, 10]) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, min(60_000, (left / .milliseconds(1)).rounded(.up)))))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            request += buffer[..<count]
        }
        return request.isEmpty ? nil : request
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
