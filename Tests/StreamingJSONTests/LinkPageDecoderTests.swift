import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import StreamingJSON

/// channelSections.list and subscriptions.list bodies into links: real bodies of 2019–2026
/// (../shared/fixtures/full-parts: lowercase and camelCase section types, more than 10 sections,
/// either spelling of the subscriptions kind, microsecond times), our own edge cases, and errors.
@Suite("Link pages")
struct LinkPageDecoderTests {
    static func decode(_ bytes: [UInt8], _ page: LinkPageDecoder.Page, chunk: Int = 5, status: Int = 200) throws
        -> (links: [ChannelLink], summary: PageSummary)
    {
        var decoder = LinkPageDecoder(page)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try Array(bytes[start..<end]).withUnsafeBytes { try decoder.feed($0) }
            start = end
        }
        return try decoder.finish(httpStatus: status)
    }

    /// The channels every `multiplechannels` section of a body lists, read with Foundation.
    static func featured(in bytes: [UInt8]) throws -> [String] {
        let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        return (root["items"] as? [[String: Any]] ?? []).flatMap { item -> [String] in
            let type = ((item["snippet"] as? [String: Any])?["type"] as? String ?? "").lowercased()
            guard type == "multiplechannels" else { return [] }
            return (item["contentDetails"] as? [String: Any])?["channels"] as? [String] ?? []
        }
    }

    @Test(
        .enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent),
        arguments: [
            "full-parts/ryn-cx-not-yt-dlapi__channelSections_UC4QobU6STFB0P71PMvOGN5A_multiplechannels_lowercase.json",
            "full-parts/sns-sdks-python-youtube__channelSections_2020_multipleChannels_camelCase.json",
            "full-parts/genie0320-mytube__channelSections_contentDetails_only_11_sections.json",
        ])
    func realSectionsBodies(_ path: String) throws {
        let bytes = try SharedFixtures.bytes(path)
        let (links, summary) = try Self.decode(bytes, .channelSections)
        #expect(links.map(\.toChannelId) == (try Self.featured(in: bytes)), "\(path)")
        #expect(summary.error == nil && summary.itemCount > 0)
        #expect(links.allSatisfy { $0.relation == .featured && !$0.fromChannelId.isEmpty })
        if path.contains("lowercase") {
            #expect(links.map(\.sectionTitle) == ["Featured channels"])
        }
        if path.contains("camelCase") { #expect(links.count == 16) }
        if path.contains("11_sections") {
            // No snippet asked: no type, so no link; the 11 sections are still counted.
            #expect(links.isEmpty && summary.itemCount == 11)
        }
    }

    @Test(
        .enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent),
        arguments: [
            "full-parts/genie0320-mytube__subscriptions_mine_snippet_capitalS_kind.json",
            "full-parts/sns-sdks-python-youtube__subscriptions_2019_by_channel_page1.json",
        ])
    func realSubscriptionsBodies(_ path: String) throws {
        let bytes = try SharedFixtures.bytes(path)
        let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        let items = root["items"] as? [[String: Any]] ?? []
        let expected = items.compactMap {
            (($0["snippet"] as? [String: Any])?["resourceId"] as? [String: Any])?["channelId"] as? String
        }
        let (links, summary) = try Self.decode(bytes, .subscriptions)
        #expect(!expected.isEmpty && links.map(\.toChannelId) == expected)
        #expect(links.allSatisfy { $0.relation == .subscription && $0.sectionTitle == nil })
        #expect(summary.nextPageToken == root["nextPageToken"] as? String)
        #expect(summary.totalResults == (root["pageInfo"] as? [String: Any])?["totalResults"] as? Int)
    }

    @Test func ownSectionsBodyKeepsOrderTitlesAndSkipsOtherShelves() throws {
        let body = """
            {"kind":"youtube#channelSectionListResponse","items":[
             {"snippet":{"type":"recentuploads","channelId":"UCowner0000000000000000"}},
             {"snippet":{"type":"multiplechannels","channelId":"UCowner0000000000000000","title":"Friends \\u00e9"},
              "contentDetails":{"channels":["UCa","UCb",""]}},
             {"snippet":{"type":"channelsectiontypeundefined","channelId":"UCowner0000000000000000"}},
             {"snippet":{"type":"multipleChannels","channelId":"UCowner0000000000000000"},
              "contentDetails":{"channels":["UCc"]}},
             {"snippet":{"type":"singleplaylist"},"contentDetails":{"playlists":["PLx"]}}
            ]}
            """
        for chunk in [1, 3, 1000] {
            let (links, summary) = try Self.decode(Array(body.utf8), .channelSections, chunk: chunk)
            #expect(links.map(\.toChannelId) == ["UCa", "UCb", "UCc"])
            #expect(links.map(\.sectionTitle) == ["Friends é", "Friends é", nil])
            #expect(links.allSatisfy { $0.fromChannelId == "UCowner0000000000000000" })
            #expect(summary.itemCount == 5 && summary.nextPageToken == nil)
        }
    }

    @Test func anEmptyOrItemlessPageHasNoLinks() throws {
        for body in [#"{"kind":"youtube#channelSectionListResponse"}"#, #"{"items":[]}"#, #"{"items":null}"#] {
            let (links, summary) = try Self.decode(Array(body.utf8), .channelSections)
            #expect(links.isEmpty && summary.itemCount == 0)
        }
    }

    @Test func anErrorBodyIsReadAsOne() throws {
        let body = """
            {"error":{"code":403,"message":"The requester is not allowed to access the requested subscriptions.",
             "errors":[{"message":"…","domain":"youtube.subscription","reason":"subscriptionForbidden"}],
             "status":"PERMISSION_DENIED"}}
            """
        let (links, summary) = try Self.decode(Array(body.utf8), .subscriptions, status: 403)
        #expect(links.isEmpty)
        let error = try #require(summary.error)
        #expect(error.parsedReasons == [.subscriptionForbidden] && error.disposition == .skipSeed)
    }

    @Test func garbageAndWrongShapesAreErrors() {
        #expect(throws: JSONError.self) { try Self.decode(Array(#"{"items":[{"snippet":"#.utf8), .subscriptions) }
        #expect(throws: PageShapeError.self) { try Self.decode(Array(#"{"items":"many"}"#.utf8), .subscriptions) }
        var decoder = LinkPageDecoder(.subscriptions)
        let big = [UInt8](repeating: 32, count: LinkPageDecoder.maximumBodyBytes + 1)
        #expect(throws: JSONError.self) { try big.withUnsafeBytes { try decoder.feed($0) } }
    }
}
