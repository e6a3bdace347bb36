import Testing
import YouTubeKit

@testable import StreamingJSON

/// The decoder looks for a search snippet's first `&` sixteen bytes a load, reading past the
/// text's end where the input goes on: a reference anywhere in the text is decoded, and an `&`
/// just after it (in the next key or value) is not taken for one of its own.
@Suite("Snippet entity scan")
struct SnippetEntityScanTests {
    /// A search page of one video whose title is `title` (JSON-escaped as given), followed at
    /// once by an unknown key whose value starts with `&`, within the sixteen bytes after it.
    static func page(title: String) -> String {
        #"""
        {"kind":"youtube#searchListResponse","items":[{"kind":"youtube#searchResult","id":{"kind":"youtube#video","videoId":"vid00000001"},"snippet":{"title":"\#(title)","x":"&amp;&amp;","description":"d"}}]}
        """#
    }

    static func title(of page: String) throws -> String? {
        let (records, _) = try PageDecoder.decode(Array(page.utf8), endpoint: .auto)
        guard records.count == 1, case .video(let video) = records[0] else { return nil }
        return video.title
    }

    @Test func aReferenceAtEveryOffsetIsDecodedAndNothingPastTheEnd() throws {
        for length in 0...40 {
            let plain = String(repeating: "a", count: length)
            // No reference: the text is kept as it is, though an `&` follows within sixteen bytes.
            #expect(try Self.title(of: Self.page(title: plain)) == plain, "length \(length)")
            for offset in 0...length {
                let prefix = String(plain.prefix(offset))
                let suffix = String(plain.dropFirst(offset))
                for (reference, decoded) in [("&amp;", "&"), ("&#39;", "'"), ("&eacute;", "é"), ("& ", "& ")] {
                    let title = prefix + reference + suffix
                    #expect(
                        try Self.title(of: Self.page(title: title)) == prefix + decoded + suffix,
                        "reference \(reference) at \(offset) of \(length)")
                }
            }
        }
    }

    @Test func escapedTextIsScannedToItsEndAndNoFurther() throws {
        // A JSON escape makes the parser unescape the text into its own buffer, which ends there.
        for length in 0...20 {
            let plain = String(repeating: "b", count: length)
            #expect(try Self.title(of: Self.page(title: #"\"\#(plain)"#)) == "\"" + plain)
            #expect(try Self.title(of: Self.page(title: #"\"\#(plain)\u0026amp;"#)) == "\"" + plain + "&")
            #expect(try Self.title(of: Self.page(title: #"\"\#(plain)&lt;é"#)) == "\"" + plain + "<é")
        }
    }

    @Test func theDecoderAgreesWithTheStringDecoder() throws {
        // The public String API scans from the start by itself: the two must agree.
        let titles = [
            "Rock &amp; Roll", "&", "&&amp;", "a&b&c;", "&#x1F3B8; guitar", "&unknown; stays", "&amp",
            "Tom &amp; Jerry &amp; Spike &amp; Tyke &amp; more", "日本語 &quot;引用&quot;",
        ]
        for title in titles {
            #expect(try Self.title(of: Self.page(title: title)) == HTMLEntities.decode(title), "\(title)")
        }
    }
}
