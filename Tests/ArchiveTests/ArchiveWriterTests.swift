import Foundation
import Gzip
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

@testable import Archive

@Suite("Archive: shards, manifest, checkpoint, recovery, verify")
struct ArchiveWriterTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID())").path
    }

    static func video(_ index: Int) -> Video {
        Video(
            videoId: String(format: "vid%08d", index), title: "Title \(index) — ünïcode 🎸 \"q\"",
            description: "line one\nline two \u{2028}", channelId: "UCchannel\(index % 7)",
            channelTitle: "Channel \(index % 7)",
            publishedAt: Date(timeIntervalSince1970: TimeInterval(1_500_000_000 + index * 3600)),
            thumbnails: Thumbnails([
                ("high", Thumbnail(url: "https://i.ytimg.com/vi/\(index)/hqdefault.jpg", width: 480, height: 360))
            ]),
            liveBroadcastContent: "none", tags: index % 3 == 0 ? ["a", "b"] : nil, duration: "PT4M13S",
            durationSeconds: 253,
            viewCount: index * 10, likeCount: index % 5 == 0 ? nil : index,
            source: VideoSource(
                kind: .channel, seed: "channel UCchannel\(index % 7)", endpoint: "playlistItems.list", rank: index),
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func manifest() -> Manifest {
        Manifest(toolVersion: "test", quotaModel: "buckets", startedAt: "2026-11-29T00:00:00Z")
    }

    @Test func aCheckpointKeepsTheFrontierAsARawMember() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(directory: directory, options: .init(), manifest: Self.manifest())
        // Quotes, backslashes, control characters, U+2028, non-ASCII, and the member's own key
        // inside a string and as a nested key: the bytes come back as they were given.
        let frontier =
            #"{"items":[{"token":"a\"b\\c","text":"tab\tline\u2028é😀 \"frontier\":[1]"},{"frontier":{}}],"pending":[]}"#
        try writer.checkpoint(frontierJSON: JSONPieces(json: frontier), unitsByMethod: ["search.list": 100])
        let loaded = try #require(try Checkpoint.load(directory: directory))
        #expect(loaded.frontierText == frontier)
        #expect(loaded.unitsByMethod == nil, "units are kept once, in the manifest")
        #expect(try Manifest.load(directory: directory)?.unitsByMethod == ["search.list": 100])
        #expect(!loaded.finished)
        let bytes = try #require(FileManager.default.contents(atPath: directory + "/" + Checkpoint.fileName))
        #expect(bytes.last == 0x0A)
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(object["frontier"] is [String: Any], "a JSON member, not a string")
        // A large frontier goes through unchanged, and an empty array stays one.
        var large = "["
        while large.utf8.count < 5 * 64 * 1024 { large += #"{"t":"日本語 \"quoted\" tab\t 😀"},"# }
        large += "1]"
        try writer.checkpoint(frontierJSON: JSONPieces(json: large), unitsByMethod: [:])
        #expect(try Checkpoint.load(directory: directory)?.frontierText == large)
        try writer.checkpoint(frontierJSON: JSONPieces(json: "[]"), unitsByMethod: [:])
        #expect(try Checkpoint.load(directory: directory)?.frontierText == "[]")
    }

    /// A checkpoint another tool rewrote (keys sorted, pretty-printed: the frontier no longer
    /// last) still reads: the member's extent is found by its brackets.
    @Test func aCheckpointRewrittenByAnotherToolStillReads() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(directory: directory, options: .init(), manifest: Self.manifest())
        let frontier = #"{"items":[{"search":{"seed":0,"pageToken":"a]}\"b","page":1,"rank":50}}],"pending":[]}"#
        try writer.checkpoint(frontierJSON: JSONPieces(json: frontier), unitsByMethod: [:])
        let path = directory + "/" + Checkpoint.fileName
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        let rewritten = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try rewritten.write(to: URL(fileURLWithPath: path))
        let text = try #require(try Checkpoint.load(directory: directory)?.frontier)
        let reread = try JSONSerialization.jsonObject(with: Data(text)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(frontier.utf8)) as? NSDictionary
        #expect(reread == original)
        // The rest of the checkpoint reads around it, the frontier first, last or in the middle.
        for (text, rest) in [
            (#"{"a":1,"frontier":[2],"b":3}"#, #"{"a":1,"b":3}"#), (#"{"frontier": {"x":[]} , "b":3}"#, #"{ "b":3}"#),
            (#"{"a":1 , "frontier":[]}"#, #"{"a":1 }"#), (#"{"frontier":[]}"#, "{}"),
        ] {
            let bytes = Array(text.utf8)
            let member = try #require(Checkpoint.frontierMember(in: bytes))
            #expect(
                String(decoding: bytes[..<member.cut.lowerBound] + bytes[member.cut.upperBound...], as: UTF8.self)
                    == rest)
        }
        // Followed by more members, or by anything: the value alone.
        let followed = Array(#"{"frontier": [1, {"x": "]"}] , "zz": {"frontier": 2}}"#.utf8)
        #expect(Checkpoint.rawFrontier(in: followed).map { String(decoding: $0, as: UTF8.self) } == #"[1, {"x": "]"}]"#)
        #expect(Checkpoint.rawFrontier(in: Array(#"{"frontier": "#.utf8)) == nil, "cut short: nothing")
        #expect(Checkpoint.rawFrontier(in: Array(#"{"frontier": {"a":[1,2}"#.utf8)) == nil, "unbalanced: nothing")
    }

    /// Checkpoints written by earlier versions hold the frontier as a string: it reads as the
    /// same bytes (the fixture was written by the release before this form changed).
    @Test func aCheckpointWithTheFrontierAsAStringStillReads() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fixture = Self.repository.appendingPathComponent("Fixtures/checkpoint-frontier-as-string.json")
        let data = try Data(contentsOf: fixture)
        try data.write(to: URL(fileURLWithPath: directory + "/" + Checkpoint.fileName))
        let loaded = try #require(try Checkpoint.load(directory: directory))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(loaded.frontierText == object["frontier"] as? String)
        #expect(loaded.unitsByMethod?["search.list"] == 3)
    }

    @Test func roundTripWithRotationAndVerify() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 300, memberBytes: 16 * 1024), manifest: Self.manifest())
        for index in 0..<1000 { try writer.append(Self.video(index)) }
        try writer.append(Channel(channelId: "UCchannel1", title: "Channel 1"))
        try writer.checkpoint(frontier: "[]", unitsByMethod: ["playlistItems.list": 20])
        for index in 1000..<1100 { try writer.append(Self.video(index)) }
        let manifest = try writer.finish(unitsByMethod: ["playlistItems.list": 22, "videos.list": 22])
        #expect(manifest.records == ["videos": 1100, "channels": 1])
        #expect(manifest.shards.filter { $0.kind == "videos" }.map(\.records) == [300, 300, 300, 200])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.contains("videos-00003.jsonl.gz") && names.contains("channels-00000.jsonl.gz"))
        #expect(!names.contains { $0.hasSuffix(".part") })
        let report = ArchiveVerifier.verify(directory: directory)
        #expect(report.problem == nil, "\(report.problem ?? "")")
        #expect(report.videos == 1100 && report.channels == 1)
        // What went in comes out, line for line.
        var decoded: [String] = []
        for name in ArchiveReader.shardNames(directory: directory, kind: .videos) {
            try ArchiveReader.forEachLine(path: directory + "/" + name) { line, _ in
                if case .string(let id)? = try JSONValue.parse(Array(line))["videoId"] { decoded.append(id) }
            }
        }
        #expect(decoded == (0..<1100).map { String(format: "vid%08d", $0) })
        let stats = try ArchiveStats.compute(directory: directory)
        #expect(stats.uniqueVideos == 1100 && stats.topChannels.count == 7)
        #expect(stats.unitsByMethod["videos.list"] == 22)
    }

    @Test func gzipItselfReadsAShardOfManyMembers() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, options: .init(memberBytes: 4096), manifest: Self.manifest())
        for index in 0..<200 {
            try writer.append(Self.video(index))
            if index % 50 == 0 { try writer.checkpoint(frontier: "[]", unitsByMethod: [:]) }
        }
        try writer.finish(unitsByMethod: [:])
        let output = try SpawnedProcess.runToEnd(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip -dc \"$0\" | wc -l", directory + "/videos-00000.jsonl.gz"]
        ).stdout
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "200")
    }

    @Test func aWriterKilledAtAnyByteRecoversWhatWasCommitted() throws {
        var random = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let directory = Self.directory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var writer: ArchiveWriter? = try ArchiveWriter(
                directory: directory, options: .init(shardRecords: 150, memberBytes: 8 * 1024),
                manifest: Self.manifest())
            for index in 0..<200 { try writer!.append(Self.video(index)) }
            try writer!.checkpoint(frontier: "[\"page-2\"]", unitsByMethod: ["videos.list": 4])
            let committedIds = Set((0..<200).map { String(format: "vid%08d", $0) })
            for index in 200..<260 { try writer!.append(Self.video(index)) }
            writer = nil  // dies without flushing
            // Simulate the crash landing at any byte: cut the open shard somewhere past its commit.
            let part = try #require(
                try FileManager.default.contentsOfDirectory(atPath: directory).first {
                    $0.hasPrefix("videos-") && $0.hasSuffix(".part")
                })
            let path = directory + "/" + part
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let checkpoint = try #require(try Checkpoint.load(directory: directory))
            let committed = checkpoint.openShards.first { $0.name == part }?.committedBytes ?? 0
            let cut = committed + (size > committed ? Int.random(in: 0...(size - committed), using: &random) : 0)
            truncate(path, off_t(cut))
            if round % 3 == 1 {
                // Garbage after the commit point, as a torn write leaves.
                let handle = try #require(FileHandle(forWritingAtPath: path))
                handle.seekToEndOfFile()
                handle.write(Data((0..<100).map { _ in UInt8.random(in: 0...255, using: &random) }))
                try handle.close()
            }
            let reopened = try ArchiveWriter(
                directory: directory, options: .init(shardRecords: 150, memberBytes: 8 * 1024),
                manifest: Self.manifest())
            #expect(reopened.resumed?.frontierText == "[\"page-2\"]")
            let seen = try ArchiveReader.videoIds(directory: directory)
            #expect(seen == committedIds, "round \(round): exactly the committed records survive")
            for index in 200..<300 { try reopened.append(Self.video(index)) }
            try reopened.finish(unitsByMethod: [:])
            let report = ArchiveVerifier.verify(directory: directory)
            #expect(report.problem == nil, "round \(round): \(report.problem ?? "")")
            #expect(report.videos == 300)
        }
    }

    /// An open shard no checkpoint knows (killed before the first checkpoint, or after a rotation
    /// that followed it), cut at any byte: its complete members' records are kept, once, and the
    /// part file is gone; nothing is duplicated and verify passes.
    @Test(arguments: [false, true])
    func aPartFileNoCheckpointKnowsKeepsItsCompleteRecords(afterRotation: Bool) throws {
        var random = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let directory = Self.directory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let options = ShardWriter.Options(shardRecords: 150, memberBytes: 2 * 1024)
            var writer: ArchiveWriter? = try ArchiveWriter(
                directory: directory, options: options, manifest: Self.manifest())
            if afterRotation {
                for index in 0..<100 { try writer!.append(Self.video(index)) }
                try writer!.checkpoint(frontier: "[]", unitsByMethod: [:])
            }
            for index in (afterRotation ? 100 : 0)..<260 { try writer!.append(Self.video(index)) }
            writer = nil  // dies without a checkpoint for what follows
            let part = try #require(
                try FileManager.default.contentsOfDirectory(atPath: directory).first {
                    $0.hasPrefix("videos-") && $0.hasSuffix(".part")
                        && !(afterRotation && $0 == "videos-00000.jsonl.gz.part")
                })
            let path = directory + "/" + part
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            truncate(path, off_t(Int.random(in: (size / 2)...size, using: &random)))
            let trusted = ShardSalvage.records(path: path, kind: .videos).count
            #expect(trusted > 0, "round \(round): half a shard of 2 KB members holds complete ones")

            let reopened = try ArchiveWriter(directory: directory, options: options, manifest: Self.manifest())
            #expect(!FileManager.default.fileExists(atPath: path), "round \(round)")
            let closed = 150  // the first shard rotated at 150 records either way
            #expect(reopened.videoRecords == closed + trusted, "round \(round)")
            let ids = try ArchiveReader.videoIds(directory: directory)
            #expect(ids.count == reopened.videoRecords, "round \(round): each once")
            try reopened.finish(unitsByMethod: [:])
            let report = ArchiveVerifier.verify(directory: directory)
            #expect(report.problem == nil, "round \(round): \(report.problem ?? "")")
            #expect(report.videos == closed + trusted)
        }
    }

    @Test func verifyNamesTheProblem() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(directory: directory, manifest: Self.manifest())
        for index in 0..<50 { try writer.append(Self.video(index)) }
        try writer.finish(unitsByMethod: [:])
        let shard = directory + "/videos-00000.jsonl.gz"
        var bytes = [UInt8](FileManager.default.contents(atPath: shard)!)
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: shard))
        #expect(ArchiveVerifier.verify(directory: directory).problem?.contains("videos-00000.jsonl.gz sha256") == true)
        try FileManager.default.removeItem(atPath: directory + "/manifest.json")
        #expect(ArchiveVerifier.verify(directory: directory).problem?.contains("manifest.json is missing") == true)
    }

    @Test func duplicateVideosAndMissingColumnsAreReportedWithTheirLine() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(directory: directory, manifest: Self.manifest())
        try writer.append(Self.video(1))
        try writer.append(Self.video(2))
        try writer.append(Self.video(1))
        try writer.finish(unitsByMethod: [:])
        #expect(
            ArchiveVerifier.verify(directory: directory).problem
                == "videos-00000.jsonl.gz line 3: videoId vid00000001 appears twice")
    }

    /// A shard changed since it was written: a crawl's is fetched again (move it and the
    /// checkpoint away, rerun); a finished snapshot's statistics cannot be, and verify says so.
    @Test(arguments: [false, true])
    func aDamagedShardGetsTheFixThatFitsItsDirectory(snapshot: Bool) throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 10), manifest: Self.manifest(), kinds: [.stats])
        let fetched = Date(timeIntervalSince1970: 1_800_000_000)
        for number in 0..<25 {
            try writer.append(
                VideoStats(
                    videoId: "video\(100_000 + number)", fetchedAt: fetched, viewCount: number, likeCount: nil,
                    commentCount: nil, duration: nil))
        }
        try writer.finish(unitsByMethod: [:])
        if snapshot { try SnapshotDirectory.writeIds((0..<25).map { "video\(100_000 + $0)" }, to: directory) }
        #expect(ArchiveVerifier.verify(directory: directory).problem == nil)
        let path = directory + "/stats-00001.jsonl.gz"
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        let problem = try #require(ArchiveVerifier.verify(directory: directory).problem)
        #expect(problem.hasPrefix("stats-00001.jsonl.gz sha256 does not match manifest.json"), "\(problem)")
        #expect(problem.contains(ArchiveReader.unreadableShardFix) == !snapshot, "\(problem)")
        #expect(problem.contains("cannot be fetched again") == snapshot, "\(problem)")
    }
}
