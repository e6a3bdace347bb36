#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure reading or writing the output directory, naming the file and the reason.
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    /// A system call failed; the description carries `strerror(errno)`.
    static func system(_ operation: String, path: String) -> ArchiveError {
        let reason = String(cString: strerror(errno))
        return ArchiveError("\(operation) \(path): \(reason)")
    }
}
