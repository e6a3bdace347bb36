import CZlib

/// Decompresses a gzip stream of one or more members, fed in chunks of any size.
public final class GzipDecompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private var scratch: [UInt8]
    /// Whether the last member seen so far ended exactly at the end of the input fed.
    public private(set) var isAtMemberBoundary = true
    /// Bytes produced so far, over every call.
    public private(set) var totalOutput = 0
    /// Of those, the bytes of members that ended (their CRC and length checked): what a stream cut
    /// short anywhere can be trusted for.
    public private(set) var outputOfCompleteMembers = 0

    public init() throws {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = ytc_z_inflateInit2(stream, 16 + 15)
        guard result == Z_OK else {
            let error = GzipError("inflateInit2", code: result, stream: stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw error
        }
        self.stream = stream
        scratch = [UInt8](repeating: 0, count: 64 * 1024)
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Decompresses `input`, appending the bytes to `output`. Members follow one another seamlessly.
    ///
    /// - Throws: ``GzipError`` for data that is not gzip or is corrupt.
    public func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        guard input.count > 0 else { return }
        stream.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        let capacity = scratch.count
        while stream.pointee.avail_in > 0 || !isAtMemberBoundary {
            let (result, produced) = scratch.withUnsafeMutableBytes { buffer -> (Int32, Int) in
                stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(capacity)
                let result = inflate(stream, Z_NO_FLUSH)
                return (result, capacity - Int(stream.pointee.avail_out))
            }
            output.append(contentsOf: scratch[0..<produced])
            totalOutput += produced
            switch result {
            case Z_STREAM_END:
                isAtMemberBoundary = true
                outputOfCompleteMembers = totalOutput
                let reset = inflateReset(stream)
                guard reset == Z_OK else { throw GzipError("inflateReset", code: reset, stream: stream) }
            case Z_OK:
                isAtMemberBoundary = false
            case Z_BUF_ERROR:
                // No progress possible: all input consumed mid-member. More input will continue it.
                isAtMemberBoundary = false
                return
            default:
                throw GzipError("inflate", code: result, stream: stream)
            }
            if stream.pointee.avail_in == 0, produced < capacity { return }
        }
    }

    /// Decompresses a whole gzip buffer.
    ///
    /// - Throws: ``GzipError`` when the data is corrupt or ends inside a member.
    public static func decompress(_ data: [UInt8]) throws -> [UInt8] {
        let decompressor = try GzipDecompressor()
        var output: [UInt8] = []
        try data.withUnsafeBytes { try decompressor.decompress($0, into: &output) }
        guard decompressor.isAtMemberBoundary else {
            throw GzipError("inflate", code: Z_DATA_ERROR, stream: nil)
        }
        return output
    }
}
