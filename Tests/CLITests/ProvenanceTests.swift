import Archive
import Foundation
import TestSupport
import Testing

@testable import StreamingJSON

/// The output as a Frictionless data package: `datapackage.json` validates with frictionless-py
/// for a crawl with videos, channels, comments, links and two snapshots, catches a tampered record, and
/// tells how the data was collected (seeds as written, outcomes, API, never the key); the
/// codebook, the CSV package and the citation.
@Suite("Provenance: data package, codebook, citation")
struct ProvenanceTests {
    static let frictionlessPresent = PythonRunner.canImport("frictionless, jsonlines")
    static let key = "k-provenance-3f9a1c7e5b"
    static let seedLines = [
        "# what this test crawls",
        "search music maxPages=1 walk=channels walkPages=1 links=all depth=1",
        "",
        "search cooking maxPages=2 walk=channels walkPages=1   # a second search",
        "  video dQw4w9WgXcQ",
        "chart US maxPages=1",
        "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR maxPages=1",
        "video AAAAAAAAAAA   # no such video: a missing line",
    ]

    /// One crawl of the emulator with comments and channel links, then two statistics snapshots;
    /// made once.
    enum Crawl {
        static let shared = SharedOutput { try await make() }

        private static func make() async throws -> String {
            let work = CrawlCommandTests.temporary("provenance")
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try ProvenanceTests.seedLines.joined(separator: "\n").write(
                toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
            let env = ["YOUTUBE_API_KEY": ProvenanceTests.key]
            let emulator = ["--emulator", "--emulator-channels", "8", "--state-dir", work + "/state"]
            let crawl = try await CLIRunner.run(
                [
                    "--seeds", work + "/seeds.txt", "--budget", "3000", "--out", work + "/out", "--comments",
                    "--max-comment-pages", "1",
                ] + emulator, environment: env)
            guard crawl.status == 0 else { throw Failed(message: crawl.stderr) }
            for _ in 0..<2 {
                let refresh = try await CLIRunner.run(
                    ["refresh", work + "/out", "--budget", "100", "--quiet"] + emulator, environment: env)
                guard refresh.status == 0 else { throw Failed(message: refresh.stderr) }
                // Snapshots are named by their UTC second.
                try await Task.sleep(for: .milliseconds(1100))
            }
            try (crawl.stdout + crawl.stderr).write(toFile: work + "/crawl.log", atomically: true, encoding: .utf8)
            return work
        }
    }

