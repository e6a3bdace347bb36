import Emulator
import Foundation
import Synchronization
import TestSupport

/// `ytcrawl-bench emulator`: responses per second from the in-process emulator over loopback,
/// with 16 keep-alive connections, each driven by its own thread.
enum EmulatorSuite {
    static let key = "bench-key"

    static func run(harness: Harness, quick: Bool, filter: String?) throws -> [BenchmarkResult] {
        let emulator = try EmulatorServer(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 1, channels: 300, videosPerChannel: 40), keys: [key],
                dailyUnits: .max, dailySearches: .max))
        emulator.start()
        defer { emulator.stop() }
        let videoId = emulator.truthVideos()[0].videoId
        let uploads = "UU" + emulator.channelIds[0].dropFirst(2)
        let cases: [(String, String, Int)] = [
            (
                "small-videos-list-16-conns", "/youtube/v3/videos?part=id&id=\(videoId)&prettyPrint=false",
                quick ? 2_000 : 20_000
            ),
            (
                "page-playlistItems-50-16-conns",
                "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=\(uploads)",
                quick ? 300 : 3_000
            ),
        ]
        var results: [BenchmarkResult] = []
        for (name, target, total) in cases where filter.map({ name.contains($0) }) ?? true {
            var bytes = 0
            let seconds = try harness.median {
                bytes = try drive(port: emulator.port, target: target, connections: 16, total: total)
            }
            var result = BenchmarkResult(
                suite: "emulator", name: name, unit: "responses/s", value: Double(total) / seconds,
                extra: [("MB_per_s", Double(bytes) / seconds / 1_000_000)])
            result.headline = name.hasPrefix("small")
            results.append(result)
        }
        return results
    }

    /// Sends `total` requests over `connections` keep-alive connections; returns the body bytes read.
    static func drive(port: UInt16, target: String, connections: Int, total: Int) throws -> Int {
        let group = DispatchGroup()
        let counts = Mutex([Int](repeating: -1, count: connections))
        for connection in 0..<connections {
            group.enter()
            let share = total / connections + (connection < total % connections ? 1 : 0)
            let thread = Thread {
                defer { group.leave() }
                let client = LoopbackHTTPClient(port: port)
                var bytes = 0
                for _ in 0..<share {
                    guard let response = try? client.get(target, headers: ["X-Goog-Api-Key": key]),
                        response.status == 200
                    else { return }
                    bytes += response.body.count
                }
                counts.withLock { $0[connection] = bytes }
            }
            thread.start()
        }
        group.wait()
        let final = counts.withLock { $0 }
        guard final.allSatisfy({ $0 >= 0 }) else {
            throw BenchmarkFailure(description: "a request to the emulator failed")
        }
        return final.reduce(0, +)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}
