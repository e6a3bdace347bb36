import Foundation
import Testing

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
}
