/// The token scanners of ``JSONStreamParser``: strings (escapes, surrogates, control characters;
/// UTF-8 validated in a pass of its own over text that has non-ASCII bytes) and numbers. Each
/// returns -1 when the buffer ends before the token does.
///
/// A small value (the buffer's offset in the input, for errors) rather than methods of the
/// parser, so the hot loops work on registers, not on the parser's stored state.
struct JSONScanner {
    /// Offset of the buffer's first byte from the start of the input.
    let baseOffset: Int

    @inline(__always)
    static func loadWord(_ base: UnsafePointer<UInt8>, _ index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// Bytes of a word that end or interrupt a plain run of string text: `"`, `\` or a control
    /// character. The lowest set bit (the high bit of a byte) marks the first such byte exactly;
    /// non-ASCII bytes do not stop the scan — they are validated afterwards, in one pass.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let hasControl = (word &- 0x2020_2020_2020_2020) & ~word & highBits
        return bytes(of: word, equalTo: UInt8(ascii: "\"")) | bytes(of: word, equalTo: UInt8(ascii: "\\")) | hasControl
    }

    @inline(__always)
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The bytes of `word` before the byte whose high bit is bit `stopBit` (a mark from
    /// ``specialBytes(_:)`` or the like); the others zeroed.
    @inline(__always)
    static func bytes(of word: UInt64, before stopBit: Int) -> UInt64 {
        word & ((1 &<< UInt64(stopBit &- 7)) &- 1)
    }

    /// Scans string text from `from` to the closing quote, checking escapes and control
    /// characters. Non-ASCII bytes only set `nonASCII`: the caller validates them in one pass.
    ///
    /// - Parameters:
    ///   - textStart: the first byte after the opening quote (for errors: invalid UTF-8 before a
    ///     bad escape or control character is reported first, as it comes first).
    ///   - from: where to scan from — `textStart`, or where an earlier scan of the string stopped.
    ///   - stoppedAt: when the buffer ends first, where the scan stopped; the next scan of the
    ///     same string may start there.
    /// - Returns: the index of the closing quote, or -1 when the buffer ends first.
    /// - Throws: ``JSONError`` for a bad escape, a lone surrogate or a control character.
    @inline(__always)
    func scanString(
        _ base: UnsafePointer<UInt8>, textStart: Int, from: Int, _ count: Int, _ escaped: inout Bool,
        _ nonASCII: inout Bool, _ stoppedAt: inout Int
    ) throws -> Int {
        var index = from
        var high: UInt64 = 0
        while true {
            index = Self.plainRun(base, index, count, &high)
            guard index < count else {
                if high & Self.highBits != 0 { nonASCII = true }
                stoppedAt = index
                return -1
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                if high & Self.highBits != 0 { nonASCII = true }
                return index
            }
            if high & Self.highBits != 0 { nonASCII = true }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                let length: Int
                do {
                    length = try escapeLength(base, index, count)
                } catch {
                    try checkUTF8BeforeError(base, textStart, index, nonASCII)
                    throw error
                }
                if length < 0 {
                    stoppedAt = index
                    return -1
                }
                index &+= length
            } else {
                try checkUTF8BeforeError(base, textStart, index, nonASCII)
                throw JSONError(
                    .invalidString, offset: baseOffset + index,
                    expected:
                        "a string without raw control characters (write U+\(Self.hex4(UInt32(byte))) as an escape)")
            }
        }
    }

