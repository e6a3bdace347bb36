import Archive
import Foundation
import StreamingJSON
import Testing

/// An output of schema version 1 (Tests/Fixtures/schema1-output: written by ytcrawl 0.1.0 before
/// schema 2, a channel walk and a comments seed on the emulator) still works with every command
/// that reads outputs, and merges with a schema-2 output into one that verifies.
@Suite("Schema 1 outputs")
struct SchemaOneOutputTests {
    /// A copy of the fixture (commands take a lock in the directories they read).
    static func copy() throws -> String {
        let fixture = SchemaCommandTests.repository.appendingPathComponent("Tests/Fixtures/schema1-output").path
        let directory = CrawlCommandTests.temporary("schema1")
        try FileManager.default.copyItem(atPath: fixture, toPath: directory)
        return directory
    }

    @Test func everyReaderAcceptsIt() async throws {
        let directory = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let verify = try await CLIRunner.run(["verify", directory])
        #expect(verify.status == 0, "\(verify.stderr)")
        let stats = try await CLIRunner.run(["stats", directory])
        #expect(stats.status == 0 && stats.stdout.contains("37"), "\(stats.stdout)\(stats.stderr)")
        let csv = directory + "/videos.csv"
        let export = try await CLIRunner.run(["export", directory, "--csv", csv])
        #expect(export.status == 0, "\(export.stderr)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(rows.count == 38, "a header and 37 videos")
        #expect(rows.first?.hasSuffix(",chapters") == true, "the header has the current columns: \(rows.first ?? "")")
        let report = try await CLIRunner.run(["report", directory, "--out", directory + "/report.html"])
        #expect(report.status == 0, "\(report.stderr)")
        let refresh = try await CLIRunner.run([
            "refresh", directory, "--emulator", "--budget", "100", "--state-dir", directory + "/state", "--quiet",
        ])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(RefreshCommandTests.snapshots(directory).count == 1)
        let after = try await CLIRunner.run(["verify", directory])
        #expect(after.status == 0, "\(after.stderr)")
    }

    /// Merged with a current crawl: the old records gain the API's new columns as null and the
    /// derived ones computed, the new ones keep their values, and the merged output verifies.
    @Test func mergesWithASchemaTwoOutput() async throws {
        let old = try Self.copy()
        let work = CrawlCommandTests.temporary("schema12")
        defer { for path in [old, work] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search swift maxPages=1\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "50", "--emulator", "--out", work + "/new",
            "--state-dir", work + "/state", "--quiet",
        ])
        try #require(crawl.status == 0, "\(crawl.stderr)")
        let merge = try await CLIRunner.run(["merge", old, work + "/new", "--out", work + "/merged"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let verify = try await CLIRunner.run(["verify", work + "/merged"])
        #expect(verify.status == 0, "\(verify.stderr)")
        let manifest = try #require(try Manifest.load(directory: work + "/merged"))
        #expect(manifest.schemaVersions?["videos"] == RecordSchema.videos.version)
        let videos = try MergeCommandTests.records(work + "/merged", .videos)
        let oldIds = Set(try MergeCommandTests.records(old, .videos).keys)
        let newIds = Set(try MergeCommandTests.records(work + "/new", .videos).keys)
        try #require(!newIds.subtracting(oldIds).isEmpty && !oldIds.subtracting(newIds).isEmpty)
        #expect(Set(videos.keys) == oldIds.union(newIds))
        let columns = Set(RecordSchema.videos.columns)
        for (id, record) in videos {
            #expect(Set(record.keys) == columns, "\(id)")
            if newIds.contains(id) {
                #expect(record["privacyStatus"] as? String == "public", "\(id): the new record keeps its values")
            } else {
                #expect(record["privacyStatus"] is NSNull, "\(id): added as null")
            }
            #expect(record["urls"] is [Any] && record["hashtags"] is [Any], "\(id): derived from its description")
        }
        let channels = try MergeCommandTests.records(work + "/merged", .channels)
        #expect(channels.values.allSatisfy { Set($0.keys) == Set(RecordSchema.channels.columns) })
    }

    /// A crawl or an update never appends current records to it: refused before anything is
    /// written, naming the upgrade; `ytcrawl upgrade` brings it in place to what is written now
    /// (merge into another directory does too), and the upgraded output is updated.
    @Test func aCrawlOrUpdateIntoItIsRefusedAndUpgradeBringsItUpToDate() async throws {
        let directory = try Self.copy()
        defer { for path in [directory, directory + "-v2"] { try? FileManager.default.removeItem(atPath: path) } }
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let shard = FileManager.default.contents(atPath: directory + "/videos-00000.jsonl.gz")
        let update = try await CLIRunner.run(["update", directory, "--budget", "100", "--emulator", "--quiet"])
        #expect(update.status != 0 && update.stderr.contains("schema version 1"), "\(update.stderr)")
        #expect(update.stderr.contains("ytcrawl upgrade \(directory)"), "\(update.stderr)")
        #expect(FileManager.default.contents(atPath: directory + "/videos-00000.jsonl.gz") == shard)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted().filter { $0 != "ytcrawl.lock" }
                == before.filter { $0 != "ytcrawl.lock" })
        let merge = try await CLIRunner.run(["merge", directory, "--out", directory + "-v2"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let verify = try await CLIRunner.run(["verify", directory + "-v2"])
        #expect(verify.status == 0, "\(verify.stderr)")

        let upgrade = try await CLIRunner.run(["upgrade", directory])
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        #expect(upgrade.stdout.contains("37 videos (schema 1 → \(RecordSchema.videos.version))"), "\(upgrade.stdout)")
        #expect(try await CLIRunner.run(["verify", directory]).status == 0)
        // The in-place upgrade and the merge wrote the same videos (a merge infers no replies).
        #expect(
            NSDictionary(dictionary: try MergeCommandTests.records(directory, .videos))
                == NSDictionary(dictionary: try MergeCommandTests.records(directory + "-v2", .videos)))
        let again = try await CLIRunner.run(["upgrade", directory])
        #expect(again.status == 0 && again.stdout.contains("nothing to do"), "\(again.stdout)")
        let updated = try await CLIRunner.run(["update", directory, "--budget", "100", "--emulator", "--quiet"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try await CLIRunner.run(["verify", directory]).status == 0)
    }
}
