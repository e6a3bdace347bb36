import YouTubeKit

/// Turns the text of a validated JSON string (escapes already checked) into UTF-8.
enum JSONUnescape {
    /// - Returns: whether a `\u` escape wrote a non-ASCII character.
    @discardableResult
    static func unescape(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into output: inout [UInt8]) -> Bool {
        var wroteNonASCII = false
        var index = start
        var runStart = start
        while index < end {
            guard base[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            }
            let kind = base[index + 1]
            switch kind {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(base, index + 2)
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hex4(base, index + 8)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                if scalar >= 0x80 { wroteNonASCII = true }
                UTF8Encoding.append(scalar, to: &output)
                index += 4
            default:
                output.append(kind)  // " \ /
            }
            index += 2
            runStart = index
        }
        if end > runStart {
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart))
        }
        return wroteNonASCII
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
