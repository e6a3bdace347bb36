import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("write all")
struct WriteAllTests {
    /// Reads what the other end of a pipe holds until it is closed.
    private static func drain(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// Parts larger than a pipe holds arrive whole and in order: the writes are short, and the
    /// loop goes on where each one stopped.
    @Test func everyPartArrivesInOrderThroughShortWrites() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let head = [UInt8]((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        let body = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let (reader, writer) = (ends[0], ends[1])
        // Both ends block: each on a thread of its own, off the cooperative pool.
        let received = Task { try await offThePool { Self.drain(reader) } }
        try await offThePool {
            defer { close(writer) }
            try head.withUnsafeBytes { headBytes in
                try body.withUnsafeBytes { bodyBytes in try WriteAll.write(writer, headBytes, bodyBytes) }
            }
        }
        #expect(try await received.value == head + body)
        close(reader)
    }

    @Test func aFailedWriteSaysWhichCallAndWhy() throws {
        #expect(throws: SystemError("write", code: EBADF)) { try WriteAll.write(-1, [1, 2, 3]) }
        let error = SystemError("write", code: EBADF)
        #expect(error.description == "write failed: \(String(cString: strerror(EBADF)))")
    }

    @Test func nothingToWriteMakesNoCall() throws {
        try WriteAll.write(-1, [UInt8]())
    }

    /// A pipe nobody reads holds what fits and no more: the write stops there instead of waiting.
    @Test func writingWithoutWaitingStopsWhenThePipeIsFull() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(WriteAll.writeWithoutWaiting(ends[1], [1, 2, 3], to: .file))
        #expect(!WriteAll.writeWithoutWaiting(ends[1], [UInt8](repeating: 0, count: 16 << 20), to: .file))
        var first = [UInt8](repeating: 0, count: 3)
        #expect(read(ends[0], &first, 3) == 3)
        #expect(first == [1, 2, 3])
    }
}
