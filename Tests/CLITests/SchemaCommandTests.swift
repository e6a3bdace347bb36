import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// `ytcrawl schema` and what the crawls write: every line validates against the JSON Schema
/// (Python's jsonschema), DuckDB and Polars load every shard with the schema's types.
@Suite("ytcrawl schema")
struct SchemaCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func python(_ arguments: [String]) async throws -> PythonRunner.Result {
        try await PythonRunner.run(arguments)
    }

    /// On CI they must be there: the test runs (and fails) rather than skip.
    static let toolsPresent = PythonRunner.canImport("jsonschema, duckdb, polars")

    @Test func everyKindInEveryFormat() async throws {
        for kind in RecordKind.allCases.map(\.rawValue) {
            let json = try await CLIRunner.run(["schema", kind])
            #expect(json.status == 0, "\(json.stderr)")
            let schema = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(schema["additionalProperties"] as? Bool == false)
            let spark = try await CLIRunner.run(["schema", kind, "--format", "spark"])
            #expect(spark.status == 0 && spark.stdout.contains(" STRING"))
            let bigquery = try await CLIRunner.run(["schema", kind, "--format", "bigquery"])
            let fields = try #require(
                try JSONSerialization.jsonObject(with: Data(bigquery.stdout.utf8)) as? [[String: Any]])
            #expect(fields.first?["mode"] as? String == "REQUIRED", "the id column")
            for field in fields {
                #expect(
                    ["STRING", "INT64", "BOOL", "FLOAT64", "JSON", "TIMESTAMP", "RECORD"].contains(
                        field["type"] as? String ?? ""), "\(field)")
                #expect(["NULLABLE", "REQUIRED", "REPEATED"].contains(field["mode"] as? String ?? ""), "\(field)")
                if field["type"] as? String == "RECORD" { #expect((field["fields"] as? [Any])?.isEmpty == false) }
            }
            let duckdb = try await CLIRunner.run(["schema", kind, "--format", "duckdb"])
            #expect(duckdb.stdout.hasPrefix("{'"))
        }
        let videos = try await CLIRunner.run(["schema", "videos", "--format", "bigquery"]).stdout
        #expect(videos.contains("\"name\": \"tags\"") && videos.contains("\"REPEATED\""))
        #expect(videos.contains("\"name\": \"maxres\""), "thumbnails by size as a RECORD")
        let unknown = try await CLIRunner.run(["schema", "video"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean videos?"))
        let format = try await CLIRunner.run(["schema", "videos", "--format", "parquet"])
        #expect(format.status == 2 && format.stderr.contains("--format"))
    }

    @Test(
        .enabled(
            if: toolsPresent,
            "jsonschema, duckdb and polars are not installed (pip install jsonschema duckdb polars; .ci/run installs them)"
        ))
    func everyRecordOfACrawlValidatesAndLoadsWithTheSchema() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let manifestData = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let records = try #require(manifest["records"] as? [String: Int])
        #expect(
            manifest["schemaVersions"] as? [String: Int] == [
                "videos": 3, "channels": 3, "comments": 3, "results": 1, "categories": 1, "playlists": 1,
                "memberships": 1, "missing": 1, "chat": 1,
            ])
        let script = Self.repository.appendingPathComponent("Samples/analysis/schema_check.py").path
        let checked = try await Self.python([script, out, "--ytcrawl", CLIRunner.binary.path, "--json"])
        #expect(checked.status == 0, "\(checked.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any])
        for (kind, expected) in records where expected > 0 {
            let counts = try #require(result[kind] as? [String: Any], "\(kind) checked")
            #expect(counts["lines"] as? Int == expected, "\(kind)")
            #expect(counts["invalid"] as? Int == 0, "\(kind): \(counts["first_error"] ?? "")")
            #expect(counts["duckdb"] as? Int == expected, "\(kind) in DuckDB")
            #expect(counts["polars"] as? Int == expected, "\(kind) in Polars")
            #expect(counts["polars_columns"] as? Bool == true)
        }
        #expect((records["comments"] ?? 0) > 100, "comments were crawled")
        #expect(records["playlists"] == 1 && (records["memberships"] ?? 0) > 2 && records["missing"] == 1)
        #expect((records["chat"] ?? 0) > 50, "live chat was captured")
        let stats = try #require(result["stats"] as? [String: Any])
        #expect(stats["invalid"] as? Int == 0 && stats["lines"] as? Int == records["videos"])

        // The check can fail: a line whose count is text.
        let shard = CrawlCommandTests.temporary("schema-tampered")
        defer { try? FileManager.default.removeItem(atPath: shard) }
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        let line =
            #"{"videoId":"x","fetchedAt":"2026-11-30T00:00:00Z","viewCount":"12","likeCount":null,"commentCount":null,"duration":null,"status":"ok"}"#
        let gzip = SpawnedProcess()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        try FileManager.default.createDirectory(
            atPath: shard + "/snapshots/20260101T000000Z", withIntermediateDirectories: true)
        gzip.arguments = [
            "-c", "printf '%s\\n' '\(line)' | gzip > '\(shard)/snapshots/20260101T000000Z/stats-00000.jsonl.gz'",
        ]
        try gzip.run()
        gzip.waitUntilExit()
        let bad = try await Self.python([script, shard, "--ytcrawl", CLIRunner.binary.path])
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("1 invalid") && bad.stdout.contains("'12' is not of type"), "\(bad.stdout)")
    }
}

