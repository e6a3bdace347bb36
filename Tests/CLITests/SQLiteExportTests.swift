import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// `ytcrawl export DIR --sqlite FILE`: every kind a table, read by Python's sqlite3 and the
/// sqlite3 shell; row counts equal the manifest's; keys, foreign keys and indexes declared; the
/// foreign-key check clean on a crawl that resolved every channel; nothing left under the asked
/// name when the export fails.
@Suite("SQLite export")
struct SQLiteExportTests {
    static let shellPresent = ExternalTools.present("sqlite3")

    /// Table → rows, foreign keys and indexes of a database, as Python's sqlite3 reads them.
    static func inspect(_ database: String) async throws -> [String: [String: Any]] {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            tables = {}
            for (name,) in db.execute("select name from sqlite_master where type = 'table'"):
                tables[name] = {
                    "rows": db.execute(f'select count(*) from "{name}"').fetchone()[0],
                    "foreignKeys": sorted(f"{row[3]}->{row[2]}.{row[4]}" for row in db.execute(f'pragma foreign_key_list("{name}")')),
                    "indexes": sorted(row[1] for row in db.execute(f'pragma index_list("{name}")')),
                    "key": [row[1] for row in sorted(db.execute(f'pragma table_info("{name}")'), key=lambda r: r[5]) if row[5] > 0],
                }
            print(json.dumps(tables))
            """
        let result = try await PythonRunner.run(["-c", script, database])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: Any]])
    }

    @Test func everyKindOfAnOutputIsATableWithItsKeys() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let database = CrawlCommandTests.temporary("export") + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: database) }
        let export = try await CLIRunner.run(["export", out, "--sqlite", database])
        #expect(export.status == 0, "\(export.stderr)")
        let tables = try await Self.inspect(database)
        let manifest = try #require(try Manifest.load(directory: out))
        for (kind, count) in manifest.records where count > 0 && kind != "stats" {
            #expect(tables[kind]?["rows"] as? Int == count, "\(kind): \(tables[kind] ?? [:]) against \(count)")
        }
        var statsLines = 0
        for name in SnapshotDirectory.names(in: out) {
            statsLines +=
                try Manifest.load(directory: SnapshotDirectory.root(of: out) + "/" + name)?.records["stats"] ?? 0
        }
        #expect(statsLines > 0 && tables["stats"]?["rows"] as? Int == statsLines, "\(tables["stats"] ?? [:])")
        #expect(tables["videos"]?["key"] as? [String] == ["videoId"])
        #expect(tables["stats"]?["key"] as? [String] == ["snapshot", "videoId"])
        let commentKeys = try #require(tables["comments"]?["foreignKeys"] as? [String])
        #expect(
            Set(commentKeys).isSuperset(of: [
                "channelId->channels.channelId", "videoId->videos.videoId", "parentId->comments.commentId",
                "replyToCommentId->comments.commentId",
            ]), "\(commentKeys)")
        #expect((tables["comments"]?["indexes"] as? [String])?.contains("comments_videoId") == true)
        #expect(tables["ytcrawl_export"] != nil)
        if Self.shellPresent {
            let shell = try await ExternalTools.run("sqlite3", [database, "select count(*) from videos"])
            #expect(
                shell.status == 0
                    && Int(shell.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == manifest.records["videos"])
        }
    }

    @Test(
        .enabled(if: shellPresent, "the sqlite3 shell is not installed (apt-get install sqlite3; .ci/run installs it)"))
    func theForeignKeyCheckIsCleanWhereTheCrawlResolvedEveryChannel() async throws {
        let out = try await DerivedFieldsTests.crawled.output()
        let database = CrawlCommandTests.temporary("export-fk") + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: database) }
        #expect(try await CLIRunner.run(["export", out, "--sqlite", database]).status == 0)
        let check = try await ExternalTools.run("sqlite3", [database, "pragma foreign_key_check;"])
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout.prefix(500))\(check.stderr)")
        // A join a researcher writes: replies by the video's channel, with the video's title.
        let join = try await ExternalTools.run(
            "sqlite3",
            [
                database,
                "select count(*) from comments c join videos v on v.videoId = c.videoId where c.isChannelOwner = 1 and c.depth >= 2",
            ])
        #expect(
            (Int(join.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(join.stdout)\(join.stderr)")
    }

    @Test func aFailedExportLeavesNothingUnderTheAskedName() async throws {
        let empty = CrawlCommandTests.temporary("export-empty")
        let database = CrawlCommandTests.temporary("export-none") + ".sqlite"
        defer { for path in [empty, database] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: empty + "/manifest.json"))
        let failed = try await CLIRunner.run(["export", empty, "--sqlite", database])
        #expect(failed.status != 0)
        #expect(!FileManager.default.fileExists(atPath: database))
        let out = try await DerivedFieldsTests.crawled.output()
        let toStdout = try await CLIRunner.run(["export", out, "--sqlite", "-"])
        #expect(toStdout.status == 2 && toStdout.stderr.contains("--sqlite needs a file"), "\(toStdout.stderr)")
        let both = try await CLIRunner.run(["export", out, "--sqlite", database, "--csv", "x.csv"])
        #expect(both.status == 2 && both.stderr.contains("cannot go together"), "\(both.stderr)")
        let nowhere = try await CLIRunner.run(["export", out, "--sqlite", "/nonexistent-dir/x.sqlite"])
        #expect(nowhere.status != 0 && nowhere.stderr.contains("/nonexistent-dir/x.sqlite"), "\(nowhere.stderr)")
    }
}
