#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Strings a page repeats from a small vocabulary (`topicCategories`' Wikipedia URLs, topic ids),
/// made once and handed out again. A table of 64 slots by hash; a miss replaces the slot.
///
/// A hit costs a few word loads and compares (and a `memcmp` of what lies past sixteen bytes)
/// where making the String cost about 110 instructions for a short one and an allocation for a
/// long one. The hash is of words, not bytes: the first sixteen bytes, one from the middle, the
/// last eight and the length (Wikipedia URLs share their first 30 bytes and differ at the end).
struct StringInterner {
    private static let slotCount = 64
    /// Per slot: the first sixteen bytes (zero past the end) as two words, the length (-1 when
    /// empty) and the String.
    private var heads = [UInt64](repeating: 0, count: 2 * slotCount)
    private var lengths = [Int](repeating: -1, count: slotCount)
    private var strings = [String](repeating: "", count: slotCount)

    /// The String of `text`'s bytes (valid UTF-8, as the parser hands them), from the table when
    /// it holds it.
    mutating func string(_ text: JSONText) -> String {
        let bytes = text.bytes
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return "" }
        let head = text.head
        var hash = head.0 &* 0x9E37_79B9_7F4A_7C15 ^ head.1 &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(truncatingIfNeeded: count)
        if count > 16 {
            hash ^= base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &* 0x1656_67B1_9E37_79F9
            hash ^= base.loadUnaligned(fromByteOffset: count &>> 1 &- 4, as: UInt64.self) &* 0x27D4_EB2F_1656_67C5
        }
        hash = (hash ^ hash &>> 29) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: hash &>> 58)
        if lengths[slot] == count, heads[2 &* slot] == head.0, heads[2 &* slot &+ 1] == head.1 {
            if count <= 16 { return strings[slot] }
            let same = strings[slot].utf8.withContiguousStorageIfAvailable { cached in
                memcmp(cached.baseAddress! + 16, base + 16, count &- 16) == 0
            }
            if same == true { return strings[slot] }
        }
        let made = text.string
        lengths[slot] = count
        heads[2 &* slot] = head.0
        heads[2 &* slot &+ 1] = head.1
        strings[slot] = made
        return made
    }
}
