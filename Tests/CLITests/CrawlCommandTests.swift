import Archive
import Foundation
import TestSupport
import Testing

@Suite("ytcrawl crawl")
struct CrawlCommandTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())").path
    }

    @Test func crawlsTheEmulatorIntoVerifiableShards() async throws {
        let out = Self.temporary("cli-crawl")
        let state = Self.temporary("cli-state")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search programming type=video maxPages=1\nsearch music walk=channels maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("videos written:"))
        #expect(result.stdout.contains("videos per 1,000 units"))
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 0, "\(verify.stderr)")
        // The key never reaches the output directory.
        for file in try FileManager.default.contentsOfDirectory(atPath: out) where !file.hasSuffix(".gz") {
            let text = String(decoding: FileManager.default.contents(atPath: out + "/" + file) ?? Data(), as: UTF8.self)
            #expect(!text.contains("emulator-key"), "\(file)")
        }
        // A rerun of a finished crawl fetches nothing more and writes no duplicate.
        let again = try await CLIRunner.run([
            "crawl", "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(again.status == 0)
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
    }

    /// `video ID` seeds with `--no-hydrate`, through the command line: each yields its video.
    @Test func videoSeedsYieldTheirVideosWithoutHydration() async throws {
        let found = Self.temporary("cli-found")
        let out = Self.temporary("cli-video-seeds")
        let state = Self.temporary("cli-state")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { for path in [found, out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        // A video of the emulator's corpus besides its first (dQw4w9WgXcQ): one that a search finds.
        try "search music type=video maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let search = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "10", "--emulator", "--no-hydrate", "--out", found, "--state-dir", state,
            "--quiet",
        ])
        #expect(search.status == 0, "\(search.stderr)")
        let other = try #require(try ArchiveReader.videoIds(directory: found).sorted().first { $0 != "dQw4w9WgXcQ" })

        try "video dQw4w9WgXcQ\nvideo https://youtu.be/\(other)\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "10", "--emulator", "--no-hydrate", "--out", out, "--state-dir", state,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("videos written: 2"), "\(result.stdout)")
        #expect(try ArchiveReader.videoIds(directory: out) == ["dQw4w9WgXcQ", other])
    }

    @Test func aBadSeedsLineIsAUsageErrorAndNothingIsWritten() async throws {
        let out = Self.temporary("cli-bad")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search ok\nchannel not-a-channel\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["--seeds", seeds, "--budget", "10", "--emulator", "--out", out])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(seeds):2:9:"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func dryRunPrintsThePlanAndSendsNothing() async throws {
        let out = Self.temporary("cli-dry")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search cats maxPages=2\nchannel @someone\nvideo dQw4w9WgXcQ\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["--seeds", seeds, "--budget", "150", "--dry-run", "--quota-model", "classic", "--out", out],
            environment: ["YOUTUBE_API_KEY": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("search.list q=cats (100 units per page of 50, up to 2 pages"))
        #expect(result.stdout.contains("channels.list forHandle=@someone (1 unit)"))
        #expect(result.stdout.contains("at least 105 units of the budget of 150 units"))
        #expect(!FileManager.default.fileExists(atPath: out), "a dry run writes nothing")
        #expect(result.stdout.contains("daily quota left: unknown (no key given"))
        let state = Self.temporary("cli-dry-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let withKey = try await CLIRunner.run(
            ["--seeds", seeds, "--budget", "150", "--dry-run", "--state-dir", state],
            environment: ["YOUTUBE_API_KEY": "made-up-dry-key"])
        #expect(withKey.stdout.contains("YOUTUBE_API_KEY: 10000 of 10000 units, 100 of 100 search calls"))
        #expect(!withKey.stdout.contains("made-up-dry-key"))
    }

    @Test func aKeyWithANewlineInsideIsRefusedBeforeAnyRequest() async throws {
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search ok\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["--seeds", seeds, "--budget", "10", "--api-base", "http://127.0.0.1:9"],
            environment: ["YOUTUBE_API_KEY": "made-up-key\nX-Injected: yes"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("YOUTUBE_API_KEY cannot be used: the key holds a control character"))
        #expect(!result.stderr.contains("made-up-key"))
    }

    @Test func missingKeyAndMissingBudgetAreUsageErrors() async throws {
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search ok\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let noKey = try await CLIRunner.run(["--seeds", seeds, "--budget", "10"], environment: ["YOUTUBE_API_KEY": ""])
        #expect(noKey.status == 2)
        #expect(noKey.stderr.contains("YOUTUBE_API_KEY"))
        let noBudget = try await CLIRunner.run(["--seeds", seeds, "--emulator"])
        #expect(noBudget.status == 2)
        #expect(noBudget.stderr.contains("--budget"))
        let typo = try await CLIRunner.run(["--seeds", seeds, "--budget", "5", "--emulatr"])
        #expect(typo.stderr.contains("did you mean --emulator?"))
    }
}

