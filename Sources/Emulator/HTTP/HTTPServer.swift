import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on POSIX sockets, bound to 127.0.0.1 only: one thread accepts, one thread
/// serves each connection (keep-alive, Content-Length bodies). Malformed or oversized requests get
/// 400/431 and a close. A connection idle for `idleTimeout` is closed; a request that stalls
/// mid-head that long, or trickles in past that long after the server began waiting for it,
/// gets 408. At most `maximumConnections` are open at once; a connection beyond them
/// gets the `overloaded` answer (a 503) and a close, never an empty reply.
final class HTTPServer: Sendable {
    typealias Handler = @Sendable (HTTPRequestHead) -> HTTPResponse

    static let maximumHeadBytes = 64 * 1024

    private let listener: ListeningSocket
    let port: UInt16
    private let handler: Handler
    private let idleTimeoutSeconds: Int
    private let maximumConnections: Int
    /// What a connection beyond `maximumConnections` gets.
    private let overloaded: HTTPResponse
    private let state = Mutex(State())

    private struct State {
        var stopping = false
        var connections: Set<Int32> = []
        var acceptorDone = false
    }

    /// Binds and listens; `port` 0 picks a free one.
    ///
    /// - Throws: ``EmulatorError`` naming the port and the system's reason.
    init(
        port: UInt16, idleTimeoutSeconds: Int = 10, maximumConnections: Int = 256,
        overloaded: HTTPResponse = HTTPResponse(status: 503, body: Array("too many connections\n".utf8)),
        handler: @escaping Handler
    ) throws {
        do {
            listener = try ListeningSocket(port: port, backlog: 256)
        } catch {
            throw EmulatorError("\(error)")
        }
        self.port = listener.port
        self.handler = handler
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maximumConnections = max(1, maximumConnections)
        self.overloaded = overloaded
    }