    /// The index of the first `"`, `\` or control character from `index` on (or `count`), eight
    /// bytes at a time; the bytes passed over are OR-ed into `high`, whose high bits then tell
    /// whether any was non-ASCII.
    @inline(__always)
    static func plainRun(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ high: inout UInt64) -> Int {
        var index = start
        // Sixteen bytes at a time (SSE2 on x86-64, NEON on ARM), then eight, then one by one.
        if index &+ 16 <= count {
            var seen = SIMD16<UInt8>()
            repeat {
                let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let stops = stringStops(bytes)
                if stops != 0 {
                    let length = stops.trailingZeroBitCount
                    // Non-ASCII bytes before the stop, in this block or the ones passed over.
                    if ByteMask.highBits(seen) | ByteMask.highBits(bytes) & ((1 &<< UInt64(length)) &- 1) != 0 {
                        high |= highBits
                    }
                    return index &+ length
                }
                seen |= bytes
                index &+= 16
            } while index &+ 16 <= count
            if ByteMask.highBits(seen) != 0 { high |= highBits }
        }
        while index &+ 8 <= count {
            let word = loadWord(base, index)
            let special = specialBytes(word)
            if special != 0 {
                let bit = special.trailingZeroBitCount
                high |= Self.bytes(of: word, before: bit)
                return index &+ (bit &>> 3)
            }
            high |= word
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            high |= UInt64(byte)
            index &+= 1
        }
        return index
    }

    /// Before reporting an error at `index` inside a string: invalid UTF-8 earlier in the text
    /// is the first error, so it is the one reported.
    private func checkUTF8BeforeError(
        _ base: UnsafePointer<UInt8>, _ textStart: Int, _ index: Int, _ nonASCII: Bool
    ) throws {
        if nonASCII { _ = try validateUTF8(base, textStart, index, allowsCutOff: true) }
    }

