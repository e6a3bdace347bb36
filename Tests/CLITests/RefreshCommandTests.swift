import Archive
import Foundation
import TestSupport
import Testing

/// `ytcrawl refresh` against `ytcrawl emulate` processes started on different days of the corpus
/// (`--clock-offset`), each dumping its truth of that day.
@Suite("ytcrawl refresh")
struct RefreshCommandTests {
    typealias Row = [String: Any]

    /// The lines of every stats shard of a snapshot.
    static func rows(_ snapshot: String) throws -> [Row] {
        var rows: [Row] = []
        for name in ArchiveReader.shardNames(directory: snapshot, kind: .stats) {
            try ArchiveReader.forEachLine(path: snapshot + "/" + name) { line, _ in
                rows.append(try #require(try JSONSerialization.jsonObject(with: Data(line)) as? Row))
            }
        }
        return rows
    }

    /// Truth videos by id, from `emulate --dump-truth`.
    static func truth(_ directory: String) throws -> [String: Row] {
        let text = try String(contentsOfFile: directory + "/videos.jsonl", encoding: .utf8)
        var videos: [String: Row] = [:]
        for line in text.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? Row)
            videos[try #require(row["videoId"] as? String)] = row
        }
        return videos
    }

    /// An output directory holding `truth`'s videos as one gzip shard (what a crawl would write).
    static func output(from truthDirectory: String, at out: String) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let gzip = SpawnedProcess()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -c '\(truthDirectory)/videos.jsonl' > '\(out)/videos-00000.jsonl.gz'"]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
    }

    static func summary(_ path: String) throws -> Row {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Row)
    }

    static func snapshots(_ out: String) -> [String] {
        SnapshotDirectory.names(in: out).map { SnapshotDirectory.root(of: out) + "/" + $0 }
    }

    static func optionalInt(_ value: Any?) -> Int? { value as? Int }

    /// Every id of the output once; `ok` lines carry the day's counts; `gone` exactly the
    /// videos the day's truth no longer has.
    static func check(_ rows: [Row], ids: Set<String>, truth: [String: Row], day: Int) {
        var seen: Set<String> = []
        var mismatches: [String] = []
        for row in rows {
            let id = row["videoId"] as? String ?? ""
            #expect(seen.insert(id).inserted, "day \(day): \(id) twice")
            let status = row["status"] as? String
            guard let expected = truth[id] else {
                if status != "gone" { mismatches.append("\(id) vanished but is \(status ?? "nil")") }
                continue
            }
            for field in ["viewCount", "likeCount", "commentCount"]
            where optionalInt(row[field]) != optionalInt(expected[field]) {
                mismatches.append("\(id).\(field): \(row[field] ?? "nil") vs \(expected[field] ?? "nil")")
            }
            if status != "ok" || row["duration"] as? String != expected["duration"] as? String {
                mismatches.append("\(id): status \(status ?? "nil"), duration \(row["duration"] ?? "nil")")
            }
        }
        #expect(seen == ids, "day \(day): \(seen.count) ids written of \(ids.count)")
        #expect(mismatches.isEmpty, "day \(day): \(mismatches.count) mismatches, first \(mismatches.prefix(3))")
    }

    @Test func threeSnapshotsOnThreeDaysOfATwentyThousandVideoOutput() async throws {
        let out = CrawlCommandTests.temporary("refresh-days")
        let state = CrawlCommandTests.temporary("refresh-state")
        let truths = (0..<3).map { CrawlCommandTests.temporary("refresh-truth-\($0)") }
        defer { for path in [out, state] + truths { try? FileManager.default.removeItem(atPath: path) } }
        let corpus = ["--channels", "500", "--dump-truth-kinds", "videos"]
        var gone: Set<String> = []
        var ids: Set<String> = []
        for (index, day) in [0, 2, 9].enumerated() {
            // In the buckets model batchGetStats draws only on its own bucket: one unit a day of
            // the shared one is plenty.
            let truthDirectory = truths[index]
            let emulator = try await offThePool {
                try ExternalEmulator(
                    corpus + [
                        "--clock-offset", String(day * 86_400), "--dump-truth", truthDirectory, "--daily-units", "1",
                    ])
            }
            defer { emulator.stop() }
            if index == 0 {
                try Self.output(from: truths[0], at: out)
                ids = Set(try Self.truth(truths[0]).keys)
                #expect(ids.count > 20_000)
            }
            let summaryPath = out + "-summary.json"
            let base = emulator.base
            let result = try await CLIRunner.run(
                [
                    "refresh", out, "--budget", "1000", "--api-base", base, "--state-dir", state, "--rps", "2000",
                    "--progress", "never", "--summary-json", summaryPath,
                ], environment: ["YOUTUBE_API_KEY": "refresh-test-key"])
            #expect(result.status == 0, "day \(day): \(result.stderr)")
            let snapshots = Self.snapshots(out)
            #expect(snapshots.count == index + 1, "one new snapshot a refresh: \(snapshots)")
            let truth = try Self.truth(truths[index])
            let rows = try Self.rows(try #require(snapshots.last))
            Self.check(rows, ids: ids, truth: truth, day: day)
            let goneToday = Set(
                rows.filter { $0["status"] as? String == "gone" }.map { $0["videoId"] as? String ?? "" })
            #expect(goneToday.isSuperset(of: gone), "a vanished video stays gone")
            if day > 0 { #expect(goneToday.count > gone.count, "videos vanish as days pass") }
            gone = goneToday
            let summary = try Self.summary(summaryPath)
            let units = try #require(summary["units"] as? Int)
            #expect(units == (ids.count + 49) / 50, "the fewest calls: 50 videos a unit")
            #expect((summary["videosPerUnit"] as? Double ?? 0) >= 49.9)
            #expect(summary["unitsByMethod"] as? [String: Int] == ["videos.batchGetStats": units])
            let manifestData = try #require(
                FileManager.default.contents(atPath: (snapshots.last ?? "") + "/manifest.json"))
            let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? Row)
            #expect(manifest["finishedAt"] is String)
            #expect((manifest["records"] as? [String: Int])?["stats"] == ids.count)
            #expect(manifest["unitsByMethod"] as? [String: Int] == ["videos.batchGetStats": units])
            print("refresh day \(day): \(ids.count) videos, \(units) units, \(goneToday.count) gone")
        }
        for snapshot in Self.snapshots(out) {
            let verify = try await CLIRunner.run(["verify", snapshot])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
    }

    @Test func aSnapshotKilledAtRandomMomentsCompletesEachVideoOnce() async throws {
        let truthDirectory = CrawlCommandTests.temporary("refresh-kill-truth")
        let emulator = try await ExternalEmulator.start([
            "--channels", "200", "--keys", "kill-refresh-key", "--dump-truth", truthDirectory, "--dump-truth-kinds",
            "videos",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("refresh-kill")
        let state = CrawlCommandTests.temporary("refresh-kill-state")
        let keys = CrawlCommandTests.temporary("refresh-kill-keys")
        defer { for path in [truthDirectory, out, state, keys] { try? FileManager.default.removeItem(atPath: path) } }
        try "kill-refresh-key\n".write(toFile: keys, atomically: true, encoding: .utf8)
        try Self.output(from: truthDirectory, at: out)
        let ids = try ArchiveReader.videoIds(directory: out)
        let arguments = [
            "refresh", out, "--budget", "5000", "--api-base", emulator.base, "--key-file", keys, "--state-dir", state,
            "--rps", "6", "--concurrency", "4", "--checkpoint-every", "1", "--progress", "never",
        ]
        // 10 requests go at once (the burst), then 6 a second: five runs of under a second each
        // cannot ask for them all.
        #expect(ids.count / 50 >= 100, "enough requests to be killed among them")
        // Each kill comes after the snapshot's id list is written (the first run reads 8,000 ids
        // from the shards first, which a loaded machine may take longer than the delay for).
        let started: @Sendable () -> Bool = {
            Self.snapshots(out).contains {
                FileManager.default.fileExists(atPath: $0 + "/" + SnapshotDirectory.idsFile)
            }
        }
        let killed = try await CLIRunner.killRuns(arguments, times: 5, after: 0.2...0.8, ready: started) { _ in }
        #expect(killed == 5, "every run was killed mid-snapshot")
        #expect(Self.snapshots(out).count == 1, "a rerun completes the unfinished snapshot, not another")
        // The rerun at full speed.
        let fast = arguments.map { $0 == "6" ? "1000" : $0 }
        let final = try await CLIRunner.run(fast)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stderr.contains("completing the unfinished snapshot"))
        let snapshots = Self.snapshots(out)
        #expect(snapshots.count == 1)
        let rows = try Self.rows(try #require(snapshots.first))
        let written = rows.map { $0["videoId"] as? String ?? "" }
        #expect(written.count == ids.count, "each video exactly once: \(written.count) lines for \(ids.count)")
        #expect(Set(written) == ids)
        let verify = try await CLIRunner.run(["verify", try #require(snapshots.first)])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("ok: "))
        // The next refresh is a new snapshot.
        let next = try await CLIRunner.run(fast)
        #expect(next.status == 0)
        #expect(Self.snapshots(out).count == 2)
    }
}

@Suite("ytcrawl refresh: input, scheduling, deployment")
struct RefreshInputTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func badInputIsAClearErrorBeforeAnythingIsSpent() async throws {
        let out = CrawlCommandTests.temporary("refresh-input")
        let ids = CrawlCommandTests.temporary("refresh-ids") + ".txt"
        defer { for path in [out, ids] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let base = ["refresh", out, "--budget", "10", "--api-base", "http://127.0.0.1:9", "--state-dir", out + "/st"]
        let env = ["YOUTUBE_API_KEY": "refresh-input-key"]
        let empty = try await CLIRunner.run(base, environment: env)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("holds no videos") && empty.stderr.contains("--ids FILE"), "\(empty.stderr)")
        try "dQw4w9WgXcQ\n# a comment\n\nhttps://www.youtube.com/watch?v=9bZkp7q19f0&t=5 # with a note\nnot-an-id\n"
            .write(toFile: ids, atomically: true, encoding: .utf8)
        let bad = try await CLIRunner.run(base + ["--ids", ids], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(ids):5: found \"not-an-id\""), "\(bad.stderr)")
        #expect(bad.stderr.contains("fix or remove the line"))
        let missing = try await CLIRunner.run(base + ["--ids", ids + ".nope"], environment: env)
        #expect(missing.status == 2 && missing.stderr.contains("no such file"))
        for (arguments, message) in [
            (["--every", "5s"], "at least a minute"), (["--method", "stats"], "--method"),
            (["--budget", "0"], "--budget"),
        ] {
            let result = try await CLIRunner.run(base + arguments, environment: env)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let noBudget = try await CLIRunner.run(["refresh", out], environment: env)
        #expect(noBudget.status == 2 && noBudget.stderr.contains("--budget UNITS is required"))
        #expect(SnapshotDirectory.names(in: out).isEmpty, "nothing was started")
    }

    @Test func idsFromAFileWithVideosListInTheClassicModel() async throws {
        let emulator = try await ExternalEmulator.start(["--quota-model", "classic", "--channels", "5"])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("refresh-ids-out")
        let ids = CrawlCommandTests.temporary("refresh-ids") + ".txt"
        let truth = CrawlCommandTests.temporary("refresh-ids-truth")
        defer { for path in [out, ids, truth] { try? FileManager.default.removeItem(atPath: path) } }
        // Ids of videos the corpus has (from a crawl), one pasted as a URL, one twice, one unknown.
        let seeds = CrawlCommandTests.temporary("refresh-ids-seeds")
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "500", "--api-base", emulator.base, "--out", truth, "--state-dir",
                truth + "/st", "--quota-model", "classic", "--quiet",
            ], environment: ["YOUTUBE_API_KEY": "k-refresh-ids"])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let known = try ArchiveReader.videoIds(directory: truth).sorted()
        #expect(known.count >= 3)
        try ([known[0], "https://youtu.be/\(known[1])", known[0], known[2], "zzzzzzzzzzz"].joined(separator: "\n"))
            .write(toFile: ids, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            [
                "refresh", out, "--ids", ids, "--method", "videos", "--quota-model", "classic", "--budget", "5",
                "--api-base", emulator.base, "--state-dir", out + "-st", "--summary-json", out + "-summary.json",
                "--progress", "never",
            ], environment: ["YOUTUBE_API_KEY": "k-refresh-ids"])
        defer { try? FileManager.default.removeItem(atPath: out + "-st") }
        #expect(result.status == 0, "\(result.stderr)")
        let snapshot = try #require(RefreshCommandTests.snapshots(out).first)
        let rows = try RefreshCommandTests.rows(snapshot)
        #expect(rows.count == 4, "each distinct id once")
        #expect(rows.filter { $0["status"] as? String == "gone" }.map { $0["videoId"] as? String } == ["zzzzzzzzzzz"])
        let summary = try RefreshCommandTests.summary(out + "-summary.json")
        #expect(summary["unitsByMethod"] as? [String: Int] == ["videos.list": 1])
        #expect(summary["complete"] as? Bool == true)
        let stats = try await CLIRunner.run(["stats", out])
        #expect(stats.stdout.contains("statistics snapshots: 1"), "\(stats.stdout)")
        #expect(stats.stdout.contains("4 of 4 videos, 1 gone"), "\(stats.stdout)")
    }

    @Test func faultsAreRetriedAndTheSnapshotEqualsTheTruth() async throws {
        let truth = CrawlCommandTests.temporary("refresh-faults-truth")
        let emulator = try await ExternalEmulator.start([
            "--channels", "40", "--dump-truth", truth, "--dump-truth-kinds", "videos", "--fault-rate", "0.2",
            "--clock-offset", "259200",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("refresh-faults")
        defer { for path in [out, truth] { try? FileManager.default.removeItem(atPath: path) } }
        try RefreshCommandTests.output(from: truth, at: out)
        // The output's videos are those of day 3 (none gone yet): the snapshot of day 3 finds them all.
        let ids = try ArchiveReader.videoIds(directory: out)
        let result = try await CLIRunner.run(
            [
                "refresh", out, "--budget", "1000", "--api-base", emulator.base, "--state-dir", out + "/st",
                "--progress", "never", "--summary-json", out + "/s.json", "--retries", "10",
            ], environment: ["YOUTUBE_API_KEY": "k-faults"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try RefreshCommandTests.summary(out + "/s.json")
        #expect((summary["retries"] as? Int ?? 0) > 0, "faults were met and survived")
        let rows = try RefreshCommandTests.rows(try #require(RefreshCommandTests.snapshots(out).first))
        RefreshCommandTests.check(rows, ids: ids, truth: try RefreshCommandTests.truth(truth), day: 3)
    }

    /// A crawl may be writing to DIR: its open shard's complete gzip members count, the member
    /// being written does not stop the refresh.
    @Test func aShardBeingWrittenIsReadUpToItsLastCompleteMember() async throws {
        let truth = CrawlCommandTests.temporary("refresh-part-truth")
        let emulator = try await ExternalEmulator.start([
            "--channels", "5", "--dump-truth", truth, "--dump-truth-kinds", "videos",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("refresh-part")
        defer { for path in [out, truth] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let lines = try String(contentsOfFile: truth + "/videos.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 20)
        let script = """
            import gzip, sys
            lines = open(sys.argv[1], encoding="utf-8").read().splitlines(True)
            whole = gzip.compress("".join(lines[:10]).encode())
            complete = gzip.compress("".join(lines[10:15]).encode())
            cut = gzip.compress("".join(lines[15:20]).encode())
            open(sys.argv[2] + "/videos-00000.jsonl.gz", "wb").write(whole)
            open(sys.argv[2] + "/videos-00001.jsonl.gz.part", "wb").write(complete + cut[: len(cut) // 2])
            """
        let made = try await PythonRunner.run(["-c", script, truth + "/videos.jsonl", out])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try await CLIRunner.run(
            [
                "refresh", out, "--budget", "10", "--api-base", emulator.base, "--state-dir", out + "/st",
                "--progress", "never",
            ], environment: ["YOUTUBE_API_KEY": "k-part"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try RefreshCommandTests.rows(try #require(RefreshCommandTests.snapshots(out).first))
        #expect(rows.count == 15, "10 closed and 5 in the open shard's complete member")
    }

    @Test func everyKeepsRefreshingUntilStopped() async throws {
        let truth = CrawlCommandTests.temporary("refresh-every-truth")
        let emulator = try await ExternalEmulator.start([
            "--channels", "5", "--dump-truth", truth, "--dump-truth-kinds", "videos",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("refresh-every")
        defer { for path in [out, truth] { try? FileManager.default.removeItem(atPath: path) } }
        try RefreshCommandTests.output(from: truth, at: out)
        let process = SpawnedProcess()
        process.executableURL = CLIRunner.binary
        process.arguments = [
            "refresh", out, "--budget", "100", "--every", "1h", "--api-base", emulator.base, "--state-dir",
            out + "/st", "--progress", "never",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["YOUTUBE_API_KEY": "k-every"]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        let handle = stderr.fileHandleForReading
        // Driven on a thread of its own, so that the waits hold no thread of the cooperative pool.
        let (printed, sleeping, stoppedBySIGINT) = try await offThePool {
            try process.run()
            // Waits for the first snapshot, then for the announcement of the next.
            var printed = ""
            let deadline = Date().addingTimeInterval(60)
            while !printed.contains("next snapshot at"), Date() < deadline, process.isRunning {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            let sleeping = process.isRunning
            kill(process.processIdentifier, SIGINT)
            let stopBy = Date().addingTimeInterval(20)
            while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
            let stopped = !process.isRunning
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return (printed, sleeping, stopped)
        }
        #expect(printed.contains("next snapshot at"), "\(printed)")
        #expect(sleeping, "it sleeps until the next snapshot")
        #expect(stoppedBySIGINT, "SIGINT ends the sleep between snapshots")
        #expect(process.terminationStatus == 0)
        #expect(RefreshCommandTests.snapshots(out).count == 1)
        #expect(
            try await CLIRunner.run(["verify", out + "/snapshots/" + SnapshotDirectory.names(in: out)[0]]).status == 0)
    }

    /// The container command of a CronJob sample (`Samples/deploy/NAME`), and the whole file.
    static func cronJob(_ name: String) throws -> (command: [String], manifest: String) {
        let manifest = try String(
            contentsOf: Self.repository.appendingPathComponent("Samples/deploy/" + name), encoding: .utf8)
        var command: [String] = []
        var inCommand = false
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "command:" {
                inCommand = true
                continue
            }
            guard inCommand else { continue }
            guard trimmed.hasPrefix("- ") else { break }
            command.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return (command, manifest)
    }

    /// The command of Samples/deploy/refresh-cronjob.yaml, with its paths moved under a temporary
    /// directory and the API base of an emulator added.
    @Test func theCronJobsCommandRunsAgainstTheEmulator() async throws {
        let (command, manifest) = try Self.cronJob("refresh-cronjob.yaml")
        #expect(command.first == "ytcrawl" && command.dropFirst().first == "refresh", "\(command)")
        #expect(command.contains("--key-file"), "the key comes from the mounted secret")
        #expect(manifest.contains("kind: CronJob") && manifest.contains("persistentVolumeClaim"))
        #expect(manifest.contains("secretName: youtube-api-key") && manifest.contains("concurrencyPolicy: Forbid"))
        let root = CrawlCommandTests.temporary("cronjob")
        let truth = root + "-truth"
        defer { for path in [root, truth] { try? FileManager.default.removeItem(atPath: path) } }
        let emulator = try await ExternalEmulator.start([
            "--channels", "5", "--dump-truth", truth, "--dump-truth-kinds", "videos", "--keys", "cronjob-key",
        ])
        defer { emulator.stop() }
        try RefreshCommandTests.output(from: truth, at: root + "/data/out")
        try FileManager.default.createDirectory(atPath: root + "/secrets/youtube", withIntermediateDirectories: true)
        try "cronjob-key\n".write(toFile: root + "/secrets/youtube/key", atomically: true, encoding: .utf8)
        let arguments = command.dropFirst().map { $0.hasPrefix("/") ? root + $0 : $0 } + ["--api-base", emulator.base]
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("cronjob-key") && !result.stderr.contains("cronjob-key"))
        let snapshots = RefreshCommandTests.snapshots(root + "/data/out")
        #expect(snapshots.count == 1)
        let summary = try RefreshCommandTests.summary(root + "/data/out/snapshots/last-summary.json")
        #expect(summary["complete"] as? Bool == true)
        // The next day's run is a new snapshot; the state directory's ledger counts both.
        #expect(try await CLIRunner.run(arguments).status == 0)
        #expect(RefreshCommandTests.snapshots(root + "/data/out").count == 2)
        #expect(FileManager.default.fileExists(atPath: root + "/data/state/quota-ledger.json"))
    }
}
