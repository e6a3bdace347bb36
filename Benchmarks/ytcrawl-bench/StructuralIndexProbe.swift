import StreamingJSON

/// The first pass of simdjson's design written in portable Swift (`SIMD16` compares), measured on
/// the decode pages as `index-pass-<case>`: what a structural index would cost before the event
/// pass walks it (issue 38).
///
/// Per 64 bytes: the bytes are compared with `"`, `\`, the six structural characters and
/// whitespace sixteen at a time; each mask is turned into bits (``ByteMask``: `pmovmskb` on
/// x86-64 through the `Builtin` module; sessions 25–29 gathered each word's high bits with a
/// multiply, at twice the cost); escaped quotes are removed (backslash runs, carried across blocks), the in-string
/// mask is the quotes' prefix XOR (six shifts: no carry-less multiply either), and the
/// structurals are the operators and value starts outside strings plus the quotes. No UTF-8
/// check: the decoder's own is counted apart.
struct StructuralIndexProbe {
    private var escapedCarry: UInt64 = 0
    private var inStringCarry: UInt64 = 0
    private var scalarCarry: UInt64 = 0

    /// The structural characters of every page, counted (the count keeps the work from being
    /// optimized away and is checked against a byte-by-byte count).
    static func structuralCount(_ page: [UInt8]) -> Int {
        var probe = StructuralIndexProbe()
        var total = 0
        page.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset + 64 <= buffer.count {
                total &+= probe.block(base + offset).nonzeroBitCount
                offset += 64
            }
            var tail = (SIMD64<UInt8>(repeating: 0x20))
            withUnsafeMutableBytes(of: &tail) { padded in
                padded.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                total &+= probe.block(UnsafeRawPointer(padded.baseAddress!)).nonzeroBitCount
            }
        }
        return total
    }

    /// The same count, one byte at a time: the reference the probe is checked against.
    static func referenceCount(_ page: [UInt8]) -> Int {
        var total = 0
        var inString = false
        var escaped = false
        var previousIsScalar = false
        for byte in page {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    total += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                previousIsScalar = false
                total += 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                UInt8(ascii: ","):
                previousIsScalar = false
                total += 1
            case 0...0x20: previousIsScalar = false
            default:
                if !previousIsScalar { total += 1 }
                previousIsScalar = true
            }
        }
        return total
    }

    @inline(__always)
    private static func prefixXOR(_ value: UInt64) -> UInt64 {
        var bits = value
        bits ^= bits &<< 1
        bits ^= bits &<< 2
        bits ^= bits &<< 4
        bits ^= bits &<< 8
        bits ^= bits &<< 16
        bits ^= bits &<< 32
        return bits
    }

    /// The characters escaped by a backslash (simdjson's odd-run rule), the carry kept.
    @inline(__always)
    private mutating func escaped(_ backslashes: UInt64) -> UInt64 {
        if backslashes == 0 {
            defer { escapedCarry = 0 }
            return escapedCarry
        }
        let backslash = backslashes & ~escapedCarry
        let followsEscape = backslash &<< 1 | escapedCarry
        let even: UInt64 = 0x5555_5555_5555_5555
        let oddStarts = backslash & ~even & ~followsEscape
        let (sum, overflow) = oddStarts.addingReportingOverflow(backslash)
        escapedCarry = overflow ? 1 : 0
        return (even ^ (sum &<< 1)) & followsEscape
    }

    /// The structural bits of the 64 bytes at `pointer`.
    @inline(__always)
    mutating func block(_ pointer: UnsafeRawPointer) -> UInt64 {
        typealias Bytes = SIMD16<Int8>
        let quoteByte = Bytes(repeating: 0x22)
        let backslashByte = Bytes(repeating: 0x5C)
        let openBrace = Bytes(repeating: 0x7B)
        let closeBrace = Bytes(repeating: 0x7D)
        let colon = Bytes(repeating: 0x3A)
        let comma = Bytes(repeating: 0x2C)
        let space = Bytes(repeating: 0x20)
        let zero = Bytes(repeating: 0)
        var quotes: UInt64 = 0
        var backslashes: UInt64 = 0
        var operators: UInt64 = 0
        var whitespace: UInt64 = 0
        for part in 0..<4 {
            let bytes = pointer.loadUnaligned(fromByteOffset: part &* 16, as: Bytes.self)
            let shift = UInt64(part &* 16)
            quotes |= ByteMask.bits(bytes .== quoteByte) &<< shift
            backslashes |= ByteMask.bits(bytes .== backslashByte) &<< shift
            // `[` and `]` are `{` and `}` without the 0x20 bit.
            let folded = bytes | space
            operators |=
                ByteMask.bits(
                    (folded .== openBrace) .| (folded .== closeBrace) .| (bytes .== colon) .| (bytes .== comma))
                &<< shift
            whitespace |= ByteMask.bits((bytes .<= space) .& (bytes .>= zero)) &<< shift
        }
        let realQuotes = quotes & ~escaped(backslashes)
        let inString = Self.prefixXOR(realQuotes) ^ inStringCarry
        inStringCarry = UInt64(bitPattern: Int64(bitPattern: inString) &>> 63)
        let scalar = ~(operators | whitespace)
        let nonQuoteScalar = scalar & ~realQuotes
        let followsScalar = nonQuoteScalar &<< 1 | scalarCarry
        scalarCarry = nonQuoteScalar &>> 63
        let scalarStarts = scalar & ~followsScalar
        return (operators | scalarStarts) & ~inString | realQuotes
    }
}
