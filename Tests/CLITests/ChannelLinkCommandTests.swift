import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// `links=` seeds through the command line: killed at random moments and rerun, a link crawl ends
/// with the links and channels of an uninterrupted one, each once; its channel graph reads in
/// networkx and igraph with the nodes, edges and depths a Python script computes from the shards.
@Suite("ytcrawl links")
struct ChannelLinkCommandTests {
    static let seeds = "search music maxPages=1 walk=channels links=all depth=2\n"

    /// The `from to relation` keys of an output's links, and its channel ids.
    static func contents(_ out: String) throws -> (links: [String], channels: [String]) {
        var links: [String] = []
        var channels: [String] = []
        try ArchiveReader.forEachRecord(directory: out, kind: .links) { record, _ in
            links.append(RecordKind.links.id(of: record) ?? "?")
        }
        try ArchiveReader.forEachRecord(directory: out, kind: .channels) { record, _ in
            channels.append(RecordKind.channels.id(of: record) ?? "?")
        }
        return (links, channels)
    }

    @Test func killsDuringALinkCrawlLoseAndRepeatNothing() async throws {
        let out = CrawlCommandTests.temporary("links-kill")
        let reference = CrawlCommandTests.temporary("links-reference")
        let state = CrawlCommandTests.temporary("links-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, reference, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try Self.seeds.write(toFile: seeds, atomically: true, encoding: .utf8)
        let arguments = [
            "--seeds", seeds, "--budget", "5000", "--emulator", "--rps", "60", "--state-dir", state,
            "--shard-records", "150",
        ]
        let killed = try await CLIRunner.killRuns(arguments + ["--out", out], times: 5, after: 0.2...1.2) { _ in }
        #expect(killed >= 4, "most runs were killed mid-crawl")
        let final = try await CLIRunner.run(arguments + ["--out", out])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("channel links written: "), "\(final.stdout)")
        let whole = try await CLIRunner.run(arguments + ["--out", reference])
        #expect(whole.status == 0, "\(whole.stderr)")
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains(" channel links"), "\(verified.stdout)")
        let (links, channels) = try Self.contents(out)
        let (referenceLinks, referenceChannels) = try Self.contents(reference)
        #expect(links.count == Set(links).count && channels.count == Set(channels).count, "each once")
        #expect(!links.isEmpty && Set(links) == Set(referenceLinks), "\(links.count) links, \(referenceLinks.count)")
        #expect(Set(channels) == Set(referenceChannels), "\(channels.count) channels, \(referenceChannels.count)")
        let stats = try await CLIRunner.run(["stats", out])
        #expect(stats.stdout.contains("links:     \(links.count) records ("), "\(stats.stdout)")
    }

    @Test(.enabled(if: NetworkCommandTests.python, "needs networkx and python-igraph (pip; installed by make test)"))
    func theChannelGraphReadsInNetworkxAndIgraph() async throws {
        let out = CrawlCommandTests.temporary("links-graph")
        let graphs = CrawlCommandTests.temporary("links-graphs")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer {
            for path in [out, out + "-state", graphs, seeds] { try? FileManager.default.removeItem(atPath: path) }
        }
        try Self.seeds.write(toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "5000", "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        try FileManager.default.createDirectory(atPath: graphs, withIntermediateDirectories: true)
        for (format, name) in [("graphml", "channels.graphml"), ("gexf", "channels.gexf"), ("csv", "channels-csv")] {
            let result = try await CLIRunner.run(
                ["network", out, "--graph", "channels", "--format", format, "--out", graphs + "/" + name])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains("channels graph: ") && result.stdout.contains("(directed)"))
        }
        let script = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/network_check.py").path
        let result = try await PythonRunner.run([script, out, graphs, "--kinds=channels"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("channels: "), "\(result.stdout)")
    }

    /// An output without links says how to get them.
    @Test func theChannelGraphOfAnOutputWithoutLinksSaysHowToGetThem() async throws {
        let out = CrawlCommandTests.temporary("no-links")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        _ = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "500", "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet",
        ])
        let result = try await CLIRunner.run(["network", out, "--graph", "channels", "--out", out + "/g.graphml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("links=all"), "\(result.stderr)")
    }
}
