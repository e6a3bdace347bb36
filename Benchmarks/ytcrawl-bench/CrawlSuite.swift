import Emulator
import Foundation
import Synchronization
import Transport

/// `ytcrawl-bench crawl`: the whole crawl — the real `ytcrawl` binary in a child process, decode,
/// schedule, dedupe, gzip shards at the default level and checkpoints — against the in-process emulator over
/// plain HTTP on loopback, and a raw fetch loop (CurlTransport, download only) over the same URL
/// sequence against a fresh emulator, in the same run. Classic quota model, `--concurrency 16`,
/// every channel of the corpus as a seed plus a search that walks the channels it finds.
enum CrawlSuite {
    static let key = "crawl-bench-key"

    struct Crawl {
        var usage: ChildProcess.Usage
        var summary: [String: Any]
        /// The bench process's own CPU while the crawl ran: the emulator serving it.
        var serverCPUSeconds = 0.0

        var requests: Int { summary["requests"] as? Int ?? 0 }
        var videos: Int { summary["videosWritten"] as? Int ?? 0 }
        var units: Int { summary["units"] as? Int ?? 0 }
        var searchUnits: Int { (summary["unitsByMethod"] as? [String: Int])?["search.list"] ?? 0 }
    }

    /// An emulator for the crawl suite: classic quota without limits, a response cache large enough
    /// for every page of the crawl, and the request targets recorded in the order they arrived.
    final class Target: Sendable {
        let server: EmulatorServer
        let base: String
        private let recorded = Recorder()

        final class Recorder: Sendable {
            let lines = Mutex<[String]>([])
        }

        init(_ corpus: CorpusConfiguration) throws {
            var configuration = EmulatorConfiguration(
                corpus: corpus, keys: [CrawlSuite.key], quotaModel: .classic, dailyUnits: .max, dailySearches: .max)
            configuration.responseCacheBytes = 4 << 30
            let recorded = self.recorded
            configuration.log = { line in
                // "GET /youtube/v3/… → 200 (…)": the target is the second word.
                let words = line.split(separator: " ", maxSplits: 2)
                if words.count >= 2 { recorded.lines.withLock { $0.append(String(words[1])) } }
            }
            server = try EmulatorServer(configuration)
            base = server.start()
        }

        var targets: [String] { recorded.lines.withLock { $0 } }

        func stop() { server.stop() }

        /// Every channel as a seed, and one search that walks the channels it finds.
        var seeds: String {
            "search music walk=channels maxPages=1\n"
                + server.truthChannels().map { "channel \($0.channelId)" }.joined(separator: "\n") + "\n"
        }

        /// Units the channel walks need at best: each uploads playlist a unit per page of 50, and
        /// videos.list 50 ids per unit.
        var bestUnits: Int {
            server.truthChannels().map { (($0.videoCount ?? 0) + 49) / 50 }.reduce(0, +) + (server.videoCount + 49) / 50
        }
    }

    static func run(harness: Harness, quick: Bool, videos: Int?, filter: String?) async throws -> [BenchmarkResult] {
        let size = videos ?? (quick ? 20_000 : 200_000)
        let repeats = quick ? 1 : max(1, min(harness.runs, 3))
        let binary = harness.ytcrawl
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkFailure(
                description:
                    "no ytcrawl binary at \(binary); build both (swift build -c release) or name one with --ytcrawl PATH"
            )
        }
        // Corpus channels have 1 to 80 uploads (40.5 on average).
        let corpus = CorpusConfiguration(
            seed: 3, channels: max(1, Int((Double(size) / 40.5).rounded())), videosPerChannel: 40)
        // Each timed run meets an emulator warmed by one earlier crawl: the pages every crawl asks
        // for alike are served from its cache, and the hydration batches (which depend on the
        // order responses arrive in) are mostly rendered afresh. The raw loop replays the timed
        // crawl's own URL sequence against a second emulator warmed the same way.
        var crawls: [Crawl] = []
        var raws: [Double] = []
        var rawPages: [Int] = []
        // This process's CPU in the raw loop: the emulator and the raw client.
        var rawCPU: [Double] = []
        var corpusVideos = 0
        var bestUnits = 0
        for _ in 0..<repeats {
            let crawled = try Target(corpus)
            let seeds = crawled.seeds
            corpusVideos = crawled.server.videoCount
            bestUnits = crawled.bestUnits
            _ = try crawlOnce(binary: binary, base: crawled.base, seeds: seeds)
            let before = crawled.targets.count
            let crawlStart = ChildProcess.ownCPUSeconds()
            var crawl = try crawlOnce(binary: binary, base: crawled.base, seeds: seeds)
            crawl.serverCPUSeconds = ChildProcess.ownCPUSeconds() - crawlStart
            crawls.append(crawl)
            let targets = Array(crawled.targets.dropFirst(before))
            crawled.stop()
            let replayed = try Target(corpus)
            _ = try crawlOnce(binary: binary, base: replayed.base, seeds: seeds)
            let rawStart = ChildProcess.ownCPUSeconds()
            raws.append(try await rawLoop(base: replayed.base, targets: targets))
            rawCPU.append(ChildProcess.ownCPUSeconds() - rawStart)
            rawPages.append(targets.count)
            replayed.stop()
        }
        // A crawl of a quarter of the size: how peak memory grows per video.
        let quarterTarget = try Target(
            CorpusConfiguration(
                seed: 3, channels: max(1, corpus.channels / 4), videosPerChannel: corpus.videosPerChannel))
        let quarter = try crawlOnce(binary: binary, base: quarterTarget.base, seeds: quarterTarget.seeds)
        quarterTarget.stop()

