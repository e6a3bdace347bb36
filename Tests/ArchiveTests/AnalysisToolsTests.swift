import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import Archive

/// The shards load straight into pandas and DuckDB (installed from PyPI by .ci/run).
@Suite("Analysis tools read the shards")
struct AnalysisToolsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func python(_ arguments: [String]) async throws -> (Int32, String, String) {
        let result = try await PythonRunner.run(arguments)
        return (result.status, result.stdout, result.stderr)
    }

    /// On CI they must be there: the test runs (and fails) rather than skip.
    static let toolsPresent = PythonRunner.canImport("pandas, duckdb")

    @Test(
        .enabled(
            if: toolsPresent, "pandas and duckdb are not installed (pip install pandas duckdb; .ci/run installs them)"))
    func pandasAndDuckDBCountExactlyWhatWasWritten() async throws {
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
        let (exit, output, errors) = try await Self.python([script, directory, "--json"])
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
    func commentQueriesInPandasAndDuckDBAgree() async throws {
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
        let (exit, output, errors) = try await Self.python([script, directory, "--json"])
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

extension AnalysisToolsTests {
    /// Snapshots: pandas and the DuckDB queries of Samples/analysis/snapshots.sql give the same,
    /// known growth and vanishing.
    @Test(
        .enabled(
            if: toolsPresent, "pandas and duckdb are not installed (pip install pandas duckdb; .ci/run installs them)"))
    func snapshotGrowthInPandasAndDuckDBAgree() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let names = ["20261101T090000Z", "20261102T090000Z", "20261104T090000Z"]
        let start = Date(timeIntervalSince1970: 1_793_523_600)  // 2026-11-01T09:00:00Z
        let days = [0.0, 1, 3]
        for (index, name) in names.enumerated() {
            let path = SnapshotDirectory.root(of: directory) + "/" + name
            let ids = (0..<40).map { String(format: "video%06d", $0) }
            try SnapshotDirectory.writeIds(ids, to: path)
            let writer = try ArchiveWriter(
                directory: path, options: .init(shardRecords: 15, memberBytes: 1024),
                manifest: Manifest(toolVersion: "test", startedAt: "2026-11-01T09:00:00Z"), kinds: [.stats])
            let fetched = start.addingTimeInterval(days[index] * 86_400)
            for (number, id) in ids.enumerated() {
                // Video 7 vanishes on the second snapshot, video 8 on the third.
                if (number == 7 && index >= 1) || (number == 8 && index >= 2) {
                    try writer.append(VideoStats.gone(id, fetchedAt: fetched))
                    continue
                }
                // Video n gains n × 100 views a day; video 39 goes viral: 100,000 a day.
                let perDay = number == 39 ? 100_000 : number * 100
                try writer.append(
                    VideoStats(
                        videoId: id, fetchedAt: fetched, viewCount: 1000 + perDay * Int(days[index]), likeCount: 1,
                        commentCount: nil, duration: "PT1M"))
            }
            try writer.finish(unitsByMethod: ["videos.batchGetStats": 1])
        }
        let script = Self.repository.appendingPathComponent("Samples/analysis/snapshots.py").path
        let (exit, output, errors) = try await Self.python([script, directory, "--json"])
        #expect(exit == 0, "\(errors)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let expectedGone = ["video000007": names[1], "video000008": names[2]]
        for prefix in ["", "duckdb_"] {
            #expect(result[prefix + "snapshots"] as? Int == 3, "\(prefix)snapshots")
            #expect(result[prefix + "lines"] as? Int == 120, "\(prefix)lines")
            #expect(result[prefix + "gone_last"] as? Int == 2, "\(prefix)gone_last")
            #expect(result[prefix + "vanished"] as? Int == 2, "\(prefix)vanished")
            #expect(result[prefix + "top_views_per_day"] as? Double == 100_000, "\(prefix)top_views_per_day")
            #expect(result[prefix + "top_video"] as? String == "video000039", "\(prefix)top_video")
            #expect(result[prefix + "first_gone"] as? [String: String] == expectedGone, "\(prefix)first_gone")
        }
    }
}
