import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import StreamingJSON

/// Real videos.list and channels.list bodies with every part an API key can read
/// (../shared/fixtures/full-parts): each decodes, field for field, to what its JSON says, and
/// the Foundation path reads the same records as the streaming one.
@Suite("Full-parts bodies")
struct FullPartsTests {
    static var bodies: [String] {
        let folder = SharedFixtures.root.appendingPathComponent("full-parts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.contains("__videos_") || $0.contains("__channels_") }.sorted()
            .map { "full-parts/" + $0 }
    }

    /// The records of a body, streamed in chunks of `chunk` bytes.
    static func streamed(_ bytes: [UInt8], chunk: Int) throws -> [DecodedRecord] {
        var records: [DecodedRecord] = []
        var decoder = PageDecoder { records.append($0) }
        var start = 0
        while start < bytes.count {
            try decoder.feed(Array(bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        _ = try decoder.finish()
        return records
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func everyFieldIsWhatTheBodySays() throws {
        let paths = Self.bodies
        #expect(paths.count >= 6)
        var checkedVideos = 0
        var checkedChannels = 0
        for path in paths {
            let bytes = try SharedFixtures.bytes(path)
            let (records, _) = try PageDecoder.decode(bytes)
            let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
            let items = root["items"] as? [[String: Any]] ?? []
            #expect(records.count == items.count, "\(path)")
            // Streamed in small chunks: the same records.
            #expect(try Self.streamed(bytes, chunk: 7) == records, "\(path)")
            for (record, item) in zip(records, items) {
                var writer = JSONWriter(capacity: 1 << 16)
                RecordEncoder.encode(record, into: &writer)
                let line = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any] ?? [:]
                let expected: [String: Any]
                switch record {
                case .video(let video):
                    #expect(ItemFields(jsonObject: item).hydratedVideo() == video, "\(path): Foundation path")
                    expected = RawRecordExpectations.video(item)
                    checkedVideos += 1
                case .channel(let channel):
                    #expect(ItemFields(jsonObject: item).channel() == channel, "\(path): Foundation path")
                    expected = RawRecordExpectations.channel(item)
                    checkedChannels += 1
                default:
                    Issue.record("\(path): a record of another kind")
                    continue
                }
                for (column, value) in expected {
                    #expect(
                        RawRecordExpectations.equal(line[column] ?? "absent", value),
                        "\(path) \(item["id"] ?? "?") \(column): \(line[column] ?? "absent") ≠ \(value)")
                }
            }
        }
        #expect(checkedVideos >= 50)
        #expect(checkedChannels >= 2)
    }

    /// Spot checks of what SOURCES.tsv says the bodies show.
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func documentedShapes() throws {
        let movie = try PageDecoder.decode(
            SharedFixtures.bytes("full-parts/ryn-cx-not-yt-dlapi__videos_g1eZjGhN8oo_movie_allparts.json")
        ).records
        guard case .video(let graduate)? = movie.first else { return #expect(Bool(false)) }
        #expect(graduate.regionRestriction == RegionRestriction(allowed: ["US"]))
        #expect(graduate.contentRating == .object([]))
        #expect(graduate.caption == true && graduate.licensedContent == true)
        #expect(graduate.embeddable == false && graduate.publicStatsViewable == false)
        #expect(graduate.viewCount == nil && graduate.likeCount == 1512)
        #expect(graduate.recordingLocation == nil && graduate.recordingDate == nil)
        #expect(graduate.topicIds == nil && graduate.topicCategories?.count == 2)
        #expect(graduate.hasPaidProductPlacement == false)
        #expect(graduate.localizations?["und"]?["title"] == .string("The Graduate"))

        let zoo = try PageDecoder.decode(
            SharedFixtures.bytes("full-parts/ryn-cx-not-yt-dlapi__videos_jNQXAC9IVRw_recordingDetails_location.json")
        ).records
        guard case .video(let meAtTheZoo)? = zoo.first else { return #expect(Bool(false)) }
        #expect(meAtTheZoo.recordingLocation == GeoPoint(latitude: 32.7360353, longitude: -117.1509849, altitude: 0))
        #expect(meAtTheZoo.recordingDate == RFC3339.parseDate("2005-04-23T00:00:00Z"))
        #expect(meAtTheZoo.topicIds == nil && meAtTheZoo.topicCategories == nil)

        let live = try PageDecoder.decode(
            SharedFixtures.bytes("full-parts/hirashu-holodule__videos_live_upcoming_completed_4items.json")
        ).records
        let details = live.compactMap { record -> LiveStreamingDetails? in
            if case .video(let video) = record { return video.liveStreamingDetails }
            return nil
        }
        #expect(details.count == 4)
        // Microsecond fractions are cut to whole seconds.
        #expect(details.contains { $0.actualStartTime == RFC3339.parseDate("2020-07-23T13:00:10Z") })
        #expect(details.filter { $0.activeLiveChatId != nil && $0.actualStartTime == nil }.count == 2)

        let jawed = try PageDecoder.decode(
            SharedFixtures.bytes(
                "full-parts/ryn-cx-not-yt-dlapi__channels_UC4QobU6STFB0P71PMvOGN5A_jawed_brandingSettings.json")
        ).records
        guard case .channel(let channel)? = jawed.first else { return #expect(Bool(false)) }
        #expect(channel.keywords == ["me at the zoo", "jawed karim", "first youtube video"])
        #expect(channel.unsubscribedTrailer == "jNQXAC9IVRw")
        #expect(channel.bannerUrl?.hasPrefix("https://yt3.googleusercontent.com/") == true)
        #expect(channel.hiddenSubscriberCount == false && channel.subscriberCount == 6_430_000)
        #expect(channel.isLinked == true && channel.madeForKids == false)
        #expect(channel.longUploadsStatus == "longUploadsUnspecified")
    }

    @Test func keywordsKeepQuotedPhrasesWhole() {
        #expect(
            ChannelKeywords.split(#"google "google developers" android"#) == ["google", "google developers", "android"])
        #expect(ChannelKeywords.split(#"  a   "b  c"d "unclosed phrase"#) == ["a", "b  c", "d", "unclosed phrase"])
        #expect(ChannelKeywords.split(#""" " " x"#) == ["x"])
        #expect(ChannelKeywords.split("") == [])
    }

    @Test(arguments: [
        #"google "google developers" android"#, #"  a   "b  c"d "unclosed phrase"#, #""" " " x"#, "", " ", "x",
        "a b", "ab cd ef gh ij", "Ünïcödé \"日本語 🎸\" 한국어\tmusic\nlive", String(repeating: "k ", count: 300),
    ])
    func keywordsFromCheckedBytesAreTheSame(_ text: String) {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        var text = text
        let fromBytes = text.withUTF8 { ChannelKeywords.split(validUTF8: $0, isASCII: isASCII) }
        #expect(fromBytes == ChannelKeywords.split(text))
        #expect(fromBytes.allSatisfy { !$0.isEmpty && !$0.contains("\"") })
    }
}
