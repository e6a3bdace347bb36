import Emulator
import Testing

@testable import StreamingJSON

/// The interner hashes words (the first sixteen bytes, one from the middle, the last eight, the
/// length) and compares the rest: strings that agree in all of those but one byte, of every
/// length around the word boundaries, read back as themselves, and a repeated long string is
/// handed out as the same storage.
@Suite("String interner")
struct StringInternerTests {
    /// `text`'s String through `interner`, its bytes in a buffer with `slack` readable bytes
    /// after them (0: the text ends the buffer, and the head is copied, not loaded).
    static func intern(_ text: String, _ interner: inout StringInterner, slack: Int) -> String {
        let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: "\""), count: slack)
        return bytes.withUnsafeBytes { buffer in
            let textBytes = UnsafeRawBufferPointer(rebasing: buffer[..<(buffer.count - slack)])
            return interner.string(
                JSONText(textBytes, isASCII: text.utf8.allSatisfy { $0 < 0x80 }, readable: buffer.count))
        }
    }

    @Test func lookAlikesOfEveryLengthReadBackAsThemselves() {
        let base = "https://en.wikipedia.org/wiki/Lifestyle_(sociology)_日本語_and_more_text"
        var texts: [String] = []
        for length in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 40, 63, 64, 65] {
            let prefix = String(decoding: Array(base.utf8.prefix(length)), as: UTF8.self)
            guard prefix.utf8.count == length, !prefix.contains("\u{FFFD}") else { continue }
            texts.append(prefix)
            // The same length, one byte changed: at the start, in the middle, just past sixteen
            // bytes, at the end (where the hash may not look).
            for position in Set([0, length / 2, min(16, length - 1), length - 1]) {
                var bytes = Array(prefix.utf8)
                guard bytes[position] < 0x80 else { continue }
                bytes[position] = bytes[position] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        texts += [
            "", "/m/04rlf", "/m/019_rr", "/m/0bzvm2", "https://en.wikipedia.org/wiki/Pop_music",
            "https://en.wikipedia.org/wiki/Hip_hop_music", "https://en.wikipedia.org/wiki/Music",
        ]
        var interner = StringInterner()
        var generator = CorpusRandom(seed: 0x1D7E)
        for round in 0..<4000 {
            let text = texts[Int(generator.next() % UInt64(texts.count))]
            let slack = round % 3 == 0 ? 0 : Int(generator.next() % 24)
            #expect(Self.intern(text, &interner, slack: slack) == text, "\(text.debugDescription) slack \(slack)")
        }
    }

    @Test func aRepeatedLongStringIsTheSameStorage() {
        var interner = StringInterner()
        var first = Self.intern("https://en.wikipedia.org/wiki/Music", &interner, slack: 0)
        var second = Self.intern("https://en.wikipedia.org/wiki/Music", &interner, slack: 16)
        let firstAddress = first.withUTF8 { $0.baseAddress }
        let secondAddress = second.withUTF8 { $0.baseAddress }
        #expect(firstAddress == secondAddress)
        var other = Self.intern("https://en.wikipedia.org/wiki/Mus1c", &interner, slack: 0)
        #expect(other == "https://en.wikipedia.org/wiki/Mus1c")
        #expect(other.withUTF8 { $0.baseAddress } != firstAddress)
    }
}
