#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening on an IPv4 address (127.0.0.1 unless told otherwise): bind, listen,
/// accept. The emulator, the metrics server and the test servers all listen through it.
public struct ListeningSocket: Sendable {
    /// Why a socket could not listen.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The host is not a dotted IPv4 address.
        case notIPv4(String)
        case system(SystemError)

        public var description: String {
            switch self {
            case .notIPv4(let host): "\(host) is not an IPv4 address"
            case .system(let error): error.description
            }
        }
    }

    public let descriptor: Int32
    /// The address it listens on, as given (`localhost` as 127.0.0.1).
    public let host: String
    /// The port it listens on: the one asked for, or the free one the system picked for 0.
    public let port: UInt16

    /// Binds `host:port` (port 0: a free one) with `SO_REUSEADDR` and listens.
    ///
    /// - Throws: ``Failure``; nothing is left open.
    public init(host: String = "127.0.0.1", port: UInt16, backlog: Int32) throws(Failure) {
        let host = host == "localhost" ? "127.0.0.1" : host
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .notIPv4(host) }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .system(SystemError("socket")) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = SystemError("bind \(host):\(port)")
            closeDescriptor(fd)
            throw .system(error)
        }
        guard listen(fd, backlog) == 0 else {
            let error = SystemError("listen")
            closeDescriptor(fd)
            throw .system(error)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        self.host = host
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// Whether it listens on 127.0.0.0/8, which stays on this machine (0.0.0.0 does not).
    public var isLoopback: Bool { host.split(separator: ".").first == "127" }

    /// Waits for the next connection; on Darwin the connection raises no `SIGPIPE` (Linux
    /// writers pass `MSG_NOSIGNAL`, as ``WriteAll`` does).
    ///
    /// - Throws: ``SystemError`` of `accept` (`EINTR`, `EMFILE`, or the socket shut down).
    public func accept() throws(SystemError) -> Int32 {
        #if canImport(Glibc)
            let client = Glibc.accept(descriptor, nil, nil)
        #else
            let client = Darwin.accept(descriptor, nil, nil)
        #endif
        guard client >= 0 else { throw SystemError("accept") }
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return client
    }

    /// Whether a connection waits to be accepted, waiting at most `milliseconds` for one.
    public func waitForConnection(milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Wakes a thread blocked in ``accept()`` (it then fails) and refuses new connections.
    public func shutdown() {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Closes the socket.
    public func close() { closeDescriptor(descriptor) }
}

/// The system's close(2), named apart from ``ListeningSocket/close()``.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}
