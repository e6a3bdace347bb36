import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file atomically (``ReplacementFile``): write a temporary file beside it, fsync it,
/// rename it over the target, fsync the directory. A reader sees the old content or the new,
/// never a mix; after a crash the file is one or the other.
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
        let file: ReplacementFile
        do {
            file = try ReplacementFile(path: path)
        } catch {
            throw ArchiveError("create \(path): \(error.reason)")
        }
        try produce { piece in
            do throws(SystemError) {
                try file.write(piece)
            } catch {
                throw ArchiveError("write \(path): \(error.reason)")
            }
        }
        do {
            try file.commit()
        } catch {
            throw ArchiveError("\(error.operation) failed: \(error.reason)")
        }
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
}
