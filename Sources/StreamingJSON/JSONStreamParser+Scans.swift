/// The parse loop's scans of whitespace and of short keys.
extension JSONStreamParser {
    /// A key of at most 23 bytes, all plain ASCII (no escape, no control character), starting at
    /// `start` (after its quote), when 24 bytes may be read there: its length and its words,
    /// zero past its end. Anything else is left to the general string scan.
    ///
    /// The first sixteen bytes are looked at in one block: its stops (`"`, `\`, control
    /// characters) and non-ASCII bytes are one ``ByteMask`` (a stop lane is all ones, so OR-ed
    /// with the bytes its high bit is set), and the first set bit is the key's length.
    @inline(__always)
    static func shortKey(_ base: UnsafePointer<UInt8>, _ start: Int) -> (length: Int, words: (UInt64, UInt64, UInt64))?
    {
        let block = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self)
        let stopLanes = JSONScanner.stringStopLanes(block)
        let stops = ByteMask.highBits(unsafeBitCast(stopLanes, to: SIMD16<UInt8>.self) | block)
        let words = unsafeBitCast(block, to: (UInt64, UInt64).self)
        if stops != 0 {
            let length = stops.trailingZeroBitCount
            guard base[start &+ length] == UInt8(ascii: "\"") else { return nil }
            // Little-endian: the key's bytes are the words' low bytes.
            if length < 8 {
                return (length, (words.0 & ((1 &<< UInt64(length &<< 3)) &- 1), 0, 0))
            }
            return (length, (words.0, words.1 & ((1 &<< UInt64((length &- 8) &<< 3)) &- 1), 0))
        }
        let word2 = JSONScanner.loadWord(base, start &+ 16)
        let stop2 = JSONScanner.specialBytes(word2) | (word2 & JSONScanner.highBits)
        guard stop2 != 0 else { return nil }
        let bit = stop2.trailingZeroBitCount
        let length = 16 &+ bit &>> 3
        guard base[start &+ length] == UInt8(ascii: "\"") else { return nil }
        return (length, (words.0, words.1, JSONScanner.bytes(of: word2, before: bit)))
    }

    /// Moves `index` past whitespace: pretty-printed indentation is skipped eight spaces at a time.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        while index < count {
            let byte = base[index]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index &+= 1
            // After a line break comes indentation, counted a word at a time; after anything
            // else (the space after a colon) the next byte is usually the value.
            guard byte == 0x0A else { continue }
            skipSpaces(base, &index, count)
        }
    }

    /// Moves `index` past spaces eight at a time while eight bytes may be read (the rest, and
    /// any other whitespace, are left to ``skipWhitespace(_:_:_:)``).
    @inline(__always)
    static func skipSpaces(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        while index &+ 8 <= count {
            let notSpace = JSONScanner.loadWord(base, index) ^ 0x2020_2020_2020_2020
            if notSpace != 0 {
                index &+= notSpace.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
    }

    /// Moves `index` past a line break and the spaces after it, when it is at one and eight
    /// bytes may be read there: the newline is compared within the first word of indentation,
    /// not in a loop of its own. Anything else is left to ``skipWhitespace(_:_:_:)``.
    @inline(__always)
    static func skipLineAndIndentation(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        guard index &+ 8 <= count else { return }
        // Little-endian: the first byte is the lowest.
        let lineBreak = JSONScanner.loadWord(base, index) ^ 0x2020_2020_2020_200A
        if lineBreak != 0 {
            // Zero bytes: a line break and spaces before the first other byte (none if the
            // first byte is not a line break, and `index` stays).
            index &+= lineBreak.trailingZeroBitCount &>> 3
            return
        }
        index &+= 8
        skipSpaces(base, &index, count)
    }
}