/// One crawl of the emulator (videos, channels, comments of three busy videos) and a statistics
/// snapshot, shared by the tests that load it in other engines; made once per test process.
enum AnalysisCrawl {
    static let shared = SharedOutput { try await make() }

    private static func make() async throws -> String {
        let truth = CrawlCommandTests.temporary("analysis-truth")
        let emulator = try await ExternalEmulator.start([
            "--channels", "30", "--dump-truth", truth, "--dump-truth-kinds", "videos", "--speed", "60",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("analysis-crawl")
        let seeds = CrawlCommandTests.temporary("analysis-seeds")
        defer { for path in [seeds, truth, out + "-st"] { try? FileManager.default.removeItem(atPath: path) } }
        let videos = try String(contentsOfFile: truth + "/videos.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let busiest = videos.sorted { ($0["commentCount"] as? Int ?? 0) > ($1["commentCount"] as? Int ?? 0) }
            .prefix(3).compactMap { $0["videoId"] as? String }
        // Three streams live now (at 60 times real time, two emulated hours are two minutes): a
        // few polls of each chat (--chat-units).
        let live = videos.filter { $0["liveBroadcastContent"] as? String == "live" }.prefix(3)
            .compactMap { $0["videoId"] as? String }
        try
            ([
                "search music maxPages=2 walk=channels walkPages=1 formats=yes", "chart US maxPages=1",
                "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR", "video AAAAAAAAAAA",
            ]
            + busiest.map { "comments \($0)" } + live.map { "live \($0)" })
            .joined(separator: "\n").write(toFile: seeds, atomically: true, encoding: .utf8)
        let env = ["YOUTUBE_API_KEY": "k-analysis"]
        let crawl = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "2000", "--api-base", emulator.base, "--out", out, "--state-dir",
                out + "-st", "--quiet", "--chat-units", "25",
            ], environment: env)
        guard crawl.status == 0 else { throw CrawlFailed(message: crawl.stderr) }
        let refresh = try await CLIRunner.run(
            ["refresh", out, "--budget", "100", "--api-base", emulator.base, "--state-dir", out + "-st", "--quiet"],
            environment: env)
        guard refresh.status == 0 else { throw CrawlFailed(message: refresh.stderr) }
        return out
    }

    struct CrawlFailed: Error {
        var message: String
    }
}

/// Spark in local mode reads the shards with `ytcrawl schema`'s DDL and agrees with DuckDB.
@Suite("Spark reads the shards")
struct SparkTests {
    static let sparkPresent =
        ProcessInfo.processInfo.environment["CI"] == "true"
        || (FileManager.default.isExecutableFile(atPath: "/usr/bin/java") && PythonRunner.canImport("pyspark, duckdb"))

    @Test(
        .enabled(
            if: sparkPresent,
            "no Java runtime or pyspark (apt-get install default-jre-headless; pip install pyspark; .ci/run installs them)"
        ))
    func sparkAndDuckDBGiveTheSameAnswers() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let script = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/spark_check.py").path
        let checked = try await SchemaCommandTests.python([script, out, "--ytcrawl", CLIRunner.binary.path, "--json"])
        #expect(checked.status == 0, "\(checked.stderr.suffix(2000))")
        let jsonLine = checked.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let result = try #require(try JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any])
        let spark = try #require(result["spark"] as? [String: Any])
        let duckdb = try #require(result["duckdb"] as? [String: Any])
        let manifestData = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let records = try #require(manifest["records"] as? [String: Int])
        for (kind, expected) in records where expected > 0 {
            let counts = try #require(spark[kind] as? [String: Int], "\(kind) read by Spark")
            #expect(counts["rows"] == expected, "\(kind)")
            #expect(counts["corrupt"] == 0, "\(kind): no corrupt records")
        }
        #expect((spark["stats"] as? [String: Int])?["rows"] == records["videos"])
        let join = try #require(spark["join"] as? [[Any]])
        #expect(!join.isEmpty)
        // Schema 2's columns are read, with their types, and hold the emulator's variety.
        let videoParts = try #require(spark["video_parts"] as? [String: Int])
        for column in ["kids", "creative_commons", "streamed", "located", "with_topics", "age_restricted"] {
            #expect((videoParts[column] ?? 0) > 0, "videos: \(column) \(videoParts)")
        }
        let chatParts = try #require(spark["chat_parts"] as? [[Any]])
        #expect(chatParts.contains { $0.first as? String == "textMessageEvent" }, "\(chatParts)")
        let channelParts = try #require(spark["channel_parts"] as? [String: Int])
        #expect((channelParts["keywords"] ?? 0) > 0 && (channelParts["banners"] ?? 0) > 0, "\(channelParts)")
        #expect(
            NSDictionary(dictionary: spark).isEqual(to: duckdb),
            "the engines agree: \(spark["join"] ?? "") vs \(duckdb["join"] ?? "")")
    }
}
