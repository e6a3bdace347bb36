import Archive
import Foundation
import TestSupport
import Testing

/// A crawl whose searches find videos of channels it never walks: by default the channels are
/// resolved at the end and the package validates with its videos→channels key; with
/// `--no-resolve-channels` the key is not declared, and the package still validates.
@Suite("data package keys that hold")
struct PackageKeysTests {
    static func crawl(_ extra: [String]) async throws -> (out: String, summary: [String: Any]) {
        let out = CrawlCommandTests.temporary("keys-out")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search music maxPages=1\nsearch travel maxPages=1 type=video\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let json = out + "-summary.json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "2000", "--emulator", "--out", out, "--state-dir", out + "-state",
                "--quiet", "--summary-json", json,
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        return (out, summary)
    }

    static func videosKeys(_ out: String) throws -> Any? {
        let package = try ProvenanceTests.json(out + "/datapackage.json")
        let resources = try #require(package["resources"] as? [[String: Any]])
        let videos = try #require(resources.first { $0["name"] as? String == "videos" })
        return (videos["schema"] as? [String: Any])?["foreignKeys"]
    }

    @Test(
        .enabled(
            if: ProvenanceTests.frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func searchResultsChannelsAreResolvedAndThePackageValidates() async throws {
        let (out, summary) = try await Self.crawl([])
        defer { for path in [out, out + "-state"] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(summary["unresolvedChannels"] as? Int == 0)
        #expect(((summary["unitsByMethod"] as? [String: Int]) ?? [:])["channels.list", default: 0] > 0)
        #expect(try Self.videosKeys(out) != nil, "videos.channelId refers to channels")
        let valid = try await ProvenanceTests.check(out + "/datapackage.json")
        #expect(valid["valid"] as? Bool == true, "\(valid)")
        let csv = out + "-csv"
        defer { try? FileManager.default.removeItem(atPath: csv) }
        #expect(try await CLIRunner.run(["export", out, "--csv-package", csv]).status == 0)
        let csvValid = try await ProvenanceTests.check(csv + "/datapackage.json")
        #expect(csvValid["valid"] as? Bool == true, "\(csvValid)")
    }

    @Test(
        .enabled(
            if: ProvenanceTests.frictionlessPresent,
            "frictionless-py is not installed (pip install 'frictionless[json]'; make test-deps installs it)"))
    func withoutResolutionTheKeyIsNotDeclared() async throws {
        let (out, summary) = try await Self.crawl(["--no-resolve-channels"])
        defer { for path in [out, out + "-state"] { try? FileManager.default.removeItem(atPath: path) } }
        #expect((summary["unresolvedChannels"] as? Int ?? 0) > 0)
        #expect(((summary["unitsByMethod"] as? [String: Int]) ?? [:])["channels.list"] == nil)
        #expect(try Self.videosKeys(out) == nil)
        let manifest = try #require(try Manifest.load(directory: out))
        #expect((manifest.unresolvedChannels ?? 0) > 0)
        let valid = try await ProvenanceTests.check(out + "/datapackage.json")
        #expect(valid["valid"] as? Bool == true, "\(valid)")
    }
}
