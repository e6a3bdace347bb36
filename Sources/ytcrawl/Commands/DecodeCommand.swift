import Foundation
import StreamingJSON
import YouTubeKit

/// `ytcrawl decode FILE [--endpoint …]`: one saved API response body → records as JSON lines.
struct DecodeCommand: Command {
    static let endpoint = Option<Endpoint>(
        "--endpoint", "E", help: "what the body is (auto: detected from `kind` or the items' shape)", default: .auto)

    static let configuration = CommandConfiguration(
        name: "decode", synopsis: "decode FILE",
        summary: "decode a saved API response body into records (JSON lines)",
        usage: "decode FILE [--endpoint auto|search|videos|playlistItems|channels]",
        discussion: """
            Decode one saved YouTube Data API response body into records, one JSON object per line on
            stdout, with every column of the record schema (null when unknown). FILE - reads stdin. A
            UTF-8 byte order mark at the start (as some editors save) is skipped.
            """,
        groups: [OptionGroup("Options", [endpoint.spec])],
        epilogue: """
            Exit codes: 0 decoded; 1 the body is an API error (its code and reason go to stderr);
            2 usage error or invalid JSON (the byte offset and what was expected go to stderr).

            Example:
              ytcrawl decode response.json --endpoint search | jq -r .title
            """)

    var endpoint: Endpoint
    var file: String

    init(_ scanner: ArgumentScanner) throws {
        endpoint = try scanner[Self.endpoint]
        guard scanner.positional.count <= 1 else {
            throw UsageError(
                "ytcrawl decode takes one FILE; got \(scanner.positional.map { "\"\($0)\"" }.joined(separator: " and "))"
            )
        }
        guard let file = scanner.positional.first else {
            throw UsageError("ytcrawl decode needs a FILE (or - for stdin); see ytcrawl decode --help")
        }
        self.file = file
    }

    func run() async throws -> Int32 {
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
