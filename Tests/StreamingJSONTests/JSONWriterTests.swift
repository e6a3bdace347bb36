import Emulator
import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

@Suite("JSON record writer")
struct JSONWriterTests {
    static let samples = [
        "", "plain", "quote \" and backslash \\", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}",
        "line\u{2028}para\u{2029}end", "emoji 🎸 日本語 עברית", "crlf\r\nend", "\u{7F} delete", "/slash/",
    ]

    @Test("strings round-trip through JSONSerialization", arguments: samples)
    func strings(_ text: String) throws {
        var writer = JSONWriter()
        writer.raw("[")
        writer.string(text)
        writer.raw("]")
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
        #expect(parsed == [text])
        let output = String(decoding: writer.bytes, as: UTF8.self)
        #expect(!output.contains("\u{2028}") && !output.contains("\u{2029}"))
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 })
    }

    /// Every character that needs escaping, at every position of a string long enough for the
    /// sixteen-byte scan, among plain ASCII and multibyte text (0xE2 also begins `—` and `…`, which
    /// are copied as they are).
    @Test func escapesAtEveryPositionAcrossTheWideScan() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{2028}", "\u{2029}", "—", "…", "é", "🎸"]
        for filler in ["abcdefghijklmnopqrstuvwxyz0123456789ABCDEF", "日本語のテキストとñandú—"] {
            for special in specials {
                for position in 0...filler.count {
                    var text = filler
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    var writer = JSONWriter()
                    writer.raw("[")
                    writer.string(text)
                    writer.raw("]")
                    let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
                    #expect(parsed == [text], "\(special.unicodeScalars.map(\.value)) at \(position)")
                    let output = String(decoding: writer.bytes, as: UTF8.self)
                    #expect(!output.contains("\u{2028}") && !output.contains("\u{2029}"))
                    #expect(!output.unicodeScalars.contains { $0.value < 0x20 })
                }
            }
        }
    }

    /// Times written as digits equal the general formatter's text, across leap days, the epoch,
    /// before it, and past year 9999 (which takes the general formatter).
    @Test func timestampsMatchTheRFC3339Formatter() throws {
        var seconds: [Int64] = [
            0, -1, 59, 86_399, 86_400, 951_782_400, 951_868_799, 1_709_251_199, 253_402_300_799, 253_402_300_800,
            -62_167_219_200, -62_167_219_201, 4_102_444_800,
        ]
        var random = CorpusRandom(seed: 7)
        for _ in 0..<2000 { seconds.append(Int64(random.next() % 6_000_000_000) - 1_000_000_000) }
        for value in seconds {
            var writer = JSONWriter()
            writer.timestamp(seconds: value)
            let expected = "\"" + RFC3339.format(seconds: value) + "\""
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(value)")
        }
    }

    /// A writer is a value: a copy's writes do not reach the original, growing or emptying.
    @Test func copiesAreIndependent() {
        var original = JSONWriter(capacity: 1)
        original.string("first")
        var copy = original
        copy.string(String(repeating: "grows past the capacity ", count: 20))
        #expect(String(decoding: original.bytes, as: UTF8.self) == #""first""#)
        var emptied = copy
        emptied.removeAll()
        #expect(emptied.isEmpty && copy.count > 400 && original.count == 7)
        emptied.raw("x")
        #expect(copy.withBytes { $0.first } == UInt8(ascii: "\""))
        #expect(String(decoding: emptied.bytes, as: UTF8.self) == "x")
    }

    @Test func membersWithShortAndLongNames() {
        var writer = JSONWriter()
        writer.raw("{")
        writer.key("a")
        writer.int(-7)
        writer.member("a_name_of_exactly_27_bytes_", "x")
        writer.member("a_name_longer_than_twenty_seven_bytes", 12)
        writer.memberKey("t")
        writer.timestamp(seconds: 1_709_251_200)
        writer.raw("}")
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"a":-7,"a_name_of_exactly_27_bytes_":"x","a_name_longer_than_twenty_seven_bytes":12,"t":"2024-03-01T00:00:00Z"}"#
        )
    }

    @Test("integers", arguments: [0, 1, -1, 42, 1_000_000, Int.max, Int.min])
    func integers(_ value: Int) {
        var writer = JSONWriter()
        writer.int(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func objectWithNulls() throws {
        var writer = JSONWriter()
        writer.raw("{")
        writer.key("a")
        writer.optionalString(nil)
        writer.raw(",")
        writer.key("b")
        writer.optionalInt(7)
        writer.raw(",")
        writer.key("c")
        writer.bool(true)
        writer.raw("}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":null,"b":7,"c":true}"#)
    }

    @Test func escapedTextInPiecesIsTheQuotedStringsText() {
        let text = "plain \"q\" back\\slash\ttab\u{0001} é 😀 line\u{2028}sep \u{2029} end"
        var whole = JSONWriter()
        whole.string(text)
        let bytes = Array(text.utf8)
        // Every cut between characters gives the same text as the whole.
        for cut in 0...bytes.count where cut == bytes.count || bytes[cut] & 0xC0 != 0x80 {
            var pieces = JSONWriter(json: "\"")
            bytes[..<cut].withUnsafeBytes { pieces.escapedText(utf8: $0) }
            bytes[cut...].withUnsafeBytes { pieces.escapedText(utf8: $0) }
            pieces.raw("\"")
            #expect(pieces.bytes == whole.bytes, "cut at \(cut)")
        }
    }

    @Test func aWriterStartedFromTextHoldsIt() {
        #expect(JSONWriter(json: "").isEmpty)
        var writer = JSONWriter(json: #"{"a":"#)
        writer.int(1)
        writer.raw("}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1}"#)
    }
}
