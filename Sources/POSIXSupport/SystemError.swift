#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call that failed: what was tried and the `errno` it left.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was tried, as `write` or `bind 127.0.0.1:8080`.
    public let operation: String
    /// The `errno` value.
    public let code: Int32

    public init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    /// The system's words for ``code``.
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(operation) failed: \(reason)" }
}
