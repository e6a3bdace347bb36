import CCurlBench
import Emulator
import Foundation
import Synchronization
import Transport

/// `ytcrawl-bench transport`: requests/s and MB/s fetching a ~60 KB page from the in-process
/// emulator with 1, 4, 16 and 64 transfers in flight: CurlTransport, URLSessionTransport and a
/// plain C curl-multi loop, in the same run — the page as is, then gzip-compressed.
enum TransportSuite {
    static let key = "bench-key"

    static func run(harness: Harness, quick: Bool, filter: String?) async throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        // The headline serves the page as is (the reference figures are uncompressed);
        // the gzip rows add the decompression every client then does.
        for compressed in [false, true] {
            results += try await run(harness: harness, quick: quick, filter: filter, compressed: compressed)
        }
        return results
    }

    static func run(harness: Harness, quick: Bool, filter: String?, compressed: Bool) async throws
        -> [BenchmarkResult]
    {
        var configuration = EmulatorConfiguration(
            corpus: CorpusConfiguration(seed: 1, channels: 50, videosPerChannel: 80), keys: [key], dailyUnits: .max,
            dailySearches: .max)
        configuration.compressesResponses = compressed
        let emulator = try EmulatorServer(configuration)
        emulator.start()
        defer { emulator.stop() }
        let uploads = "UU" + emulator.channelIds.first { _ in true }!.dropFirst(2)
        let url =
            emulator.baseURL
            + "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=29&playlistId=\(uploads)"
        let curl = try CurlTransport()
        defer { curl.shutdown() }
        let session = URLSessionTransport()
        let total = quick ? 400 : 3000
        let probe = ByteCounter()
        try await fetch(curl, url: url, count: 1, inflight: 1, counter: probe)
        let pageBytes = probe.value
        let suffix = compressed ? "-gzip" : ""
        var results: [BenchmarkResult] = []
        for inflight in [1, 4, 16, 64] {
            func selected(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
            var figures: [String: Double] = [:]
            let names = ["raw-c-multi-", "urlsession-", "curl-transport-"].map { $0 + "\(inflight)\(suffix)" }
            for name in names where selected(name) {
                let counter = ByteCounter()
                let seconds: Double
                if name.hasPrefix("raw-c") {
                    seconds = try harness.median {
                        let bytes = ytc_bench_multi_fetch(url, "X-Goog-Api-Key: \(key)", Int32(inflight), Int32(total))
                        guard bytes > 0 else { throw BenchmarkFailure(description: "the C loop failed a transfer") }
                    }
                } else {
                    let transport: any HTTPTransport = name.hasPrefix("curl") ? curl : session
                    seconds = try await harness.medianAsync {
                        try await fetch(transport, url: url, count: total, inflight: inflight, counter: counter)
                    }
                }
                figures[name] = Double(total) / seconds
            }
            for name in names {
                guard let value = figures[name] else { continue }
                var result = BenchmarkResult(
                    suite: "transport", name: name, unit: "requests/s", value: value,
                    extra: [("MB_per_s", value * Double(pageBytes) / 1_000_000), ("page_bytes", Double(pageBytes))])
                if name.hasPrefix("curl") {
                    if let baseline = figures["urlsession-\(inflight)\(suffix)"] {
                        result.baseline = "urlsession-\(inflight)\(suffix)"
                        result.ratio = value / baseline
                    }
                    if let raw = figures["raw-c-multi-\(inflight)\(suffix)"] {
                        result.extra.append(("share_of_raw_c", value / raw))
                    }
                    result.headline = inflight == 16 && !compressed
                }
                results.append(result)
            }
        }
        return results
    }

    final class ByteCounter: Sendable {
        private let bytes = Atomic<Int>(0)
        func add(_ count: Int) { bytes.wrappingAdd(count, ordering: .relaxed) }
        /// Adds one; returns the value before.
        func takeTicket() -> Int { bytes.wrappingAdd(1, ordering: .relaxed).oldValue }
        var value: Int { bytes.load(ordering: .relaxed) }
    }

    /// `count` fetches of `url` with `inflight` at a time.
    static func fetch(_ transport: any HTTPTransport, url: String, count: Int, inflight: Int, counter: ByteCounter)
        async throws
    {
        try await fetch(transport, urls: [url], count: count, inflight: inflight, counter: counter)
    }

    /// `count` fetches with `inflight` at a time, taking `urls` in order (round and round).
    static func fetch(
        _ transport: any HTTPTransport, urls: [String], count: Int, inflight: Int, counter: ByteCounter,
        key: String = TransportSuite.key
    ) async throws {
        let next = ByteCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<inflight {
                group.addTask {
                    while true {
                        let ticket = next.takeTicket()
                        guard ticket < count else { break }
                        let url = urls[ticket % urls.count]
                        try await transport.fetch(HTTPRequest(url: url, headers: [("X-Goog-Api-Key", key)])) { head in
                            guard head.status == 200 else {
                                throw BenchmarkFailure(description: "status \(head.status)")
                            }
                        } onChunk: { chunk in
                            counter.add(chunk.count)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
