import CZlib

/// Errors from zlib, with the operation and zlib's own message.
public struct GzipError: Error, Sendable, Hashable, CustomStringConvertible {
    public let operation: String
    public let code: Int32
    public let message: String

    init(_ operation: String, code: Int32, stream: UnsafeMutablePointer<z_stream>?) {
        self.operation = operation
        self.code = code
        if let text = stream?.pointee.msg {
            self.message = String(cString: text)
        } else {
            self.message = "zlib code \(code)"
        }
    }

    public var description: String { "\(operation) failed: \(message)" }
}

/// Compresses bytes into gzip members (RFC 1952). Each ``finishMember()`` closes a complete member;
/// a file of several members is one stream to every gzip reader (zcat, Python, DuckDB).
///
/// The `z_stream` lives on the heap because zlib keeps its address.
public final class GzipCompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private var scratch: [UInt8]
    public let level: Int32

    /// - Parameter level: 0 (store) to 9 (smallest); 6 is zlib's default balance.
    /// - Throws: ``GzipError`` when zlib cannot set up the stream (a bad level, no memory).
    public init(level: Int32 = 6) throws {
        // Set up zlib before any stored property: a throwing class init with every property set
        // would still run deinit, which must only ever see a live stream.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 16 + 15: gzip framing with a 32 KiB window; memLevel 8 is zlib's default.
        let result = ytc_z_deflateInit2(stream, level, 16 + 15, 8, Z_DEFAULT_STRATEGY)
        guard result == Z_OK else {
            let error = GzipError("deflateInit2", code: result, stream: stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw error
        }
        self.stream = stream
        self.level = level
        scratch = [UInt8](repeating: 0, count: 64 * 1024)
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `input`, appending whatever zlib emits to `output`.
    public func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        try run(input, flush: Z_NO_FLUSH, into: &output)
    }

    /// Compresses `input`, appending whatever zlib emits to `output`.
    public func compress(_ input: [UInt8], into output: inout [UInt8]) throws {
        try input.withUnsafeBytes { try run($0, flush: Z_NO_FLUSH, into: &output) }
    }

    /// Ends the current gzip member (trailer with CRC and length) and starts a new one.
    public func finishMember(into output: inout [UInt8]) throws {
        try run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH, into: &output)
        let result = deflateReset(stream)
        guard result == Z_OK else { throw GzipError("deflateReset", code: result, stream: stream) }
    }

    /// One whole gzip member of `input`.
    public static func member(of input: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        let compressor = try GzipCompressor(level: level)
        var output: [UInt8] = []
        try compressor.compress(input, into: &output)
        try compressor.finishMember(into: &output)
        return output
    }

    private func run(_ input: UnsafeRawBufferPointer, flush: Int32, into output: inout [UInt8]) throws {
        stream.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        let capacity = scratch.count
        while true {
            let (result, produced) = scratch.withUnsafeMutableBytes { buffer -> (Int32, Int) in
                stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(capacity)
                let result = deflate(stream, flush)
                return (result, capacity - Int(stream.pointee.avail_out))
            }
            output.append(contentsOf: scratch[0..<produced])
            switch result {
            case Z_STREAM_END:
                return
            case Z_OK, Z_BUF_ERROR:
                // Done with this input when zlib took it all and had room to spare.
                if flush == Z_NO_FLUSH, stream.pointee.avail_in == 0, produced < capacity { return }
                if result == Z_BUF_ERROR, produced == 0 { return }
            default:
                throw GzipError("deflate", code: result, stream: stream)
            }
        }
    }
}