        crawls.sort { $0.usage.wallSeconds < $1.usage.wallSeconds }
        let median = crawls[crawls.count / 2]
        let rawRuns: [(rate: Double, cpu: Double, pages: Int)] = (0..<raws.count).map {
            (index: Int) -> (rate: Double, cpu: Double, pages: Int) in
            (rate: Double(rawPages[index]) / raws[index], cpu: rawCPU[index], pages: rawPages[index])
        }
        .sorted { $0.rate < $1.rate }
        let medianRaw = rawRuns[rawRuns.count / 2]
        let rawPagesPerSecond = medianRaw.rate
        let crawlPagesPerSecond = Double(median.requests) / median.usage.wallSeconds
        let rssSlope =
            Double(median.usage.peakRSSBytes - quarter.usage.peakRSSBytes)
            / Double(max(1, median.videos - quarter.videos))
        let discoveryUnits = median.units - median.searchUnits
        return [
            BenchmarkResult(
                suite: "crawl", name: "raw-fetch-loop", unit: "pages/s", value: rawPagesPerSecond,
                extra: [
                    ("pages", Double(median.requests)),
                    ("server_and_client_cpu_s_per_1000_pages", medianRaw.cpu * 1000 / Double(max(1, medianRaw.pages))),
                ]),
            BenchmarkResult(
                suite: "crawl", name: "full-crawl", unit: "pages/s", value: crawlPagesPerSecond,
                baseline: "raw-fetch-loop", ratio: crawlPagesPerSecond / rawPagesPerSecond, headline: true,
                extra: [
                    ("pages", Double(median.requests)), ("seconds", median.usage.wallSeconds),
                    ("videos", Double(median.videos)), ("videos_in_corpus", Double(corpusVideos)),
                    ("videos_per_s", Double(median.videos) / median.usage.wallSeconds),
                    ("cpu_s_per_1000_pages", median.usage.cpuSeconds * 1000 / Double(max(1, median.requests))),
                    ("server_cpu_s_per_1000_pages", median.serverCPUSeconds * 1000 / Double(max(1, median.requests))),
                    ("peak_rss_mb", Double(median.usage.peakRSSBytes) / 1_048_576),
                    ("rss_bytes_per_video", rssSlope),
                    ("videos_per_unit", Double(median.videos) / Double(max(1, median.units))),
                    ("share_of_best_units", Double(bestUnits) / Double(max(1, discoveryUnits))),
                ]),
            BenchmarkResult(
                suite: "crawl", name: "full-crawl-quarter-size", unit: "pages/s",
                value: Double(quarter.requests) / quarter.usage.wallSeconds,
                extra: [
                    ("videos", Double(quarter.videos)), ("peak_rss_mb", Double(quarter.usage.peakRSSBytes) / 1_048_576),
                ]),
        ].filter { result in filter.map { result.name.contains($0) } ?? true }
    }

    /// One crawl by the `ytcrawl` binary in a child process, into a fresh directory.
    static func crawlOnce(binary: String, base: String, seeds text: String) throws -> Crawl {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ytcrawl-bench-crawl-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeds = directory.appendingPathComponent("seeds.txt").path
        let keys = directory.appendingPathComponent("keys.txt").path
        let summary = directory.appendingPathComponent("summary.json").path
        try text.write(toFile: seeds, atomically: true, encoding: .utf8)
        try (key + "\n").write(toFile: keys, atomically: true, encoding: .utf8)
        let usage = try ChildProcess.run(
            binary,
            [
                "--seeds", seeds, "--budget", "2000000000", "--api-base", base, "--key-file", keys, "--quota-model",
                "classic", "--daily-units", "2000000000", "--concurrency", "16", "--rps", "100000",
                "--out", directory.appendingPathComponent("out").path, "--state-dir",
                directory.appendingPathComponent("state").path, "--quiet", "--summary-json", summary,
            ])
        guard usage.status == 0, let data = FileManager.default.contents(atPath: summary),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw BenchmarkFailure(description: "the crawl exited \(usage.status) without a summary")
        }
        return Crawl(usage: usage, summary: object)
    }

    /// Downloads the targets, 16 at a time; nothing is decoded or kept.
    static func rawLoop(base: String, targets: [String]) async throws -> Double {
        let transport = try CurlTransport()
        defer { transport.shutdown() }
        let urls = targets.map { base + $0 }
        let counter = TransportSuite.ByteCounter()
        let start = ContinuousClock.now
        try await TransportSuite.fetch(
            transport, urls: urls, count: urls.count, inflight: 16, counter: counter, key: key)
        return (ContinuousClock.now - start) / .seconds(1)
    }
}
