import Emulator
import Foundation
import Testing

@testable import StreamingJSON

/// Kept strings with escapes, whole in the buffer, are found, checked and unescaped in one pass
/// (`JSONUnescape.scanWhole`); anything unusual goes back to the general path. Here the one-pass
/// reading is compared, value and error, with the general path's (the same document fed a byte
/// at a time, so no string is whole in a buffer) and with JSONSerialization.
@Suite("Strings read in one pass")
struct WholeStringScanTests {
    /// Pieces of string text: plain, multibyte, every escape, and what sends a string back to the
    /// general path (`\u` escapes, a bad escape, a raw control character, invalid UTF-8).
    static let valid: [[UInt8]] = [
        Array("plain text ".utf8), Array("é".utf8), Array("日本".utf8), Array("🎸".utf8), Array(#"\n"#.utf8),
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\b\f\r\t"#.utf8),
        Array(#"\u00e9"#.utf8), Array(#"\ud83c\udfb8"#.utf8), Array(#"\\\\\""#.utf8),
    ]
    static let invalid: [[UInt8]] = [
        Array(#"\x"#.utf8), [0x01], [0x1F], [0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81],
        Array(#"\ud800"#.utf8),
    ]

    /// The document fed whole, or in chunks of `chunk` bytes.
    static func parse(_ bytes: [UInt8], chunk: Int?) -> Result<JSONValue, JSONError> {
        RandomChunkSplitTests.parse(bytes, chunkSizes: chunk.map { Array(repeating: $0, count: bytes.count) } ?? [])
    }

    /// `{"k":"…text…","a":"…after…","pad":"…"}`: what follows the string is sometimes itself
    /// broken, within the sixteen bytes a block checks past the closing quote; the padding puts
    /// the buffer's end from under sixteen bytes to well past them after the string.
    static func document(_ text: [UInt8], after: [UInt8], padding: Int = 32) -> [UInt8] {
        Array(#"{"k":""#.utf8) + text + Array(#"","a":""#.utf8) + after + Array(#"","pad":""#.utf8)
            + Array(repeating: UInt8(ascii: "p"), count: padding) + Array(#""}"#.utf8)
    }

    @Test func oneByteChunksAndWholeBuffersAgree() throws {
        var random = CorpusRandom(seed: 3838)
        var values = 0
        var errors = 0
        for round in 0..<3000 {
            var text: [UInt8] = []
            let pieces = Int(random.next() % 40)
            for _ in 0..<pieces {
                // An escape early, so the one-pass reading is the one taken; rarely something broken.
                if text.isEmpty { text += Array(#"\""#.utf8) }
                let broken = random.next() % 25 == 0
                let list = broken ? Self.invalid : Self.valid
                text += list[Int(random.next() % UInt64(list.count))]
            }
            let after = random.next() % 10 == 0 ? Self.invalid[Int(random.next() % UInt64(Self.invalid.count))] : []
            let bytes = Self.document(text, after: after, padding: Int(random.next() % 40))
            let whole = Self.parse(bytes, chunk: nil)
            #expect(whole == Self.parse(bytes, chunk: 1), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            switch whole {
            case .success(let value):
                values += 1
                let foundation = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String]
                if case .object(let members) = value,
                    case .string(let kept)? = members.first(where: { $0.key == "k" })?.value
                {
                    #expect(foundation?["k"] == kept, "round \(round)")
                } else {
                    Issue.record("round \(round): not an object with a string")
                }
            case .failure: errors += 1
            }
        }
        #expect(values > 1000 && errors > 200)
    }

    /// The one-pass reading itself: taken for plain escapes with room after the string, declined
    /// (for the general path) for what it does not handle.
    @Test func theOnePassReadingTakesAndDeclines() {
        func scan(_ text: String, after: Int = 20) -> (text: String, end: Int)? {
            let bytes =
                Array(#"{"k":""#.utf8) + Array(text.utf8) + Array(#"""#.utf8)
                + Array(repeating: UInt8(ascii: " "), count: after)
            var scratch: [UInt8] = []
            let found = bytes.withUnsafeBufferPointer { buffer in
                JSONUnescape.scanWhole(buffer.baseAddress!, textStart: 6, buffer.count, into: &scratch)
            }
            guard let found else { return nil }
            #expect(found.nonASCII == text.utf8.contains { $0 >= 0x80 })
            return (String(decoding: scratch[..<found.written], as: UTF8.self), found.end)
        }
        let taken = #"a \"b\" \\ c\nd\/ é 日本 🎸 "# + String(repeating: "x", count: 40) + #"\t"#
        let expected = "a \"b\" \\ c\nd/ é 日本 🎸 " + String(repeating: "x", count: 40) + "\t"
        #expect(scan(taken)?.text == expected)
        #expect(scan(taken)?.end == 6 + taken.utf8.count)
        #expect(scan(#"\n"#)?.text == "\n")
        for declined in [#"\u00e9"#, #"\x"#, "a\u{1}b", #"\n x \u{ff}"#] {
            #expect(scan(declined) == nil, "\(declined)")
        }
        // A backslash that is the buffer's last byte, at the end of a block: what it escapes is
        // not read (it is in the next chunk).
        for length in 0..<16 {
            let bytes = Array(#"{"k":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 15 + length) + [0x5C]
            var scratch: [UInt8] = []
            let found = bytes.withUnsafeBufferPointer { buffer in
                JSONUnescape.scanWhole(buffer.baseAddress!, textStart: 6, buffer.count, into: &scratch)
            }
            #expect(found == nil, "\(length)")
        }
        // No block of sixteen bytes past the escape holds the closing quote within the buffer.
        #expect(scan(#"\n"# + String(repeating: "x", count: 10), after: 0) == nil)
        #expect(
            scan(#"\n"# + String(repeating: "x", count: 10), after: 6)?.text == "\n" + String(repeating: "x", count: 10)
        )
    }

    /// Strings around the lengths where the one-pass reading stops and hands over: the first
    /// scratch reach (8 KB), the longest it reads (64 KB), and strings ending in the last sixteen
    /// bytes of the buffer.
    @Test func longStringsAndStringsAtTheBuffersEnd() throws {
        let unit = Array(#"line \"quoted\" 日本語\n"#.utf8)
        for repeats in [1, 300, 330, 400, 2_700, 3_000, 3_100] {
            let text = Array([[UInt8]](repeating: unit, count: repeats).joined())
            let bytes = Self.document(text, after: [])
            let whole = Self.parse(bytes, chunk: nil)
            #expect(whole == Self.parse(bytes, chunk: 4096), "\(repeats)")
            let foundation = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String]
            if case .success(.object(let members)) = whole,
                case .string(let kept)? = members.first(where: { $0.key == "k" })?.value
            {
                #expect(foundation?["k"] == kept, "\(repeats)")
            } else {
                Issue.record("\(repeats): \(whole)")
            }
        }
        // A document that ends right after a string with escapes: no sixteen bytes past it.
        for length in 0..<40 {
            let text = Array(#"\n"#.utf8) + Array(repeating: UInt8(ascii: "x"), count: length)
            let bytes = Array(#"{"k":""#.utf8) + text + Array(#""}"#.utf8)
            #expect(Self.parse(bytes, chunk: nil) == Self.parse(bytes, chunk: 1), "\(length)")
        }
    }
}
