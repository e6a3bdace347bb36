import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// The streaming decoder keeps the usual thumbnail URLs in forms that cost no allocation (a
/// video's id and file number; a channel image's path shared by its sizes). Whatever form a URL
/// took, the record's `url`, its JSON line and the Foundation path give exactly the text the
/// page sent; URLs that only look usual are kept whole.
@Suite("Thumbnail URL forms")
struct ThumbnailURLFormTests {
    enum Kind { case whole, video, sized }

    /// URLs and the form each must take.
    static let videoURLs: [(String, Kind)] = [
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg", .video),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg", .video),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg", .video),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg", .video),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg", .video),
        ("https://i.ytimg.com/vi/a-_b/default_live.jpg", .video),
        ("https://i.ytimg.com/vi/0123456789abcdef/maxresdefault_live.jpg", .video),
        // Only look usual: an id of 17 bytes, an unknown file, a file of a known length and
        // letter but other bytes, no file, no id, webp, another host, a query.
        ("https://i.ytimg.com/vi/0123456789abcdefg/hqdefault.jpg", .whole),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.webp", .whole),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefaultXjpg", .whole),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/", .whole),
        ("https://i.ytimg.com/vi//default.jpg", .whole),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ", .whole),
        ("https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/default.webp", .whole),
        ("https://i9.ytimg.com/vi/dQw4w9WgXcQ/default.jpg", .whole),
        ("https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg?sqp=x", .whole),
        ("https://i.ytimg.com/vi/ünï/default.jpg", .video),
        ("", .whole),
    ]

    static let channelURLs: [(String, Kind)] = [
        ("https://yt3.ggpht.com/abc_DEF-1=s88-c-k-c0x00ffffff-no-rj", .sized),
        ("https://yt3.ggpht.com/abc_DEF-1=s240-c-k-c0x00ffffff-no-rj", .sized),
        ("https://yt3.ggpht.com/abc_DEF-1=s800-c-k-c0x00ffffff-no-rj", .sized),
        // Another image: a path of its own, not the last one's.
        ("https://yt3.ggpht.com/other=s88-c-k-c0x00ffffff-no-rj", .sized),
        ("https://yt3.ggpht.com/abc_DEF-1=s88-c-k-c0x00ffffff-no-rj", .sized),
        ("https://yt3.ggpht.com/ytc/Ünïcödé=s65535-c-k-c0x00ffffff-no-rj", .sized),
        // Only look usual: a leading zero, no digits, past UInt16, six digits, no `=s`, no path.
        ("https://yt3.ggpht.com/abc=s088-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc=s-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc=s65536-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc=s100000-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc=x88-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc88-c-k-c0x00ffffff-no-rj", .whole),
        ("=s88-c-k-c0x00ffffff-no-rj", .whole),
        ("-c-k-c0x00ffffff-no-rj", .whole),
        ("https://yt3.ggpht.com/abc=s88-c-k-c0x00ffffff-no-rjX", .whole),
    ]

    /// A page of one item per group of (at most five) URLs, as the five named sizes.
    static func page(_ urls: [String], kind: String) -> String {
        let sizeNames = ["default", "medium", "high", "standard", "maxres"]
        let groups = stride(from: 0, to: urls.count, by: 5).map { Array(urls[$0..<min($0 + 5, urls.count)]) }
        let items = groups.enumerated().map { index, group in
            let sizes = group.enumerated().map { number, url in
                "\"\(sizeNames[number])\":{\"url\":\(quoted(url, escapingSlashes: (index + number) % 2 == 1)),\"width\":\(number + 1),\"height\":2}"
            }
            let id = kind == "video" ? "\"video\(index)\"" : "\"UCchannel\(index)\""
            return "{\"kind\":\"youtube#\(kind)\",\"id\":\(id),\"snippet\":{\"thumbnails\":{"
                + sizes.joined(separator: ",\n  ") + "}}}"
        }
        return "{\"kind\":\"youtube#\(kind)ListResponse\",\"items\":[" + items.joined(separator: ",") + "]}"
    }

    /// `text` as a JSON string; with `escapingSlashes` every `/` written `\/`, as some encoders
    /// do (the decoder then splits the unescaped text).
    static func quoted(_ text: String, escapingSlashes: Bool) -> String {
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self)
        let plain = String(json.dropFirst().dropLast()).replacingOccurrences(of: "\\/", with: "/")
        return escapingSlashes ? plain.replacingOccurrences(of: "/", with: "\\/") : plain
    }

    static func kind(_ thumbnail: Thumbnail) -> Kind {
        switch thumbnail.urlForm {
        case .whole: .whole
        case .video: .video
        case .sized: .sized
        }
    }

    /// Records' thumbnails in page order, for every chunking.
    static func thumbnails(_ text: String, endpoint: Endpoint, chunk: Int?) throws -> [[Thumbnail]] {
        try RepeatedStringTests.records(text, endpoint: endpoint, chunk: chunk).map { record in
            switch record {
            case .video(let video): video.thumbnails.sizes.map(\.thumbnail)
            case .channel(let channel): channel.thumbnails.sizes.map(\.thumbnail)
            default: []
            }
        }
    }

    @Test(arguments: [("video", Endpoint.videos), ("channel", Endpoint.channels)])
    func everyURLReadsBackAsSentInEveryForm(kind: String, endpoint: Endpoint) throws {
        let cases = kind == "video" ? Self.videoURLs : Self.channelURLs
        let text = Self.page(cases.map(\.0), kind: kind)
        for chunk in [nil, 1, 3, 17] {
            let decoded = try Self.thumbnails(text, endpoint: endpoint, chunk: chunk).flatMap { $0 }
            try #require(decoded.count == cases.count)
            for (thumbnail, (url, expectedKind)) in zip(decoded, cases) {
                #expect(thumbnail.url == url, "chunk \(chunk ?? 0)")
                #expect(Self.kind(thumbnail) == expectedKind, "\(url)")
                // Equal to, and hashed as, the same URL kept whole.
                let whole = Thumbnail(url: url, width: thumbnail.width, height: thumbnail.height)
                #expect(thumbnail == whole, "\(url)")
                #expect(thumbnail.hashValue == whole.hashValue, "\(url)")
            }
        }
    }

    /// The JSON line and the Foundation path give the page's URLs, `thumbnailUrl` included.
    @Test(arguments: ["video", "channel"])
    func jsonLinesAndTheFoundationPathAgree(kind: String) throws {
        let cases = kind == "video" ? Self.videoURLs : Self.channelURLs
        let text = Self.page(cases.map(\.0), kind: kind)
        let endpoint: Endpoint = kind == "video" ? .videos : .channels
        let items =
            (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["items"] as? [[String: Any]]
            ?? []
        let records = try RepeatedStringTests.records(text, endpoint: endpoint)
        try #require(records.count == items.count)
        for (record, item) in zip(records, items) {
            var writer = JSONWriter(capacity: 4096)
            let sent = ((item["snippet"] as? [String: Any])?["thumbnails"] as? [String: [String: Any]]) ?? [:]
            let preferred: String?
            switch record {
            case .video(let video):
                RecordEncoder.encode(video, into: &writer)
                #expect(ItemFields(jsonObject: item).hydratedVideo() == video)
                preferred = video.thumbnailUrl
            case .channel(let channel):
                RecordEncoder.encode(channel, into: &writer)
                #expect(ItemFields(jsonObject: item).channel() == channel)
                preferred = channel.thumbnailUrl
            default:
                Issue.record("unexpected record \(record)")
                continue
            }
            let line = try #require(
                try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
            let written = (line["thumbnails"] as? [String: [String: Any]]) ?? [:]
            if case .video = record {
                // A channel's line has its preferred URL only.
                #expect(written.mapValues { $0["url"] as? String } == sent.mapValues { $0["url"] as? String })
            }
            #expect(line["thumbnailUrl"] as? String == preferred)
            #expect(preferred != nil)
        }
    }

    /// A channel's sizes share one path String; the next image gets its own.
    @Test func aChannelImagesSizesShareTheirPath() throws {
        let urls = Self.channelURLs.prefix(4).map(\.0)
        let thumbnails = try Self.thumbnails(Self.page(urls, kind: "channel"), endpoint: .channels, chunk: nil)
            .flatMap { $0 }
        let paths = thumbnails.compactMap { thumbnail -> String? in
            if case .sized(let path, _) = thumbnail.urlForm { path } else { nil }
        }
        #expect(
            paths == Array(repeating: "https://yt3.ggpht.com/abc_DEF-1", count: 3) + ["https://yt3.ggpht.com/other"])
        func identity(_ string: String) -> UnsafeRawPointer? {
            var copy = string
            return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(identity(paths[0]) == identity(paths[1]))
        #expect(identity(paths[1]) == identity(paths[2]))
    }

    /// A video's usual sizes come out of the decoder without an array (the form that saves an
    /// allocation per record); a channel's, and a video's with one size that is not usual, in
    /// one — each equal to what was sent, in every chunking.
    @Test(arguments: [nil, 1, 7])
    func aVideosUsualSizesArePacked(chunk: Int?) throws {
        let usual = (0...4).map { "https://i.ytimg.com/vi/abcdefghijk/" + Thumbnail.videoFile(UInt8($0)).description }
        var odd = usual
        odd[3] = "https://example.com/abcdefghijk.jpg"
        let videos = try Self.thumbnailSets(Self.page(usual + odd, kind: "video"), endpoint: .videos, chunk: chunk)
        let channels = try Self.thumbnailSets(
            Self.page(Self.channelURLs.prefix(3).map(\.0), kind: "channel"), endpoint: .channels, chunk: chunk)
        try #require(videos.count == 2 && channels.count == 1)
        #expect(videos.map(Self.isPacked) == [true, false])
        #expect(!Self.isPacked(channels[0]))
        #expect(videos[0].sizes.map(\.thumbnail.url) == usual)
        #expect(videos[1].sizes.map(\.thumbnail.url) == odd)
        #expect(videos[0].sizes.map(\.thumbnail.width) == [1, 2, 3, 4, 5])
        #expect(videos[1].sizes.map(\.name) == ["default", "medium", "high", "standard", "maxres"])
    }

    /// More sizes than the packed form holds (eight), names sent twice, and sizes the 64 bytes
    /// cannot keep after ones they did: every size comes out as sent, in order.
    @Test(arguments: [nil, 1, 5])
    func sizesPastWhatThePackedFormHoldsComeOutInOrder(chunk: Int?) throws {
        let names = ["default", "medium", "high", "standard", "maxres"]
        let url = "https://i.ytimg.com/vi/abcdefghijk/default.jpg"
        func item(_ id: String, _ sizes: [(String, String, Int)]) -> String {
            let members = sizes.map { #""\#($0.0)":{"url":"\#($0.1)","width":\#($0.2),"height":1}"# }
            return #"{"kind":"youtube#video","id":"\#(id)","snippet":{"thumbnails":{"#
                + members.joined(separator: ",") + "}}}"
        }
        let ten = (0..<10).map { (names[$0 % 5], url, $0) }
        var late = (0..<4).map { (names[$0], url, $0) }
        late.append(("maxres", url, 65_535))
        late.append(("maxres", "https://i.ytimg.com/vi/otherVideoId/default.jpg", 6))
        let text =
            #"{"kind":"youtube#videoListResponse","items":["# + item("ten", ten) + "," + item("late", late) + "]}"
        let sets = try Self.thumbnailSets(text, endpoint: .videos, chunk: chunk)
        try #require(sets.count == 2)
        for (thumbnails, sent) in zip(sets, [ten, late]) {
            #expect(!Self.isPacked(thumbnails))
            #expect(thumbnails.sizes.map(\.name) == sent.map(\.0))
            #expect(thumbnails.sizes.map(\.thumbnail.url) == sent.map(\.1))
            #expect(thumbnails.sizes.map(\.thumbnail.width) == sent.map(\.2))
        }
    }

    static func thumbnailSets(_ text: String, endpoint: Endpoint, chunk: Int?) throws -> [Thumbnails] {
        try RepeatedStringTests.records(text, endpoint: endpoint, chunk: chunk).compactMap { record in
            switch record {
            case .video(let video): video.thumbnails
            case .channel(let channel): channel.thumbnails
            default: nil
            }
        }
    }

    static func isPacked(_ thumbnails: Thumbnails) -> Bool {
        if case .video = thumbnails.storage { true } else { false }
    }
}
