/// JSON text handed out in pieces when it is written: the bytes of a ``JSONWriter``, or a value
/// encoded by ``JSONStreamEncoder`` only then, so that a large value (a crawl's checkpoint
/// frontier, megabytes at a million videos) goes to its file without ever being held as text.
public struct JSONPieces: Sendable {
    private let produce: @Sendable ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// The bytes `writer` holds.
    public init(_ writer: JSONWriter) {
        produce = { write in try writer.withBytes(write) }
    }

    /// `text`, which must be JSON.
    public init(json text: String) {
        self.init(JSONWriter(json: text))
    }

    /// `value`, encoded each time the pieces are written.
    public init<Value: Encodable & Sendable>(encoding value: Value) {
        produce = { write in try JSONStreamEncoder().encode(value, to: write) }
    }

    /// Hands the text to `write`, piece by piece, in order.
    ///
    /// - Throws: what `write` throws, or an `EncodingError` of the value.
    public func write(to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try produce(write)
    }

    /// The whole text.
    ///
    /// - Throws: an `EncodingError` of the value.
    public func bytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write { bytes.append(contentsOf: $0) }
        return bytes
    }
}
