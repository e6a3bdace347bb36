import Archive
import Foundation
import Testing
import YouTubeKit

@Suite("ytcrawl stats and verify")
struct ArchiveCommandTests {
    static func directory(videos: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-archive-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        for index in 0..<videos {
            try writer.append(
                Video(
                    videoId: String(format: "cli%08d", index), title: "t\(index)", channelId: "UCx\(index % 3)",
                    channelTitle: "C\(index % 3)",
                    publishedAt: Date(timeIntervalSince1970: TimeInterval(1_600_000_000 + index))))
        }
        try writer.finish(unitsByMethod: ["videos.list": 2])
        return directory
    }

    @Test func verifyAndStatsOnASoundDirectory() async throws {
        let directory = try Self.directory(videos: 120)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let verify = try await CLIRunner.run(["verify", directory])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("120 videos"))
        let stats = try await CLIRunner.run(["stats", directory])
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("videos:    120 records, 120 unique"))
        #expect(stats.stdout.contains("videos.list 2"))
    }

    /// `stats` of a directory no crawl wrote: an error naming it, as `verify` gives, not "0 records".
    @Test func statsOfADirectoryThatIsNotAnOutputFails() async throws {
        let directory = CrawlCommandTests.temporary("not-an-output")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "hello".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        let stats = try await CLIRunner.run(["stats", directory])
        #expect(stats.status == 1, "\(stats.stdout)\(stats.stderr)")
        #expect(stats.stderr.contains("not a ytcrawl output directory"), "\(stats.stderr)")
        #expect(!stats.stdout.contains("records"))
    }

    @Test func verifyExitsOneNamingTheProblem() async throws {
        let directory = try Self.directory(videos: 10)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shard = directory + "/videos-00000.jsonl.gz"
        let size = try FileManager.default.attributesOfItem(atPath: shard)[.size] as! Int
        truncate(shard, off_t(size - 5))
        let result = try await CLIRunner.run(["verify", directory])
        #expect(result.status == 1)
        #expect(result.stderr.contains("videos-00000.jsonl.gz"))
        let missing = try await CLIRunner.run(["verify", "/nonexistent-dir"])
        #expect(missing.status == 2)
    }
}
