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

    /// The lanes of a 16-byte compare as two words: each lane is all ones or all zeros. Read this
    /// way, not through `any(_:)` (a reduction the optimizer leaves as a call).
    @inline(__always)
    static func laneWords(_ mask: SIMDMask<SIMD16<Int8>>) -> (UInt64, UInt64) {
        unsafeBitCast(mask, to: (UInt64, UInt64).self)
    }

    /// The `"`, `\` and control characters of a block, as lane words.
    @inline(__always)
    static func stringStops(_ block: SIMD16<UInt8>) -> (UInt64, UInt64) {
        laneWords(
            (block .== SIMD16(repeating: UInt8(ascii: "\""))) .| (block .== SIMD16(repeating: UInt8(ascii: "\\")))
                .| (block .< SIMD16(repeating: 0x20)))
    }

    /// The block index of the first set lane of lane words that are not both zero.
    @inline(__always)
    static func firstLane(_ lanes: (UInt64, UInt64)) -> Int {
        lanes.0 != 0 ? lanes.0.trailingZeroBitCount &>> 3 : 8 &+ lanes.1.trailingZeroBitCount &>> 3
    }
}
