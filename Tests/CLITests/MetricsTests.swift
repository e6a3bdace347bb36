import Foundation
import TestSupport
import Testing

/// `--metrics-listen` answers while a crawl runs, `--metrics-file` holds the final counters, and
/// both parse with the Prometheus client's parser and match the summary.
@Suite("Prometheus metrics")
struct MetricsTests {
    static let parserPresent = PythonRunner.canImport("prometheus_client")

    static let parse = """
        import json, sys
        from prometheus_client.parser import text_string_to_metric_families
        text = open(sys.argv[1]).read()
        samples = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                key = sample.name + json.dumps(sample.labels, sort_keys=True) if sample.labels else sample.name
                samples[key] = sample.value
        print(json.dumps(samples))
        """

    static func samples(_ source: String) async throws -> [String: Double] {
        let result = try await SchemaCommandTests.python(["-c", parse, source])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
    }

    /// Five clients that connect and send nothing do not hold up a scrape while the crawl runs
    /// (here it waits on a server that never answers); the idle ones are closed after a short
    /// deadline. Connections are bounded: with sixteen open, one more gets 503 at once.
    @Test func idleClientsDoNotHoldUpAScrape() async throws {
        let stalled = try MisbehavingServer(.stall)
        let out = CrawlCommandTests.temporary("metrics-idle")
        let seeds = out + "-seeds.txt"
        defer { for path in [out, seeds, out + "-st"] { try? FileManager.default.removeItem(atPath: path) } }
        try "video dQw4w9WgXcQ\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let process = SpawnedProcess()
        process.executableURL = CLIRunner.binary
        process.arguments = [
            "--seeds", seeds, "--budget", "10", "--api-base", stalled.baseURL, "--out", out, "--state-dir",
            out + "-st", "--progress", "never", "--metrics-listen", "127.0.0.1:0",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["YOUTUBE_API_KEY": "k-idle"]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        let handle = stderr.fileHandleForReading
        let (printed, status, running, closed, beyondBound) = try await offThePool {
            try process.run()
            defer {
                process.terminate()
                _ = handle.readDataToEndOfFile()
                process.waitUntilExit()
            }
            var printed = ""
            while !printed.contains("metrics at "), process.isRunning {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            guard let range = printed.range(of: "http://127.0.0.1:"),
                let port = UInt16(printed[range.upperBound...].prefix { $0.isNumber })
            else { return (printed, 0, false, 0, 0) }
            let idle = (0..<5).map { _ in LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 20) }
            for client in idle { try client.connectIdle() }
            // Served one after another, the five idle clients would hold the scrape for 10 s.
            let scrape = try? LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 5).get("/metrics")
            let running = process.isRunning
            let closed = idle.filter { $0.waitUntilClosedByServer() }.count
            // Sixteen held, one more is refused. On a loaded machine the server may drop a held one
            // at its 2 s deadline before it reaches the seventeenth: up to three tries.
            var beyondStatus = 0
            for _ in 0..<3 where beyondStatus != 503 {
                let filling = (0..<16).map { _ in LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 20) }
                for client in filling { try client.connectIdle() }
                beyondStatus =
                    (try? LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 5).get("/metrics"))?.status ?? 0
                for client in filling { _ = client.waitUntilClosedByServer() }
            }
            return (printed, scrape?.status ?? 0, running, closed, beyondStatus)
        }
        #expect(status == 200, "the scrape was answered: \(printed)")
        #expect(running, "while the crawl runs")
        #expect(closed == 5, "idle clients are closed after the read deadline")
        #expect(beyondBound == 503, "a client beyond the sixteen served at once")
    }

    @Test(
        .enabled(
            if: parserPresent,
            "prometheus_client is not installed (pip install prometheus_client; .ci/run installs it)"))
    func scrapedWhileTheCrawlRunsAndEqualToTheSummaryAtTheEnd() async throws {
        let emulator = try await ExternalEmulator.start([
            "--channels", "30", "--fault-rate", "0.1", "--faults", "500,503",
        ])
        defer { emulator.stop() }
        let out = CrawlCommandTests.temporary("metrics")
        let seeds = CrawlCommandTests.temporary("metrics-seeds")
        defer {
            for path in [out, seeds, out + "-st", out + ".prom", out + ".json", out + ".scraped"] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try "search music maxPages=3 walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let process = SpawnedProcess()
        process.executableURL = CLIRunner.binary
        process.arguments = [
            "--seeds", seeds, "--budget", "2000", "--api-base", emulator.base, "--out", out, "--state-dir", out + "-st",
            "--rps", "15", "--progress", "never", "--metrics-listen", "127.0.0.1:0", "--metrics-file", out + ".prom",
            "--summary-json", out + ".json",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["YOUTUBE_API_KEY": "k-metrics"]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        let handle = stderr.fileHandleForReading
        // Started, scraped and checked for running on a thread of its own: a busy test pool cannot
        // delay the scrape past the crawl's end. The scrape is a plain GET, repeated until the crawl
        // has counted a request; Python's parser reads what it got afterwards (starting Python
        // takes long enough on a busy machine for a short crawl to end meanwhile).
        let scraped = out + ".scraped"
        let (printed, address, running, notFound) = try await offThePool {
            try process.run()
            var printed = ""
            while !printed.contains("metrics at "), process.isRunning {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            let address =
                printed.split(separator: "\n").first { $0.contains("metrics at ") }.flatMap { line in
                    line.range(of: "http://").map { String(line[$0.lowerBound...]) }
                } ?? ""
            guard address.hasPrefix("http://127.0.0.1:") else { return (printed, address, false, 0) }
            let client = LoopbackHTTPClient(baseURL: String(address.dropLast("/metrics".count)))
            var text = ""
            let deadline = Date().addingTimeInterval(60)
            repeat {
                text = try client.get("/metrics").text
                if text.split(separator: "\n").contains(where: {
                    $0.hasPrefix("ytcrawl_requests_total ") && !$0.hasSuffix(" 0")
                }) {
                    break
                }
                Thread.sleep(forTimeInterval: 0.1)
            } while Date() < deadline
            let running = process.isRunning
            try text.write(toFile: scraped, atomically: true, encoding: .utf8)
            let notFound = try client.get("/other").status
            return (printed, address, running, notFound)
        }
        #expect(address.hasPrefix("http://127.0.0.1:"), "\(printed)")
        #expect(running, "scraped while the crawl runs")
        let samples = try await Self.samples(scraped)
        #expect((samples["ytcrawl_requests_total"] ?? 0) > 0, "\(samples)")
        #expect(samples["ytcrawl_frontier_items"] != nil)
        #expect(samples.keys.contains { $0.hasPrefix("ytcrawl_quota_remaining") })
        #expect(notFound == 404)
        try await offThePool {
            _ = handle.readDataToEndOfFile()
            process.waitUntilExit()
        }
        #expect(process.terminationStatus == 0)
        let final = try await Self.samples(out + ".prom")
        let data = try #require(FileManager.default.contents(atPath: out + ".json"))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(final["ytcrawl_requests_total"] == Double(summary["requests"] as? Int ?? -1))
        #expect(final["ytcrawl_pages_total"] == Double(summary["pages"] as? Int ?? -1))
        #expect(
            final["ytcrawl_records_written_total{\"kind\": \"videos\"}"]
                == Double(summary["videosThisRun"] as? Int ?? -1))
        for (method, units) in summary["unitsByMethod"] as? [String: Int] ?? [:] {
            #expect(final["ytcrawl_units_total{\"method\": \"\(method)\"}"] == Double(units), "\(method)")
        }
        let retries = final.filter { $0.key.hasPrefix("ytcrawl_retries_total") }.values.reduce(0, +)
        #expect(retries == Double(summary["retries"] as? Int ?? -1))
        #expect((final["ytcrawl_retries_total{\"cause\": \"server_error\"}"] ?? 0) > 0, "the injected 5xx")
        let keyUnits = final.filter { $0.key.hasPrefix("ytcrawl_key_units_total") }
        #expect(keyUnits.count >= 1 && !keyUnits.keys.contains { $0.contains("k-metrics") }, "keys by fingerprint only")
    }
}
