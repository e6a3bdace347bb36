#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds which of a small set of known object keys a key is, without building a String: a key
/// of up to 24 bytes is three 64-bit words and a length, looked up in a table of 256 slots whose
/// hash is chosen, when the matcher is built, so that every known key has a slot of its own. A
/// lookup reads one slot and compares one entry: an unknown key (most keys of a page are ones a
/// record does not need) costs no probing.
///
/// The tables are immortal: a matcher is built once per key set (static constants) and its
/// storage is never freed, so a lookup touches no reference counts and a matcher is four
/// pointers, copied for free.
struct KeyMatcher<Value: Sendable>: @unchecked Sendable {
    private static var slotCount: Int { 256 }

    private struct Entry {
        var length: Int
        var words: (UInt64, UInt64, UInt64)
        var index: Int
    }

    /// Entry index + 1 per slot, 0 when empty.
    private let slots: UnsafeMutablePointer<UInt8>
    private let entries: UnsafeMutablePointer<Entry>
    private let values: UnsafeMutablePointer<Value>
    /// The bytes of keys longer than 24 bytes (empty for the others).
    private let longKeys: UnsafeMutablePointer<[UInt8]>
    /// The hash's multiplier: one that gives every known key a slot of its own.
    private let multiplier: UInt64

    init(_ pairs: [(String, Value)]) {
        precondition(pairs.count < 64, "a KeyMatcher holds at most 63 keys")
        slots = .allocate(capacity: Self.slotCount)
        entries = .allocate(capacity: max(1, pairs.count))
        longKeys = .allocate(capacity: max(1, pairs.count))
        let keys = pairs.map { pair in
            let bytes = Array(pair.0.utf8)
            return (bytes, bytes.withUnsafeBytes { Self.words($0, readable: $0.count) })
        }
        // Odd multipliers from a fixed sequence (SplitMix64) until no two keys share a slot: with
        // 31 keys in 256 slots about one in six works, so a few tries do.
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chosen: UInt64?
        for _ in 0..<10_000 {
            candidate &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (candidate ^ (candidate >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            let multiplier = (mixed ^ (mixed >> 31)) | 1
            let used = Set(keys.map { Self.hash($0.0.count, $0.1, multiplier) })
            if used.count == keys.count {
                chosen = multiplier
                break
            }
        }
        guard let chosen else { preconditionFailure("no collision-free hash for \(pairs.map(\.0))") }
        multiplier = chosen
        slots.initialize(repeating: 0, count: Self.slotCount)
        for (index, (bytes, keyWords)) in keys.enumerated() {
            let slot = Self.hash(bytes.count, keyWords, chosen)
            (entries + index).initialize(to: Entry(length: bytes.count, words: keyWords, index: index))
            slots[slot] = UInt8(index + 1)
            (longKeys + index).initialize(to: bytes.count > 24 ? bytes : [])
        }
        values = .allocate(capacity: max(1, pairs.count))
        for (index, (_, value)) in pairs.enumerated() { (values + index).initialize(to: value) }
    }

    /// A key's bytes as three little-endian words, zero past its end. A word is loaded whole
    /// when `readable` says the bytes after the key may be read (they are masked off).
    @inline(__always)
    static func words(_ key: UnsafeRawBufferPointer, readable: Int) -> (UInt64, UInt64, UInt64) {
        let count = key.count
        guard let base = key.baseAddress else { return (0, 0, 0) }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            let available = count - offset
            if available <= 0 { return 0 }
            if readable - offset >= 8 {
                let whole = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                return available >= 8 ? whole : whole & ((1 &<< UInt64(available &* 8)) &- 1)
            }
            var value: UInt64 = 0
            var index = min(available, 8) - 1
            while index >= 0 {
                value = value << 8 | UInt64(base.load(fromByteOffset: offset + index, as: UInt8.self))
                index -= 1
            }
            return value
        }
        return (word(0), word(8), word(16))
    }

    /// A slot (0 ..< 256).
    @inline(__always)
    static func hash(_ length: Int, _ words: (UInt64, UInt64, UInt64), _ multiplier: UInt64) -> Int {
        let mixed = (words.0 &+ words.1 &* 31 &+ words.2 &* 961 &+ UInt64(length)) &* multiplier
        return Int(truncatingIfNeeded: mixed >> 56)
    }

    @inline(__always)
    func match(_ text: JSONText) -> Value? {
        if text.hasWords { return match(text.bytes, words: text.words) }
        return match(text.bytes, readable: text.readable)
    }

    @inline(__always)
    func match(_ key: UnsafeRawBufferPointer, readable: Int? = nil) -> Value? {
        match(key, words: Self.words(key, readable: readable ?? key.count))
    }

    @inline(__always)
    private func match(_ key: UnsafeRawBufferPointer, words keyWords: (UInt64, UInt64, UInt64)) -> Value? {
        let length = key.count
        let slotValue = Int(slots[Self.hash(length, keyWords, multiplier)])
        if slotValue == 0 { return nil }
        let entry = entries + (slotValue &- 1)
        guard entry.pointee.words == keyWords && entry.pointee.length == length else { return nil }
        if length <= 24 || Self.sameTail(longKeys + entry.pointee.index, key) { return values[slotValue &- 1] }
        return nil
    }

    /// Whether a key longer than 24 bytes, whose first 24 match, is the stored one: its tail
    /// compared with `memcmp` (a generic `elementsEqual` took ~750 instructions for a 27-byte
    /// key such as `paidProductPlacementDetails`, once per video).
    private static func sameTail(_ stored: UnsafeMutablePointer<[UInt8]>, _ key: UnsafeRawBufferPointer) -> Bool {
        stored.pointee.withUnsafeBytes { bytes in
            bytes.count == key.count
                && memcmp(bytes.baseAddress! + 24, key.baseAddress! + 24, key.count &- 24) == 0
        }
    }
}
