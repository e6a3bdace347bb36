import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

/// `ytcrawl export --csv`, read back by Python's csv module and DuckDB's read_csv; and the Parquet
/// sample.
@Suite("ytcrawl export")
struct ExportCommandTests {
    static let awkward = "Comma, \"quotes\" and\na line break, naïve café 日本語 🎵"

    static func output() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-export-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        for index in 0..<30 {
            try writer.append(
                Video(
                    videoId: String(format: "exp%08d", index), title: index == 7 ? awkward : "video \(index)",
                    description: index == 8 ? "" : "line one\r\nline two", channelId: "UCexp\(index % 3)",
                    channelTitle: "Channel \(index % 3)",
                    publishedAt: Date(timeIntervalSince1970: 1_600_000_000 + TimeInterval(index) * 86_400),
                    thumbnails: Thumbnails([
                        (
                            "high",
                            Thumbnail(url: "https://i.ytimg.com/vi/exp\(index)/hqdefault.jpg", width: 480, height: 360)
                        )
                    ]),
                    tags: index % 2 == 0 ? ["cats", "dogs, birds"] : nil, viewCount: index % 5 == 0 ? nil : index * 100)
            )
        }
        try writer.append(Channel(channelId: "UCexp0", title: "Channel 0"))
        try writer.finish(unitsByMethod: [:])
        return directory
    }

    @Test func aCSVThatSpreadsheetsAndDuckDBReadBack() async throws {
        let directory = try Self.output()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let csv = directory + "/videos.csv"
        let result = try await CLIRunner.run(["export", directory, "--csv", csv])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("export: 30 videos rows"))
        let bytes = try #require(FileManager.default.contents(atPath: csv))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(RecordKind.videos.columns.joined(separator: ",") + "\r\n"))
        #expect(text.contains("\"Comma, \"\"quotes\"\" and\na line break, naïve café 日本語 🎵\""))
        #expect(text.contains(",\"cats | dogs, birds\","), "tags joined, the field quoted for its comma")
        let script = """
            import csv, json, sys
            rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
            result = {"rows": len(rows), "title7": rows[7]["title"], "description8": rows[8]["description"],
                      "description0": rows[0]["description"], "views0": rows[0]["viewCount"], "views1": rows[1]["viewCount"],
                      "tags0": rows[0]["tags"], "thumbnails": json.loads(rows[1]["thumbnails"])["high"]["width"],
                      "source": rows[1]["source"], "columns": list(rows[0].keys())}
            try:
                import duckdb
                result["duckdb"] = duckdb.sql(f"select count(*), sum(viewCount) from read_csv('{sys.argv[1]}')").fetchall()[0]
            except ImportError:
                pass
            print(json.dumps(result))
            """
        let checked = try await SchemaCommandTests.python(["-c", script, csv])
        #expect(checked.status == 0, "\(checked.stderr)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any])
        #expect(read["rows"] as? Int == 30)
        #expect(read["title7"] as? String == Self.awkward)
        #expect(read["description8"] as? String == "", "an empty string stays empty")
        #expect(read["description0"] as? String == "line one\r\nline two")
        #expect(read["views0"] as? String == "", "null is an empty field")
        #expect(read["views1"] as? String == "100")
        #expect(read["tags0"] as? String == "cats | dogs, birds")
        #expect(read["thumbnails"] as? Int == 480, "nested fields as JSON text")
        #expect(read["source"] as? String == "")
        #expect(read["columns"] as? [String] == RecordKind.videos.columns)
        if SchemaCommandTests.toolsPresent {
            let duck = try #require(read["duckdb"] as? [Any])
            #expect(duck.first as? Int == 30)
            let expectedViews = (0..<30).filter { $0 % 5 != 0 }.reduce(0) { $0 + $1 * 100 }
            #expect((duck.last as? NSNumber)?.intValue == expectedViews)
        }
        let channels = try await CLIRunner.run(["export", directory, "--csv", "-", "--kind", "channels"])
        #expect(channels.stdout.hasPrefix("channelId,title,"))
        #expect(channels.stdout.contains("\r\nUCexp0,Channel 0,"))
        let none = try await CLIRunner.run(["export", directory, "--csv", "-", "--kind", "comments"])
        #expect(none.status == 2 && none.stderr.contains("holds no comments records"))
        let noFile = try await CLIRunner.run(["export", directory])
        #expect(
            noFile.status == 2
                && noFile.stderr.contains(
                    "--csv FILE, --csv-package OUTDIR, --sqlite FILE or --format ytdt is required")
        )
        let badKind = try await CLIRunner.run(["export", directory, "--csv", "-", "--kind", "vidoes"])
        #expect(badKind.status == 2 && badKind.stderr.contains("--kind"))
    }

    @Test(
        .enabled(
            if: SchemaCommandTests.toolsPresent,
            "duckdb is not installed (pip install duckdb; .ci/run installs it)"))
    func theParquetSampleWritesFilesThatReadBack() async throws {
        let directory = try Self.output()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sql = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/parquet.sql").path
        let script = """
            import duckdb, sys
            text = open(sys.argv[1], encoding="utf-8").read().replace("ytcrawl-out/", sys.argv[2] + "/")
            duckdb.execute(text)
            print(duckdb.sql(f"select count(*) from '{sys.argv[2]}/videos.parquet'").fetchall()[0][0],
                  duckdb.sql(f"select count(*) from '{sys.argv[2]}/channels.parquet'").fetchall()[0][0],
                  duckdb.sql(f"select title from '{sys.argv[2]}/videos.parquet' where videoId = 'exp00000007'").fetchall()[0][0] == sys.argv[3])
            """
        let result = try await SchemaCommandTests.python(["-c", script, sql, directory, Self.awkward])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "30 1 True")
    }
}
