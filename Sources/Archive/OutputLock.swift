import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive hold on an output directory for one run: an advisory `flock` on
/// `DIR/ytcrawl.lock`, which also names the holder's pid. The kernel releases it when the
/// process ends, however it ends, so a killed run never blocks the next.
public final class OutputLock: Sendable {
    public static let fileName = "ytcrawl.lock"
    /// The lock file's descriptor; -1 once released.
    private let descriptor: Atomic<Int32>
    private let path: String
    /// Lock files this process holds now.
    private static let held = Mutex<Set<String>>([])

    /// Takes the lock, or fails at once.
    ///
    /// - Throws: ``OutputInUse`` when another run holds it; ``ArchiveError`` when the lock file
    ///   cannot be opened.
    public init(directory: String) throws {
        let path = directory + "/" + Self.fileName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArchiveError.system("open", path: path) }
        var waits = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let holder = Self.readPID(fd)
            // A lock naming this process that it no longer holds lives on in a copy of its
            // released descriptor: a child being started by another thread (posix_spawn) holds
            // the parent's descriptors until it closes them or execs, moments later.
            if holder == getpid(), !Self.held.withLock({ $0.contains(path) }), waits < 200 {
                waits += 1
                usleep(5_000)
                continue
            }
            close(fd)
            throw OutputInUse(directory: directory, pid: holder)
        }
        Self.held.withLock { _ = $0.insert(path) }
        self.path = path
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        descriptor = Atomic(fd)
    }

    /// Lets the next run in (the kernel does it anyway when the process ends). Idempotent.
    public func release() {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard fd >= 0 else { return }
        _ = Self.held.withLock { $0.remove(path) }
        close(fd)
    }

    deinit { release() }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Another run is writing into the same output directory.
public struct OutputInUse: Error, Sendable, Hashable, CustomStringConvertible {
    public let directory: String
    public let pid: Int32?

    public var description: String {
        let holder = pid.map { "another ytcrawl run (pid \($0))" } ?? "another ytcrawl run"
        return
            "\(directory) is in use by \(holder); wait for it to end, or give this run another --out"
    }
}
