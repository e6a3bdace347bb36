import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a user named on the command line (`--summary-json FILE`, `gallery --out FILE`): opened
/// and written through, never replaced, so a symlink stays a symlink and `/dev/stdout` works;
/// `-` means standard output. (Atomic replacement is for the files ytcrawl owns in its output
/// directory.)
enum UserFile {
    /// - Throws: ``RuntimeFailure`` naming the path and the reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RuntimeFailure(
                "cannot write \(path): \(String(cString: strerror(errno))); check the folder exists and is writable")
        }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw RuntimeFailure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
