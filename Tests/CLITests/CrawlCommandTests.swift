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
