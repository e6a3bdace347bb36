import POSIXSupport
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
        // A reader that went away ends the output: there is no one to tell.
        writer.withBytes { bytes in try? WriteAll.write(STDOUT_FILENO, bytes) }
        writer.removeAll()
    }
}
