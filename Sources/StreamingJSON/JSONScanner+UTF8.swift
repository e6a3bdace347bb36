/// UTF-8 validation per RFC 3629, sixteen bytes at a time where it can.
extension JSONScanner {
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
}
