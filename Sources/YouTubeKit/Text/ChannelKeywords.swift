/// `brandingSettings.channel.keywords`: one string of space-separated keywords in which a
/// quoted phrase is one keyword (`google "google developers" android`).
public enum ChannelKeywords {
    /// The keywords, quotes removed, phrases whole, empty ones dropped. An unclosed quote runs
    /// to the end.
    public static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { split(utf8: $0) }
    }

    /// The same, over the text's UTF-8 bytes: a keyword is a run of bytes between separators (a
    /// space, a tab or a newline outside quotes; a quote), so no Character is formed.
    public static func split(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        split(bytes) { String(decoding: $0, as: UTF8.self) }
    }

    /// The same, over bytes known to be valid UTF-8 (a JSON parser checked them): each keyword's
    /// String is made without checking its bytes again. Cut at ASCII bytes only, valid UTF-8
    /// stays valid.
    package static func split(validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> [String] {
        split(bytes) { String(copying: UTF8Span(unchecked: $0.span, isKnownASCII: isASCII)) }
    }

    /// Finds the keywords' byte ranges in one pass, into scratch space (on the stack for a
    /// usual keywords string), then makes the array at its final size: no array is grown (and
    /// its old buffer freed) on the way.
    @inline(__always)
    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, making make: (UnsafeBufferPointer<UInt8>) -> String
    ) -> [String] {
        // A keyword is at least one byte, with a separator before the next: at most one per two bytes.
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: bytes.count / 2 + 1) { ranges in
            var found = 0
            forEachKeyword(in: bytes) { range in
                ranges.initializeElement(at: found, to: range)
                found += 1
            }
            // Reserved and appended: `[String](unsafeUninitializedCapacity:)` looks up the
            // array's type metadata at every call.
            var keywords: [String] = []
            keywords.reserveCapacity(found)
            for index in 0..<found { keywords.append(make(UnsafeBufferPointer(rebasing: bytes[ranges[index]]))) }
            return keywords
        }
    }

    /// Calls `body` with the byte range of each keyword of `bytes`, in order.
    @inline(__always)
    package static func forEachKeyword(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        var quoted = false
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        @inline(__always) func flush(_ end: Int) {
            var first = start
            var last = end
            while first < last, isSpace(bytes[first]) { first += 1 }
            while last > first, isSpace(bytes[last - 1]) { last -= 1 }
            guard first < last else { return }
            body(first..<last)
        }
        let count = bytes.count
        var index = 0
        while index < count {
            // Eight bytes at a time to the next byte that may end a keyword: a quote, or
            // (outside quotes) a byte up to the space, which takes in the four separators.
            // Keywords are short, so this mostly finds the one after the current keyword.
            while index &+ 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                var stops = (quote &- 0x0101_0101_0101_0101) & ~quote
                if !quoted { stops |= (word &- 0x2121_2121_2121_2121) & ~word }
                stops &= 0x8080_8080_8080_8080
                if stops != 0 {
                    index &+= stops.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                start = index + 1
                quoted.toggle()
            } else if !quoted, isSpace(byte) {
                flush(index)
                start = index + 1
            }
            index &+= 1
        }
        flush(count)
    }
}