    /// Length of the escape at `index` (which holds `\`), validating it; -1 when cut off.
    @inline(__always)
    func escapeLength(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) throws -> Int {
        guard index + 1 < count else { return -1 }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            guard index + 6 <= count else {
                try checkHexPrefix(base, index + 2, count)
                return -1
            }
            let unit = try hex4(base, index + 2)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard index + 12 <= count else {
                    if index + 6 < count, base[index + 6] != UInt8(ascii: "\\") { throw loneSurrogate(index) }
                    if index + 7 < count, base[index + 7] != UInt8(ascii: "u") { throw loneSurrogate(index) }
                    try checkHexPrefix(base, index + 8, count)
                    return -1
                }
                guard base[index + 6] == UInt8(ascii: "\\"), base[index + 7] == UInt8(ascii: "u") else {
                    throw loneSurrogate(index)
                }
                let low = try hex4(base, index + 8)
                guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(index) }
                return 12
            case 0xDC00...0xDFFF:
                throw loneSurrogate(index)
            default:
                return 6
            }
        default:
            throw JSONError(
                .invalidString, offset: baseOffset + index,
                expected: "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        }
    }

    func loneSurrogate(_ index: Int) -> JSONError {
        JSONError(
            .invalidString, offset: baseOffset + index,
            expected: "a UTF-16 surrogate pair (\\uD800-\\uDBFF followed by \\uDC00-\\uDFFF), not a lone surrogate")
    }

    /// Checks the hex digits available so far of a cut-off `\u` escape, so errors are not deferred.
    func checkHexPrefix(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws {
        var index = start
        while index < count, index < start + 4 {
            guard Self.hexValue(base[index]) != nil else {
                throw JSONError(.invalidString, offset: baseOffset + index, expected: "4 hex digits after \\u")
            }
            index += 1
        }
    }

    @inline(__always)
    func hex4(_ base: UnsafePointer<UInt8>, _ start: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            guard let digit = Self.hexValue(base[index]) else {
                throw JSONError(.invalidString, offset: baseOffset + index, expected: "4 hex digits after \\u")
            }
            value = value << 4 | digit
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// Length of the UTF-8 sequence at `index` (lead byte ≥ 0x80), validated per RFC 3629
    /// (no overlongs, no surrogates, nothing past U+10FFFF); -1 when cut off.
    @inline(__always)
    func utf8SequenceLength(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) throws -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default:
            throw invalidUTF8(index)
        }
        let available = min(length, count - index)
        if available > 1 {
            let second = base[index + 1]
            guard second >= low, second <= high else { throw invalidUTF8(index + 1) }
            if available > 2 {
                for offset in 2..<available where base[index + offset] & 0xC0 != 0x80 {
                    throw invalidUTF8(index + offset)
                }
            }
        }
        return available < length ? -1 : length
    }

    func invalidUTF8(_ index: Int) -> JSONError {
        JSONError(.invalidUTF8, offset: baseOffset + index, expected: "valid UTF-8 text")
    }

    /// The end and value of the whole number starting at `index`, when it is plain — 1 to 18
    /// digits, no sign, fraction or exponent, no leading zero — and a delimiter follows it in the
    /// buffer; otherwise `nil` (``scanNumber(_:_:_:isFinal:)`` reads it in full).
    @inline(__always)
    static func plainInteger(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> (end: Int, value: Int)? {
        var digit = base[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        var value = Int(digit)
        var end = index &+ 1
        while end < count {
            digit = base[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            end &+= 1
        }
        guard end < count, end &- index <= 18, base[index] != UInt8(ascii: "0") || end == index &+ 1,
            endsNumber(base[end])
        else { return nil }
        return (end, value)
    }

    /// Whether `byte` may follow a number's digits and end it (`,`, `}`, `]` or whitespace).
    @inline(__always)
    static func endsNumber(_ byte: UInt8) -> Bool {
        // Of the bytes below 64: `,` and the four whitespace bytes; above: `}` and `]`.
        let delimiters: UInt64 = 1 << 0x2C | 1 << 0x20 | 1 << 0x0A | 1 << 0x0D | 1 << 0x09
        if byte < 64 { return delimiters &>> UInt64(byte) & 1 != 0 }
        return byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }

    /// Scans a number starting at `start` per RFC 8259's grammar.
    ///
    /// - Returns: the index just after it, or -1 when the buffer ends where more digits could follow
    ///   (unless `isFinal`).
    @inline(__always)
    func scanNumber(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, isFinal: Bool) throws -> Int {
        // The usual number (a count, a width) is a few digits and a delimiter; every other case
        // of the grammar (a sign, a fraction, an exponent, a leading zero, the buffer's end)
        // goes the full way below.
        if let plain = Self.plainInteger(base, start, count) { return plain.end }
        var index = start
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        @inline(__always) func atEnd() -> Bool { index >= count }
        func fail(_ expected: String) -> JSONError {
            JSONError(.syntax, offset: baseOffset + index, expected: expected)
        }
        if base[index] == UInt8(ascii: "-") {
            index += 1
            if atEnd() { if isFinal { throw fail("a digit after '-'") } else { return -1 } }
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(base[index]) {
            while index < count, isDigit(base[index]) { index += 1 }
        } else {
            throw fail("a digit")
        }
        if atEnd() { return isFinal ? index : -1 }
        if base[index] == UInt8(ascii: ".") {
            index += 1
            if atEnd() { if isFinal { throw fail("a digit after '.'") } else { return -1 } }
            guard isDigit(base[index]) else { throw fail("a digit after '.'") }
            while index < count, isDigit(base[index]) { index += 1 }
            if atEnd() { return isFinal ? index : -1 }
        }
        if base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            index += 1
            if atEnd() { if isFinal { throw fail("a digit in the exponent") } else { return -1 } }
            if base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index += 1
                if atEnd() { if isFinal { throw fail("a digit in the exponent") } else { return -1 } }
            }
            guard isDigit(base[index]) else { throw fail("a digit in the exponent") }
            while index < count, isDigit(base[index]) { index += 1 }
            if atEnd() { return isFinal ? index : -1 }
        }
        // A number must end at a delimiter; `01` or `1x` is malformed.
        guard Self.endsNumber(base[index]) else { throw fail("',', ']', '}' or whitespace after a number") }
        return index
    }
}
