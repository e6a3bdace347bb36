import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of one line, rewritten in place with one `pwrite` of a few dozen bytes: a kill cannot
/// cut the call (the kernel finishes it), so the file always holds a whole line. A shorter line
/// leaves stale bytes after its newline, which ``firstLine(atPath:)`` ignores. For what a process
/// must leave behind should it be killed (its claims, its spending).
public final class InPlaceLine: @unchecked Sendable {
    public let path: String
    private let fd: Int32

    /// Opens `path` for writing, created empty; with `exclusive`, only when it does not exist.
    /// `nil` when it cannot (`errno` says why).
    public init?(path: String, exclusive: Bool = false) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), 0o600)
        guard fd >= 0 else { return nil }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// A new file `prefix` + `PID-N` + `suffix` in `directory`, N the first number no file has
    /// (a killed process's file, whose PID this process may have been given again, is never
    /// reused). `nil` when it cannot be created (`errno` says why).
    public static func unique(in directory: String, prefix: String, suffix: String) -> InPlaceLine? {
        for attempt in 0..<1000 {
            if let made = InPlaceLine(path: directory + "/\(prefix)\(getpid())-\(attempt)\(suffix)", exclusive: true) {
                return made
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Makes `line` (without its newline) the file's line.
    public func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The file is no longer needed.
    public func remove() { unlink(path) }

    /// The line of the file at `path` (empty when it has none).
    public static func firstLine(atPath path: String) -> Substring {
        let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}
