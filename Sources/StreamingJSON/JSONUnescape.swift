import YouTubeKit

/// Turns the text of a validated JSON string (escapes already checked) into UTF-8.
enum JSONUnescape {
    /// Writes the unescaped text at the start of `output`, a scratch buffer kept between calls.
    /// Unescaped text is never longer than its escaped form, so the buffer is made that long
    /// when it is shorter (it grows to the longest string seen, and is never cleared) and written
    /// through a pointer: runs between escapes are copied in one move each, with no growth checks
    /// on the way.
    ///
    /// - Returns: how many bytes of `output` hold the text, and whether a `\u` escape wrote a
    ///   non-ASCII character.
    static func unescape(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into output: inout [UInt8]) -> (
        count: Int, wroteNonASCII: Bool
    ) {
        let room = end - start
        if output.count < room { output.append(contentsOf: repeatElement(0, count: room - output.count)) }
        var wroteNonASCII = false
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int in
            let out = buffer.baseAddress!
            var count = 0
            var index = start
            var runStart = start
            while true {
                index = nextBackslash(base, index, end)
                guard index < end else { break }
                if index > runStart {
                    (out + count).update(from: base + runStart, count: index - runStart)
                    count &+= index - runStart
                }
                let kind = base[index + 1]
                switch kind {
                case UInt8(ascii: "b"): out[count] = 0x08
                case UInt8(ascii: "f"): out[count] = 0x0C
                case UInt8(ascii: "n"): out[count] = 0x0A
                case UInt8(ascii: "r"): out[count] = 0x0D
                case UInt8(ascii: "t"): out[count] = 0x09
                case UInt8(ascii: "u"):
                    var scalar = hex4(base, index + 2)
                    if (0xD800...0xDBFF).contains(scalar) {
                        let low = hex4(base, index + 8)
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index &+= 6
                    }
                    if scalar >= 0x80 { wroteNonASCII = true }
                    count &+= UTF8Encoding.write(scalar, to: out + count) - 1
                    index &+= 4
                default:
                    out[count] = kind  // " \ /
                }
                count &+= 1
                index &+= 2
                runStart = index
            }
            if end > runStart {
                (out + count).update(from: base + runStart, count: end - runStart)
                count &+= end - runStart
            }
            return count
        }
        return (written, wroteNonASCII)
    }

    /// The index of the first `\` from `index` on, or `end`: sixteen bytes at a time.
    @inline(__always)
    static func nextBackslash(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        while index &+ 16 <= end {
            let found = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self) .== backslash
            let lanes = unsafeBitCast(found, to: (UInt64, UInt64).self)
            if lanes.0 != 0 { return index &+ (lanes.0.trailingZeroBitCount &>> 3) }
            if lanes.1 != 0 { return index &+ 8 &+ (lanes.1.trailingZeroBitCount &>> 3) }
            index &+= 16
        }
        while index < end, base[index] != UInt8(ascii: "\\") { index &+= 1 }
        return index
    }

    @inline(__always)
    static func hex4(_ base: UnsafePointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            value = value << 4 | (JSONScanner.hexValue(base[index]) ?? 0)
        }
        return value
    }
}
