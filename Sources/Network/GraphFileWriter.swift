import Foundation
import POSIXSupport

/// A file written in buffered chunks under a temporary name and renamed into place when complete
/// (``ReplacementFile``): a graph is there whole, or the file that was there before stays.
struct GraphFileWriter {
    let path: String
    private let file: ReplacementFile
    var buffer: [UInt8] = []

    init(path: String) throws {
        self.path = path
        do {
            file = try ReplacementFile(path: path)
        } catch {
            throw GraphError("cannot write \(path): \(error.reason)")
        }
        buffer.reserveCapacity(1 << 20)
    }

    /// Writes the buffer out once it holds a megabyte.
    mutating func flushIfFull() throws {
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private mutating func flush() throws {
        do {
            try file.write(buffer)
        } catch {
            throw GraphError("cannot write \(path): \(error.reason)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, syncs and renames the file into place.
    mutating func finish() throws {
        try flush()
        do {
            try file.commit()
        } catch {
            throw GraphError("cannot write \(path): \(error.reason)")
        }
    }

    /// Gives up: the temporary file goes.
    mutating func abandon() { file.abandon() }
}

/// A graph that cannot be built or written, with what to do about it.
public struct GraphError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
