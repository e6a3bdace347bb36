import Foundation
import Testing

@testable import YouTubeKit

@Suite("Dates, durations and HTML entities")
struct TextParsingTests {
    @Test(
        "RFC 3339 normalized to UTC whole seconds",
        arguments: [
            ("2017-06-08T02:25:43Z", "2017-06-08T02:25:43Z"),
            ("2017-06-08T02:25:43.000Z", "2017-06-08T02:25:43Z"),
            ("2017-06-08T02:25:43.999999Z", "2017-06-08T02:25:43Z"),
            ("2017-06-08T04:25:43+02:00", "2017-06-08T02:25:43Z"),
            ("2017-06-07T21:25:43.5-05:00", "2017-06-08T02:25:43Z"),
            ("2017-06-08t02:25:43z", "2017-06-08T02:25:43Z"),
            ("2017-06-08 02:25:43Z", "2017-06-08T02:25:43Z"),
            ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
            ("2000-01-01T00:30:00+01:00", "1999-12-31T23:30:00Z"),
            ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
            ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
            ("2016-12-31T23:59:60Z", "2016-12-31T23:59:59Z"),
        ])
    func rfc3339(_ input: String, _ expected: String) throws {
        let seconds = try #require(RFC3339.parseSeconds(input))
        #expect(RFC3339.format(seconds: seconds) == expected)
    }

    @Test(
        "RFC 3339 rejects",
        arguments: [
            "", "2017-06-08", "2017-06-08T02:25:43", "2017-13-08T02:25:43Z", "2023-02-29T00:00:00Z",
            "2017-06-08T24:00:00Z", "2017-06-08T02:25:43.Z", "2017-06-08T02:25:43+0200", "2017-6-8T02:25:43Z",
            "2017-06-08T02:25:43Z trailing", "２０１７-06-08T02:25:43Z",
            // The API's own 20-byte form, read at fixed positions: each field's every bound.
            "2017-06-0xT02:25:43Z", "20 7-06-08T02:25:43Z", "2017-00-08T02:25:43Z", "2017-06-00T02:25:43Z",
            "2017-04-31T02:25:43Z", "2017-06-08T02:60:00Z", "2017-06-08T02:25:61Z", "2017/06/08T02:25:43Z",
            "2017-06-08X02:25:43Z", "2017-06-08T02:25:43+", "2017-06-08T02-25-43Z", "2017-06-08T02:25:4/Z",
        ])
    func rfc3339Rejects(_ input: String) {
        #expect(RFC3339.parseSeconds(input) == nil)
    }

    @Test func rfc3339AgreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let text = RFC3339.format(seconds: seconds)
            #expect(formatter.date(from: text)?.timeIntervalSince1970 == TimeInterval(seconds), "\(text)")
            #expect(RFC3339.parseSeconds(text) == seconds)
        }
    }

    @Test(
        "ISO 8601 durations",
        arguments: [
            ("PT1H10S", 3610), ("PT41S", 41), ("P1DT2H", 93_600), ("PT0S", 0), ("P0D", 0), ("PT1H", 3600),
            ("PT4M13S", 253), ("P2W", 1_209_600), ("PT15M", 900), ("P1W2DT3H4M5S", 788_645),
        ])
    func duration(_ input: String, _ seconds: Int) {
        #expect(ISO8601Duration.seconds(input) == seconds)
    }

    @Test(
        "ISO 8601 durations rejected",
        arguments: [
            "", "P", "PT", "1H", "PT1H1H", "PT1S1M", "P1Y", "P1M", "PT1.5S", "PT-1S", "P1DT", "PTH",
            "PT99999999999999999999S",
        ])
    func durationRejected(_ input: String) {
        #expect(ISO8601Duration.seconds(input) == nil)
    }

    @Test(
        "HTML entities",
        arguments: [
            ("Rock &amp; Roll", "Rock & Roll"),
            ("I&#39;m here", "I'm here"),
            ("&quot;quoted&quot;", "\"quoted\""),
            ("&lt;b&gt;", "<b>"),
            ("hex &#x27; &#X27;", "hex ' '"),
            ("emoji &#128512; &#x1F600;", "emoji 😀 😀"),
            ("named &eacute;&hellip;", "named é…"),
            ("unknown &bogus; stays", "unknown &bogus; stays"),
            ("no semicolon &amp stays", "no semicolon &amp stays"),
            ("lone & ampersand", "lone & ampersand"),
            ("surrogate &#xD800; stays", "surrogate &#xD800; stays"),
            ("too big &#x110000; stays", "too big &#x110000; stays"),
            ("zero &#0; stays", "zero &#0; stays"),
            ("empty &#; and &#x; stay", "empty &#; and &#x; stay"),
            ("double &amp;amp; once", "double &amp; once"),
            ("trailing &", "trailing &"),
            ("plain text", "plain text"),
            ("ünïcode &amp; 日本", "ünïcode & 日本"),
        ])
    func entities(_ input: String, _ expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test func decodingIntoABufferNeverLengthensTextAndSaysWhenThereWasNothing() {
        let cases = ["&lt;", "&#9;", "&#x10FFFF;", "&hellip;", "&nbsp;x", "&#65536;", "a &amp; b", "no refs", ""]
        for text in cases {
            var input = Array(text.utf8)
            let output = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, input.count))
            defer { output.deallocate() }
            let result = input.withUnsafeMutableBytes {
                HTMLEntities.decode(utf8: UnsafeRawBufferPointer($0), to: output)
            }
            let expected = HTMLEntities.decode(text)
            if expected == text {
                #expect(result == nil, "\(text)")
            } else {
                let decoded = String(
                    decoding: UnsafeBufferPointer(start: output, count: result?.count ?? 0), as: UTF8.self)
                #expect(decoded == expected, "\(text)")
                #expect((result?.count ?? .max) <= input.count, "\(text)")
                #expect(result?.wroteNonASCII == expected.unicodeScalars.contains { !$0.isASCII }, "\(text)")
            }
            input.removeAll()
        }
    }

    @Test(
        "escaping as search.list does, and back", arguments: ["Tom & Jerry's \"<3\"", "plain", "", "a&amp;b", "日本 & 😀"])
    func escapeRoundTrip(_ text: String) {
        let escaped = HTMLEntities.escape(text)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\"") && !escaped.contains("'"))
        #expect(HTMLEntities.decode(escaped) == text)
    }
}
