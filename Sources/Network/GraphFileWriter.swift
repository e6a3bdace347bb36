import Foundation
import POSIXSupport

/// A file written in buffered chunks under a temporary name and renamed into place when complete:
/// a graph is there whole, or the file that was there before stays.
struct GraphFileWriter {
    let path: String
    private let temporary: String
    private let descriptor: Int32
    private var closed = false
    var buffer: [UInt8] = []

    init(path: String) throws {
        self.path = path
        temporary = path + ".tmp-\(getpid())"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw GraphError("cannot write \(path): \(String(cString: strerror(errno)))") }
        buffer.reserveCapacity(1 << 20)
    }

    /// Writes the buffer out once it holds a megabyte.
    mutating func flushIfFull() throws {
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private mutating func flush() throws {
        do {
            try buffer.withUnsafeBytes { try WriteAll.write(descriptor, $0) }
        } catch {
            abandon()
            throw GraphError("cannot write \(path): \(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, syncs and renames the file into place.
    mutating func finish() throws {
        try flush()
        let synced = fsync(descriptor) == 0
        close(descriptor)
        closed = true
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw GraphError("cannot write \(path): \(reason)")
        }
    }

    /// Gives up: the temporary file goes.
    mutating func abandon() {
        guard !closed else { return }
        closed = true
        close(descriptor)
        unlink(temporary)
    }
}

/// A graph that cannot be built or written, with what to do about it.
public struct GraphError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
