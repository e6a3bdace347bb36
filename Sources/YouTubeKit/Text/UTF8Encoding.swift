/// Writes Unicode scalars as UTF-8.
public enum UTF8Encoding {
    /// Appends the UTF-8 form of the scalar `value` (which must be a valid scalar value).
    @inline(__always)
    public static func append(_ value: UInt32, to output: inout [UInt8]) {
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let count = withUnsafeMutableBytes(of: &bytes) {
            write(value, to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        withUnsafeBytes(of: bytes) { output.append(contentsOf: $0.prefix(count)) }
    }

    /// Writes the UTF-8 form of the scalar `value` (a valid scalar value) at `output`, which has
    /// room for 4 bytes; returns how many it wrote.
    @inline(__always)
    public static func write(_ value: UInt32, to output: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case 0..<0x80:
            output[0] = UInt8(value)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | value >> 6)
            output[1] = UInt8(0x80 | value & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | value >> 12)
            output[1] = UInt8(0x80 | value >> 6 & 0x3F)
            output[2] = UInt8(0x80 | value & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | value >> 18)
            output[1] = UInt8(0x80 | value >> 12 & 0x3F)
            output[2] = UInt8(0x80 | value >> 6 & 0x3F)
            output[3] = UInt8(0x80 | value & 0x3F)
            return 4
        }
    }
}
