import Foundation
import Testing
import YouTubeKit

@testable import Archive

/// The shards load straight into pandas and DuckDB (installed from PyPI by .ci/run).
@Suite("Analysis tools read the shards")
struct AnalysisToolsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func python(_ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    /// On CI they must be there: the test runs (and fails) rather than skip.
    static let toolsPresent =
        ProcessInfo.processInfo.environment["CI"] == "true"
        || ((try? python(["-c", "import pandas, duckdb"]).0) ?? 1) == 0

    @Test(
        .enabled(
            if: toolsPresent, "pandas and duckdb are not installed (pip install pandas duckdb; .ci/run installs them)"))
    func pandasAndDuckDBCountExactlyWhatWasWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("analysis-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 400, memberBytes: 8192),
            manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        for index in 0..<1000 {
            var video = ArchiveWriterTests.video(index)
            video.liveBroadcastContent = index % 10 == 0 ? "live" : "none"
            try writer.append(video)
            if index % 100 == 0 { try writer.checkpoint(frontier: "[]", unitsByMethod: [:]) }
        }
        try writer.finish(unitsByMethod: [:])
        let script = Self.repository.appendingPathComponent("Samples/analysis/analyze.py").path
        let (exit, output, errors) = try Self.python([script, directory, "--json"])
        #expect(exit == 0, "\(errors)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(result["videos"] as? Int == 1000)
        #expect(result["unique_videos"] as? Int == 1000)
        #expect(result["channels"] as? Int == 7)
        #expect(result["duckdb_videos"] as? Int == 1000)
        #expect(result["duckdb_unique_videos"] as? Int == 1000)
        let live = try #require(result["live_share"] as? [String: Double])
        #expect(live["live"] == 0.1)
    }

    /// Comments: pandas and the DuckDB queries of Samples/analysis/comments.sql give the same,
    /// known numbers.
    @Test(
        .enabled(
            if: toolsPresent, "pandas and duckdb are not installed (pip install pandas duckdb; .ci/run installs them)"))
    func commentQueriesInPandasAndDuckDBAgree() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("comments-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 40, memberBytes: 2048),
            manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        var byAuthor: [String: Int] = [:]
        var perVideoDay: [String: Int] = [:]
        var total = 0
        for video in 0..<3 {
            for thread in 0..<10 {
                let day = Date(timeIntervalSince1970: 1_577_836_800 + TimeInterval(thread % 3) * 86_400)
                let threadId = "Ug\(video)x\(thread)"
                let videoId = String(format: "video%06d", video)
                var comments = [
                    YouTubeKit.Comment(
                        commentId: threadId, videoId: videoId, authorChannelId: "UCauthor\(thread % 4)", text: "t",
                        likeCount: thread, totalReplyCount: thread, publishedAt: day, updatedAt: day)
                ]
                for reply in 0..<thread {
                    comments.append(
                        YouTubeKit.Comment(
                            commentId: threadId + ".\(reply)", parentId: threadId, videoId: videoId,
                            authorChannelId: "UCauthor\(reply % 3)", text: "r", likeCount: 0,
                            publishedAt: day.addingTimeInterval(60), updatedAt: day.addingTimeInterval(60)))
                }
                for comment in comments {
                    try writer.append(comment)
                    byAuthor[comment.authorChannelId ?? "", default: 0] += 1
                    perVideoDay[videoId + "\(thread % 3)", default: 0] += 1
                    total += 1
                }
            }
        }
        try writer.finish(unitsByMethod: [:])
        let script = Self.repository.appendingPathComponent("Samples/analysis/comments.py").path
        let (exit, output, errors) = try Self.python([script, directory, "--json"])
        #expect(exit == 0, "\(errors)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let expected: [String: Int] = [
            "comments": total, "unique_comments": total, "top_level": 30, "replies": total - 30, "videos": 3,
            "busiest_video_day": perVideoDay.values.max() ?? 0, "top_author_comments": byAuthor.values.max() ?? 0,
            "threads_with_replies": 27, "max_replies": 9,
        ]
        for (name, value) in expected {
            #expect(result[name] as? Int == value, "\(name)")
            if name != "unique_comments", name != "videos", name != "threads_with_replies" {
                #expect(result["duckdb_" + name] as? Int == value, "duckdb_\(name)")
            }
        }
    }
}
