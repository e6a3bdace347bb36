import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a user named on the command line (`--summary-json FILE`, `gallery --out FILE`, `export
/// --csv FILE`): opened and written through, never replaced, so a symlink stays a symlink and
/// `/dev/stdout` works; `-` means standard output. (Atomic replacement is for the files ytcrawl
/// owns in its output directory.)
final class UserFile {
    private let path: String
    private let fd: Int32
    private let owned: Bool

    /// Opens (creating or truncating) `path` for writing.
    ///
    /// - Throws: ``RuntimeFailure`` naming the path and the reason.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            owned = false
            return
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        owned = true
        guard fd >= 0 else {
            throw RuntimeFailure(
                "cannot write \(path): \(String(cString: strerror(errno))); check the folder exists and is writable")
        }
    }

    deinit { if owned { close(fd) } }

    /// Appends `bytes`.
    func write(_ bytes: some Collection<UInt8>) throws {
        do {
            try WriteAll.write(fd, Array(bytes))
        } catch {
            throw RuntimeFailure("cannot write \(path): \(error.reason)")
        }
    }

    /// Writes `bytes` as the whole of `path`.
    ///
    /// - Throws: ``RuntimeFailure`` naming the path and the reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try UserFile(path: path).write(bytes)
    }
}
