import Foundation
import Gzip
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal blocking HTTP/1.1 client for tests and benchmarks: one keep-alive connection to
/// 127.0.0.1, Content-Length responses, optional gzip decoding. It reports resets and
/// truncated bodies instead of hiding them.
public final class LoopbackHTTPClient {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public enum Failure: Error, Equatable {
        case connect(Int32)
        case closedBeforeResponse
        case truncatedBody(expected: Int, received: Int)
        case malformedHead
    }

    private let port: UInt16
    private let receiveTimeoutSeconds: Int
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []

    /// - Parameter receiveTimeoutSeconds: how long a read waits for the server before failing.
    public init(port: UInt16, receiveTimeoutSeconds: Int = 20) {
        self.port = port
        self.receiveTimeoutSeconds = receiveTimeoutSeconds
    }

    public convenience init(baseURL: String) {
        self.init(port: UInt16(URLAuthority(url: baseURL)!.port!))
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        buffer = []
    }

    private func connect() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close()
            throw Failure.connect(code)
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends raw bytes on the connection (opening it if needed).
    public func sendRaw(_ bytes: [UInt8]) throws {
        if fd < 0 { try connect() }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Opens the connection and sends nothing: an idle client.
    public func connectIdle() throws {
        if fd < 0 { try connect() }
    }

    /// Whether the server has sent something not read yet (or closed the connection), without waiting.
    public func hasBytesToRead() -> Bool {
        guard fd >= 0 else { return false }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// Waits (at most the receive timeout) for the server to close the connection, discarding
    /// what it sends: `true` when it closed (or reset) it, `false` when the wait timed out.
    public func waitUntilClosedByServer() -> Bool {
        guard fd >= 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received > 0 { continue }
            if received < 0, errno == EINTR { continue }
            let timedOut = received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            close()
            return !timedOut
        }
    }

    /// GETs `target` (path and query) with `headers`, reusing the connection.
    public func get(_ target: String, headers: [String: String] = [:], gunzip: Bool = true) throws -> Response {
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try sendRaw(Array(request.utf8))
        var response = try readResponse()
        if gunzip, response.headers["content-encoding"] == "gzip" {
            response.body = try GzipDecompressor.decompress(response.body)
        }
        if response.headers["connection"] == "close" { close() }
        return response
    }

    /// Reads one response from the connection.
    public func readResponse() throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            if let end = Self.find(buffer) {
                headEnd = end
                break
            }
            guard try fill() else { throw Failure.closedBeforeResponse }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.split(separator: "\r\n")
        guard !lines.isEmpty else { throw Failure.malformedHead }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformedHead }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard try fill() else {
                let received = buffer.count
                close()
                throw Failure.truncatedBody(expected: length, received: received)
            }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads more bytes; false at end of stream or on a reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if received <= 0 { return false }
        buffer.append(contentsOf: chunk[0..<received])
        return true
    }

    private static func find(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
