import StreamingJSON

/// The first pass of simdjson's design, chunk-fed: which bytes of a JSON text are structural —
/// the six operators (`{` `}` `[` `]` `:` `,`) and the quotes that open and close strings outside
/// strings, and the first byte of every other scalar (a number or a literal) — found 64 bytes at
/// a time as bitmasks, never a byte at a time.
///
/// Per 64-byte block: the bytes are compared with `"`, `\`, the operators and whitespace sixteen
/// at a time (``ByteMask``); quotes escaped by an odd run of backslashes are removed; the
/// in-string mask is the real quotes' prefix XOR; the structurals are the operators and scalar
/// starts outside strings, plus the real quotes. Three bits of state carry from a block to the
/// next — an escape pending after a trailing backslash, being inside a string, a scalar
/// running on — and the bytes of an unfinished block carry from a chunk to the next, so a
/// document split anywhere (inside a string, an escape, a backslash run) gives the positions
/// it gives whole.
///
/// It checks nothing: no grammar, no UTF-8 (the event pass and the decoder do that), and an
/// unterminated string just runs to the end.
///
/// ```swift
/// var index = StructuralIndex()
/// for chunk in chunks { index.feed(chunk) { bits, offset in … } }
/// index.finish { bits, offset in … }
/// ```
package struct StructuralIndex {
    /// A block's size: one bit of a 64-bit mask per byte.
    @inlinable package static var blockSize: Int { 64 }

    /// 1 when the previous block ended in an odd run of backslashes: its first byte is escaped.
    @usableFromInline var escapedCarry: UInt64 = 0
    /// All ones when the previous block ended inside a string, otherwise zero.
    @usableFromInline var inStringCarry: UInt64 = 0
    /// 1 when the previous block ended inside a scalar (its last byte was part of one).
    @usableFromInline var scalarCarry: UInt64 = 0
    /// The bytes of an unfinished block, kept for the next chunk (at most 63).
    @usableFromInline var pending = Pending()
    /// The input offset of the next block's first byte.
    @usableFromInline var offset = 0

    /// An unfinished block's bytes, in place (no allocation).
    @usableFromInline
    struct Pending {
        @usableFromInline var bytes = (SIMD32<UInt8>(), SIMD32<UInt8>())
        @usableFromInline var count = 0
        @usableFromInline init() {}
    }

    package init() {}

    /// Whether the bytes read so far end inside a string (the carried block not counted).
    package var endsInString: Bool { inStringCarry != 0 }

    /// Classifies the blocks `chunk` completes: `visit(bits, offset)` for each, bit `i` set where
    /// the byte at input offset `offset + i` is structural. The bytes after the last whole block
    /// are kept and classified with the next chunk's (or by ``finish(_:)``).
    @inlinable
    package mutating func feed(
        _ chunk: UnsafeRawBufferPointer, _ visit: (_ bits: UInt64, _ offset: Int) throws -> Void
    ) rethrows {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        var index = 0
        if pending.count > 0 {
            // Complete the carried block with the chunk's first bytes.
            let kept = pending.count
            let take = min(Self.blockSize &- kept, chunk.count)
            withUnsafeMutableBytes(of: &pending.bytes) { block in
                (block.baseAddress! + kept).copyMemory(from: base, byteCount: take)
            }
            pending.count = kept &+ take
            index = take
            guard pending.count == Self.blockSize else { return }
            let bits = withUnsafeBytes(of: pending.bytes) { block(UnsafeRawPointer($0.baseAddress!)) }
            pending.count = 0
            try visit(bits, offset)
            offset &+= Self.blockSize
        }
        while index &+ Self.blockSize <= chunk.count {
            let bits = block(base + index)
            try visit(bits, offset)
            offset &+= Self.blockSize
            index &+= Self.blockSize
        }
        if index < chunk.count {
            let rest = chunk.count &- index
            withUnsafeMutableBytes(of: &pending.bytes) { block in
                block.baseAddress!.copyMemory(from: base + index, byteCount: rest)
            }
            pending.count = rest
        }
    }

    /// Classifies the carried bytes, if any, as a block padded with spaces (whitespace: no
    /// structural, and a scalar ends at the end of the input). The index may be fed again after
    /// it: as if the input went on after that many spaces.
    @inlinable
    package mutating func finish(_ visit: (_ bits: UInt64, _ offset: Int) throws -> Void) rethrows {
        guard pending.count > 0 else { return }
        let count = pending.count
        var padded = (SIMD32<UInt8>(repeating: 0x20), SIMD32<UInt8>(repeating: 0x20))
        withUnsafeMutableBytes(of: &padded) { block in
            withUnsafeBytes(of: pending.bytes) { kept in
                block.baseAddress!.copyMemory(from: kept.baseAddress!, byteCount: count)
            }
        }
        let bits = withUnsafeBytes(of: padded) { block(UnsafeRawPointer($0.baseAddress!)) }
        pending.count = 0
        try visit(bits, offset)
        offset &+= Self.blockSize
    }

    /// The structural positions of a whole text (input offsets, ascending).
    package static func positions(_ text: UnsafeRawBufferPointer) -> [Int] {
        var index = StructuralIndex()
        var positions: [Int] = []
        index.feed(text) { bits, offset in appendPositions(bits, offset, to: &positions) }
        index.finish { bits, offset in appendPositions(bits, offset, to: &positions) }
        return positions
    }

    /// Appends the offsets of `bits`' set bits, lowest first, each plus `offset`.
    @inlinable
    package static func appendPositions(_ bits: UInt64, _ offset: Int, to positions: inout [Int]) {
        var rest = bits
        while rest != 0 {
            positions.append(offset &+ rest.trailingZeroBitCount)
            rest &= rest &- 1
        }
    }

    /// The structural bits of the 64 bytes at `pointer`, the carries updated.
    @inlinable @inline(__always)
    package mutating func block(_ pointer: UnsafeRawPointer) -> UInt64 {
        typealias Bytes = SIMD16<Int8>
        let quoteByte = Bytes(repeating: 0x22)
        let backslashByte = Bytes(repeating: 0x5C)
        let openBrace = Bytes(repeating: 0x7B)
        let closeBrace = Bytes(repeating: 0x7D)
        let colon = Bytes(repeating: 0x3A)
        let comma = Bytes(repeating: 0x2C)
        let space = Bytes(repeating: 0x20)
        let zero = Bytes(repeating: 0)
        var quotes: UInt64 = 0
        var backslashes: UInt64 = 0
        var operators: UInt64 = 0
        var whitespace: UInt64 = 0
        for part in 0..<4 {
            let bytes = pointer.loadUnaligned(fromByteOffset: part &* 16, as: Bytes.self)
            let shift = UInt64(part &* 16)
            quotes |= ByteMask.bits(bytes .== quoteByte) &<< shift
            backslashes |= ByteMask.bits(bytes .== backslashByte) &<< shift
            // `[` and `]` are `{` and `}` without the 0x20 bit.
            let folded = bytes | space
            operators |=
                ByteMask.bits(
                    (folded .== openBrace) .| (folded .== closeBrace) .| (bytes .== colon) .| (bytes .== comma))
                &<< shift
            // Control characters count as whitespace here (they end a scalar); the decoder
            // rejects them where JSON does.
            whitespace |= ByteMask.bits((bytes .<= space) .& (bytes .>= zero)) &<< shift
        }
        let realQuotes = quotes & ~escaped(backslashes)
        let inString = Self.prefixXOR(realQuotes) ^ inStringCarry
        inStringCarry = UInt64(bitPattern: Int64(bitPattern: inString) &>> 63)
        let scalar = ~(operators | whitespace)
        let nonQuoteScalar = scalar & ~realQuotes
        let followsScalar = nonQuoteScalar &<< 1 | scalarCarry
        scalarCarry = nonQuoteScalar &>> 63
        let scalarStarts = scalar & ~followsScalar
        return (operators | scalarStarts) & ~inString | realQuotes
    }

    /// Bit `i` is the XOR of bits 0...`i`: set between an opening quote (included) and its
    /// closing one (not included). Six shifts: Swift has no carry-less multiply.
    @inlinable @inline(__always)
    static func prefixXOR(_ value: UInt64) -> UInt64 {
        var bits = value
        bits ^= bits &<< 1
        bits ^= bits &<< 2
        bits ^= bits &<< 4
        bits ^= bits &<< 8
        bits ^= bits &<< 16
        bits ^= bits &<< 32
        return bits
    }

    /// The characters escaped by a backslash — the byte after each odd-length run of them
    /// (simdjson's rule) — with the carry kept for a run that ends the block.
    @inlinable @inline(__always)
    mutating func escaped(_ backslashes: UInt64) -> UInt64 {
        if backslashes == 0 {
            defer { escapedCarry = 0 }
            return escapedCarry
        }
        let backslash = backslashes & ~escapedCarry
        let followsEscape = backslash &<< 1 | escapedCarry
        let even: UInt64 = 0x5555_5555_5555_5555
        let oddStarts = backslash & ~even & ~followsEscape
        let (sum, overflow) = oddStarts.addingReportingOverflow(backslash)
        escapedCarry = overflow ? 1 : 0
        return (even ^ (sum &<< 1)) & followsEscape
    }
}
