import Archive
import Crawler
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

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

    /// An output's records of `kind` by id, as sorted JSON without `fetchedAt` and `source`: how
    /// and when each was fetched differ between a crawl and its rebuild; what YouTube says does not.
    static func records(_ out: String, _ kind: RecordKind) throws -> [String: String] {
        var byId: [String: String] = [:]
        for var row in try rows(out, kind) {
            row["fetchedAt"] = nil
            row["source"] = nil
            byId[row[kind.idColumn] as? String ?? ""] = String(
                decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
        }
        return byId
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
        #expect(
            try Self.records(rebuilt, .videos) == Self.records(killed, .videos), "the rebuild holds the same records")
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
            if recordKind == .playlists {
                let stats = try await CLIRunner.run(["stats", out])
                #expect(
                    stats.stdout.contains("playlists: \(written.count) records, \(written.count) unique"),
                    "\(stats.stdout)")
            }
            let manifest = try #require(try Manifest.load(directory: out))
            let method = kind == "channels" ? "channels.list" : "playlists.list"
            #expect(manifest.unitsByMethod[method] ?? 0 >= (ids.count + 1 + 49) / 50)
        }
        // Stopped by its budget, the hydration is what an update says to finish first.
        let stopped = root + "/stopped"
        let partial = try await CLIRunner.run(
            [
                "hydrate", root + "/channels.txt", "--kind", "channels", "--out", stopped, "--budget", "1",
                "--emulator", "--state-dir", stopped + "-state", "--quiet",
            ], environment: environment)
        #expect(partial.status == 0, "\(partial.stderr)")
        let early = try await CLIRunner.run(
            ["update", stopped, "--budget", "10", "--emulator", "--state-dir", stopped + "-state", "--quiet"],
            environment: environment)
        #expect(
            early.status == 2 && early.stderr.contains("ytcrawl hydrate \(root)/channels.txt --kind channels"),
            "\(early.stderr)")
        let piped = try await CLIRunner.run(
            ["hydrate", "-", "--out", root + "/x", "--budget", "5"], input: Data("dQw4w9WgXcQ\n".utf8))
        #expect(piped.status == 2 && piped.stderr.contains("not standard input"), "\(piped.stderr)")
        let none = try await CLIRunner.run(["hydrate", root + "/nothing.txt", "--out", root + "/x", "--budget", "5"])
        #expect(none.status == 2 && none.stderr.contains("cannot open the ids file"), "\(none.stderr)")
        let kind = try await CLIRunner.run(["hydrate", root + "/channels.txt", "--kind", "users", "--budget", "5"])
        #expect(kind.status == 2 && kind.stderr.contains("--kind"), "\(kind.stderr)")
    }

    /// Comment ids (threads' and replies', bare and as `lc=` links, repeated, some unknown): each
    /// asked comment once with its video, channel and parent as the truth has them, the unknown
    /// ones missing, at one commentThreads.list call per 50 ids and one comments.list call per
    /// batch that names replies of threads that exist; dehydrated and hydrated again, the same.
    @Test func commentIdsTopLevelAndRepliesThroughDehydrate() async throws {
        let root = CrawlCommandTests.temporary("hydrate-comments")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let truth = EmulatorService(EmulatorConfiguration())
        let videos = truth.truthVideos().prefix(30).map(\.videoId)
        let comments = truth.truthComments(videoIds: videos)
        let tops = comments.filter { $0.parentId == nil }.prefix(70)
        let replies = comments.filter { $0.parentId != nil }.prefix(45)
        #expect(tops.count == 70 && replies.count == 45, "the corpus has comments to ask for")
        let asked = Array(tops) + Array(replies)
        let byId = Dictionary(asked.map { ($0.commentId, $0) }, uniquingKeysWith: { first, _ in first })
        let unknownThread = "UgzNoSuchThread0000000AaABAg"
        let unknown = [
            unknownThread, unknownThread + ".9zNoSuchReply0", tops[tops.startIndex].commentId + ".9zNoSuchReply1",
        ]
        var generator = SplitMix(seed: 63)
        var lines = (asked.map(\.commentId) + unknown).map { id in
            Bool.random(using: &generator) ? id : "https://www.youtube.com/watch?v=\(videos[0])&lc=\(id)"
        }
        lines += lines.prefix(10)
        lines += ["not a comment id", "Ugz.short"]
        lines.shuffle(using: &generator)
        try (["# comments quoted in a paper"] + lines).joined(separator: "\n")
            .write(toFile: root + "/comments.txt", atomically: true, encoding: .utf8)
        // Each batch is the next 50 distinct ids in the file's order.
        var order: [String] = []
        var seen: Set<String> = []
        for line in lines {
            guard case .id(let id) = IdFile.parse(Substring(line), kind: .comment), seen.insert(id).inserted else {
                continue
            }
            order.append(id)
        }
        #expect(order.count == asked.count + unknown.count)
        let batches = stride(from: 0, to: order.count, by: 50).map { Array(order[$0..<min($0 + 50, order.count)]) }
        let replyCalls = batches.filter { batch in
            batch.contains { $0.contains(".") && !$0.hasPrefix(unknownThread) }
        }.count

        let emulator = try await ExternalEmulator.start([])
        defer { emulator.stop() }
        func hydrate(_ file: String, _ out: String) async throws -> CLIRunner.Result {
            try await CLIRunner.run(
                [
                    "hydrate", file, "--kind", "comments", "--out", out, "--budget", "100", "--api-base",
                    emulator.base, "--state-dir", out + "-state", "--progress", "never", "--summary-json",
                    out + ".json",
                ], environment: ["YOUTUBE_API_KEY": "hydrate-comments"])
        }
        let out = root + "/out"
        let result = try await hydrate(root + "/comments.txt", out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not a comment id or URL; skipped"), "\(result.stderr)")
        let rows = try Self.rows(out, .comments)
        let written = rows.compactMap { $0["commentId"] as? String }
        #expect(written.count == Set(written).count && Set(written) == Set(byId.keys), "each asked comment once")
        for row in rows {
            guard let id = row["commentId"] as? String, let expected = byId[id] else { continue }
            #expect(row["videoId"] as? String == expected.videoId, "\(id): video")
            #expect(row["channelId"] as? String == expected.channelId, "\(id): channel")
            #expect(row["parentId"] as? String == expected.parentId, "\(id): parent")
            #expect(row["threadId"] as? String == expected.threadId, "\(id): thread")
            #expect(row["text"] as? String == expected.text, "\(id): text")
            #expect(row["totalReplyCount"] as? Int == expected.totalReplyCount, "\(id): replies")
        }
        #expect(Set(try Self.rows(out, .missing).compactMap { $0["id"] as? String }) == Set(unknown))
        let stats = try await CLIRunner.run(["stats", out])
        #expect(stats.stdout.contains("missing:   3 ids asked for and not returned (3 comment)"), "\(stats.stdout)")
        let manifest = try #require(try Manifest.load(directory: out))
        #expect(manifest.unitsByMethod["commentThreads.list"] == batches.count)
        #expect(manifest.unitsByMethod["comments.list"] == replyCalls)
        let entry = try #require(manifest.provenance?.seeds?.first?.idFile)
        #expect(entry.duplicates == 10 && entry.invalid == 2, "\(entry)")
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")

        let shared = root + "/share/comment-ids.txt"
        let dehydrated = try await CLIRunner.run(["dehydrate", out, "--kind", "comments", "--out", shared])
        #expect(dehydrated.status == 0, "\(dehydrated.stderr)")
        let package = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: root + "/share/datapackage.json"))) as? Row)
        let rebuildCommand = (package["ytcrawl"] as? Row)?["rebuild"] as? String ?? ""
        #expect(rebuildCommand.hasPrefix("ytcrawl hydrate comment-ids.txt --kind comments"), "\(rebuildCommand)")
        let rebuilt = root + "/rebuilt"
        let again = try await hydrate(shared, rebuilt)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try Self.records(rebuilt, .comments) == Self.records(out, .comments), "the rebuild holds the same comments")
        #expect(Set(try Self.rows(rebuilt, .missing).compactMap { $0["id"] as? String }) == Set(unknown))
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
