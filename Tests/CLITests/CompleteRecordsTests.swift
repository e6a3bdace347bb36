import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

/// Schema 2 through the command line: every column of every video and channel a crawl writes is
/// what the API sent (the emulator's raw pages, fetched again and read apart from the decoders),
/// with the parts `--video-parts`/`--channel-parts` name, and `--formats` labels.
@Suite("Complete records")
struct CompleteRecordsTests {
    static let key = "made-up-parts-key"

    /// The items of `method` for `ids`, 50 to a request, as the emulator sends them.
    static func rawItems(
        _ client: LoopbackHTTPClient, _ method: String, parts: String, ids: [String]
    ) throws -> [String: [String: Any]] {
        var items: [String: [String: Any]] = [:]
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(ids.count, start + 50)].joined(separator: ",")
            let response = try client.get(
                "/youtube/v3/\(method)?part=\(parts)&id=\(batch)", headers: ["X-Goog-Api-Key": Self.key])
            let page = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
            for item in page["items"] as? [[String: Any]] ?? [] {
                if let id = item["id"] as? String { items[id] = item }
            }
            start += 50
        }
        return items
    }

    static func lines(_ out: String, _ kind: RecordKind) throws -> [String: [String: Any]] {
        try MergeCommandTests.records(out, kind)
    }

    @Test func everyColumnIsWhatTheAPISent() async throws {
        let emulator = try await ExternalEmulator.start(["--channels", "30", "--keys", Self.key])
        defer { emulator.stop() }
        let work = CrawlCommandTests.temporary("cli-parts")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search music walk=channels maxPages=1 formats=yes\n".write(
            toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let videoParts = APIRequest.Parts.videos + ",localizations"
        let channelParts = APIRequest.Parts.channels + ",localizations"
        let result = try await CLIRunner.run(
            [
                "--seeds", work + "/seeds.txt", "--budget", "3000", "--api-base", emulator.base, "--out",
                work + "/out", "--state-dir", work + "/state", "--video-parts", videoParts, "--channel-parts",
                channelParts,
            ], environment: ["YOUTUBE_API_KEY": Self.key])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("format labels: "), "\(result.stdout)")
        let port = try #require(UInt16(emulator.base.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        let client = LoopbackHTTPClient(port: port)
        defer { client.close() }

        let videos = try Self.lines(work + "/out", .videos)
        #expect(videos.count > 100)
        let rawVideos = try Self.rawItems(client, "videos", parts: videoParts, ids: Array(videos.keys))
        #expect(rawVideos.count == videos.count)
        var withLocalizations = 0
        for (id, record) in videos {
            let item = try #require(rawVideos[id])
            for (column, value) in RawRecordExpectations.video(item) {
                #expect(
                    RawRecordExpectations.equal(record[column] ?? "absent", value),
                    "\(id) \(column): \(record[column] ?? "absent") ≠ \(value)")
            }
            if !(record["localizations"] is NSNull) { withLocalizations += 1 }
        }
        #expect(withLocalizations > 0, "--video-parts added localizations")
        #expect(videos.values.contains { $0["format"] as? String == "short" })

        let channels = try Self.lines(work + "/out", .channels)
        #expect(channels.count > 3)
        let rawChannels = try Self.rawItems(client, "channels", parts: channelParts, ids: Array(channels.keys))
        for (id, record) in channels {
            let item = try #require(rawChannels[id])
            for (column, value) in RawRecordExpectations.channel(item) {
                #expect(
                    RawRecordExpectations.equal(record[column] ?? "absent", value),
                    "\(id) \(column): \(record[column] ?? "absent") ≠ \(value)")
            }
        }
        #expect(channels.values.contains { ($0["keywords"] as? [String])?.contains { $0.contains(" ") } == true })
    }

    /// Trimmed parts: only what they carry is written; the rest of the columns are null.
    @Test func trimmedPartsLeaveTheirColumnsNull() async throws {
        let work = CrawlCommandTests.temporary("cli-trimmed")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search music maxPages=1\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "100", "--emulator", "--out", work + "/out", "--state-dir",
            work + "/state", "--video-parts", "snippet", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let videos = try Self.lines(work + "/out", .videos)
        #expect(!videos.isEmpty)
        for (id, record) in videos {
            #expect(record["title"] is String, "\(id)")
            for column in ["duration", "viewCount", "privacyStatus", "madeForKids", "topicCategories"] {
                #expect(record[column] is NSNull, "\(id) \(column)")
            }
        }
    }

    @Test func badPartsAndMisplacedFormatsAreUsageErrors() async throws {
        let work = CrawlCommandTests.temporary("cli-bad-parts")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "channel @GoogleDevelopers\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let unknown = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "10", "--emulator", "--video-parts", "snippet,fileDetails",
        ])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--video-parts: unknown part \"fileDetails\""), "\(unknown.stderr)")
        let empty = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "10", "--emulator", "--channel-parts", "snippet,,status",
        ])
        #expect(empty.status == 2 && empty.stderr.contains("an empty part"), "\(empty.stderr)")
        try "video dQw4w9WgXcQ formats=yes\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let misplaced = try await CLIRunner.run(["--seeds", work + "/seeds.txt", "--budget", "10", "--emulator"])
        #expect(misplaced.status == 2)
        #expect(misplaced.stderr.contains("seeds.txt:1:"), "\(misplaced.stderr)")
        #expect(misplaced.stderr.contains("formats=yes labels the uploads of walked channels"), "\(misplaced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work + "/ytcrawl-out"))
        try "channel @GoogleDevelopers formats=yes\n".write(
            toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let dryRun = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "10", "--emulator", "--dry-run",
        ])
        #expect(dryRun.status == 0 && dryRun.stdout.contains("format labels: per channel walked"), "\(dryRun.stdout)")
    }
}
