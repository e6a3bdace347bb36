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

    /// The offset of the first `byte` in the text, or `nil`: sixteen bytes a load, the last one
    /// read past the text's end where `readable` allows (its lanes past the end masked off),
    /// byte by byte where it does not.
    @inline(__always)
    func firstOffset(of byte: UInt8) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let target = SIMD16<UInt8>(repeating: byte)
        var offset = 0
        while offset < count {
            guard readable &- offset >= 16 else {
                while offset < count {
                    if base.load(fromByteOffset: offset, as: UInt8.self) == byte { return offset }
                    offset &+= 1
                }
                return nil
            }
            let block = base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            var found = ByteMask.bits(block .== target)
            let left = count &- offset
            if left < 16 { found &= (1 &<< UInt64(left)) &- 1 }
            if found != 0 { return offset &+ found.trailingZeroBitCount }
            offset &+= 16
        }
        return nil
    }

    public var count: Int { bytes.count }

    /// The first sixteen bytes as two little-endian words, zero past the end; loaded whole
    /// when `readable` bytes allow it.
    @inline(__always)
    var head: (UInt64, UInt64) {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return (0, 0) }
        if readable >= 16 {
            var first = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            var second = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 16 {
                second = count <= 8 ? 0 : second & (UInt64.max &>> UInt64(128 &- 8 &* count))
                if count < 8 { first &= UInt64.max &>> UInt64(64 &- 8 &* count) }
            }
            return (first, second)
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { _ = memcpy($0.baseAddress!, base, min(count, 16)) }
        return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1))
    }

    /// Whether the text is exactly `string`'s UTF-8: a length check and a `memcmp`.
    @inline(__always)
    func holds(_ string: String) -> Bool {
        // Borrowed, not copied into a `var` for `withUTF8`: no retain and release of the string.
        guard string.utf8.count == bytes.count, let base = bytes.baseAddress else { return false }
        return string.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, base, bytes.count) == 0 }
            ?? false
    }

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
