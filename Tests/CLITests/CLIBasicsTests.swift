import Foundation
import TestSupport
import Testing

@testable import ytcrawl

@Suite("ytcrawl command line")
struct CLIBasicsTests {
    /// The version, the commit and day of the build ("unknown" for a plain `swift build`; make dist
    /// passes them) and the API revision the tool targets.
    /// An empty value (`--out ""`, a variable that was not set) is a usage error, exit 2, before
    /// anything is created: it was exit 1, "cannot create the output directory ".
    @Test func anEmptyValueIsAUsageError() async throws {
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["--seeds", seeds, "--budget", "10", "--emulator", "--out", ""])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--out needs a value, got an empty one"), "\(result.stderr)")
        let noSeeds = try await CLIRunner.run(["--seeds", "", "--budget", "10", "--emulator"])
        #expect(noSeeds.status == 2 && noSeeds.stderr.contains("--seeds needs a value"), "\(noSeeds.stderr)")
    }

    /// `--out --emulator` is refused before anything is created or any request is sent.
    @Test func anOptionTakenAsAValueIsAUsageError() async throws {
        let directory = FileManager.default.currentDirectoryPath + "/--emulator"
        let result = try await CLIRunner.run(["--seeds", "seeds.txt", "--budget", "10", "--out", "--emulator"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--out needs a value, but it is followed by the option --emulator"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func version() async throws {
        let result = try await CLIRunner.run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines.first == "ytcrawl \(ToolInfo.version)")
        #expect(lines.contains { $0.hasPrefix("commit: ") && $0.count > "commit: ".count })
        #expect(lines.contains { $0.hasPrefix("built: ") && $0.count > "built: ".count })
        #expect(lines.contains("API: YouTube Data API v3, discovery revision \(ToolInfo.apiRevision)"))
    }

    /// The revision --version names is the discovery document's the code follows.
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func theAPIRevisionIsTheDiscoveryDocuments() throws {
        let document = try JSONSerialization.jsonObject(with: SharedFixtures.data("discovery/youtube.v3.json"))
        #expect((document as? [String: Any])?["revision"] as? String == ToolInfo.apiRevision)
    }

    @Test func helpListsCommands() async throws {
        let result = try await CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("url METHOD"))
    }

    @Test(arguments: ["crawl", "url", "decode", "emulate", "stats", "verify", "gallery", "refresh", "report"])
    func everyCommandHasHelpWithAnExample(command: String) async throws {
        let result = try await CLIRunner.run([command, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Usage: ytcrawl"))
        #expect(result.stdout.contains("Example"))
    }

    @Test func crawlHelpListsEveryOptionWithItsDefault() async throws {
        let help = try await CLIRunner.run(["crawl", "--help"]).stdout
        for option in [
            "--seeds", "--budget", "--out", "--emulator", "--api-base", "--key-file", "--quota-model",
            "--search-budget",
            "--daily-units", "--daily-searches", "--wait-for-reset", "--state-dir", "--concurrency", "--rps",
            "--max-pages", "--no-hydrate", "--shard-records", "--gzip-level", "--dry-run", "--progress",
            "--progress-interval", "--summary-json", "--verbose", "--quiet",
        ] {
            #expect(help.contains("  \(option) "), "\(option)")
        }
        for defaultValue in [
            "default: ./ytcrawl-out", "default 8", "default 50", "default 100000", "default 3", "default 6",
            "default 10000",
        ] {
            #expect(help.contains(defaultValue), "\(defaultValue)")
        }
    }

    @Test func aMistypedOptionSuggestsTheNearestOne() async throws {
        let result = try await CLIRunner.run(["--seeds", "s.txt", "--budegt", "10"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --budegt for ytcrawl crawl (did you mean --budget?)"))
        #expect(result.stderr.contains("see ytcrawl crawl --help"))
    }

    @Test func unknownCommandIsAUsageErrorWithASuggestion() async throws {
        let result = try await CLIRunner.run(["ulr"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean url?"))
        #expect(result.stdout.isEmpty)
    }

    @Test func urlPrintsEncodedURLAndCosts() async throws {
        let result = try await CLIRunner.run([
            "url", "search", "q=c++ & \"rust\" ünïcode", "type=video", "--api-base", "http://127.0.0.1:8080",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "http://127.0.0.1:8080/youtube/v3/search?part=snippet&q=c%2B%2B%20%26%20%22rust%22%20%C3%BCn%C3%AFcode&type=video&maxResults=5\ncost — buckets: 1 search call, classic: 100 units\n"
        )
    }

    @Test func invalidParameterIsAUsageErrorNamingIt() async throws {
        let result = try await CLIRunner.run(["url", "search", "q=x", "maxResults=99"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("maxResults") && result.stderr.contains("0 to 50"))
    }

    @Test func urlForEveryMethod() async throws {
        let cases: [([String], String)] = [
            (
                ["url", "videos", "id=dQw4w9WgXcQ"],
                "/youtube/v3/videos?part=snippet%2CcontentDetails%2Cstatistics%2Cstatus%2CtopicDetails%2CrecordingDetails%2CliveStreamingDetails%2CpaidProductPlacementDetails&id=dQw4w9WgXcQ"
            ),
            (
                ["url", "channels", "forHandle=@GoogleDevelopers"],
                "/youtube/v3/channels?part=snippet%2CcontentDetails%2Cstatistics%2Cstatus%2CtopicDetails%2CbrandingSettings&forHandle=%40GoogleDevelopers"
            ),
            (
                ["url", "playlistItems", "playlistId=UUabc"],
                "/youtube/v3/playlistItems?part=snippet%2CcontentDetails&playlistId=UUabc&maxResults=50"
            ),
            (
                ["url", "playlists", "channelId=UCabc"],
                "/youtube/v3/playlists?part=snippet%2CcontentDetails&channelId=UCabc"
            ),
        ]
        for (arguments, path) in cases {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("https://www.googleapis.com" + path + "\n"), "\(result.stdout)")
        }
        let unknown = try await CLIRunner.run(["url", "videos", "id=abc", "ids=abc"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean id?"))
    }

    /// One scanner serves every subcommand: `--flag=value` and did-you-mean everywhere.
    @Test func everySubcommandTakesNameEqualsValueAndSuggestsSpellings() async throws {
        let url = try await CLIRunner.run(["url", "videos", "id=dQw4w9WgXcQ", "--api-base=http://127.0.0.1:8080"])
        #expect(url.status == 0, "\(url.stderr)")
        #expect(url.stdout.hasPrefix("http://127.0.0.1:8080/youtube/v3/videos?"))
        let urlTypo = try await CLIRunner.run(["url", "videos", "id=dQw4w9WgXcQ", "--api-bse", "x"])
        #expect(urlTypo.status == 2)
        #expect(urlTypo.stderr.contains("did you mean --api-base?"))
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: body) }
        try #"{"kind":"youtube#searchListResponse","items":[]}"#.write(toFile: body, atomically: true, encoding: .utf8)
        let decode = try await CLIRunner.run(["decode", body, "--endpoint=search"])
        #expect(decode.status == 0, "\(decode.stderr)")
        let decodeTypo = try await CLIRunner.run(["decode", body, "--endpont", "search"])
        #expect(decodeTypo.status == 2)
        #expect(decodeTypo.stderr.contains("did you mean --endpoint?"))
        let badChoice = try await CLIRunner.run(["decode", body, "--endpoint", "comment"])
        #expect(badChoice.status == 2)
        #expect(badChoice.stderr.contains("--endpoint takes one of auto, search"))
    }
}
