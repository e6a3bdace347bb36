import Archive
import Foundation
import TestSupport
import Testing

/// `ytcrawl update` through the command line, against `ytcrawl emulate` processes.
@Suite("ytcrawl update")
struct UpdateCommandTests {
    typealias Row = [String: Any]

    static func manifest(_ out: String) throws -> Row {
        let data = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Row)
    }

    static func runs(_ out: String) throws -> [Row] {
        try #require(try manifest(out)["runs"] as? [Row])
    }

    @Test func anUpdateNeedsAFinishedCrawlAndSaysHowToGetOne() async throws {
        let out = CrawlCommandTests.temporary("update-refusals")
        let seeds = out + "-seeds.txt"
        defer { for path in [out, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let empty = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator"])
        #expect(empty.status == 2)
        #expect(
            empty.stderr.contains("holds no crawl to update") && empty.stderr.contains("--out \(out)"),
            "\(empty.stderr)")
        let noDirectory = try await CLIRunner.run(["update", "--budget", "100"])
        #expect(noDirectory.status == 2 && noDirectory.stderr.contains("needs the output directory"))
        let badOverlap = try await CLIRunner.run(["update", out, "--budget", "100", "--overlap", "soon"])
        #expect(badOverlap.status == 2 && badOverlap.stderr.contains("--overlap soon"), "\(badOverlap.stderr)")
        let tooOften = try await CLIRunner.run(["update", out, "--budget", "100", "--every", "30s"])
        #expect(tooOften.status == 2 && tooOften.stderr.contains("at least a minute"), "\(tooOften.stderr)")

        // A crawl the budget stopped has not finished: the update says to finish it first.
        try "channel UC_x5XG1OV2P6uZZ5FSM9Ttw\nsearch cats maxPages=3\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--out", out, "--budget", "2", "--emulator", "--progress", "never", "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let early = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator", "--quiet"])
        #expect(early.status == 2, "\(early.stderr)")
        #expect(early.stderr.contains("has not finished"), "\(early.stderr)")
        // Finished, then updated: the history has both runs; a second update a third.
        #expect(
            try await CLIRunner.run(["--seeds", seeds, "--out", out, "--budget", "1000", "--emulator", "--quiet"])
                .status == 0)
        let update = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator", "--progress", "never"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("update: 0 new videos from 0 of 1 channel"), "\(update.stdout)")
        let runs = try Self.runs(out)
        #expect(runs.map { $0["kind"] as? String } == ["crawl", "update"])
        #expect(runs.allSatisfy { $0["finishedAt"] is String })
        #expect((runs[1]["unitsByMethod"] as? [String: Int])?["channels.list"] == 1, "\(runs[1])")
        let stats = try await CLIRunner.run(["stats", out])
        #expect(stats.stdout.contains("runs: 2") && stats.stdout.contains("update "), "\(stats.stdout)")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)

        // Outputs no seeds made say what to update instead.
        #expect(try await CLIRunner.run(["refresh", out, "--budget", "10", "--emulator", "--quiet"]).status == 0)
        let snapshot = out + "/snapshots/" + (SnapshotDirectory.names(in: out).first ?? "")
        let ofSnapshot = try await CLIRunner.run(["update", snapshot, "--budget", "10", "--emulator"])
        #expect(ofSnapshot.status == 2, "\(ofSnapshot.stderr)")
        #expect(
            ofSnapshot.stderr.contains("statistics snapshot") && ofSnapshot.stderr.contains("ytcrawl update \(out)"))
        #expect(try await CLIRunner.run(["merge", out, "--out", out + "-merged"]).status == 0)
        defer { try? FileManager.default.removeItem(atPath: out + "-merged") }
        let ofMerge = try await CLIRunner.run(["update", out + "-merged", "--budget", "10", "--emulator"])
        #expect(ofMerge.status == 2 && ofMerge.stderr.contains("is a merge of"), "\(ofMerge.stderr)")
    }

    /// The command of Samples/deploy/update-cronjob.yaml, with its paths moved under a temporary
    /// directory and the API base of an emulator added, after a crawl of the same output.
    /// An update refused for a damaged shard leaves the directory as it was: each refusal used
    /// to add an empty `.part` shard per kind, which `prune` then took for a crawl in progress.
    @Test func aRefusedUpdateLeavesNoPartShards() async throws {
        let out = CrawlCommandTests.temporary("update-refused")
        let seeds = out + "-seeds.txt"
        defer { for path in [out, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--out", out, "--budget", "300", "--emulator", "--progress", "never", "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let shard = out + "/videos-00000.jsonl.gz"
        var bytes = try #require(FileManager.default.contents(atPath: shard))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: shard))
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        for _ in 0..<2 {
            let update = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator", "--quiet"])
            #expect(update.status == 1 && update.stderr.contains("videos-00000.jsonl.gz"), "\(update.stderr)")
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(after == files, "before: \(files); after: \(after)")
        // Without its manifest (its runs, their units, its provenance) an update is refused
        // rather than rebuilding that history from the shards alone.
        try FileManager.default.removeItem(atPath: out + "/manifest.json")
        let orphan = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator", "--quiet"])
        #expect(orphan.status == 2, "\(orphan.stderr)")
        #expect(orphan.stderr.contains("no manifest.json") && orphan.stderr.contains("restore"), "\(orphan.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"), "nothing written")
    }

    @Test func theCronJobsCommandRunsAgainstTheEmulator() async throws {
        let (command, manifest) = try RefreshInputTests.cronJob("update-cronjob.yaml")
        #expect(command.first == "ytcrawl" && command.dropFirst().first == "update", "\(command)")
        #expect(command.contains("--key-file"), "the key comes from the mounted secret")
        #expect(manifest.contains("kind: CronJob") && manifest.contains("concurrencyPolicy: Forbid"))
        let root = CrawlCommandTests.temporary("update-cronjob")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let emulator = try await ExternalEmulator.start(["--channels", "8", "--keys", "cronjob-key"])
        defer { emulator.stop() }
        try FileManager.default.createDirectory(atPath: root + "/secrets/youtube", withIntermediateDirectories: true)
        try "cronjob-key\n".write(toFile: root + "/secrets/youtube/key", atomically: true, encoding: .utf8)
        try "search ocean walk=channels maxPages=1\n".write(
            toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", root + "/seeds.txt", "--out", root + "/data/out", "--budget", "2000", "--key-file",
            root + "/secrets/youtube/key", "--api-base", emulator.base, "--state-dir", root + "/data/state", "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let arguments = command.dropFirst().map { $0.hasPrefix("/") ? root + $0 : $0 } + ["--api-base", emulator.base]
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("cronjob-key") && !result.stderr.contains("cronjob-key"))
        let summary = try RefreshCommandTests.summary(root + "/data/out/last-update-summary.json")
        #expect((summary["update"] as? Row)?["searches"] as? Int == 1, "\(summary)")
        #expect(try await CLIRunner.run(arguments).status == 0)
        #expect(try Self.runs(root + "/data/out").map { $0["kind"] as? String } == ["crawl", "update", "update"])
    }

    /// The options of the crawl's checkpoint, as JSON.
    static func savedOptions(_ out: String) throws -> Row? {
        let data = try #require(FileManager.default.contents(atPath: out + "/checkpoint.json"))
        let checkpoint = try #require(try JSONSerialization.jsonObject(with: data) as? Row)
        return (checkpoint["frontier"] as? Row)?["options"] as? Row
    }

    @Test func anUpdateCollectsWhatTheCrawlCollectedUnlessToldMore() async throws {
        let out = CrawlCommandTests.temporary("update-options")
        let seeds = out + "-seeds.txt"
        defer { for path in [out, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "channel UC_x5XG1OV2P6uZZ5FSM9Ttw\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--out", out, "--budget", "500", "--emulator", "--quiet", "--formats", "--no-hydrate",
            "--video-parts", "snippet,statistics",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let saved = try #require(try Self.savedOptions(out))
        #expect(saved["formats"] as? Bool == true && saved["hydrate"] as? Bool == false)
        #expect(saved["videoParts"] as? String == "snippet,statistics")
        // Nothing said: the crawl's options; a flag given adds to them.
        let update = try await CLIRunner.run(["update", out, "--budget", "100", "--emulator", "--quiet", "--comments"])
        #expect(update.status == 0, "\(update.stderr)")
        let after = try #require(try Self.savedOptions(out))
        #expect(after["formats"] as? Bool == true && after["hydrate"] as? Bool == false, "\(after)")
        #expect(after["videoParts"] as? String == "snippet,statistics" && after["comments"] as? Bool == true)
    }
}
