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

    /// Checks the UTF-8 of `base[start..<end]` per RFC 3629.
    ///
    /// - Returns: `end`; or, when `allowsCutOff` and the range ends inside a sequence, that
    ///   sequence's start (the next check goes on from there).
    @inline(__always)
    func validateUTF8(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, allowsCutOff: Bool) throws -> Int {
        let rules = Self.leadRules
        // Long text is checked sixteen bytes at a time first, without a branch per character;
        // the exact check below takes the rest, and finds and reports any error.
        var index = end &- start >= 16 ? Self.validPrefix(base, start, end) : start
        while index < end {
            // ASCII a word at a time, to the next non-ASCII byte.
            while index &+ 8 <= end {
                let high = Self.loadWord(base, index) & Self.highBits
                if high != 0 {
                    index &+= high.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            // A run of non-ASCII characters (CJK, emoji) is checked one after another, each from
            // one 4-byte load and its lead byte's rule — no branch on the character's length
            // (scripts mix two-, three- and four-byte characters in no order a branch predictor
            // could learn). An ASCII byte goes back to the word scan; a failure, or fewer than
            // four bytes left, to the exact check below.
            let lastWindow = end &- 4
            while index <= lastWindow {
                let word = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
                if word & 0x80 == 0 { break }
                let rule = rules[Int(word & 0xFF)]
                guard rule.matches(word) else { break }
                index &+= Int(truncatingIfNeeded: rule.length)
            }
            guard index < end else { break }
            if base[index] < 0x80 {
                index &+= 1
                continue
            }
            let length = try utf8SequenceLength(base, index, end)
            if length < 0 {
                if allowsCutOff { return index }
                throw invalidUTF8(end)
            }
            index &+= length
        }
        return end
    }

    /// Whether the sixteen bytes at `offset` are valid UTF-8 (those after them not looked at),
    /// each compared with the three before it (unaligned loads one, two and three bytes back; at
    /// least three bytes must be readable before `offset`), so nothing depends on where a
    /// character starts: a continuation byte (10xxxxxx) must be exactly where a lead before it
    /// asks for one; C0, C1 and F5–FF never appear; and the second byte after E0, ED, F0 and F4
    /// is in their narrower ranges (no overlong forms, no surrogates, nothing past U+10FFFF).
    @inline(__always)
    static func utf8BlockIsValid(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Bool {
        // x86-64 has no unsigned byte compare (one costs a max or min and an equality test), so
        // the tests that can be are signed: read as signed, 0x80...0xFF are -128...-1, below
        // every ASCII byte. Each mask is kept as bytes (all ones or all zeros), so combining them
        // and testing the result needs no conversion from a vector of booleans. Constants are
        // whole vectors: a compare with a scalar (`.>= 0xC0`) compiles to a loop over the lanes.
        typealias Signed = SIMD16<Int8>
        typealias Unsigned = SIMD16<UInt8>
        @inline(__always) func load(_ offset: Int) -> Signed {
            UnsafeRawPointer(base + offset).loadUnaligned(as: Signed.self)
        }
        @inline(__always) func lanes(_ mask: SIMDMask<Signed>) -> Signed { unsafeBitCast(mask, to: Signed.self) }
        @inline(__always) func unsigned(_ bytes: Signed) -> Unsigned { unsafeBitCast(bytes, to: Unsigned.self) }
        @inline(__always) func anyHighBit(_ bytes: Signed) -> Bool { ByteMask.highBits(unsigned(bytes)) != 0 }
        /// `bytes - value` in each lane, 0 where that would be negative (one `psubusb`: LLVM
        /// recognizes the max-then-subtract).
        @inline(__always) func saturatingMinus(_ bytes: Unsigned, _ value: UInt8) -> Unsigned {
            let floor = Unsigned(repeating: value)
            return bytes.replacing(with: floor, where: bytes .< floor) &- floor
        }
        /// The byte `value` read as signed, in every lane.
        @inline(__always) func signed(_ value: UInt8) -> Signed { Signed(repeating: Int8(bitPattern: value)) }
        let current = load(offset)
        let back3 = load(offset &- 3)
        // Bytes offset-3 ..< offset+16 all ASCII: nothing to check.
        if !anyHighBit(current | back3) { return true }
        let back1 = load(offset &- 1)
        let back2 = load(offset &- 2)
        // Continuation bytes, 0x80...0xBF, are the ones below 0xC0 read as signed.
        let isContinuation = lanes(current .< signed(0xC0))
        // Where a lead before asks for a continuation byte: a byte above 0xBF one back, above
        // 0xDF two back, above 0xEF three back (saturating differences, nonzero there). A byte
        // is bad where it is a continuation exactly when none is asked for, or the reverse.
        let asked =
            saturatingMinus(unsigned(back1), 0xBF) | saturatingMinus(unsigned(back2), 0xDF)
            | saturatingMinus(unsigned(back3), 0xEF)
        let notAsked = lanes(unsafeBitCast(asked, to: Signed.self) .== Signed(repeating: 0))
        // Bad bytes end up nonzero: masks are all ones, differences nonzero.
        var bad = unsigned(lanes(isContinuation .== notAsked))
        bad |= unsigned(lanes((current & signed(0xFE)) .== signed(0xC0)))
        bad |= saturatingMinus(unsigned(current), 0xF4)
        // The second byte after E0, ED, F0 and F4. An ASCII byte there (not negative) is
        // already an error above, whatever these say of it.
        var range = lanes(back1 .== signed(0xE0)) & lanes(current .< signed(0xA0))
        range |= lanes(back1 .== signed(0xED)) & lanes(current .>= signed(0xA0))
        range |= lanes(back1 .== signed(0xF0)) & lanes(current .< signed(0x90))
        range |= lanes(back1 .== signed(0xF4)) & lanes(current .>= signed(0x90))
        bad |= unsigned(range)
        let words = unsafeBitCast(bad, to: (UInt64, UInt64).self)
        return words.0 | words.1 == 0
    }

    /// How far from `start` (a character boundary, with at least three readable bytes before it)
    /// the text is valid UTF-8, checked sixteen bytes at a time (``utf8BlockIsValid(_:_:)``): a
    /// character boundary up to which every byte is valid — `end` or short of it; where a block
    /// has an error, before that block. The bytes before `start` are ASCII or end a character,
    /// so they ask for nothing at `start` or after.
    @inline(__always)
    static func validPrefix(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        guard start >= 3 else { return start }
        @inline(__always) func blockIsValid(_ offset: Int) -> Bool { utf8BlockIsValid(base, offset) }
        var index = start
        while index &+ 16 <= end, blockIsValid(index) { index &+= 16 }
        // The last bytes, when the blocks ran out rather than found an error: the sixteen that end
        // the text, overlapping checked ones (each byte is checked against the three before it,
        // wherever a block starts).
        if index < end, index &+ 16 > end, end &- 16 >= start, blockIsValid(end &- 16) { index = end }
        // Back to the start of a character the checked bytes end inside of, if any: its lead is
        // one of the three bytes before `index`.
        if index &- 1 >= start && base[index &- 1] >= 0xC0 { return index &- 1 }
        if index &- 2 >= start && base[index &- 2] >= 0xE0 { return index &- 2 }
        if index &- 3 >= start && base[index &- 3] >= 0xF0 { return index &- 3 }
        return index
    }

    /// What the bytes of a valid sequence look like, per lead byte: the sequence's bytes, read as
    /// a little-endian word, must equal `value` under `mask` (continuation bytes `10xxxxxx`, and
    /// the narrower second-byte ranges after E0, ED and F4) and share a bit with `anyOf` (F0's
    /// second byte must be at least 0x90; for the others, the lead's own high bit).
    struct LeadRule {
        var mask: UInt32
        var value: UInt32
        var anyOf: UInt32
        var length: UInt32

        /// Whether `word` starts with a valid sequence under this rule (one that matches never
        /// has length 0).
        @inline(__always)
        func matches(_ word: UInt32) -> Bool { word & mask == value && word & anyOf != 0 }
    }

    /// The length of the valid UTF-8 sequence that starts `word`'s lowest byte (a lead byte ≥ 0x80),
    /// or 0 when it is not one — per RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF.
    @inline(__always)
    static func sequenceLength(_ word: UInt32, _ rules: UnsafePointer<LeadRule> = leadRules) -> Int {
        let rule = rules[Int(word & 0xFF)]
        return rule.matches(word) ? Int(truncatingIfNeeded: rule.length) : 0
    }

    /// One ``LeadRule`` per byte value (a byte that leads nothing never matches). Immortal, built
    /// once, never written after.
    nonisolated(unsafe) static let leadRules: UnsafePointer<LeadRule> = {
        let rules = UnsafeMutablePointer<LeadRule>.allocate(capacity: 256)
        for lead in 0..<256 {
            // Continuation bytes after the lead: 10xxxxxx.
            let two: (UInt32, UInt32) = (0xC000, 0x8000)
            let three: (UInt32, UInt32) = (0xC0_C000, 0x80_8000)
            let four: (UInt32, UInt32) = (0xC0C0_C000, 0x8080_8000)
            var rule = LeadRule(mask: 0, value: 1, anyOf: 0x80, length: 0)  // matches nothing
            switch lead {
            case 0xC2...0xDF: (rule.mask, rule.value, rule.length) = (two.0, two.1, 2)
            case 0xE0: (rule.mask, rule.value, rule.length) = (0xC0_E000, 0x80_A000, 3)  // A0-BF: 101xxxxx
            case 0xED: (rule.mask, rule.value, rule.length) = (0xC0_E000, 0x80_8000, 3)  // 80-9F: 100xxxxx
            case 0xE1...0xEF: (rule.mask, rule.value, rule.length) = (three.0, three.1, 3)
            case 0xF0:
                (rule.mask, rule.value, rule.length) = (four.0, four.1, 4)
                rule.anyOf = 0x3000  // 90-BF: 10xxxxxx but not 1000xxxx
            case 0xF4: (rule.mask, rule.value, rule.length) = (0xC0C0_F000, 0x8080_8000, 4)  // 80-8F: 1000xxxx
            case 0xF1...0xF3: (rule.mask, rule.value, rule.length) = (four.0, four.1, 4)
            default: break
            }
            rules[lead] = rule
        }
        return UnsafePointer(rules)
    }()

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
