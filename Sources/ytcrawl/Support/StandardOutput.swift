import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered stdout for large outputs.
/// Records encoded straight into one buffer, written out 64 KB at a time: no allocation per record.
final class StandardOutput {
    private var writer = JSONWriter(capacity: 80 * 1024)

    func write(_ record: DecodedRecord) {
        RecordEncoder.encode(record, into: &writer)
        if writer.count >= 64 * 1024 { flush() }
    }

    /// Writes the buffer out from where it is: a record of hundreds of megabytes (one long
    /// description) is not copied once more on its way.
    func flush() {
        guard !writer.isEmpty else { return }
        writer.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
        writer.removeAll()
    }
}
