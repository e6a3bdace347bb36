import Foundation
import StreamingJSON
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `ytcrawl decode FILE [--endpoint …]`: one saved API response body → records as JSON lines.
enum DecodeCommand {
    static let help = """
        Usage: ytcrawl decode FILE [--endpoint auto|search|videos|playlistItems|channels]

        Decode one saved YouTube Data API response body into records, one JSON object per line on
        stdout, with every column of the record schema (null when unknown). FILE - reads stdin. A
        UTF-8 byte order mark at the start (as some editors save) is skipped.

        Options:
          --endpoint E   what the body is (default: auto, detected from `kind` or the items' shape)
          -h, --help     show this help

        Exit codes: 0 decoded; 1 the body is an API error (its code and reason go to stderr);
        2 usage error or invalid JSON (the byte offset and what was expected go to stderr).

        Example:
          ytcrawl decode response.json --endpoint search | jq -r .title
        """

    /// Runs the command; returns the exit code.
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ArgumentScanner(
            command: "decode", valued: ["--endpoint"], flags: [], arguments: arguments)
        if options.wantsHelp {
            print(help)
            return 0
        }
        let endpoint = try options.choice("--endpoint", default: Endpoint.auto)
        guard options.positional.count <= 1 else {
            throw UsageError(
                "ytcrawl decode takes one FILE; got \(options.positional.map { "\"\($0)\"" }.joined(separator: " and "))"
            )
        }
        let file = options.positional.first
        guard let file else {
            throw UsageError("ytcrawl decode needs a FILE (or - for stdin); see ytcrawl decode --help")
        }
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: file) else {
                throw UsageError("cannot read \(file): no such file or not readable")
            }
            handle = opened
        }
        let output = StandardOutput()
        var decoder = PageDecoder(endpoint: endpoint) { output.write($0) }
        do {
            var byteOrderMark = ByteOrderMarkSkipper()
            while true {
                let read = handle.readData(ofLength: 64 * 1024)
                let chunk = read.isEmpty ? byteOrderMark.finish() : byteOrderMark.pass(read)
                if !chunk.isEmpty { try chunk.withUnsafeBytes { try decoder.feed($0) } }
                if read.isEmpty { break }
            }
            let summary = try decoder.finish()
            output.flush()
            if let error = summary.error {
                writeStderr(
                    "ytcrawl decode: \(file) is an API error body: code \(error.code.map(String.init) ?? "none"), reason \(error.reason ?? "none"): \(error.message)"
                )
                return 1
            }
            return 0
        } catch let error as JSONError {
            output.flush()
            throw UsageError("\(file) is not valid JSON: \(error)")
        } catch let error as PageShapeError {
            output.flush()
            throw UsageError("\(file) is not a list page: \(error); give a saved response body of a list method")
        } catch let error as PageValueError {
            output.flush()
            throw UsageError("\(file) holds a value the API does not send: \(error)")
        }
    }
}

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
