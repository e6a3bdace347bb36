#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A set of short strings (channel and playlist ids) kept as bytes in one growing arena, found
/// through an open-addressing table of 32-bit offsets: about 30 bytes a 24-character id, where a
/// `Set<String>` holds a separate heap string of its own for each (about 85 bytes, and one more
/// long-lived allocation among the crawl's short-lived ones).
struct CompactStringSet: Sendable {
    /// Each member as a length byte (or 255 and a 4-byte length) followed by its UTF-8.
    private var arena: [UInt8] = []
    /// Arena offset + 1 of the member in each slot; 0 is an empty slot.
    private var slots: [UInt32] = []
    private(set) var count = 0

    init() {}

    init(_ members: some Sequence<String>) {
        for member in members { insert(member) }
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ member: String) -> Bool {
        guard !slots.isEmpty else { return false }
        var copy = member
        return copy.withUTF8 { bytes in find(UnsafeRawBufferPointer(bytes)).found }
    }

    /// Inserts `member`; `true` when it was not there yet.
    @discardableResult
    mutating func insert(_ member: String) -> Bool {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        var copy = member
        return copy.withUTF8 { bytes in
            let utf8 = UnsafeRawBufferPointer(bytes)
            let (found, slot) = find(utf8)
            guard !found else { return false }
            precondition(arena.count < Int(UInt32.max) - utf8.count - 6, "CompactStringSet: arena past 4 GiB")
            slots[slot] = UInt32(arena.count + 1)
            if utf8.count < 255 {
                arena.append(UInt8(utf8.count))
            } else {
                arena.append(255)
                withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { arena.append(contentsOf: $0) }
            }
            arena.append(contentsOf: utf8)
            count += 1
            return true
        }
    }

    /// Every member, in no particular order.
    var members: [String] {
        var all: [String] = []
        all.reserveCapacity(count)
        var offset = 0
        while offset < arena.count {
            let (start, length) = entry(at: offset)
            all.append(String(decoding: arena[start..<(start + length)], as: UTF8.self))
            offset = start + length
        }
        return all
    }

    @inline(__always)
    private func entry(at offset: Int) -> (start: Int, length: Int) {
        let first = Int(arena[offset])
        guard first == 255 else { return (offset + 1, first) }
        var length = 0
        for index in 0..<4 { length |= Int(arena[offset + 1 + index]) << (8 * index) }
        return (offset + 5, length)
    }

    @inline(__always)
    private static func hash(_ utf8: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: utf8)
        return hasher.finalize()
    }

    /// The slot holding `utf8`, or the empty slot where it would go.
    private func find(_ utf8: UnsafeRawBufferPointer) -> (found: Bool, slot: Int) {
        let mask = slots.count - 1
        var index = Self.hash(utf8) & mask
        return arena.withUnsafeBytes { arenaBytes in
            while true {
                let stored = slots[index]
                if stored == 0 { return (false, index) }
                let (start, length) = entry(at: Int(stored) - 1)
                if length == utf8.count,
                    utf8.isEmpty || memcmp(arenaBytes.baseAddress! + start, utf8.baseAddress!, length) == 0
                {
                    return (true, index)
                }
                index = (index + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let capacity = max(16, slots.count * 2)
        var fresh = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for stored in slots where stored != 0 {
            let (start, length) = entry(at: Int(stored) - 1)
            var index =
                arena.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
                & mask
            while fresh[index] != 0 { index = (index + 1) & mask }
            fresh[index] = stored
        }
        slots = fresh
    }
}
