#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing whole buffers to a file descriptor: the one loop that retries short writes and
/// `EINTR`, for files, pipes and sockets alike.
public enum WriteAll {
    /// What the descriptor is: a socket is written without raising `SIGPIPE` when its peer has
    /// gone (the write fails with `EPIPE` instead).
    public enum Target: Sendable {
        case file, socket
    }

    /// Writes every byte of `parts`, in order, with one gathering system call a round (the parts
    /// are never joined into a new buffer).
    ///
    /// - Throws: ``SystemError`` of the write that failed; what was written before stays written.
    public static func write(
        _ fd: Int32, _ parts: UnsafeRawBufferPointer..., to target: Target = .file
    ) throws(SystemError) {
        try write(fd, parts, to: target)
    }

    /// Writes every byte of `parts`, in order; see ``write(_:_:to:)-(_,UnsafeRawBufferPointer...,_)``.
    public static func write(
        _ fd: Int32, _ parts: [UnsafeRawBufferPointer], to target: Target = .file
    ) throws(SystemError) {
        let total = parts.reduce(0) { $0 + $1.count }
        var sent = 0
        var vectors = [iovec](repeating: iovec(), count: parts.count)
        while sent < total {
            // What is left of each part; a part already written is an empty vector.
            var skip = sent
            for (index, part) in parts.enumerated() {
                let done = min(skip, part.count)
                skip -= done
                vectors[index] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: part.baseAddress.map { $0 + done }),
                    iov_len: part.count - done)
            }
            let written = vectors.withUnsafeMutableBufferPointer { buffer in
                gather(fd, buffer.baseAddress!, Int32(buffer.count), target: target)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError(target == .socket ? "send" : "write")
            }
            sent += written
        }
    }

    /// Writes every byte of `bytes`; see ``write(_:_:to:)-(_,[UnsafeRawBufferPointer],_)``.
    public static func write(_ fd: Int32, _ bytes: [UInt8], to target: Target = .file) throws(SystemError) {
        let result: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try write(fd, [buffer], to: target) }
        }
        try result.get()
    }

    /// Writes what `fd` takes at once and no more: the descriptor is made non-blocking (for good),
    /// so a peer that reads nothing cannot hold the writer. For an answer sent just before a close.
    ///
    /// - Returns: whether every byte was written.
    @discardableResult
    public static func writeWithoutWaiting(_ fd: Int32, _ bytes: [UInt8], to target: Target = .socket) -> Bool {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (try? write(fd, bytes, to: target)) != nil
    }

    /// One `writev`, or `sendmsg` without `SIGPIPE` for a socket on Linux (on Darwin a socket
    /// has `SO_NOSIGPIPE` set by ``ListeningSocket/accept()``).
    private static func gather(
        _ fd: Int32, _ vectors: UnsafeMutablePointer<iovec>, _ count: Int32, target: Target
    ) -> Int {
        #if canImport(Glibc)
            if target == .socket {
                var message = msghdr()
                message.msg_iov = vectors
                message.msg_iovlen = Int(count)
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
        #endif
        return writev(fd, vectors, count)
    }
}
