#if hasFeature(BuiltinModule)
    import Builtin
#endif

/// Sixteen-byte compares read as sixteen bits, lane `i` in bit `i`: the scanners find the first
/// `"`, `\` or control character of a block with one `trailingZeroBitCount`, and a structural
/// index is four of these a 64-byte block.
///
/// x86-64 has had this since SSE2 (`pmovmskb`: the high bit of each byte, one instruction), but
/// Swift's `SIMD` types do not expose it: read lane by lane, or as two words with their high
/// bits gathered by a multiply, a block's mask cost ten to twenty instructions. With the
/// `BuiltinModule` feature (the package's default trait `BuiltinByteMask`) the mask is one LLVM
/// comparison of the bytes with zero bitcast to an integer, which LLVM compiles to `pmovmskb` on
/// x86-64 (and to its usual sequence on ARM). A build without the trait (or a compiler without
/// the feature) gets ``portableHighBits(_:)``, which the tests hold equal to it.
package enum ByteMask {
    /// Bit `i` set where byte `i` of `bytes` has its high bit set (is 0x80 or above).
    @inlinable @inline(__always)
    package static func highBits(_ bytes: SIMD16<UInt8>) -> UInt64 {
        #if hasFeature(BuiltinModule)
            let signed = unsafeBitCast(bytes, to: SIMD16<Int8>.self)._storage._value
            let negative = Builtin.cmp_slt_Vec16xInt8(signed, SIMD16<Int8>()._storage._value)
            return UInt64(UInt16(Builtin.bitcast_Vec16xInt1_Int16(negative)))
        #else
            return portableHighBits(bytes)
        #endif
    }

    /// Bit `i` set where lane `i` of `mask` is true.
    @inlinable @inline(__always)
    package static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        // A true lane is all ones: its high bit is set.
        highBits(unsafeBitCast(mask, to: SIMD16<UInt8>.self))
    }

    /// ``highBits(_:)`` without the builtin: each half's high bits gathered into its top byte
    /// by one multiply (bit 7 of byte `k` lands on bit 56 + `k`; no two partial products meet).
    @inlinable @inline(__always)
    package static func portableHighBits(_ bytes: SIMD16<UInt8>) -> UInt64 {
        let words = unsafeBitCast(bytes, to: (UInt64, UInt64).self)
        let low = ((words.0 & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) &>> 56
        let high = ((words.1 & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) &>> 56
        return low | high &<< 8
    }
}