@Suite("ytcrawl crawl interrupted")
struct CrawlInterruptTests {
    /// The largest `videos N` of the progress lines in `text`.
    static func videosWritten(in text: String) -> Int {
        text.split(separator: "|").compactMap { field -> Int? in
            let words = field.split(separator: " ")
            return words.count == 2 && words[0] == "videos" ? Int(words[1]) : nil
        }.max() ?? 0
    }

    @Test func sigintSavesTheCheckpointAndARerunFinishesWithTheSameVideos() async throws {
        let out = CrawlCommandTests.temporary("cli-sigint")
        let reference = CrawlCommandTests.temporary("cli-reference")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, reference, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=2\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let arguments = [
            "--seeds", seeds, "--budget", "5000", "--emulator", "--rps", "100", "--state-dir", state, "--quiet",
        ]
        let process = SpawnedProcess()
        process.executableURL = CLIRunner.binary
        // Progress lines tell when videos are being written: the signal comes then, not after a guess.
        process.arguments =
            arguments.filter { $0 != "--quiet" } + [
                "--out", out, "--progress", "always", "--progress-interval", "0.05",
            ]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let reader = errors.fileHandleForReading
        // Driven on a thread of its own, so that the waits hold no thread of the cooperative pool.
        let (seen, rest) = try await offThePool {
            try process.run()
            var seen = ""
            while Self.videosWritten(in: seen) == 0, let chunk = try reader.read(upToCount: 256), !chunk.isEmpty {
                seen += String(decoding: chunk, as: UTF8.self)
            }
            process.interrupt()
            let rest = reader.readDataToEndOfFile()
            process.waitUntilExit()
            return (seen, rest)
        }
        #expect(Self.videosWritten(in: seen) > 0, "the crawl was writing videos when the signal came")
        #expect(String(decoding: rest, as: UTF8.self).contains("interrupted"))
        #expect(process.terminationStatus == 130)
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
        let resumed = try await CLIRunner.run(arguments + ["--out", out])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let whole = try await CLIRunner.run(arguments + ["--out", reference])
        #expect(whole.status == 0)
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        // The interrupted run closed its shards and the rerun opened new ones: the shards differ
        // in number, the videos and channels not.
        func counts(_ text: String) -> String {
            text.replacingOccurrences(of: #"\d+ shards, "#, with: "", options: .regularExpression)
        }
        #expect(
            counts(verified.stdout) == counts((try await CLIRunner.run(["verify", reference])).stdout),
            "same videos and channels as an uninterrupted run")
    }
}

@Suite("ytcrawl crawl killed")
struct CrawlKillTests {
    /// Kills a crawl `times` times at random moments, reruns it to its end and compares with an
    /// uninterrupted crawl: the same videos and channels, each once; returns the runs killed.
    static func killThenCompare(
        _ extra: [String], times: Int, after delay: ClosedRange<Double>,
        seedsText: String = "search music walk=channels maxPages=2\nsearch programming maxPages=1\n"
    ) async throws -> Int {
        let out = CrawlCommandTests.temporary("cli-kill")
        let reference = CrawlCommandTests.temporary("cli-kill-reference")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, reference, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try seedsText.write(toFile: seeds, atomically: true, encoding: .utf8)
        // Slow enough (40 requests/s) that the runs cannot finish the crawl before their kill.
        let arguments =
            ["--seeds", seeds, "--budget", "5000", "--emulator", "--rps", "40", "--state-dir", state] + extra
        let killed = try await CLIRunner.killRuns(arguments + ["--out", out], times: times, after: delay) { printed in
            #expect(!printed.contains("emulator-key"), "the key is never printed")
        }
        let final = try await CLIRunner.run(arguments + ["--out", out])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(!(final.stdout + final.stderr).contains("emulator-key"))
        #expect(try await CLIRunner.run(arguments + ["--out", reference]).status == 0)
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(
            verified.stdout == (try await CLIRunner.run(["verify", reference])).stdout,
            "same videos, channels and comments, each once")
        return killed
    }

