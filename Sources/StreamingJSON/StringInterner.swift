#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Strings a page repeats from a small vocabulary (`topicCategories`' Wikipedia URLs, topic ids),
/// made once and handed out again: a hit costs a hash and a `memcmp` where a new String of more
/// than 15 bytes costs an allocation. A table of 64 slots by hash; a miss replaces the slot.
struct StringInterner {
    private var slots = [String?](repeating: nil, count: 64)

    /// The String of `bytes` (valid UTF-8, as the parser hands them), from the table when it
    /// holds it.
    mutating func string(_ text: JSONText) -> String {
        let bytes = text.bytes
        // Short strings are stored inline in a String: nothing to save.
        guard bytes.count > 15, let base = bytes.baseAddress else { return text.string }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let slot = Int(truncatingIfNeeded: hash >> 58)
        if var cached = slots[slot] {
            let same = cached.withUTF8 { utf8 in
                utf8.count == bytes.count && memcmp(utf8.baseAddress!, base, bytes.count) == 0
            }
            if same { return cached }
        }
        let made = text.string
        slots[slot] = made
        return made
    }
}
