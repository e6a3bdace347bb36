import Foundation
import Testing

@Suite("--shard-bytes")
struct ShardBytesTests {
    @Test func shardsEndNearTheirCompressedTarget() async throws {
        let emulator = try await ExternalEmulator.start(["--channels", "20"])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("shard-bytes")
        let seeds = CrawlCommandTests.temporary("shard-bytes-seeds")
        defer { for path in [out, seeds, out + "-st"] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=2 walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let arguments = [
            "--seeds", seeds, "--budget", "500", "--api-base", emulator.base, "--out", out, "--state-dir", out + "-st",
            "--quiet", "--shard-bytes", "32K",
        ]
        let result = try await CLIRunner.run(arguments, environment: ["YOUTUBE_API_KEY": "k-shard-bytes"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let shards = try #require(manifest["shards"] as? [[String: Any]]).filter { $0["kind"] as? String == "videos" }
        let sizes = shards.compactMap { $0["bytes"] as? Int }
        #expect(sizes.count >= 4, "several shards: \(sizes)")
        // Each closed shard reached its target (the last one may be short) and ended within the
        // members being compressed when it did (at most 6 pending, each under 32 KB raw).
        for size in sizes.dropLast() { #expect((32 << 10)...(32 << 10) * 8 ~= size, "\(sizes)") }
        let sorted = sizes.dropLast().sorted()
        #expect(sorted[sorted.count / 2] <= (64 << 10), "most end within a member or two: \(sizes)")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
        for bad in ["10", "5G", "lots"] {
            let refused = try await CLIRunner.run(
                arguments.map { $0 == "32K" ? bad : $0 }, environment: ["YOUTUBE_API_KEY": "k-shard-bytes"])
            #expect(refused.status == 2 && refused.stderr.contains("--shard-bytes \(bad)"), "\(bad): \(refused.stderr)")
        }
    }
}