    @Test func sigkillAtRandomMomentsThenRerunsGiveTheSameVideosOnce() async throws {
        #expect(try await Self.killThenCompare([], times: 5, after: 0.2...1.2) == 5, "every run was killed mid-crawl")
    }

    /// Small shards rotate every few pages, so kills land between a rotation and the next
    /// checkpoint (the closed shard holds videos the checkpoint still lists as waiting) and before
    /// the first checkpoint (records, and no checkpoint).
    @Test func tenKillsWithSmallShardsGiveTheSameVideosOnce() async throws {
        let killed = try await Self.killThenCompare(["--shard-records", "200"], times: 10, after: 0.2...0.9)
        #expect(killed >= 8, "most runs were killed mid-crawl")
    }

    /// Comments too: threads, carried replies and reply pages survive kills exactly once.
    @Test func killsDuringACommentsCrawlGiveTheSameCommentsOnce() async throws {
        let killed = try await Self.killThenCompare(
            ["--shard-records", "700"], times: 6, after: 0.2...1.0,
            seedsText: "search music maxPages=1 comments=yes\nsearch cats maxPages=1 comments=yes\n")
        #expect(killed >= 4, "most runs were killed mid-crawl")
    }
}

@Suite("ytcrawl crawl exit codes")
struct CrawlExitCodeTests {
    @Test func quotaExceededExitsThreeWithACheckpoint() async throws {
        let out = CrawlCommandTests.temporary("cli-quota")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "5000", "--emulator", "--emulator-daily-units", "12", "--out", out,
            "--state-dir", state,
        ])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("rerun"))
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
    }

    @Test func anUnreachableAPIExitsFourAndNamesWhatIsLeft() async throws {
        let out = CrawlCommandTests.temporary("cli-unreachable")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let summaryPath = CrawlCommandTests.temporary("summary") + ".json"
        defer { for path in [out, state, seeds, summaryPath] { try? FileManager.default.removeItem(atPath: path) } }
        try "channel UC_x5XG1OV2P6uZZ5FSM9Ttw\nplaylist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        // A port nothing listens on: every connection is refused.
        let closed = try MisbehavingServer(.stall)
        let base = closed.baseURL
        closed.stop()
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "100", "--api-base", base, "--retries", "1", "--out", out,
                "--state-dir", state, "--summary-json", summaryPath,
            ], environment: ["YOUTUBE_API_KEY": "made-up-unreachable-key"])
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("incomplete"))
        // The channel, the playlist's walk and the playlist's record.
        #expect(result.stdout.contains("left for a rerun (3):"))
        let summary = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: summaryPath)))
                as? [String: Any])
        #expect(summary["ending"] as? String == "incomplete")
        #expect(summary["exitCode"] as? Int == 4)
        #expect(summary["units"] as? Int == 0, "nothing reached the server, nothing is charged")
        #expect((summary["left"] as? [String])?.count == 3)
        let checkpoint = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: out + "/checkpoint.json")))
                as? [String: Any])
        #expect(checkpoint["finished"] as? Bool == false, "a rerun retries what failed")
    }

    /// An overlapping cron job: the second run into the same --out exits 2 at once, naming the
    /// directory and the holder's pid, and writes nothing.
    @Test func aSecondRunIntoTheSameOutputExitsTwoAtOnce() async throws {
        let out = CrawlCommandTests.temporary("cli-locked")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var holder: OutputLock? = try OutputLock(directory: out)
        let arguments = ["--seeds", seeds, "--budget", "200", "--emulator", "--out", out, "--state-dir", state]
        let refused = try await CLIRunner.run(arguments)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(out) is in use by another ytcrawl run (pid \(getpid()))"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [OutputLock.fileName])
        holder = nil
        #expect(holder == nil)
        let after = try await CLIRunner.run(arguments)
        #expect(after.status == 0, "\(after.stderr)")
    }

    /// The main job may run any number of times a day: emulator runs do not spend the real
    /// API's daily counts in the ledger, nor each other's.
    @Test func emulatorRunsDoNotShareTheLedgersDailyCounts() async throws {
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        var outs: [String] = []
        defer { for path in [state, seeds] + outs { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=2\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        for run in 0..<3 {
            let out = CrawlCommandTests.temporary("cli-ledger-\(run)")
            outs.append(out)
            let result = try await CLIRunner.run([
                "--seeds", seeds, "--budget", "200", "--emulator", "--daily-searches", "2", "--out", out, "--state-dir",
                state,
            ])
            #expect(result.status == 0, "run \(run): \(result.stderr)")
        }
    }

    /// A server that echoes the key and writes escape sequences: the terminal sees neither.
    @Test func anEchoedKeyAndEscapeSequencesNeverReachTheTerminal() async throws {
        let out = CrawlCommandTests.temporary("cli-echo")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let summary = CrawlCommandTests.temporary("summary") + ".json"
        defer { for path in [out, state, seeds, summary] { try? FileManager.default.removeItem(atPath: path) } }
        try "channel UC_x5XG1OV2P6uZZ5FSM9Ttw\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let echo = try MisbehavingServer(.echoKey)
        defer { echo.stop() }
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "100", "--api-base", echo.baseURL, "--retries", "1", "--out", out,
                "--state-dir", state, "--summary-json", summary,
            ], environment: ["YOUTUBE_API_KEY": "made-up-echoed-key"])
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(echo.requestsReceived >= 2, "the server answered, and was retried")
        let printed = result.stdout + result.stderr
        #expect(!printed.contains("made-up-echoed-key"), "the key never reaches the terminal")
        #expect(printed.contains("[YOUTUBE_API_KEY]"), "it is shown by its label")
        #expect(!printed.contains("\u{1B}["), "no escape sequence from the server")
        // Nor any file ytcrawl writes.
        for path in [summary] + (try FileManager.default.contentsOfDirectory(atPath: out)).map({ out + "/" + $0 }) {
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("made-up-echoed-key"), "\(path)")
        }
    }

    @Test func aPlainHTTPBaseElsewhereStopsAtOnceWithExitOne() async throws {
        let out = CrawlCommandTests.temporary("cli-insecure")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "channel UC_x5XG1OV2P6uZZ5FSM9Ttw\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "100", "--api-base", "http://example.com", "--out", out, "--state-dir",
                state,
            ],
            environment: ["YOUTUBE_API_KEY": "made-up-insecure-key"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("refused to send an API key over plain http://"))
        #expect(result.stdout.contains("retries (faults survived): 0"))
        #expect(!result.stderr.contains("made-up-insecure-key") && !result.stdout.contains("made-up-insecure-key"))
    }

    @Test func theBudgetIsSpentOnHydratingWhatWasFound() async throws {
        let out = CrawlCommandTests.temporary("cli-budget")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "40", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(result.status == 0, "budget exhausted is a normal end")
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("incomplete (checkpoint pending): "))
        // Units were kept back: every video found was hydrated and written before the budget ran out.
        let data = try #require(FileManager.default.contents(atPath: out + "/checkpoint.json"))
        let checkpoint = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The frontier is a JSON member of the checkpoint, as jq and any JSON reader see it.
        let pending = try #require(checkpoint["frontier"] as? [String: Any])
        #expect(
            (pending["pending"] as? [Any])?.isEmpty == true, "found videos left unhydrated: \(pending["pending"] ?? "")"
        )
        #expect((pending["items"] as? [Any])?.isEmpty == false, "the budget, not the frontier, ended the run")
    }
}

