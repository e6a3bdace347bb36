import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

/// `merge` does not trust its inputs: each verifies against its manifest first, only listed shards
/// are read, and a refusal leaves `--out` as it was.
extension MergeCommandTests {
    /// `--out` is as it was: absent stays absent, an empty directory stays empty.
    static func untouched(_ out: String, existed: Bool) -> Bool {
        guard existed else { return !FileManager.default.fileExists(atPath: out) }
        return (try? FileManager.default.contentsOfDirectory(atPath: out)) == []
    }

    @Test func aShardEditedIntoValidGzipIsRefused() async throws {
        let input = try Self.output(0..<20, day: 1, label: "good")
        // The same ids under other titles: a valid gzip shard of the same records count.
        let edited = try Self.output(0..<7, day: 1, label: "edited")
        let other = try Self.output(100..<110, day: 2, label: "other")
        let out = CrawlCommandTests.temporary("cli-merge-edited-out")
        let existing = CrawlCommandTests.temporary("cli-merge-edited-existing")
        defer {
            for path in [input, edited, other, out, existing] { try? FileManager.default.removeItem(atPath: path) }
        }
        let shard = input + "/videos-00000.jsonl.gz"
        try FileManager.default.removeItem(atPath: shard)
        try FileManager.default.copyItem(atPath: edited + "/videos-00000.jsonl.gz", toPath: shard)
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        for (target, existed) in [(out, false), (existing, true)] {
            let result = try await CLIRunner.run(["merge", other, input, "--out", target])
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(input) does not verify: videos-00000.jsonl.gz "), "\(result.stderr)")
            #expect(result.stderr.contains("run ytcrawl verify \(input)"), "\(result.stderr)")
            #expect(!result.stdout.contains("verify ok"))
            #expect(Self.untouched(target, existed: existed), "nothing half-written in \(target)")
        }
    }

    @Test func aShardTheManifestDoesNotListIsNotRead() async throws {
        let input = try Self.output(0..<20, day: 1, label: "listed")
        let foreign = try Self.output(500..<507, day: 3, label: "stray")
        let out = CrawlCommandTests.temporary("cli-merge-stray-out")
        defer { for path in [input, foreign, out] { try? FileManager.default.removeItem(atPath: path) } }
        // A valid shard of other videos, and a link to a file that is no shard at all.
        try FileManager.default.copyItem(
            atPath: foreign + "/videos-00000.jsonl.gz", toPath: input + "/videos-00007.jsonl.gz")
        try FileManager.default.createSymbolicLink(
            atPath: input + "/channels-00009.jsonl.gz", withDestinationPath: "/etc/passwd")
        let result = try await CLIRunner.run(["merge", input, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("left out \(input)/videos-00007.jsonl.gz"), "\(result.stderr)")
        #expect(result.stderr.contains("left out \(input)/channels-00009.jsonl.gz"), "\(result.stderr)")
        #expect(result.stdout.contains("videos: 20 (of 20 lines read"), "\(result.stdout)")
        let ids = try ArchiveReader.videoIds(directory: out)
        #expect(ids.count == 20 && !ids.contains("mrg00000500"), "the stray shard's videos are not merged")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
    }

    @Test func aListedShardThatIsASymbolicLinkIsRefused() async throws {
        let input = try Self.output(0..<20, day: 1, label: "linked")
        let elsewhere = CrawlCommandTests.temporary("cli-merge-link-target")
        let out = CrawlCommandTests.temporary("cli-merge-link-out")
        defer { for path in [input, elsewhere, out] { try? FileManager.default.removeItem(atPath: path) } }
        // The very bytes the manifest lists, behind a link: verify passes, merge still refuses.
        let shard = input + "/videos-00001.jsonl.gz"
        try FileManager.default.moveItem(atPath: shard, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: shard, withDestinationPath: elsewhere)
        let result = try await CLIRunner.run(["merge", input, "--out", out])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(shard) is a symbolic link (to \(elsewhere))"), "\(result.stderr)")
        #expect(result.stderr.contains("replace the link with the shard itself"), "\(result.stderr)")
        #expect(Self.untouched(out, existed: false))
    }

    @Test func theSameInputTwiceAndAnOutInsideAnInputAreNamed() async throws {
        let input = try Self.output(0..<20, day: 1, label: "twice")
        let link = CrawlCommandTests.temporary("cli-merge-link")
        let out = CrawlCommandTests.temporary("cli-merge-twice-out")
        defer { for path in [input, link, out] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        let real = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
        for second in [input + "/.", input + "/../" + URL(fileURLWithPath: input).lastPathComponent, link] {
            let result = try await CLIRunner.run(["merge", input, second, "--out", out])
            #expect(result.status == 2, "\(second): \(result.stderr)")
            #expect(
                result.stderr.contains("\(input) and \(second) are the same directory (\(real))"),
                "\(result.stderr)")
            #expect(Self.untouched(out, existed: false))
        }
        let inside = input + "/merged"
        let intoInput = try await CLIRunner.run(["merge", input, "--out", inside])
        #expect(intoInput.status == 2, "\(intoInput.stderr)")
        #expect(intoInput.stderr.contains("--out \(inside) is inside the input \(input)"), "\(intoInput.stderr)")
        #expect(!FileManager.default.fileExists(atPath: inside))
        let throughLink = try await CLIRunner.run(["merge", input, "--out", link + "/merged"])
        #expect(throughLink.status == 2 && throughLink.stderr.contains("is inside the input"), "\(throughLink.stderr)")
        #expect(!FileManager.default.fileExists(atPath: inside))
    }

    @Test func anUnfinishedInputGivesWhatItsCheckpointCommittedAndNoMore() async throws {
        let input = CrawlCommandTests.temporary("cli-merge-unfinished")
        let foreign = try Self.output(500..<503, day: 3, label: "uncommitted")
        let out = CrawlCommandTests.temporary("cli-merge-unfinished-out")
        defer { for path in [input, foreign, out] { try? FileManager.default.removeItem(atPath: path) } }
        let writer = try ArchiveWriter(
            directory: input, options: .init(shardRecords: 7),
            manifest: Manifest(toolVersion: "test", startedAt: "2026-12-01T00:00:00Z"))
        for index in 0..<10 {
            try writer.append(
                Video(videoId: String(format: "mrg%08d", index), title: "open \(index)", channelId: "UCm"))
        }
        // A crawl stopped by its budget: one closed shard, three records committed in the open one.
        try writer.checkpoint(frontierJSON: JSONPieces(json: "[]"), unitsByMethod: ["videos.list": 1])
        writer.releaseOutput()
        let open = input + "/videos-00001.jsonl.gz.part"
        #expect(FileManager.default.fileExists(atPath: open))
        // A whole gzip member past the committed length, which no checkpoint counts.
        let member = try #require(FileManager.default.contents(atPath: foreign + "/videos-00000.jsonl.gz"))
        let handle = try #require(FileHandle(forWritingAtPath: open))
        try handle.seekToEnd()
        try handle.write(contentsOf: member)
        try handle.close()
        let result = try await CLIRunner.run(["merge", input, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = Set((0..<10).map { String(format: "mrg%08d", $0) })
        #expect(try ArchiveReader.videoIds(directory: out) == expected, "committed records only")
    }
}
