import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@Suite("ytcrawl merge")
struct MergeCommandTests {
    /// An output of videos `range`, fetched at `day`, titled `label`; with comments on the first two.
    static func output(_ range: Range<Int>, day: Int, label: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-merge-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 7),
            manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        let fetched = Date(timeIntervalSince1970: 1_790_000_000 + TimeInterval(day) * 86_400)
        for index in range {
            var video = Video(
                videoId: String(format: "mrg%08d", index), title: "\(label) \(index)", channelId: "UCmerge\(index % 3)",
                viewCount: day * 1000 + index)
            video.fetchedAt = fetched
            try writer.append(video)
        }
        for channel in 0..<3 {
            var record = Channel(channelId: "UCmerge\(channel)", title: "\(label) channel \(channel)")
            record.fetchedAt = fetched
            try writer.append(record)
        }
        for index in range.prefix(2) {
            var comment = YouTubeKit.Comment(
                commentId: "Ugmerge\(index)", videoId: String(format: "mrg%08d", index), text: label, likeCount: day,
                publishedAt: fetched, updatedAt: fetched)
            comment.fetchedAt = fetched
            try writer.append(comment)
        }
        try writer.finish(unitsByMethod: ["videos.list": range.count / 50 + 1, "search.list": 1])
        return directory
    }

    static func records(_ directory: String, _ kind: RecordKind) throws -> [String: [String: Any]] {
        var records: [String: [String: Any]] = [:]
        for name in ArchiveReader.shardNames(directory: directory, kind: kind) {
            try ArchiveReader.forEachLine(path: directory + "/" + name) { line, _ in
                let record = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
                let id = try #require(record[kind.idColumn] as? String)
                #expect(records[id] == nil, "\(id) once")
                records[id] = record
            }
        }
        return records
    }

    /// One input: the same records again, with other shard options (smaller files at level 9).
    @Test func oneOutputIsRecompressed() async throws {
        let fast = try Self.output(0..<400, day: 1, label: "recompressed description text")
        let small = CrawlCommandTests.temporary("cli-recompressed")
        defer { for path in [fast, small] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try await CLIRunner.run([
            "merge", fast, "--out", small, "--gzip-level", "9", "--shard-records", "1000",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("verify ok"), "\(result.stdout)")
        for kind in [RecordKind.videos, .channels, .comments] {
            let before = try Self.records(fast, kind)
            let after = try Self.records(small, kind)
            #expect(Set(before.keys) == Set(after.keys), "\(kind)")
        }
        #expect(ArchiveReader.shardNames(directory: small, kind: .videos).count == 1)
        let none = try await CLIRunner.run(["merge", "--out", small + "-none"])
        #expect(none.status == 2 && none.stderr.contains("one or more output directories"), "\(none.stderr)")
    }

    @Test func theUnionWithTheNewestVersionOfEachRecord() async throws {
        let monday = try Self.output(0..<60, day: 1, label: "monday")
        let tuesday = try Self.output(40..<100, day: 2, label: "tuesday")
        let out = CrawlCommandTests.temporary("cli-merged")
        defer { for path in [monday, tuesday, out] { try? FileManager.default.removeItem(atPath: path) } }
        // The older crawl given last: the newest version still wins.
        let result = try await CLIRunner.run(["merge", tuesday, monday, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("videos: 100 (of 120 lines read; 20 older versions left out)"), "\(result.stdout)")
        #expect(result.stdout.contains("verify ok"))
        let videos = try Self.records(out, .videos)
        #expect(videos.count == 100, "exactly the union")
        for index in 0..<100 {
            let title = videos[String(format: "mrg%08d", index)]?["title"] as? String
            #expect(title == (index >= 40 ? "tuesday \(index)" : "monday \(index)"), "\(index)")
        }
        let channels = try Self.records(out, .channels)
        #expect(
            channels.count == 3 && channels.values.allSatisfy { ($0["title"] as? String)?.hasPrefix("tuesday") == true }
        )
        #expect(try Self.records(out, .comments).count == 4)
        let data = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["inputs"] as? [String] == [tuesday, monday])
        #expect((manifest["records"] as? [String: Int])?["videos"] == 100)
        #expect((manifest["unitsByMethod"] as? [String: Int])?["search.list"] == 2, "what the inputs spent")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
        // Refusals: into a non-empty directory, into an input, from a directory that is no output.
        let again = try await CLIRunner.run(["merge", tuesday, monday, "--out", out])
        #expect(again.status == 2 && again.stderr.contains("is not empty"))
        let intoInput = try await CLIRunner.run(["merge", tuesday, monday, "--out", monday])
        #expect(intoInput.status == 2 && intoInput.stderr.contains("is one of the inputs"))
        let plain = CrawlCommandTests.temporary("cli-merge-plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let notOutput = try await CLIRunner.run(["merge", tuesday, plain, "--out", out + "-2"])
        #expect(notOutput.status == 2 && notOutput.stderr.contains("has no manifest.json"))
        // What a merge killed part way leaves (shards, no manifest): named, with the fix.
        let killed = CrawlCommandTests.temporary("cli-merge-killed")
        try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: killed) }
        for name in ["videos-00000.jsonl.gz", "videos-00001.jsonl.gz.part", "channels-00000.jsonl.gz.part"] {
            #expect(FileManager.default.createFile(atPath: killed + "/" + name, contents: Data()))
        }
        let leftOver = try await CLIRunner.run(["merge", tuesday, monday, "--out", killed])
        #expect(leftOver.status == 2, "\(leftOver.stderr)")
        #expect(leftOver.stderr.contains("as an interrupted merge leaves them"), "\(leftOver.stderr)")
        #expect(leftOver.stderr.contains("remove it and rerun the merge"), "\(leftOver.stderr)")
        try FileManager.default.removeItem(atPath: killed)
        #expect(try await CLIRunner.run(["merge", tuesday, monday, "--out", killed]).status == 0, "once removed")
    }

    @Test func twoRealCrawlsAndTheirSnapshots() async throws {
        let emulator = try await ExternalEmulator.start(["--channels", "20"])
        defer { emulator.stop() }
        let first = CrawlCommandTests.temporary("merge-a")
        let second = CrawlCommandTests.temporary("merge-b")
        let out = CrawlCommandTests.temporary("merge-out")
        let seeds = CrawlCommandTests.temporary("merge-seeds")
        defer {
            for path in [first, second, out, seeds, first + "-st"] { try? FileManager.default.removeItem(atPath: path) }
        }
        let env = ["YOUTUBE_API_KEY": "k-merge"]
        for (directory, query) in [(first, "music"), (second, "cooking")] {
            try "search \(query) maxPages=2 walk=channels walkPages=1\n".write(
                toFile: seeds, atomically: true, encoding: .utf8)
            let crawl = try await CLIRunner.run(
                [
                    "--seeds", seeds, "--budget", "500", "--api-base", emulator.base, "--out", directory,
                    "--state-dir", first + "-st", "--quiet",
                ], environment: env)
            #expect(crawl.status == 0, "\(crawl.stderr)")
        }
        let refresh = try await CLIRunner.run(
            ["refresh", first, "--budget", "50", "--api-base", emulator.base, "--state-dir", first + "-st", "--quiet"],
            environment: env)
        #expect(refresh.status == 0)
        let union = try ArchiveReader.videoIds(directory: first).union(try ArchiveReader.videoIds(directory: second))
        let result = try await CLIRunner.run(["merge", first, second, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ArchiveReader.videoIds(directory: out) == union)
        #expect(SnapshotDirectory.names(in: out).count == 1, "the snapshot is copied")
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 0 && verify.stdout.contains("snapshot "), "\(verify.stdout)\(verify.stderr)")
    }
}
