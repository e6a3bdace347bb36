/// Byte searches eight bytes at a time.
enum ByteScan {
    /// Whether `byte` occurs in `buffer`.
    @inline(__always)
    static func contains(_ byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Bool {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return false }
        let pattern = 0x0101_0101_0101_0101 &* UInt64(byte)
        var index = 0
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < count {
            if base.load(fromByteOffset: index, as: UInt8.self) == byte { return true }
            index += 1
        }
        return false
    }
}
