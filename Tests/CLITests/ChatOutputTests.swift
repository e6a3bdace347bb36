import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

/// Live chat lines through the commands that read every kind: `export --csv`, `--csv-package`,
/// `prune`, `verify`, on the analysis crawl (which captured a few polls of three live streams).
@Suite("live chat in export and prune")
struct ChatOutputTests {
    static let pythonPresent = PythonRunner.canImport("csv")

    /// The header and the number of rows of a CSV file, read by Python's csv module (a message's
    /// text may hold line breaks and quotes).
    static func csvShape(_ path: String) async throws -> (header: [String], rows: Int) {
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline="", encoding="utf-8") as handle:
                rows = list(csv.reader(handle))
            print(json.dumps({"header": rows[0], "rows": len(rows) - 1}))
            """
        let result = try await PythonRunner.run(["-c", script, path])
        #expect(result.status == 0, "\(result.stderr)")
        let shape = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (shape["header"] as? [String] ?? [], shape["rows"] as? Int ?? -1)
    }

    @Test(.enabled(if: pythonPresent, "python3 is not installed (.ci/run installs it)"))
    func chatExportsAsCSVWithTheSchemasColumnsAndEveryMessage() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let messages = try #require(try Manifest.load(directory: out)?.records["chat"])
        #expect(messages > 0)
        let root = CrawlCommandTests.temporary("chat-export")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let export = try await CLIRunner.run(["export", out, "--csv", root + "/chat.csv", "--kind", "chat"])
        #expect(export.status == 0, "\(export.stderr)")
        let shape = try await Self.csvShape(root + "/chat.csv")
        #expect(shape.header == RecordSchema.chat.columns)
        #expect(shape.rows == messages)
        let package = try await CLIRunner.run(["export", out, "--csv-package", root + "/package"])
        #expect(package.status == 0, "\(package.stderr)")
        let packaged = try await Self.csvShape(root + "/package/chat.csv")
        #expect(packaged.rows == messages)
    }

    /// `prune --fetched-before` removes chat lines fetched before the date like any record, and
    /// the output still verifies; the chat's manifest entry stays (what the capture asked for).
    @Test func pruneRemovesChatLinesFetchedBeforeADate() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let copy = CrawlCommandTests.temporary("chat-prune")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: out, toPath: copy)
        let messages = try #require(try Manifest.load(directory: copy)?.records["chat"])
        let before = try await CLIRunner.run(["prune", copy, "--fetched-before", "2000-01-01"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(try Manifest.load(directory: copy)?.records["chat"] == messages, "nothing that old")
        let tomorrow = RFC3339.format(seconds: Int64(Date().timeIntervalSince1970) + 86_400)
        let dry = try await CLIRunner.run(["prune", copy, "--fetched-before", tomorrow, "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("\(messages) chat"), "\(dry.stdout)\(dry.stderr)")
        #expect(try Manifest.load(directory: copy)?.records["chat"] == messages, "a dry run changes nothing")
        let prune = try await CLIRunner.run(["prune", copy, "--fetched-before", tomorrow])
        #expect(prune.status == 0, "\(prune.stderr)")
        let manifest = try #require(try Manifest.load(directory: copy))
        #expect(manifest.records["chat"] ?? 0 == 0)
        #expect(ArchiveReader.shardNames(directory: copy, kind: .chat).isEmpty, "emptied shards are removed")
        #expect(!(manifest.chats ?? []).isEmpty)
        let verify = try await CLIRunner.run(["verify", copy])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
