import Digest
import Foundation
import Gzip
import StreamingJSON
import TestSupport
import Testing

@testable import Archive

/// The derived columns of schema 3 (links, hashtags, handles, chapters) against an independent
/// extraction in Python (Tests/Fixtures/derived-fields-check.py: its own regexes and YouTube's
/// chapter rule), on an emulator crawl and on the real API bodies in ../shared/fixtures; and
/// `ytcrawl upgrade` of an output written before schema 3.
@Suite("Derived fields")
struct DerivedFieldsTests {
    static let checker = SchemaCommandTests.repository.appendingPathComponent("Tests/Fixtures/derived-fields-check.py")
        .path

    /// A search's videos, their channels and their comments: descriptions with links, hashtags in several
    /// scripts, handles and chapter blocks, comments with links, hashtags and reply chains.
    static let crawled = SharedOutput {
        let work = CrawlCommandTests.temporary("derived")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search music maxPages=3\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "3000", "--emulator", "--comments",
            "--max-comment-pages", "1", "--out", work + "/out", "--state-dir", work + "/state", "--quiet",
        ])
        try #require(crawl.status == 0, "\(crawl.stderr)")
        return work + "/out"
    }

    static func check(_ files: [String]) async throws -> [String: Int] {
        let result = try await PythonRunner.run([checker] + files)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(result.status == 0, "\(result.stdout)")
        return try #require(report["checked"] as? [String: Int])
    }

    static func shards(_ directory: String) -> [String] {
        [RecordKind.videos, .channels, .comments].flatMap { kind in
            ArchiveReader.shardNames(directory: directory, kind: kind).map { directory + "/" + $0 }
        }
    }

    @Test func anEmulatorCrawlsDerivedFieldsEqualAnIndependentExtraction() async throws {
        let out = try await Self.crawled.output()
        let checked = try await Self.check(Self.shards(out))
        #expect((checked["records"] ?? 0) > 1000, "\(checked)")
        for field in ["urls", "hashtags", "mentions", "chapters"] {
            #expect((checked[field] ?? 0) > 5, "\(field): \(checked)")
        }
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func realBodiesDerivedFieldsEqualAnIndependentExtraction() async throws {
        let work = CrawlCommandTests.temporary("derived-real")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        var files: [String] = []
        for (index, path) in SharedFixtures.apiResponses(includingComments: true).enumerated() {
            let decoded = try await CLIRunner.run(["decode", SharedFixtures.root.appendingPathComponent(path).path])
            guard decoded.status == 0, !decoded.stdout.isEmpty else { continue }
            let file = work + "/\(index).jsonl"
            try decoded.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        #expect(files.count > 20, "\(files.count) bodies decoded")
        let checked = try await Self.check(files)
        #expect((checked["urls"] ?? 0) > 0 && (checked["hashtags"] ?? 0) > 0, "\(checked)")
    }
}

/// `ytcrawl upgrade`: an output as ytcrawl wrote it before schema 3 (the crawl above with the
/// columns of version 3 cut off its lines and the manifest saying the older versions) becomes,
/// in place, exactly the crawl's records, whatever kills it meanwhile.
extension DerivedFieldsTests {
    /// Every record of the kinds with derived columns, as its line (each must be there once).
    static func lines(_ directory: String) throws -> [String: String] {
        var lines: [String: String] = [:]
        for kind in [RecordKind.videos, .channels, .comments] {
            for name in ArchiveReader.shardNames(directory: directory, kind: kind) {
                try ArchiveReader.forEachLine(path: directory + "/" + name) { line, _ in
                    let text = String(decoding: line, as: UTF8.self)
                    let id = try #require(kind.id(inLine: Array(line)))
                    #expect(lines.updateValue(text, forKey: kind.rawValue + " " + id) == nil, "\(id) once")
                }
            }
        }
        return lines
    }

    /// A copy of `out` as an older ytcrawl wrote it: each line without the columns version 3
    /// added (written last), the manifest at the older versions; shards, checksums and checkpoint
    /// brought in line by the journal a prune finishes.
    static func downgraded(_ out: String) async throws -> String {
        let copy = try PruneCommandTests.copy(out)
        var manifest = try #require(try Manifest.load(directory: copy))
        var journal = ArchivePruner.Journal(replacements: [], manifests: [:])
        for index in manifest.shards.indices {
            let shard = manifest.shards[index]
            guard ["videos", "channels", "comments"].contains(shard.kind) else { continue }
            var lines: [UInt8] = []
            try ArchiveReader.forEachLine(path: copy + "/" + shard.name) { line, _ in
                let text = String(decoding: line, as: UTF8.self)
                let cut = try #require(text.range(of: #","urls":"#))
                lines += Array((text[..<cut.lowerBound] + "}\n").utf8)
            }
            let compressed = try GzipCompressor.member(of: lines, level: 6)
            try Data(compressed).write(to: URL(fileURLWithPath: copy + "/" + shard.name + ".prune"))
            journal.replacements.append(.init(path: shard.name, delete: false))
            manifest.shards[index].bytes = compressed.count
            manifest.shards[index].sha256 = SHA256.hex(SHA256.hash(compressed))
            manifest.shards[index].contentSha256 = SHA256.hex(SHA256.hash(lines))
        }
        manifest.schemaVersions?["videos"] = 2
        manifest.schemaVersions?["channels"] = 2
        manifest.schemaVersions?["comments"] = 1
        journal.manifests[""] = manifest
        try JSONFile.write(journal, to: copy + "/" + ArchivePruner.journalName, pretty: false)
        let finished = try await CLIRunner.run(["prune", copy])
        try #require(finished.status == 0, "\(finished.stderr)")
        return copy
    }

    @Test func anUpgradeKilledAtRandomThenRerunGivesWhatTheCrawlWrote() async throws {
        let out = try await Self.crawled.output()
        let fresh = try Self.lines(out)
        let old = try await Self.downgraded(out)
        defer { try? FileManager.default.removeItem(atPath: old) }
        #expect(try Self.lines(old).values.allSatisfy { !$0.contains(#""urls":"#) }, "an older output")
        #expect(try await CLIRunner.run(["verify", old]).status == 0)
        let refused = try await CLIRunner.run(["update", old, "--budget", "10", "--emulator", "--quiet"])
        #expect(refused.status != 0 && refused.stderr.contains("ytcrawl upgrade \(old)"), "\(refused.stderr)")

        let killed = try await CLIRunner.killRuns(["upgrade", old], times: 5, after: 0.0...0.3) { _ in }
        print("upgrade: \(killed) of 5 runs killed before they finished")
        let upgrade = try await CLIRunner.run(["upgrade", old])
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        let verified = try await CLIRunner.run(["verify", old])
        #expect(verified.status == 0, "\(verified.stderr)")
        let upgraded = try Self.lines(old)
        #expect(upgraded.count == fresh.count)
        let differing = upgraded.filter { fresh[$0.key] != $0.value }
        #expect(differing.isEmpty, "\(differing.count) records differ, e.g. \(differing.first.map { "\($0)" } ?? "")")
        let history = try #require(try Manifest.load(directory: old)?.runs)
        #expect(history.contains { $0.kind == "upgrade" })
    }
}
