/// The objects and arrays open around the parser's position, one bit each (set: an object),
/// held inline: opening and closing a container touch no heap storage and no reference count.
struct ContainerStack {
    /// Bits for ``JSONStreamParser/maximumDepth`` (512) containers: 8 words of 64.
    private var bits = InlineArray<8, UInt64>(repeating: 0)
    /// How many containers are open.
    private(set) var depth = 0

    var isEmpty: Bool { depth == 0 }

    /// Whether the innermost open container is an object (`false` when none is open).
    @inline(__always)
    var innermostIsObject: Bool {
        guard depth > 0 else { return false }
        let index = depth &- 1
        return bits[index &>> 6] &>> UInt64(index & 63) & 1 != 0
    }

    /// Opens a container; the caller keeps `depth` below ``JSONStreamParser/maximumDepth``.
    @inline(__always)
    mutating func push(isObject: Bool) {
        let word = depth &>> 6
        let bit: UInt64 = 1 &<< UInt64(depth & 63)
        if isObject { bits[word] |= bit } else { bits[word] &= ~bit }
        depth &+= 1
    }

    @inline(__always)
    mutating func pop() {
        depth &-= 1
    }
}
