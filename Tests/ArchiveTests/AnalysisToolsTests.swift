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
}
