import Archive
import Foundation
import Gzip
import POSIXSupport
import StreamingJSON
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `ytcrawl-bench archive`: records/s and MB/s writing video records into gzip shards at levels 1
/// and 6 — our writer (members compressed in parallel, written in order) against a single-threaded
/// zlib loop over the same bytes, in the same run.
enum ArchiveSuite {
    static func run(harness: Harness, quick: Bool, filter: String?) throws -> [BenchmarkResult] {
        let count = quick ? 20_000 : 200_000
        // Encoded record lines, prepared once: the suite measures compression and writing.
        var lines: [[UInt8]] = []
        lines.reserveCapacity(count)
        var writer = JSONWriter(capacity: 4096)
        for index in 0..<count {
            writer.removeAll()
            RecordEncoder.encode(sampleVideo(index), into: &writer)
            lines.append(writer.bytes)
        }
        let megabytes = Double(lines.reduce(0) { $0 + $1.count }) / 1_000_000
        var results: [BenchmarkResult] = []
        for level in [1, 6] as [Int32] {
            func selected(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
            let baselineName = "single-thread-zlib-level\(level)"
            let oursName = "ours-parallel-level\(level)"
            var baseline: BenchmarkResult?
            if selected(baselineName) {
                let seconds = try harness.median { try singleThreaded(lines, level: level) }
                baseline = BenchmarkResult(
                    suite: "archive", name: baselineName, unit: "records/s", value: Double(count) / seconds,
                    extra: [("MB_per_s", megabytes / seconds)])
                results.append(baseline!)
            }
            if selected(oursName) {
                let seconds = try harness.median { try ours(lines, level: level) }
                var result = BenchmarkResult(
                    suite: "archive", name: oursName, unit: "records/s", value: Double(count) / seconds,
                    extra: [("MB_per_s", megabytes / seconds)])
                if let baseline {
                    result.baseline = baseline.name
                    result.ratio = result.value / baseline.value
                }
                result.headline = level == 6
                results.append(result)
            }
        }
        return results
    }

    static func sampleVideo(_ index: Int) -> Video {
        let words = ["swift", "concurrency", "lofi", "beats", "Café", "日本語", "🎸", "R&B", "tutorial", "live"]
        let title = (0..<8).map { words[(index &* 31 &+ $0 &* 7) % words.count] }.joined(separator: " ")
        return Video(
            videoId: String(format: "v%010d", index), title: title,
            description: String(repeating: title + "\n", count: 1 + index % 6), channelId: "UC\(index % 500)",
            channelTitle: "Channel \(index % 500)",
            publishedAt: Date(timeIntervalSince1970: TimeInterval(1_300_000_000 + index * 977)),
            thumbnails: Thumbnails([
                ("default", Thumbnail(url: "https://i.ytimg.com/vi/\(index)/default.jpg", width: 120, height: 90)),
                ("high", Thumbnail(url: "https://i.ytimg.com/vi/\(index)/hqdefault.jpg", width: 480, height: 360)),
            ]), liveBroadcastContent: "none", tags: ["a", "b"], categoryId: "28", duration: "PT4M13S",
            durationSeconds: 253,
            viewCount: index * 13, likeCount: index, commentCount: index / 3,
            source: VideoSource(
                kind: .channel, seed: "channel UC\(index % 500)", endpoint: "playlistItems.list", rank: index),
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("archive-bench-\(UUID())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func ours(_ lines: [[UInt8]], level: Int32) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ShardWriter(
            directory: directory, kind: .videos, options: .init(shardRecords: 1_000_000, level: level))
        for line in lines { try writer.append(line: line) }
        _ = try writer.finish()
    }

    static func singleThreaded(_ lines: [[UInt8]], level: Int32) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fd = open(directory + "/baseline.jsonl.gz", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        let compressor = try GzipCompressor(level: level)
        var buffer: [UInt8] = []
        var output: [UInt8] = []
        func emit() throws {
            output.removeAll(keepingCapacity: true)
            try compressor.compress(buffer, into: &output)
            try compressor.finishMember(into: &output)
            try WriteAll.write(fd, output)
            buffer.removeAll(keepingCapacity: true)
        }
        for line in lines {
            buffer.append(contentsOf: line)
            if buffer.count >= 1 << 20 { try emit() }
        }
        if !buffer.isEmpty { try emit() }
        fsync(fd)
    }
}