    /// Starts the accepting thread.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "emulator-accept"
        thread.start()
    }

    /// Stops accepting, closes every connection, and waits (bounded) for their threads to end.
    func stop() {
        // Under the lock: a connection's thread closes its descriptor only after leaving the set,
        // so every descriptor shut down here is still that connection's, never a number the
        // process reused for another socket (another server's client, say) after a close.
        state.withLock { state in
            state.stopping = true
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        listener.shutdown()
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let done = state.withLock { $0.connections.isEmpty && $0.acceptorDone }
            if done { break }
            usleep(2000)
        }
        listener.close()
    }

    private func acceptLoop() {
        defer { state.withLock { $0.acceptorDone = true } }
        while true {
            let fd: Int32
            do throws(SystemError) {
                fd = try listener.accept()
            } catch {
                if state.withLock({ $0.stopping }) { return }
                switch error.code {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: wait for connections to end, then go on.
                    usleep(20_000)
                    continue
                default: return
                }
            }
            let admitted = state.withLock { state -> Bool? in
                guard !state.stopping else { return nil }
                guard state.connections.count < maximumConnections else { return false }
                state.connections.insert(fd)
                return true
            }
            guard let admitted else {
                close(fd)
                return
            }
            guard admitted else {
                turnAway(fd)
                continue
            }
            let thread = Thread { [self] in
                serve(fd)
                state.withLock { _ = $0.connections.remove(fd) }
                close(fd)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// A connection beyond the cap, on the accepting thread: the 503 without waiting (it fits the
    /// socket's buffer), a request already sent read away so the close is not a reset that
    /// would discard the answer, then the close.
    private func turnAway(_ fd: Int32) {
        let head = overloaded.head(keepAlive: false)
        var message = head
        message += overloaded.body
        WriteAll.writeWithoutWaiting(fd, message)
        shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        close(fd)
    }

    private func serve(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        // A read waits at most the idle timeout; so does a write to a client that does not read
        // its answers.
        var timeout = timeval(tv_sec: idleTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        buffer.reserveCapacity(8192)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // Read until a whole head is buffered, by the deadline: each read waits at most the
            // idle timeout, and a head that trickles in is cut off once the deadline has passed
            // (a client cannot renew the read timeout with a byte now and then).
            let deadline = ContinuousClock.now + .seconds(idleTimeoutSeconds)
            var headEnd: Int?
            var searchFrom = 0
            while true {
                if let end = Self.findHeadEnd(buffer, from: searchFrom) {
                    headEnd = end
                    break
                }
                searchFrom = max(0, buffer.count - 3)
                if buffer.count > Self.maximumHeadBytes {
                    send(
                        fd, HTTPResponse(status: 431, body: Array("request head larger than 64 KiB\n".utf8)),
                        keepAlive: false)
                    return
                }
                if !buffer.isEmpty, ContinuousClock.now >= deadline {
                    requestTimedOut(fd)
                    return
                }
                let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if received > 0 {
                    buffer.append(contentsOf: chunk[0..<received])
                    continue
                }
                if received < 0, errno == EINTR { continue }
                if received < 0, errno == EAGAIN || errno == EWOULDBLOCK, !buffer.isEmpty { requestTimedOut(fd) }
                return  // closed, idle past the timeout, or error
            }
            guard let end = headEnd else { return }
            guard end <= Self.maximumHeadBytes else {
                refuse(fd, HTTPResponse(status: 431, body: Array("request head larger than 64 KiB\n".utf8)))
                return
            }
            let head: HTTPRequestHead
            do {
                head = try HTTPRequestHead.parse(buffer[0..<end])
            } catch {
                refuse(fd, HTTPResponse(status: 400, body: Array("malformed request\n".utf8)))
                return
            }
            buffer.removeFirst(end + 4)
            // Discard a request body, if any (the API takes none on GET).
            if let length = head.header("content-length").flatMap({ Int($0) }), length > 0 {
                guard length <= 1 << 20 else {
                    refuse(fd, HTTPResponse(status: 400, body: Array("request body too large\n".utf8)))
                    return
                }
                while buffer.count < length {
                    guard ContinuousClock.now < deadline else { return }
                    let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if received <= 0 { return }
                    buffer.append(contentsOf: chunk[0..<received])
                }
                buffer.removeFirst(length)
            }
            let response = handler(head)
            if state.withLock({ $0.stopping }) { return }
            let keepAlive = head.keepAlive
            if response.delayMilliseconds > 0 { usleep(UInt32(response.delayMilliseconds) * 1000) }
            switch response.delivery {
            case .normal:
                guard send(fd, response, keepAlive: keepAlive), keepAlive else { return }
            case .reset:
                // SO_LINGER with a zero timeout: close sends a reset (portable: Glibc and Darwin).
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                return
            case .truncate:
                _ = writeAll(
                    fd, head: response.head(keepAlive: false), body: response.body.prefix(response.body.count / 2))
                return
            }
        }
    }

    /// A request not completed by its deadline: 408, and the connection is closed.
    private func requestTimedOut(_ fd: Int32) {
        send(fd, HTTPResponse(status: 408, body: Array("request not completed in time\n".utf8)), keepAlive: false)
    }

    /// Index of the `\r\n\r\n` that ends the head.
    static func findHeadEnd(_ buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Answers a request the server will not serve, then closes without losing the answer: unread
    /// input at close would make the kernel reset the connection and discard what was sent.
    private func refuse(_ fd: Int32, _ response: HTTPResponse) {
        send(fd, response, keepAlive: false)
        shutdown(fd, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        while drained < 1 << 20 {
            let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received <= 0 { break }
            drained += received
        }
    }

    @discardableResult
    private func send(_ fd: Int32, _ response: HTTPResponse, keepAlive: Bool) -> Bool {
        writeAll(fd, head: response.head(keepAlive: keepAlive), body: response.body[...])
    }

    /// Writes `head` then `body` in one gathering write, without joining them into a new buffer.
    private func writeAll(_ fd: Int32, head: [UInt8], body: ArraySlice<UInt8>) -> Bool {
        head.withUnsafeBytes { headBytes in
            body.withUnsafeBytes { bodyBytes in
                (try? WriteAll.write(fd, headBytes, bodyBytes, to: .socket)) != nil
            }
        }
    }
}
