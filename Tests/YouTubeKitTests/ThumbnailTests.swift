import Foundation
import Testing

@testable import YouTubeKit

/// A thumbnail's URL may be kept in a compact form (the streaming decoder's); the value is the
/// URL's whatever the form: equality, hashing, reading, setting and Codable.
@Suite("Thumbnail URL forms")
struct ThumbnailTests {
    static func videoForm(_ id: String, file: UInt8) -> Thumbnail.URLForm {
        var words: (UInt64, UInt64) = (0, 0)
        let bytes = Array(id.utf8)
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        return .video(id: words, idLength: UInt8(bytes.count), file: file)
    }

    @Test func everyFormReadsAsItsURL() {
        let files = (0...9).map { Thumbnail.videoFile(UInt8($0)).description }
        #expect(files.count == Set(files).count)
        for (number, file) in files.enumerated() {
            let thumbnail = Thumbnail(urlForm: Self.videoForm("dQw4w9WgXcQ", file: UInt8(number)))
            #expect(thumbnail.url == "https://i.ytimg.com/vi/dQw4w9WgXcQ/" + file)
        }
        let sized = Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/Ünï", size: 240))
        #expect(sized.url == "https://yt3.ggpht.com/Ünï=s240-c-k-c0x00ffffff-no-rj")
    }

    @Test func equalAndHashedAsTheWholeURL() {
        let form = Thumbnail(urlForm: Self.videoForm("abc", file: 2), width: 480, height: 360)
        let whole = Thumbnail(url: "https://i.ytimg.com/vi/abc/hqdefault.jpg", width: 480, height: 360)
        #expect(form == whole)
        #expect(form.hashValue == whole.hashValue)
        #expect(Set([form, whole]).count == 1)
        #expect(form != Thumbnail(url: "https://i.ytimg.com/vi/abc/mqdefault.jpg", width: 480, height: 360))
        #expect(form != Thumbnail(url: whole.url, width: 480, height: 361))
        // Two of one form compare by their parts.
        #expect(form == Thumbnail(urlForm: Self.videoForm("abc", file: 2), width: 480, height: 360))
        #expect(form != Thumbnail(urlForm: Self.videoForm("abd", file: 2), width: 480, height: 360))
        #expect(form != Thumbnail(urlForm: Self.videoForm("abc", file: 3), width: 480, height: 360))
        #expect(form != Thumbnail(urlForm: Self.videoForm("abcd", file: 2), width: 480, height: 360))
        let sizedA = Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/p", size: 88))
        let sizedB = Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/p", size: 800))
        #expect(sizedA != sizedB)
        #expect(sizedA != Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/q", size: 88)))
        #expect(sizedA == Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/p", size: 88)))
        #expect(sizedA == Thumbnail(url: "https://yt3.ggpht.com/p=s88-c-k-c0x00ffffff-no-rj"))
    }

    @Test func settingTheURLKeepsItWhole() {
        var thumbnail = Thumbnail(urlForm: Self.videoForm("abc", file: 0), width: 120)
        thumbnail.url = "https://example.com/x.png"
        #expect(thumbnail.url == "https://example.com/x.png")
        guard case .whole("https://example.com/x.png") = thumbnail.urlForm else {
            Issue.record("expected a whole URL, got \(thumbnail.urlForm)")
            return
        }
        #expect(thumbnail.width == 120)
    }

    @Test func codableWritesAndReadsTheURL() throws {
        let thumbnail = Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/p", size: 88), width: 88, height: 88)
        let data = try JSONEncoder().encode(thumbnail)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["url"] as? String == "https://yt3.ggpht.com/p=s88-c-k-c0x00ffffff-no-rj")
        #expect(object["width"] as? Int == 88)
        #expect(try JSONDecoder().decode(Thumbnail.self, from: data) == thumbnail)
        let noSize = try JSONDecoder().decode(Thumbnail.self, from: Data(#"{"url":"u"}"#.utf8))
        #expect(noSize == Thumbnail(url: "u"))
        let encoded = try JSONEncoder().encode(noSize)
        let keys = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any]).keys
        #expect(Set(keys) == ["url"])
    }
}
