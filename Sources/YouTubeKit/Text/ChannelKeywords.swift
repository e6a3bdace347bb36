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
        var keywords: [String] = []
        var start = 0
        var quoted = false
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        func flush(_ end: Int) {
            var first = start
            var last = end
            while first < last, isSpace(bytes[first]) { first += 1 }
            while last > first, isSpace(bytes[last - 1]) { last -= 1 }
            if first < last {
                keywords.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self))
            }
        }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                start = index + 1
                quoted.toggle()
            } else if !quoted, isSpace(byte) {
                flush(index)
                start = index + 1
            }
        }
        flush(bytes.count)
        return keywords
    }
}
