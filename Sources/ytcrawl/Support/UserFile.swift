import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a user named on the command line (`--summary-json FILE`, `gallery --out FILE`, `export
/// --csv FILE`): written under a temporary name beside it and renamed into place by ``commit()``
/// (``ReplacementFile``), so a full disk or a failure leaves the file that was there before, or none,
/// never a partial or empty one. A symlink stays a symlink (its target is replaced). `-` means
/// standard output, and a path that is not a regular file (`/dev/stdout`, a pipe) is written
/// through, as it cannot be renamed over.
final class UserFile {
    private let path: String
    private enum Target {
        case through(Int32, owned: Bool)
        case atomic(ReplacementFile)
    }
    private let target: Target

    /// Opens `path` for writing: its temporary file, or the path itself when it cannot be renamed.
    ///
    /// - Throws: ``RuntimeFailure`` naming the path and the reason.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            target = .through(STDOUT_FILENO, owned: false)
            return
        }
        if ReplacementFile.isRenamable(path) {
            do {
                target = .atomic(try ReplacementFile(path: path))
            } catch {
                throw Self.failure(path, error.code)
            }
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure(path, errno) }
        target = .through(fd, owned: true)
    }

    deinit {
        switch target {
        case .through(let fd, owned: true): close(fd)
        case .through: break
        case .atomic(let file): file.abandon()
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> RuntimeFailure {
        RuntimeFailure(
            "cannot write \(path): \(String(cString: strerror(code))); check the folder exists and is writable")
    }

    /// Appends `bytes`.
    func write(_ bytes: some Collection<UInt8>) throws {
        do throws(SystemError) {
            let array = Array(bytes)
            switch target {
            case .through(let fd, _): try WriteAll.write(fd, array)
            case .atomic(let file): try file.write(array)
            }
        } catch {
            throw RuntimeFailure("cannot write \(path): \(error.reason)")
        }
    }

    /// The file is complete: renamed into place (nothing to do for one written through).
    func commit() throws {
        guard case .atomic(let file) = target else { return }
        do {
            try file.commit()
        } catch {
            throw RuntimeFailure("cannot write \(path): \(error.reason)")
        }
    }

    /// Writes `bytes` as the whole of `path`.
    ///
    /// - Throws: ``RuntimeFailure`` naming the path and the reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try UserFile(path: path)
        try file.write(bytes)
        try file.commit()
    }
}
