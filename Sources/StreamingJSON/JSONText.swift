/// The unescaped text of a JSON string or object key, as ``JSONStreamParser`` hands it to a
/// handler: valid UTF-8 (the parser checked every byte), valid only during the call.
///
/// Because the bytes are known to be valid, ``string`` copies them into a `String` without the
/// second UTF-8 validation `String(decoding:as:)` would run — a third of the cost of making a
/// String of non-ASCII text.
public struct JSONText {
    /// The UTF-8 bytes, without quotes or escapes.
    public let bytes: UnsafeRawBufferPointer
    /// Whether every byte is ASCII.
    public let isASCII: Bool

    /// How many bytes from the start of `bytes` may be read (at least `bytes.count`): the
    /// input goes on after the text, so short texts can be loaded a word at a time.
    let readable: Int

    /// Only the parser (and the decoders of this module, from bytes they made valid) makes one.
    init(_ bytes: UnsafeRawBufferPointer, isASCII: Bool, readable: Int? = nil) {
        self.bytes = bytes
        self.isASCII = isASCII
        self.readable = readable ?? bytes.count
    }

    /// The text as a String.
    @inline(__always)
    public var string: String { Self.string(validUTF8: bytes, isASCII: isASCII) }

    public var count: Int { bytes.count }

    /// A String of bytes the caller knows to be valid UTF-8.
    @inline(__always)
    static func string(validUTF8 bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return "" }
        let elements = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return String(copying: UTF8Span(unchecked: elements.span, isKnownASCII: isASCII))
    }
}
