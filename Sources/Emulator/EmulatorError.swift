#if canImport(Glibc)
    import Glibc
#endif

/// A failure starting or running the emulator, with the system's reason.
public struct EmulatorError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    static func system(_ operation: String) -> EmulatorError {
        EmulatorError("\(operation) failed: \(String(cString: strerror(errno)))")
    }
}