    struct Failed: Error {
        var message: String
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path), "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func check(_ path: String) async throws -> [String: Any] {
        let script = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/package_check.py").path
        let result = try await PythonRunner.run([script, path])
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result.stderr.suffix(3000))")
    }

    /// Every file of `directory` (recursively), decompressed when gzipped.
    static func everyFile(_ directory: String) throws -> [(path: String, text: String)] {
        let names = FileManager.default.subpaths(atPath: directory) ?? []
        return try names.compactMap { name in
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            if name.hasSuffix(".gz") {
                let unzipped = try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/bin/gzip"), ["-dc", path])
                return (name, unzipped.stdout)
            }
            return (name, String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self))
        }
    }

    @Test func everyFieldOfEveryKindHasADescription() {
        for schema in RecordSchema.all {
            for (path, field) in schema.fields.flatMap(\.flattened) {
                #expect(field.description.count >= 12, "\(schema.kind).\(path): \"\(field.description)\"")
            }
            // No description is left unused (a renamed field would lose its own).
            let paths = Set(schema.fields.flatMap(\.flattened).map(\.path))
            for path in RecordSchema.descriptions(of: schema.kind).keys {
                #expect(paths.contains(path), "\(schema.kind): \(path) describes no field")
            }
        }
        let table = RecordSchema.videos.tableSchema(.jsonLines)
        let text = String(decoding: table.render(pretty: false), as: UTF8.self)
        #expect(text.contains(#""name":"publishedAt","type":"datetime""#))
        #expect(text.contains(#""enum":["short","live","long"]"#))
        #expect(text.contains(#""primaryKey":["videoId"]"#))
    }

    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func theCrawlsPackageValidatesAndTellsHowItWasCollected() async throws {
        let work = try await Crawl.shared.output()
        let out = work + "/out"
        let package = try Self.json(out + "/datapackage.json")
        let resources = try #require(package["resources"] as? [[String: Any]])
        let names = resources.compactMap { $0["name"] as? String }
        #expect(Array(names.prefix(4)) == ["videos", "channels", "comments", "links"], "\(names)")
        #expect(names.filter { $0.hasPrefix("stats-") }.count == 2, "two snapshots: \(names)")
        let manifest = try #require(try Manifest.load(directory: out))
        for resource in resources {
            #expect(resource["format"] as? String == "jsonl" && resource["compression"] as? String == "gz")
            let schema = try #require(resource["schema"] as? [String: Any])
            for field in try #require(schema["fields"] as? [[String: Any]]) {
                #expect(((field["description"] as? String)?.count ?? 0) >= 20, "\(field)")
            }
            if resource["name"] as? String == "videos" {
                let paths = try #require(resource["path"] as? [String])
                #expect(paths == manifest.shards.filter { $0.kind == "videos" }.map(\.name))
                let keys = try #require(schema["foreignKeys"] as? [[String: Any]])
                #expect((keys.first?["reference"] as? [String: Any])?["resource"] as? String == "channels")
            }
        }

        // Valid, with every record counted.
        let valid = try await Self.check(out + "/datapackage.json")
        #expect(valid["valid"] as? Bool == true, "\(valid)")
        let tasks = try #require(valid["tasks"] as? [String: [String: Any]])
        for (kind, count) in manifest.records where count > 0 {
            #expect(tasks[kind]?["rows"] as? Int == count, "\(kind)")
        }

        // The seeds as written, each with its line and outcome.
        let provenance = try #require(package["ytcrawl"] as? [String: Any])
        let seeds = try #require(provenance["seeds"] as? [[String: Any]])
        let expected = Self.seedLines.enumerated().compactMap { index, line -> (Int, String)? in
            let text = (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : (index + 1, text)
        }
        #expect(seeds.map { $0["text"] as? String ?? "" } == expected.map(\.1))
        #expect(seeds.map { $0["line"] as? Int ?? 0 } == expected.map(\.0))
        #expect(seeds.allSatisfy { ($0["file"] as? String)?.hasSuffix("/seeds.txt") == true })
        let outcomes = seeds.compactMap { $0["outcome"] as? [String: Any] }
        #expect(outcomes.count == 6)
        #expect(
            outcomes.first?["status"] as? String == "capped" && outcomes.first?["cappedBy"] as? String == "maxPages")
        // The video that does not exist shares its videos.list call with the other video seed's.
        #expect(outcomes.dropLast().allSatisfy { ($0["pages"] as? Int ?? 0) >= 1 }, "\(outcomes)")
        #expect(provenance["apiRevision"] as? String != nil && provenance["toolVersion"] as? String != nil)
        #expect((provenance["apiBase"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        let window = try #require(provenance["requests"] as? [String: String])
        #expect((window["first"] ?? "") <= (window["last"] ?? ""))
        let runs = try #require(provenance["runs"] as? [[String: Any]])
        #expect(runs.map { $0["kind"] as? String ?? "" } == ["crawl", "refresh", "refresh"])

        // ytcrawl stats --seeds: the same seeds, where they are written.
        let stats = try await CLIRunner.run(["stats", out, "--seeds"])
        #expect(stats.status == 0, "\(stats.stderr)")
        for (line, text) in expected {
            // A long seed is cut to fit the table.
            #expect(
                stats.stdout.contains("seeds.txt:\(line)") && stats.stdout.contains(text.prefix(50)), "\(stats.stdout)")
        }
        #expect(stats.stdout.contains("capped by maxPages"), "\(stats.stdout)")

        // Never the key: not in any file of the output, nor in what the commands printed.
        for (path, text) in try Self.everyFile(work) {
            #expect(!text.contains(Self.key), "the key is in \(path)")
        }
        #expect(!stats.stdout.contains(Self.key))
    }

    /// The analysis crawl holds every kind a crawl writes (live chat, playlists, memberships,
    /// missing ids, results, categories…): frictionless-py reads every row of each.
    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func aPackageOfEveryKindValidates() async throws {
        let out = try await AnalysisCrawl.shared.output()
        let valid = try await Self.check(out + "/datapackage.json")
        #expect(valid["valid"] as? Bool == true, "\(valid)")
        let tasks = try #require(valid["tasks"] as? [String: [String: Any]])
        let manifest = try #require(try Manifest.load(directory: out))
        #expect((manifest.records["chat"] ?? 0) > 0, "live chat in the package")
        // Its `comments` seeds read threads of videos it holds no record of: no comments→videos key.
        #expect((manifest.unresolvedVideos ?? 0) > 0)
        let package = try Self.json(out + "/datapackage.json")
        let resources = try #require(package["resources"] as? [[String: Any]])
        let comments = try #require(resources.first { $0["name"] as? String == "comments" })
        #expect((comments["schema"] as? [String: Any])?["foreignKeys"] == nil)
        for (kind, count) in manifest.records where count > 0 {
            #expect(tasks[kind]?["rows"] as? Int == count, "\(kind): \(tasks[kind] ?? [:])")
        }
    }

    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func aTamperedRecordIsReportedByRowAndField() async throws {
        let work = try await Crawl.shared.output()
        let copy = CrawlCommandTests.temporary("provenance-tampered")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: work + "/out", toPath: copy)
        let shard = copy + "/videos-00000.jsonl.gz"
        let lines = try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/bin/gzip"), ["-dc", shard]).stdout
            .split(separator: "\n").map(String.init)
        try #require(lines.count >= 3)
        // The third record's view count becomes text.
        var record = lines[2]
        let range = try #require(record.range(of: #""viewCount":[0-9]+"#, options: .regularExpression))
        record.replaceSubrange(range, with: #""viewCount":"many""#)
        var tampered = lines
        tampered[2] = record
        try (tampered.joined(separator: "\n") + "\n").write(toFile: copy + "/plain", atomically: true, encoding: .utf8)
        _ = try SpawnedProcess.runToEnd(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip -c '\(copy)/plain' > '\(shard)' && rm '\(copy)/plain'"])
        let result = try await Self.check(copy + "/datapackage.json")
        #expect(result["valid"] as? Bool == false)
        let videos = try #require((result["tasks"] as? [String: [String: Any]])?["videos"])
        let errors = try #require(videos["errors"] as? [[String: Any]])
        #expect(errors.count == 1, "\(errors)")
        // Row 1 is the header frictionless reads from the first record's keys: record 3 is row 4.
        #expect(errors.first?["row"] as? Int == 4 && errors.first?["field"] as? String == "viewCount", "\(errors)")
        #expect(errors.first?["type"] as? String == "type-error", "\(errors)")
    }

    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func theCSVPackageValidatesWithTheManifestsCounts() async throws {
        let work = try await Crawl.shared.output()
        let out = work + "/out"
        let csv = CrawlCommandTests.temporary("provenance-csv")
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let export = try await CLIRunner.run(["export", out, "--csv-package", csv])
        #expect(export.status == 0, "\(export.stderr)")
        let result = try await Self.check(csv + "/datapackage.json")
        #expect(result["valid"] as? Bool == true, "\(result)")
        let tasks = try #require(result["tasks"] as? [String: [String: Any]])
        let manifest = try #require(try Manifest.load(directory: out))
        for (kind, count) in manifest.records where count > 0 {
            #expect(tasks[kind]?["rows"] as? Int == count, "\(kind)")
        }
        var stats = 0
        for name in SnapshotDirectory.names(in: out) {
            stats +=
                try #require(try Manifest.load(directory: SnapshotDirectory.root(of: out) + "/" + name)).records[
                    "stats"] ?? 0
        }
        #expect(stats > 0 && tasks["stats"]?["rows"] as? Int == stats)
        let package = try Self.json(csv + "/datapackage.json")
        #expect((package["ytcrawl"] as? [String: Any])?["seeds"] != nil, "the provenance travels with the CSV")
    }

    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func aSchemaOneOutputGetsAValidPackage() async throws {
        let directory = try SchemaOneOutputTests.copy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(!FileManager.default.fileExists(atPath: directory + "/datapackage.json"))
        try DataPackage.write(for: directory)
        let package = try Self.json(directory + "/datapackage.json")
        let videos = try #require((package["resources"] as? [[String: Any]])?.first)
        let fields = try #require((videos["schema"] as? [String: Any])?["fields"] as? [[String: Any]])
        #expect(fields.count == RecordSchema.videos.atVersion(1).fields.count, "the columns of version 1")
        let result = try await Self.check(directory + "/datapackage.json")
        #expect(result["valid"] as? Bool == true, "\(result)")
        let codebook = try await CLIRunner.run(["codebook", directory])
        #expect(codebook.status == 0 && codebook.stdout.contains("`viewCount`"), "\(codebook.stderr)")
        #expect(codebook.stdout.contains("no seeds") || !codebook.stdout.contains("### Seeds"))
    }

    @Test func aSearchThatRunsIntoTheResultLimitIsCappedByIt() async throws {
        let work = CrawlCommandTests.temporary("provenance-cap")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search music\n".write(toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", work + "/seeds.txt", "--budget", "100", "--emulator", "--out", work + "/out", "--state-dir",
            work + "/state", "--quiet",
        ])
        try #require(crawl.status == 0, "\(crawl.stderr)")
        let seeds = try #require(try Manifest.load(directory: work + "/out")?.provenance?.seeds)
        #expect(seeds.count == 1 && seeds[0].line == 1 && seeds[0].text == "search music")
        #expect(seeds[0].outcome?.status == .capped && seeds[0].outcome?.cappedBy == "search limit", "\(seeds)")
        #expect(seeds[0].outcome?.pages == 10, "500 results, 50 a page")
        let stats = try await CLIRunner.run(["stats", work + "/out", "--seeds"])
        #expect(
            stats.stdout.contains("seeds.txt:1") && stats.stdout.contains("capped by search limit"), "\(stats.stdout)")
    }

    /// An update keeps each seed's file and line and adds its run; a merge's package lists the
    /// snapshots it copied and the inputs' seeds.
    @Test(
        .enabled(
            if: frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func updateAndMergeKeepTheProvenance() async throws {
        let work = try await Crawl.shared.output()
        let copy = CrawlCommandTests.temporary("provenance-update")
        let merged = CrawlCommandTests.temporary("provenance-merged")
        defer { for path in [copy, merged] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.copyItem(atPath: work + "/out", toPath: copy)
        let update = try await CLIRunner.run(
            [
                "update", copy, "--budget", "20", "--emulator", "--emulator-channels", "8", "--state-dir",
                work + "/state", "--quiet",
            ], environment: ["YOUTUBE_API_KEY": Self.key])
        #expect(update.status == 0, "\(update.stderr)")
        let package = try Self.json(copy + "/datapackage.json")
        let provenance = try #require(package["ytcrawl"] as? [String: Any])
        let seeds = try #require(provenance["seeds"] as? [[String: Any]])
        #expect(
            seeds.map { $0["line"] as? Int ?? 0 } == [2, 4, 5, 6, 7, 8], "the lines of the crawl's seeds file: \(seeds)"
        )
        #expect(seeds.allSatisfy { ($0["file"] as? String)?.hasSuffix("/seeds.txt") == true })
        let runs = try #require(provenance["runs"] as? [[String: Any]])
        #expect(runs.map { $0["kind"] as? String ?? "" } == ["crawl", "refresh", "refresh", "update"])

        let merge = try await CLIRunner.run(["merge", work + "/out", "--out", merged])
        #expect(merge.status == 0, "\(merge.stderr)")
        let mergedPackage = try Self.json(merged + "/datapackage.json")
        let names = (mergedPackage["resources"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.filter { $0.hasPrefix("stats-") }.count == 2, "the copied snapshots: \(names)")
        let mergedSeeds = (mergedPackage["ytcrawl"] as? [String: Any])?["seeds"] as? [[String: Any]]
        #expect(mergedSeeds?.map { $0["text"] as? String ?? "" } == seeds.map { $0["text"] as? String ?? "" })
        let valid = try await Self.check(merged + "/datapackage.json")
        #expect(valid["valid"] as? Bool == true, "\(valid)")
    }

    @Test func theCodebookListsEveryFieldWithNullsAndExamples() async throws {
        let directory = try ReportCommandTests.output(comments: true, snapshots: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let markdown = try await CLIRunner.run(["codebook", directory])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        for kind in [RecordKind.videos, .comments, .stats] {
            #expect(markdown.stdout.contains("## \(kind.rawValue)"))
            for (path, _) in kind.schema.fields.flatMap(\.flattened) {
                #expect(markdown.stdout.contains("`\(path)`"), "\(kind).\(path)")
            }
        }
        // Measured: every video has a title, none a tags list (the test output has none).
        #expect(markdown.stdout.contains("| `title` | string | 0% | `video 0` |"), "\(markdown.stdout.prefix(3000))")
        #expect(markdown.stdout.contains("| `tags` | array of strings | 100% |"))
    }

    @Test(
        .enabled(
            if: GalleryCommandTests.chromium != nil, "no chromium (Debian package `chromium`, installed by .ci/run)"))
    func chromiumRendersTheCodebookWithEveryField() async throws {
        let directory = try ReportCommandTests.output(comments: true, snapshots: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await CLIRunner.run(["codebook", directory, "--format", "html"])
        #expect(run.status == 0, "\(run.stderr)")
        let rendered = try #require(try await ReportCommandTests.render(directory + "/codebook.html"))
        #expect(rendered.console.isEmpty, "\(rendered.console)")
        #expect(rendered.screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        for kind in [RecordKind.videos, .comments, .stats] {
            #expect(rendered.dom.contains("id=\"kind-\(kind.rawValue)\""))
            for (path, _) in kind.schema.fields.flatMap(\.flattened) {
                #expect(rendered.dom.contains("<code>\(path)</code>"), "\(kind).\(path)")
            }
        }
        #expect(rendered.dom.contains("id=\"provenance\""))
        // A title cannot inject markup.
        #expect(!rendered.dom.contains("<script>alert"))
    }

    @Test func theCitationNamesThisVersion() async throws {
        let cite = try await CLIRunner.run(["--cite"])
        #expect(cite.status == 0)
        let version = try await CLIRunner.run(["--version"])
        let number = try #require(version.stdout.split(separator: "\n").first?.split(separator: " ").last)
        #expect(cite.stdout.contains("@software{ytcrawl"), "\(cite.stdout)")
        #expect(cite.stdout.contains("version = {\(number)}") && cite.stdout.contains("(version \(number))"))
        let cff = try String(
            contentsOfFile: SchemaCommandTests.repository.appendingPathComponent("CITATION.cff").path, encoding: .utf8)
        #expect(cff.contains("version: \"\(number)\""), "CITATION.cff names the version ytcrawl --version says")
        #expect(cff.contains("cff-version: 1.2.0"))
    }
}
