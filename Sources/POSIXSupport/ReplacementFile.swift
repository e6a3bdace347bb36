#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a temporary name beside it and renamed into place by ``commit()``: the
/// file is there whole, or what was there before stays. One given up (a failed write, a full disk,
/// a thrown error, the value released without a commit) leaves no file behind.
///
/// `path` may be a symbolic link to a regular file: the link's target is replaced and the link
/// stays a link. A path that is not a regular file (`/dev/stdout`, a pipe) cannot be renamed over:
/// ``isRenamable(_:)`` says so, and such a path is written through instead.
public final class ReplacementFile {
    /// Where the file goes (a link's target, resolved).
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false

    /// Creates the temporary file beside `path`'s target.
    ///
    /// - Throws: ``SystemError`` of the `open` that failed.
    public init(path: String) throws(SystemError) {
        self.path = Self.resolved(path)
        temporary = self.path + ".tmp-\(getpid())"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError("open \(temporary)") }
    }

    deinit { abandon() }

    /// Appends `bytes`; on failure the temporary file is removed and nothing more is written.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard descriptor >= 0 else { throw SystemError("write \(path)", code: EBADF) }
        do {
            try WriteAll.write(descriptor, bytes)
        } catch {
            abandon()
            throw error
        }
    }

    /// Appends `bytes`; as ``write(_:)-(UnsafeRawBufferPointer)``.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        let result: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try write(buffer) }
        }
        try result.get()
    }

    /// Syncs the file and renames it into place.
    public func commit() throws(SystemError) {
        guard descriptor >= 0 else { throw SystemError("write \(path)", code: EBADF) }
        guard fsync(descriptor) == 0 else {
            let failure = SystemError("fsync \(path)")
            abandon()
            throw failure
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let failure = SystemError("rename to \(path)")
            unlink(temporary)
            throw failure
        }
        committed = true
        // The rename survives a crash once the directory is synced.
        let directory = open(Self.parentDirectory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw SystemError("open the directory of \(path)") }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw SystemError("fsync the directory of \(path)") }
    }

    /// The directory `path` is in.
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Gives up: the temporary file goes (nothing when committed already).
    public func abandon() {
        guard !committed else { return }
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporary)
        committed = true
    }

    /// Whether `path` can be written by rename: it does not exist yet, or it (or the file a link
    /// names) is a regular file.
    public static func isRenamable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// `path` with a symbolic link in its last part followed (to its end), so that renaming
    /// replaces the target and keeps the link.
    private static func resolved(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                current = target
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + target
            } else {
                current = target
            }
        }
        return current
    }
}
