/// The byte tricks the scanners, the escaper and the unescaper share: a byte looked for in an
/// 8-byte word, and `"`, `\` and control characters looked for in a 16-byte block.
extension JSONScanner {
    /// The high bit of each byte of `word` equal to `byte`. The lowest set bit marks the first
    /// such byte exactly; bits above it may be set for bytes that are not (the subtraction's
    /// borrow), so only the first is ever read.
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let marked = word ^ (ones &* UInt64(byte))
        return (marked &- ones) & ~marked & highBits
    }

    /// The `"`, `\` and control characters of a block, bit `i` for byte `i`
    /// (``ByteMask``: one `pmovmskb` on x86-64).
    @inline(__always)
    static func stringStops(_ block: SIMD16<UInt8>) -> UInt64 { ByteMask.bits(stringStopLanes(block)) }

    /// The `"`, `\` and control characters of a block, as a compare's lanes.
    @inline(__always)
    static func stringStopLanes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (block .== SIMD16(repeating: UInt8(ascii: "\""))) .| (block .== SIMD16(repeating: UInt8(ascii: "\\")))
            .| isControl(block)
    }

    /// The control characters (0x00–0x1F) of a block: the bytes with none of the top three bits.
    /// Written as a mask and an equality, not `.< 0x20`: x86-64 has no unsigned byte compare, and
    /// that one was compiled, in some callers, to a loop over the sixteen lanes.
    @inline(__always)
    static func isControl(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (block & SIMD16(repeating: 0xE0)) .== SIMD16()
    }
}
