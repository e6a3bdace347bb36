import Archive
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// `ytcrawl hydrate` and `ytcrawl dehydrate`: a file of ids with repeats, invalid lines and ids
/// the emulator does not have becomes each valid id once, in the output or as missing, at one
/// unit per 50 ids, through kills; dehydrated and hydrated again it gives the same records.
@Suite("ytcrawl hydrate and dehydrate")
struct HydrateCommandTests {
    typealias Row = [String: Any]

    static func rows(_ out: String, _ kind: RecordKind) throws -> [Row] {
        var rows: [Row] = []
        try ArchiveReader.forEachCompleteLine(directory: out, kind: kind) { line in
            rows.append(try #require(try JSONSerialization.jsonObject(with: Data(line)) as? Row))
        }
        return rows
    }

    /// A file of `valid` of the corpus's video ids (ids and URLs mixed), 2% ids the corpus does not
    /// have, 5% repeats and 1% invalid lines, shuffled, with a comment and blank lines; its valid
    /// unique ids and its unknown ones.
    static func idsFile(_ path: String, valid: Int) throws -> (ids: Set<String>, unknown: Set<String>, lines: Int) {
        let truth = EmulatorService(EmulatorConfiguration())
        var generator = SplitMix(seed: 62)
        let known = truth.truthVideos().prefix(valid).map(\.videoId)
        let unknown = (0..<(valid / 50)).map { "Zz" + String(format: "%08d", $0) + "A" }
        var lines = (known + unknown).map { id in
            Bool.random(using: &generator) ? id : "https://www.youtube.com/watch?v=\(id)&t=10s"
        }
        let pool = lines
        lines += (0..<(valid / 20)).map { _ in pool.randomElement(using: &generator)! }
        lines += (0..<(valid / 100)).map { "not an id \($0)" }
        lines.shuffle(using: &generator)
        lines.insert("# video ids shared with a paper", at: 0)
        lines.insert("", at: lines.count / 2)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (Set(known), Set(unknown), lines.count)
    }

    @Test func everyValidIdOnceInTheOutputOrMissingThroughKills() async throws {
        let root = CrawlCommandTests.temporary("hydrate")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "hydrate-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let file = root + "/ids.txt"
        let (ids, unknown, lineCount) = try Self.idsFile(file, valid: 6000)
        func arguments(_ out: String, base: String) -> [String] {
            [
                "hydrate", file, "--out", out, "--budget", "5000", "--api-base", base, "--key-file", root + "/key",
                "--state-dir", root + "/state-" + URL(fileURLWithPath: out).lastPathComponent, "--progress", "never",
                "--shard-records", "700", "--summary-json", out + ".summary.json",
            ]
        }
        let emulator = try await ExternalEmulator.start(["--latency-ms", "80"])
        defer { emulator.stop() }
        let whole = root + "/whole"
        let uninterrupted = try await CLIRunner.run(arguments(whole, base: emulator.base))
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")
        #expect(uninterrupted.stderr.contains("ids.txt: \(lineCount) lines, \(ids.count + unknown.count) ids"))
        #expect(uninterrupted.stderr.contains(": not a video id or URL; skipped"), "invalid lines named")
        let killed = root + "/killed"
        let kills = try await CLIRunner.killRuns(arguments(killed, base: emulator.base), times: 4, after: 0.3...1.2) {
            _ in
        }
        #expect(kills >= 2, "kills landed mid-run")
        let final = try await CLIRunner.run(arguments(killed, base: emulator.base))
        #expect(final.status == 0, "\(final.stderr)")

        for out in [whole, killed] {
            let videos = try Self.rows(out, .videos).compactMap { $0["videoId"] as? String }
            let missing = try Self.rows(out, .missing).compactMap { $0["id"] as? String }
            #expect(videos.count == Set(videos).count && missing.count == Set(missing).count, "\(out): each once")
            #expect(Set(videos) == ids, "\(out): \(videos.count) videos of \(ids.count)")
            #expect(Set(missing) == unknown, "\(out): \(missing.count) missing of \(unknown.count)")
            let manifest = try #require(try Manifest.load(directory: out))
            let entry = try #require(manifest.provenance?.seeds?.first?.idFile)
            #expect(entry.ids == ids.count + unknown.count && entry.invalid == 6000 / 100 && entry.lines == lineCount)
            #expect(entry.duplicates == 6000 / 20 && entry.invalidLines.count == 20)
            for name in ["manifest.json", "datapackage.json"] {
                let size = try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int ?? .max
                #expect(size < 64 << 10, "\(name): \(size) bytes")
            }
            let verify = try await CLIRunner.run(["verify", out])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
        // Units: one videos.list call per 50 unique ids, nothing asked twice.
        let manifest = try #require(try Manifest.load(directory: whole))
        #expect(manifest.unitsByMethod["videos.list"] == (ids.count + unknown.count + 49) / 50)

        // An update keeps the file's entry (it reads no file): an edit is still seen after it.
        let update = try await CLIRunner.run([
            "update", whole, "--budget", "100", "--api-base", emulator.base, "--key-file", root + "/key", "--state-dir",
            root + "/state-whole", "--progress", "never",
        ])
        #expect(update.status == 0, "\(update.stderr)")
        let updated = try #require(try Manifest.load(directory: whole))
        #expect(updated.provenance?.seeds?.first?.idFile?.ids == ids.count + unknown.count, "kept by the update")

        // The same file, edited: refused, then hydrated again from its start with --restart.
        try (String(contentsOfFile: file, encoding: .utf8) + "dQw4w9WgXcQ\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        let edited = try await CLIRunner.run(arguments(whole, base: emulator.base))
        #expect(edited.status == 2 && edited.stderr.contains("changed since") && edited.stderr.contains("--restart"))
        let restarted = try await CLIRunner.run(arguments(whole, base: emulator.base) + ["--restart"])
        #expect(restarted.status == 0, "\(restarted.stderr)")
        let again = try Self.rows(whole, .videos).compactMap { $0["videoId"] as? String }
        #expect(again.count == Set(again).count && Set(again) == ids, "records already there stay, once")

        // Dehydrated, then hydrated into a new output the same day: the same records.
        let shared = root + "/share/video-ids.txt"
        let dehydrated = try await CLIRunner.run(["dehydrate", killed, "--out", shared])
        #expect(dehydrated.status == 0, "\(dehydrated.stderr)")
        let written = try String(contentsOfFile: shared, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Set(written) == ids.union(unknown) && written.count == ids.count + unknown.count)
        let package = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: root + "/share/datapackage.json")))
                as? Row)
        let about = try #require(package["ytcrawl"] as? Row)
        #expect(about["records"] as? Int == ids.count && about["missing"] as? Int == unknown.count)
        #expect((about["rebuild"] as? String)?.hasPrefix("ytcrawl hydrate video-ids.txt --kind videos") == true)
        let other = try await CLIRunner.run(["dehydrate", killed, "--kind", "channels", "--out", root + "/share/c.txt"])
        #expect(
            other.status == 2 && other.stderr.contains("describes video-ids.txt"),
            "another dehydrate's package stays: \(other.stderr)")
        let withoutMissing = try await CLIRunner.run([
            "dehydrate", killed, "--out", root + "/share2/ids.txt", "--exclude-missing",
        ])
        #expect(withoutMissing.status == 0)
        #expect(
            try String(contentsOfFile: root + "/share2/ids.txt", encoding: .utf8).split(separator: "\n").count
                == ids.count)
        let rebuilt = root + "/rebuilt"
        var rebuild = arguments(rebuilt, base: emulator.base)
        rebuild[1] = shared
        let hydrated = try await CLIRunner.run(rebuild)
        #expect(hydrated.status == 0, "\(hydrated.stderr)")
        func records(_ out: String) throws -> [String: String] {
            var byId: [String: String] = [:]
            for var row in try Self.rows(out, .videos) {
                // How and when each was fetched differ; what YouTube says of it does not.
                row["fetchedAt"] = nil
                row["source"] = nil
                let id = row["videoId"] as? String ?? ""
                byId[id] = String(
                    decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
            }
            return byId
        }
        #expect(try records(rebuilt) == records(killed), "the rebuild holds the same records")
        #expect(Set(try Self.rows(rebuilt, .missing).compactMap { $0["id"] as? String }) == unknown)
        if PythonRunner.canImport("frictionless") {
            let valid = try await PythonRunner.run([
                "-c",
                "import frictionless, sys; r = frictionless.validate(sys.argv[1]); print(r.valid); sys.exit(0 if r.valid else 1)",
                root + "/share/datapackage.json",
            ])
            #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        }
    }

    @Test func channelAndPlaylistIdsAndUnusableFiles() async throws {
        let root = CrawlCommandTests.temporary("hydrate-kinds")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let truth = EmulatorService(EmulatorConfiguration())
        let channels = Array(truth.channelIds.prefix(120))
        let playlists = Array(truth.playlistIds.prefix(60))
        let noChannel = "UC" + String(repeating: "q", count: 22)
        let noPlaylist = "PL" + String(repeating: "q", count: 32)
        try (channels.map { "https://www.youtube.com/channel/\($0)" } + [noChannel, channels[0], "@handle"])
            .joined(separator: "\n").write(toFile: root + "/channels.txt", atomically: true, encoding: .utf8)
        try (playlists + [noPlaylist, playlists[1]]).joined(separator: "\n")
            .write(toFile: root + "/playlists.txt", atomically: true, encoding: .utf8)
        let environment = ["YOUTUBE_API_KEY": "hydrate-kinds"]
        for (kind, ids, absent) in [("channels", channels, noChannel), ("playlists", playlists, noPlaylist)] {
            let out = root + "/" + kind
            let result = try await CLIRunner.run(
                [
                    "hydrate", root + "/\(kind).txt", "--kind", kind, "--out", out, "--budget", "100", "--emulator",
                    "--state-dir", out + "-state", "--quiet", "--summary-json", out + ".json",
                ], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let recordKind: RecordKind = kind == "channels" ? .channels : .playlists
            let written = try Self.rows(out, recordKind).compactMap { $0[recordKind.idColumn] as? String }
            #expect(
                written.count == Set(written).count && Set(ids).isSubset(of: written),
                "\(kind): \(written.count) written, \(Set(ids).subtracting(written).prefix(3)) not; \(result.stdout)")
            #expect(try Self.rows(out, .missing).compactMap { $0["id"] as? String } == [absent])
            let manifest = try #require(try Manifest.load(directory: out))
            let method = kind == "channels" ? "channels.list" : "playlists.list"
            #expect(manifest.unitsByMethod[method] ?? 0 >= (ids.count + 1 + 49) / 50)
        }
        let none = try await CLIRunner.run(["hydrate", root + "/nothing.txt", "--out", root + "/x", "--budget", "5"])
        #expect(none.status == 2 && none.stderr.contains("cannot open the ids file"), "\(none.stderr)")
        let kind = try await CLIRunner.run(["hydrate", root + "/channels.txt", "--kind", "users", "--budget", "5"])
        #expect(kind.status == 2 && kind.stderr.contains("--kind"), "\(kind.stderr)")
    }

    /// A seeds file of thousands of seeds: the manifest and the data package list the first 100
    /// and count the rest, so a checkpoint never rewrites megabytes.
    @Test func aLargeSeedsFileKeepsTheManifestSmall() async throws {
        let root = CrawlCommandTests.temporary("many-seeds")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let ids = EmulatorService(EmulatorConfiguration()).truthVideos().prefix(3000).map(\.videoId)
        try (ids.map { "video \($0)" } + ["video AAAAAAAAAAA"]).joined(separator: "\n")
            .write(toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let out = root + "/out"
        let crawl = try await CLIRunner.run(
            [
                "--seeds", root + "/seeds.txt", "--out", out, "--budget", "500", "--emulator", "--state-dir",
                root + "/state", "--quiet",
            ], environment: ["YOUTUBE_API_KEY": "many-seeds"])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        for name in ["manifest.json", "datapackage.json"] {
            let size = try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int ?? .max
            #expect(size < 64 << 10, "\(name): \(size) bytes for 3,001 seeds")
        }
        let manifest = try #require(try Manifest.load(directory: out))
        #expect(manifest.provenance?.seeds?.count == Provenance.maximumListedSeeds)
        #expect(manifest.provenance?.seedCount == 3001 && manifest.provenance?.outcomeCounts == ["done": 3001])
        #expect(try Self.rows(out, .missing).compactMap { $0["id"] as? String } == ["AAAAAAAAAAA"])
        let stats = try await CLIRunner.run(["stats", out, "--seeds"])
        #expect(stats.stdout.contains("seeds of \(out): 3001"), "\(stats.stdout.prefix(300))")
        #expect(stats.stdout.contains("the manifest lists the first 100 of 3001; outcomes: 3001 done"))
    }
}
