/// A set of 64-bit values kept in 256 open-addressing segments of 7-byte slots, for the crawl's
/// seen-sets: about 9 bytes a value where `Set<UInt64>` takes 11–21 plus a doubling that, at a
/// million ids, holds the old and the new table at once (25 MB for a moment). Here a segment
/// grows by a quarter when it is seven-eighths full, so growth costs a 256th of the table.
///
/// A value is kept as its hash, which a bijective mix makes as unique as the value: the hash's top
/// 8 bits pick the segment, so a slot holds only the low 56 (its key). Zero marks an empty slot;
/// the 256 values whose key is zero are kept aside.
struct PackedIdTable: Sendable {
    private static let segmentCount = 256
    private static let firstCapacity = 8
    private static let slotWidth = 7
    private static let keyMask: UInt64 = (1 << 56) - 1

    /// Each segment's slots, 7 bytes each, and one byte more so that the last slot too can be read
    /// with one 8-byte load.
    private var segments: [[UInt8]] = Array(repeating: [], count: PackedIdTable.segmentCount)
    private var segmentCounts = [Int32](repeating: 0, count: PackedIdTable.segmentCount)
    private var zeroKeyHashes: Set<UInt64> = []
    private(set) var count = 0

    init() {}

    /// Bytes held by the slots (not counting the fixed segment directory).
    var slotBytes: Int { segments.reduce(0) { $0 + $1.count } }

    /// SplitMix64's finalizer, a bijection: ids made by scrambling an index are still spread evenly.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always)
    private static func capacity(_ bytes: Int) -> Int { bytes == 0 ? 0 : (bytes - 1) / slotWidth }

    /// The first slot to probe for `key` in a segment of `capacity` slots.
    @inline(__always)
    private static func home(_ key: UInt64, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (key << 8).multipliedFullWidth(by: UInt64(capacity)).high)
    }

    @inline(__always)
    private static func key(at index: Int, in slots: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(littleEndian: slots.loadUnaligned(fromByteOffset: index * slotWidth, as: UInt64.self)) & keyMask
    }

    func contains(_ value: UInt64) -> Bool {
        let hash = Self.mix(value)
        let key = hash & Self.keyMask
        if key == 0 { return zeroKeyHashes.contains(hash) }
        return segments[Int(hash >> 56)].withUnsafeBytes { slots in
            let capacity = Self.capacity(slots.count)
            guard capacity > 0 else { return false }
            var index = Self.home(key, capacity)
            while true {
                let slot = Self.key(at: index, in: slots)
                if slot == key { return true }
                if slot == 0 { return false }
                index += 1
                if index == capacity { index = 0 }
            }
        }
    }

    /// Inserts `value`; `true` when it was not there yet.
    @discardableResult
    mutating func insert(_ value: UInt64) -> Bool {
        let hash = Self.mix(value)
        let key = hash & Self.keyMask
        if key == 0 {
            let inserted = zeroKeyHashes.insert(hash).inserted
            if inserted { count += 1 }
            return inserted
        }
        let segment = Int(hash >> 56)
        if (Int(segmentCounts[segment]) + 1) * 8 > Self.capacity(segments[segment].count) * 7 {
            grow(segment)
        }
        let inserted = segments[segment].withUnsafeMutableBytes { Self.place(key, in: $0) }
        if inserted {
            segmentCounts[segment] += 1
            count += 1
        }
        return inserted
    }

    @inline(__always)
    private static func place(_ key: UInt64, in slots: UnsafeMutableRawBufferPointer) -> Bool {
        let capacity = capacity(slots.count)
        var index = home(key, capacity)
        while true {
            let offset = index * slotWidth
            let word = UInt64(littleEndian: slots.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let slot = word & keyMask
            if slot == key { return false }
            if slot == 0 {
                // The eighth byte is the next slot's first (or the padding): written back as it was.
                slots.storeBytes(of: (word & ~keyMask | key).littleEndian, toByteOffset: offset, as: UInt64.self)
                return true
            }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    private mutating func grow(_ segment: Int) {
        let old = segments[segment]
        let oldCapacity = Self.capacity(old.count)
        let capacity = max(Self.firstCapacity, oldCapacity + oldCapacity / 4)
        var slots = [UInt8](repeating: 0, count: capacity * Self.slotWidth + 1)
        slots.withUnsafeMutableBytes { buffer in
            old.withUnsafeBytes { oldSlots in
                for index in 0..<oldCapacity {
                    let key = Self.key(at: index, in: oldSlots)
                    if key != 0 { _ = Self.place(key, in: buffer) }
                }
            }
        }
        segments[segment] = slots
    }
}
