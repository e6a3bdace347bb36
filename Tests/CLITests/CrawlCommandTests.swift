import Foundation
import Testing

@Suite("ytcrawl crawl")
struct CrawlCommandTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())").path
    }

    @Test func crawlsTheEmulatorIntoVerifiableShards() throws {
        let out = Self.temporary("cli-crawl")
        let state = Self.temporary("cli-state")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search programming type=video maxPages=1\nsearch music walk=channels maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("videos written:"))
        #expect(result.stdout.contains("videos per 1,000 units"))
        let verify = try CLIRunner.run(["verify", out])
        #expect(verify.status == 0, "\(verify.stderr)")
        // The key never reaches the output directory.
        for file in try FileManager.default.contentsOfDirectory(atPath: out) where !file.hasSuffix(".gz") {
            let text = String(decoding: FileManager.default.contents(atPath: out + "/" + file) ?? Data(), as: UTF8.self)
            #expect(!text.contains("emulator-key"), "\(file)")
        }
        // A rerun of a finished crawl fetches nothing more and writes no duplicate.
        let again = try CLIRunner.run([
            "crawl", "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(again.status == 0)
        #expect(try CLIRunner.run(["verify", out]).status == 0)
    }

    @Test func aBadSeedsLineIsAUsageErrorAndNothingIsWritten() throws {
        let out = Self.temporary("cli-bad")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search ok\nchannel not-a-channel\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["--seeds", seeds, "--budget", "10", "--emulator", "--out", out])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(seeds):2:9:"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func dryRunPrintsThePlanAndSendsNothing() throws {
        let out = Self.temporary("cli-dry")
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search cats maxPages=2\nchannel @someone\nvideo dQw4w9WgXcQ\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
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
        let withKey = try CLIRunner.run(
            ["--seeds", seeds, "--budget", "150", "--dry-run", "--state-dir", state],
            environment: ["YOUTUBE_API_KEY": "made-up-dry-key"])
        #expect(withKey.stdout.contains("YOUTUBE_API_KEY: 10000 of 10000 units, 100 of 100 search calls"))
        #expect(!withKey.stdout.contains("made-up-dry-key"))
    }

    @Test func missingKeyAndMissingBudgetAreUsageErrors() throws {
        let seeds = Self.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search ok\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let noKey = try CLIRunner.run(["--seeds", seeds, "--budget", "10"], environment: ["YOUTUBE_API_KEY": ""])
        #expect(noKey.status == 2)
        #expect(noKey.stderr.contains("YOUTUBE_API_KEY"))
        let noBudget = try CLIRunner.run(["--seeds", seeds, "--emulator"])
        #expect(noBudget.status == 2)
        #expect(noBudget.stderr.contains("--budget"))
        let typo = try CLIRunner.run(["--seeds", seeds, "--budget", "5", "--emulatr"])
        #expect(typo.stderr.contains("did you mean --emulator?"))
    }
}

@Suite("ytcrawl crawl interrupted")
struct CrawlInterruptTests {
    @Test func sigintSavesTheCheckpointAndARerunFinishesWithTheSameVideos() throws {
        let out = CrawlCommandTests.temporary("cli-sigint")
        let reference = CrawlCommandTests.temporary("cli-reference")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, reference, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=2\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let arguments = [
            "--seeds", seeds, "--budget", "5000", "--emulator", "--rps", "100", "--state-dir", state, "--quiet",
        ]
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments + ["--out", out]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.8)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
        let resumed = try CLIRunner.run(arguments + ["--out", out])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let whole = try CLIRunner.run(arguments + ["--out", reference])
        #expect(whole.status == 0)
        let verified = try CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(
            verified.stdout == (try CLIRunner.run(["verify", reference])).stdout,
            "same videos and channels as an uninterrupted run")
    }
}

@Suite("ytcrawl crawl killed")
struct CrawlKillTests {
    @Test func sigkillAtRandomMomentsThenRerunsGiveTheSameVideosOnce() throws {
        let out = CrawlCommandTests.temporary("cli-kill")
        let reference = CrawlCommandTests.temporary("cli-kill-reference")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, reference, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=2\nsearch programming maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        // Slow enough (40 requests/s) that five runs of at most 1.2 s cannot finish the crawl.
        let arguments = ["--seeds", seeds, "--budget", "5000", "--emulator", "--rps", "40", "--state-dir", state]
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = arguments + ["--out", out]
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.2...1.2, using: &generator))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            let printed =
                stdout.fileHandleForReading.readDataToEndOfFile() + stderr.fileHandleForReading.readDataToEndOfFile()
            #expect(!String(decoding: printed, as: UTF8.self).contains("emulator-key"), "the key is never printed")
        }
        #expect(killed == 5, "every run was killed mid-crawl")
        let final = try CLIRunner.run(arguments + ["--out", out])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(!(final.stdout + final.stderr).contains("emulator-key"))
        #expect(try CLIRunner.run(arguments + ["--out", reference]).status == 0)
        let verified = try CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(
            verified.stdout == (try CLIRunner.run(["verify", reference])).stdout, "same videos and channels, each once")
    }
}

@Suite("ytcrawl crawl exit codes")
struct CrawlExitCodeTests {
    @Test func quotaExceededExitsThreeWithACheckpoint() throws {
        let out = CrawlCommandTests.temporary("cli-quota")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "--seeds", seeds, "--budget", "5000", "--emulator", "--emulator-daily-units", "12", "--out", out,
            "--state-dir", state,
        ])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("rerun"))
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
    }

    @Test func theBudgetIsSpentOnHydratingWhatWasFound() throws {
        let out = CrawlCommandTests.temporary("cli-budget")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "--seeds", seeds, "--budget", "40", "--emulator", "--out", out, "--state-dir", state,
        ])
        #expect(result.status == 0, "budget exhausted is a normal end")
        // Units were kept back: every video found was hydrated and written before the budget ran out.
        let data = try #require(FileManager.default.contents(atPath: out + "/checkpoint.json"))
        let checkpoint = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frontier = try #require((checkpoint["frontier"] as? String)?.data(using: .utf8))
        let pending = try #require(try JSONSerialization.jsonObject(with: frontier) as? [String: Any])
        #expect(
            (pending["pending"] as? [Any])?.isEmpty == true, "found videos left unhydrated: \(pending["pending"] ?? "")"
        )
        #expect((pending["items"] as? [Any])?.isEmpty == false, "the budget, not the frontier, ended the run")
    }
}