/// `ytcrawl emulate -v` in its own process: it outlives the crawls it serves and counts every
/// request it answers (each one is charged, as by the real API).
final class ExternalEmulator: @unchecked Sendable {
    let process = SpawnedProcess()
    let base: String
    private let lock = NSLock()
    private var answered = 0
    private var searches = 0
    private var partialLine = Data()

    /// Starts `ytcrawl emulate` and waits for its address off the cooperative pool.
    static func start(_ options: [String]) async throws -> ExternalEmulator {
        try await offThePool { try ExternalEmulator(options) }
    }

    init(_ options: [String]) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = ["emulate", "-v"] + options
        // A test process killed before its cleanup leaves no emulator behind.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["YTCRAWL_EMULATE_EXIT_WITH_PARENT": String(getpid())], uniquingKeysWith: { _, new in new })
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var line = Data()
        while let byte = try stdout.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        base = String(decoding: line, as: UTF8.self)
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.count(handle.availableData)
        }
    }

    /// Counts the log's complete lines in `chunk`; a line cut by the chunk's end waits for the rest.
    private func count(_ chunk: Data) {
        lock.withLock {
            partialLine.append(chunk)
            guard let last = partialLine.lastIndex(of: UInt8(ascii: "\n")) else { return }
            let complete = partialLine[..<last]
            partialLine = Data(partialLine[partialLine.index(after: last)...])
            for line in complete.split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line, as: UTF8.self)
                guard text.contains(" → ") else { continue }
                answered += 1
                if text.contains("/youtube/v3/search?") { searches += 1 }
            }
        }
    }

    /// Requests answered so far (read after the crawl's process ended; a short wait lets the log catch up).
    var requests: Int { answeredCounts().requests }

    /// Requests and search.list requests answered so far (blocks for a short wait, as ``requests``).
    func answeredCounts() -> (requests: Int, searches: Int) {
        Thread.sleep(forTimeInterval: 0.3)
        return lock.withLock { (answered, searches) }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

@Suite("ytcrawl crawl killed, quota re-spent")
struct CrawlKillQuotaTests {
    @Test func sigkillReSpendsAtMostTheRequestsInFlight() async throws {
        let emulator = try await ExternalEmulator.start(["--keys", "kill-test-key"])
        defer { emulator.stop() }
        #expect(emulator.base.hasPrefix("http://127.0.0.1:"))
        let out = CrawlCommandTests.temporary("cli-kill-quota")
        let reference = CrawlCommandTests.temporary("cli-kill-quota-reference")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let keys = CrawlCommandTests.temporary("keys") + ".txt"
        defer {
            for path in [out, reference, state, seeds, keys] { try? FileManager.default.removeItem(atPath: path) }
        }
        try "search music walk=channels maxPages=3\nsearch programming maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        try "kill-test-key\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let concurrency = 4
        // A checkpoint after every page: a killed run leaves only its requests in flight undone.
        let arguments = [
            "--seeds", seeds, "--budget", "5000", "--api-base", emulator.base, "--key-file", keys, "--rps", "40",
            "--concurrency", String(concurrency), "--checkpoint-every", "1", "--state-dir", state, "--quiet",
        ]
        let uninterrupted = try await CLIRunner.run(arguments + ["--out", reference])
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")
        let referenceRequests = emulator.requests

        let killed = try await CLIRunner.killRuns(arguments + ["--out", out], times: 5, after: 0.3...1.0) { _ in }
        #expect(killed == 5, "every run was killed mid-crawl")
        let final = try await CLIRunner.run(arguments + ["--out", out])
        #expect(final.status == 0, "\(final.stderr)")
        let interruptedRequests = emulator.requests - referenceRequests
        #expect(
            try await CLIRunner.run(["verify", out]).stdout == (try await CLIRunner.run(["verify", reference])).stdout,
            "same videos and channels, each once")
        // Each kill may lose what was in flight, plus a partial hydration batch of its own.
        let allowed = killed * (concurrency + 1)
        #expect(
            interruptedRequests - referenceRequests <= allowed,
            "re-spent \(interruptedRequests - referenceRequests) requests over \(referenceRequests); at most \(allowed)"
        )
        #expect(interruptedRequests >= referenceRequests - 2)
    }
}

@Suite("ytcrawl emulate --no-gzip")
struct EmulateCompressionTests {
    static func contentEncoding(_ options: [String]) async throws -> (status: Int, encoding: String?) {
        let emulator = try await ExternalEmulator.start(["--keys", "gzip-test-key", "--channels", "3"] + options)
        defer { emulator.stop() }
        let port = try #require(UInt16(emulator.base.split(separator: ":").last ?? ""))
        let client = LoopbackHTTPClient(port: port)
        defer { client.close() }
        let response = try client.get(
            "/youtube/v3/search?part=snippet&q=music&maxResults=5",
            headers: ["Accept-Encoding": "gzip", "X-Goog-Api-Key": "gzip-test-key"], gunzip: false)
        return (response.status, response.headers["content-encoding"])
    }

    @Test func responsesAreGzippedUnlessTurnedOff() async throws {
        let usual = try await Self.contentEncoding([])
        #expect(usual.status == 200 && usual.encoding == "gzip")
        let plain = try await Self.contentEncoding(["--no-gzip"])
        #expect(plain.status == 200 && plain.encoding == nil)
    }
}
