/// How string text is escaped into JSON: per RFC 8259 — `"`, `\`, every control character — and
/// U+2028/U+2029 as `\u2028`/`\u2029`, so a line is also valid JavaScript.
enum JSONEscaping {
    /// Writes `count` bytes of valid UTF-8 from `base`, escaped, to `output` (room for six bytes
    /// each); returns how many it wrote.
    ///
    /// Sixteen bytes at a time are stored to the output before they are looked at: a block with
    /// nothing to escape (nearly all of them) costs a load, a store and four compares, and no
    /// copy call; at a byte that stops the scan (`"`, `\`, a control character, or 0xE2, which
    /// may begin U+2028/U+2029) the output goes on from that byte, its escape written over what
    /// the block stored past it. Stores stay within the room: after `index` input bytes at most
    /// `6 * index` were written, so sixteen more fit while sixteen input bytes remain.
    static func escape(_ base: UnsafePointer<UInt8>, _ count: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        var index = 0
        let separatorLead = SIMD16<UInt8>(repeating: 0xE2)
        while index &+ 16 <= count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(output + written).storeBytes(of: block, as: SIMD16<UInt8>.self)
            let stops = JSONScanner.stringStops(block) | ByteMask.bits(block .== separatorLead)
            if stops == 0 {
                index &+= 16
                written &+= 16
                continue
            }
            let skip = stops.trailingZeroBitCount
            index &+= skip
            written &+= skip
            escapeOne(base, &index, count, output, &written)
        }
        // Eight bytes at a time while eight remain (most of a short string, a video id): as above,
        // a word's special bytes found by the bit tricks of the decoder's key scan.
        while index &+ 8 <= count {
            let word = JSONScanner.loadWord(base, index)
            UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
            let stops = JSONScanner.specialBytes(word) | JSONScanner.bytes(of: word, equalTo: 0xE2)
            if stops == 0 {
                index &+= 8
                written &+= 8
                continue
            }
            let skip = stops.trailingZeroBitCount &>> 3
            index &+= skip
            written &+= skip
            escapeOne(base, &index, count, output, &written)
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0xE2 {
                escapeOne(base, &index, count, output, &written)
            } else {
                output[written] = byte
                written &+= 1
                index &+= 1
            }
        }
        return written
    }

    /// Writes the byte at `index` — one that stopped the scan — escaped, or as it is when it is a
    /// 0xE2 that begins another character, and moves past it.
    @inline(__always)
    private static func escapeOne(
        _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int, _ output: UnsafeMutablePointer<UInt8>,
        _ written: inout Int
    ) {
        @inline(__always) func put(_ text: StaticString) {
            (output + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            written &+= text.utf8CodeUnitCount
        }
        let byte = base[index]
        index &+= 1
        switch byte {
        case UInt8(ascii: "\""): put("\\\"")
        case UInt8(ascii: "\\"): put("\\\\")
        case 0x0A: put("\\n")
        case 0x0D: put("\\r")
        case 0x09: put("\\t")
        case 0x08: put("\\b")
        case 0x0C: put("\\f")
        case 0x00..<0x20:
            put("\\u00")
            output[written] = hexDigit(byte >> 4)
            output[written &+ 1] = hexDigit(byte & 0xF)
            written &+= 2
        default:
            // 0xE2: U+2028 LINE SEPARATOR / U+2029 PARAGRAPH SEPARATOR are escaped; any other
            // character it begins is copied as it is.
            if index &+ 1 < count && base[index] == 0x80 && (base[index &+ 1] | 1) == 0xA9 {
                put(base[index &+ 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index &+= 2
            } else {
                output[written] = byte
                written &+= 1
            }
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ value &- 10
    }
}
