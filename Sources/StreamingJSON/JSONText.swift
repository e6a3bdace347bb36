#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// For a short key the parser read as words while finding its end: the key's bytes as
    /// three little-endian words, zero past its end (see ``KeyMatcher``).
    let words: (UInt64, UInt64, UInt64)
    let hasWords: Bool

    /// Only the parser (and the decoders of this module, from bytes they made valid) makes one.
    /// Always inlined: made for every string value, it is five stores when the parser's loop
    /// inlines it and a call with its arguments spilled when the loop grows past the inliner's size.
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer, isASCII: Bool, readable: Int? = nil) {
        self.bytes = bytes
        self.isASCII = isASCII
        self.readable = readable ?? bytes.count
        words = (0, 0, 0)
        hasWords = false
    }

    /// A short ASCII key with its words already loaded.
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer, words: (UInt64, UInt64, UInt64)) {
        self.bytes = bytes
        isASCII = true
        readable = bytes.count
        self.words = words
        hasWords = true
    }

    /// The text as a String.
    @inline(__always)
    public var string: String { Self.string(validUTF8: bytes, isASCII: isASCII) }

    public var count: Int { bytes.count }

    /// Whether `bytes` are exactly the ASCII text `literal`: a length check and a `memcmp`, not
    /// the element-by-element walk of `elementsEqual` over a String's UTF-8 view.
    @inline(__always)
    static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard bytes.count == length else { return false }
        guard length > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base, literal.utf8Start, length) == 0
    }

    /// A String of bytes the caller knows to be valid UTF-8.
    @inline(__always)
    static func string(validUTF8 bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return "" }
        let elements = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return String(copying: UTF8Span(unchecked: elements.span, isKnownASCII: isASCII))
    }
}
