import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file atomically: write a temporary file beside it, fsync it, rename it over the
/// target, fsync the directory. A reader sees the old content or the new, never a mix; after a
/// crash the file is one or the other.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically and durably.
    ///
    /// - Throws: ``ArchiveError`` naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { append in try bytes.withUnsafeBytes(append) }
    }

    /// Writes a file given in pieces to `path` atomically and durably: `produce` hands each piece
    /// to the function it is given, so a large file never needs to be whole in memory.
    ///
    /// - Throws: ``ArchiveError`` naming the path and the system's reason, or what `produce`
    ///   throws (the target is then left as it was).
    public static func write(
        to path: String, _ produce: (_ append: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let directory = parentDirectory(of: path)
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArchiveError.system("create", path: temporary) }
        do {
            try produce { piece in try writeAll(fd, piece, path: temporary) }
            guard fsync(fd) == 0 else { throw ArchiveError.system("fsync", path: temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = ArchiveError.system("rename to \(path)", path: temporary)
            unlink(temporary)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Removes the temporary files that writes of processes no longer running left in
    /// `directory` (`NAME.tmp-PID`: a run killed while it wrote its manifest, say). Another
    /// process's, still running, are left alone; so is every other file.
    public static func removeLeftovers(in directory: String) {
        guard let folder = opendir(directory) else { return }
        var leftovers: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let marker = name.ranges(of: ".tmp-").last,
                let pid = pid_t(name[marker.upperBound...]), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            leftovers.append(name)
        }
        closedir(folder)
        for name in leftovers { unlink(directory + "/" + name) }
    }

    /// Writes every byte of `buffer` to `fd`, the file at `path`.
    ///
    /// - Throws: ``ArchiveError`` naming the path and the system's reason.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
        do {
            try WriteAll.write(fd, buffer)
        } catch {
            throw ArchiveError("write \(path): \(error.reason)")
        }
    }

    /// fsyncs a directory so a rename or a new file in it survives a crash.
    public static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw ArchiveError.system("open directory", path: directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw ArchiveError.system("fsync directory", path: directory) }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
