import TestSupport
import Testing
import YouTubeKit

/// `ChannelKeywords.split` scans eight bytes at a time to the next quote or separator: every
/// split of random keyword strings, with separators, quotes, control bytes and non-ASCII text at
/// every offset of a word, equals a byte-at-a-time model of the rule.
@Suite("Channel keywords")
struct ChannelKeywordsTests {
    /// The rule, one byte at a time: a quote toggles a phrase and ends a keyword; outside a
    /// phrase a space, tab, line feed or carriage return ends one; empty keywords are dropped.
    static func model(_ text: String) -> [String] {
        var keywords: [String] = []
        var current: [UInt8] = []
        var quoted = false
        func flush() {
            let trimmed = current.drop { Self.isSpace($0) }.reversed().drop { Self.isSpace($0) }.reversed()
            if !trimmed.isEmpty { keywords.append(String(decoding: Array(trimmed), as: UTF8.self)) }
            current = []
        }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") {
                flush()
                quoted.toggle()
            } else if !quoted, isSpace(byte) {
                flush()
            } else {
                current.append(byte)
            }
        }
        flush()
        return keywords
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    @Test func randomKeywordStringsSplitAsTheByteAtATimeRuleDoes() {
        let pieces = [
            "a", "music", "lofi", "live sessions", " ", "  ", "\t", "\n", "\r", "\"", "\u{01}", "\u{1F}", "é", "日本語",
            "🎸", "x\"y", "longkeywordwithoutspaces",
        ]
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<3000 {
            let count = Int(generator.next() % 14)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let expected = Self.model(text)
            #expect(ChannelKeywords.split(text) == expected, "\(text.debugDescription)")
            var copy = text
            let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
            #expect(copy.withUTF8 { ChannelKeywords.split(validUTF8: $0, isASCII: isASCII) } == expected)
        }
    }

    @Test func aControlByteInsideAWordIsKeptLikeTheModelKeepsIt() {
        #expect(ChannelKeywords.split("abcdefgh\u{01}ijk lmn") == ["abcdefgh\u{01}ijk", "lmn"])
        #expect(ChannelKeywords.split("abcdefg \"hijklmnopq rstu\" v") == ["abcdefg", "hijklmnopq rstu", "v"])
    }
}
