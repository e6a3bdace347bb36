import Emulator
import Foundation

/// `ytcrawl-bench hydrate`: `ytcrawl hydrate` of a generated file of ids (the real binary in a
/// child process) against the in-process emulator, and a raw fetch loop over the same URLs in the
/// same run, against a fresh emulator of the same corpus (so both pay for rendering every answer). The file holds the corpus's video ids, 2% more ids it does not have
/// (written as missing), 5% lines repeating an earlier id and 1% invalid lines, shuffled, ids and
/// URLs mixed: what a shared dataset looks like.
enum HydrateSuite {
    static func run(harness: Harness, quick: Bool, videos: Int?, filter: String?) async throws -> [BenchmarkResult] {
        let size = videos ?? (quick ? 20_000 : 1_000_000)
        let binary = harness.ytcrawl
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ytcrawl-bench-hydrate-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = CorpusConfiguration(
            seed: 3, channels: max(1, Int((Double(size) / 40.5).rounded())), videosPerChannel: 40)
        let target = try CrawlSuite.Target(corpus)
        let file = directory.appendingPathComponent("ids.txt").path
        let unique = try writeIds(target.server.truthVideos().map(\.videoId), to: file)
        let keys = directory.appendingPathComponent("keys.txt").path
        try (CrawlSuite.key + "\n").write(toFile: keys, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out").path
        let summaryPath = directory.appendingPathComponent("summary.json").path
        let before = target.targets.count
        let usage = try ChildProcess.run(
            binary,
            [
                "hydrate", file, "--out", out, "--budget", "2000000000", "--api-base", target.base, "--key-file", keys,
                "--quota-model", "classic", "--daily-units", "2000000000", "--concurrency", "16", "--rps", "100000",
                "--state-dir", directory.appendingPathComponent("state").path, "--quiet", "--summary-json",
                summaryPath,
            ])
        guard usage.status == 0, let data = FileManager.default.contents(atPath: summaryPath),
            let summary = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw BenchmarkFailure(description: "the hydrate exited \(usage.status) without a summary")
        }
        let requests = Array(target.targets.dropFirst(before))
        target.stop()
        let fresh = try CrawlSuite.Target(corpus)
        defer { fresh.stop() }
        let rawSeconds = try await CrawlSuite.rawLoop(base: fresh.base, targets: requests)
        let units = (summary["unitsByMethod"] as? [String: Int])?["videos.list"] ?? 0
        func bytes(_ name: String) -> Double {
            Double((try? FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int) ?? 0)
        }
        let rate = Double(requests.count) / usage.wallSeconds
        let rawRate = Double(requests.count) / rawSeconds
        return [
            BenchmarkResult(suite: "hydrate", name: "raw-fetch-loop", unit: "pages/s", value: rawRate),
            BenchmarkResult(
                suite: "hydrate", name: "hydrate", unit: "pages/s", value: rate, baseline: "raw-fetch-loop",
                ratio: rate / rawRate, headline: true,
                extra: [
                    ("ids", Double(unique)), ("seconds", usage.wallSeconds),
                    ("peak_rss_mb", Double(usage.peakRSSBytes) / 1_048_576),
                    ("videos_list_units", Double(units)),
                    ("units_over_best", Double(units) / Double((unique + 49) / 50)),
                    ("manifest_kb", bytes("manifest.json") / 1024),
                    ("datapackage_kb", bytes("datapackage.json") / 1024),
                ]),
        ].filter { result in filter.map { result.name.contains($0) } ?? true }
    }

    /// Writes the file and returns its unique valid ids.
    static func writeIds(_ known: [String], to path: String) throws -> Int {
        var random = SystemRandomNumberGenerator()
        let unknown = (0..<(known.count / 50)).map { "Zz" + String(format: "%08d", $0) + "A" }
        var lines = (known + unknown).map { id in
            Bool.random(using: &random) ? id : "https://youtu.be/\(id)"
        }
        let count = lines.count
        for _ in 0..<(count / 20) { lines.append(lines[Int.random(in: 0..<count, using: &random)]) }
        for index in 0..<(count / 100) { lines.append("not an id \(index)") }
        lines.shuffle(using: &random)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return known.count + unknown.count
    }
}
