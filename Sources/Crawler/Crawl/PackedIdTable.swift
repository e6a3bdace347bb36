/// A set of 64-bit values kept in 256 open-addressing segments of plain slots, for the crawl's
/// seen-sets: about 10 bytes a value where `Set<UInt64>` takes 11–21 plus a doubling that, at a
/// million ids, holds the old and the new table at once (25 MB for a moment). Here a segment
/// grows by a quarter when it is seven-eighths full, so growth costs a 256th of the table.
///
/// Slots hold the value itself; zero marks an empty slot, so a zero value is kept aside.
struct PackedIdTable: Sendable {
    private static let segmentCount = 256
    private static let firstCapacity = 8

    private var segments: [[UInt64]] = Array(repeating: [], count: PackedIdTable.segmentCount)
    private var segmentCounts = [Int32](repeating: 0, count: PackedIdTable.segmentCount)
    private var containsZero = false
    private(set) var count = 0

    init() {}

    /// Bytes held by the slots (not counting the fixed segment directory).
    var slotBytes: Int { segments.reduce(0) { $0 + $1.count * 8 } }

    /// SplitMix64's finalizer: ids made by scrambling an index are still spread evenly.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The first slot to probe in a segment of `capacity` slots (the high bits pick the segment).
    @inline(__always)
    private static func home(_ hash: UInt64, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (hash << 8).multipliedFullWidth(by: UInt64(capacity)).high)
    }

    func contains(_ value: UInt64) -> Bool {
        if value == 0 { return containsZero }
        let hash = Self.mix(value)
        let slots = segments[Int(hash >> 56)]
        guard !slots.isEmpty else { return false }
        var index = Self.home(hash, slots.count)
        while true {
            let slot = slots[index]
            if slot == value { return true }
            if slot == 0 { return false }
            index += 1
            if index == slots.count { index = 0 }
        }
    }

    /// Inserts `value`; `true` when it was not there yet.
    @discardableResult
    mutating func insert(_ value: UInt64) -> Bool {
        if value == 0 {
            defer { containsZero = true }
            if !containsZero { count += 1 }
            return !containsZero
        }
        let hash = Self.mix(value)
        let segment = Int(hash >> 56)
        let capacity = segments[segment].count
        if (Int(segmentCounts[segment]) + 1) * 8 > capacity * 7 {
            grow(segment)
        }
        let inserted = segments[segment].withUnsafeMutableBufferPointer { slots in
            Self.place(value, hash: hash, in: slots)
        }
        if inserted {
            segmentCounts[segment] += 1
            count += 1
        }
        return inserted
    }

    @inline(__always)
    private static func place(_ value: UInt64, hash: UInt64, in slots: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        var index = home(hash, slots.count)
        while true {
            let slot = slots[index]
            if slot == value { return false }
            if slot == 0 {
                slots[index] = value
                return true
            }
            index += 1
            if index == slots.count { index = 0 }
        }
    }

    private mutating func grow(_ segment: Int) {
        let old = segments[segment]
        let capacity = max(Self.firstCapacity, old.count + old.count / 4)
        var slots = [UInt64](repeating: 0, count: capacity)
        slots.withUnsafeMutableBufferPointer { buffer in
            for value in old where value != 0 { _ = Self.place(value, hash: Self.mix(value), in: buffer) }
        }
        segments[segment] = slots
    }
}
