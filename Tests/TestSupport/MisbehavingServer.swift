import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback server that answers every request with one scripted misbehaviour, for transport
/// tests. It stops by itself when released (or with ``stop()``).
public final class MisbehavingServer: Sendable {
    public enum Behaviour: Sendable {
        /// Send the head announcing `length` bytes, `sent` of them, then reset the connection.
        case resetMidBody(length: Int, sent: Int)
        /// Accept the request and never answer (until the client closes the connection).
        case stall
        /// Answer with a line that is not HTTP.
        case garbageStatusLine
        /// A 200 with a body of `bytes` bytes (streamed, never held in memory).
        case hugeBody(bytes: Int)
        /// A 200 whose body arrives a few bytes at a time, `intervalMilliseconds` apart.
        case slowDrip(bytes: Int, intervalMilliseconds: Int)
        /// A 200 whose body is `gzip` (sent as is, with `Content-Encoding: gzip`): a small body
        /// that decodes to far more (a "gzip bomb").
        case gzipped([UInt8])
        /// Close without answering.
        case closeWithoutResponse
        /// Bytes that are not TLS, to an https client.
        case notTLS
        /// A 503 error body whose message repeats the request's `X-Goog-Api-Key` and carries
        /// terminal escape sequences.
        case echoKey
        /// Answers request `number` (from 0) for `target` (path and query) with the status and
        /// JSON body the closure gives, and `Connection: close`: a hostile API scripted per request.
        case scripted(@Sendable (_ number: Int, _ target: String) -> (status: Int, body: [UInt8]))
    }

    public let port: UInt16
    private let listener: ListeningSocket
    private let behaviour: Behaviour
    private let stopping = Atomic<Bool>(false)
    private let received = Atomic<Int>(0)
    private let closedByClient = Mutex<ContinuousClock.Instant?>(nil)

    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        listener = try ListeningSocket(port: 0, backlog: 16)
        port = listener.port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Request heads read so far.
    public var requestsReceived: Int { received.load(ordering: .relaxed) }

    /// Returns once `count` request heads have arrived (polling; at most `timeout`).
    /// Waits until `count` requests arrived (the bound is generous: on a 2-core machine the test
    /// pool may be busy with blocking tests for a minute before the request is even sent).
    public func waitForRequests(_ count: Int, timeout: Duration = .seconds(300)) async throws {
        let deadline = ContinuousClock.now + timeout
        while requestsReceived < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// When the client first closed a stalled connection, seen on the server's own thread: a
    /// measure of the client's promptness that no wait of the test's own task enters.
    public var stalledConnectionClosedAt: ContinuousClock.Instant? { closedByClient.withLock { $0 } }

    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        listener.shutdown()
        listener.close()
    }

    private func acceptLoop() {
        while !stopping.load(ordering: .relaxed) {
            guard let fd = try? listener.accept() else { return }
            Thread { [self] in
                serve(fd)
                close(fd)
            }.start()
        }
    }

    private static func write(_ fd: Int32, _ text: String) -> Bool {
        write(fd, Array(text.utf8))
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? WriteAll.write(fd, bytes, to: .socket)) != nil
    }

    private func serve(_ fd: Int32) {
        // Read the request head.
        var buffer = [UInt8](repeating: 0, count: 8192)
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received <= 0 { return }
            head += buffer[0..<received]
            if case .notTLS = behaviour { break }
        }
        let number = received.add(1, ordering: .relaxed).oldValue
        switch behaviour {
        case .resetMidBody(let length, let sent):
            _ = Self.write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n")
            _ = Self.write(fd, [UInt8](repeating: UInt8(ascii: " "), count: sent))
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .stall:
            while !stopping.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 20) > 0 else { continue }
                var byte: UInt8 = 0
                if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 {
                    let now = ContinuousClock.now
                    closedByClient.withLock { $0 = $0 ?? now }
                    return
                }
                usleep(20_000)  // more bytes from the client: not expected, not read
            }
        case .garbageStatusLine:
            _ = Self.write(fd, "SPDY/9 ??? what\r\n\r\nnonsense")
        case .hugeBody(let bytes):
            _ = Self.write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes)\r\n\r\n")
            let block = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var sent = 0
            while sent < bytes, !stopping.load(ordering: .relaxed) {
                guard Self.write(fd, Array(block.prefix(min(block.count, bytes - sent)))) else { return }
                sent += block.count
            }
        case .slowDrip(let bytes, let interval):
            _ = Self.write(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(bytes)\r\n\r\n")
            for _ in 0..<bytes where !stopping.load(ordering: .relaxed) {
                guard Self.write(fd, [UInt8(ascii: "x")]) else { return }
                usleep(UInt32(interval) * 1000)
            }
        case .gzipped(let body):
            _ = Self.write(
                fd,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n"
            )
            _ = Self.write(fd, body)
        case .closeWithoutResponse:
            return
        case .notTLS:
            _ = Self.write(fd, "HTTP/1.1 400 This is not TLS\r\nContent-Length: 0\r\n\r\n")
        case .echoKey:
            let text = String(decoding: head, as: UTF8.self)
            let key =
                text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-goog-api-key:") }
                .map { $0.dropFirst("x-goog-api-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
            let body = Array(
                #"{"error":{"code":503,"message":"your key \#(key) \u001b[31mis red\u001b[0m","errors":[{"reason":"backendError","message":"key \#(key)"}]}}"#
                    .utf8)
            _ = Self.write(
                fd,
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            )
            _ = Self.write(fd, body)
        case .scripted(let answer):
            let requestLine = head.prefix { $0 != 13 }.split(separator: UInt8(ascii: " "))
            let target = requestLine.count >= 2 ? String(decoding: requestLine[1], as: UTF8.self) : ""
            let (status, body) = answer(number, target)
            _ = Self.write(
                fd,
                "HTTP/1.1 \(status) Scripted\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            )
            _ = Self.write(fd, body)
        }
    }
}

/// Open file descriptors of this process (to check nothing leaks).
public func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}
