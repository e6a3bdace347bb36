import Foundation
import TestSupport
import Testing

/// `ytcrawl network`: the reply, co-commenter, co-tag, domain and hashtag graphs of an emulator crawl, read back by
/// networkx (GraphML, GEXF), python-igraph (GraphML) and the csv module, hold the nodes, edges and
/// weights a Python script computes itself from the shards; a pseudonymized output's graphs hold
/// no name.
@Suite("Network command")
struct NetworkCommandTests {
    static let python = PythonRunner.canImport("networkx, igraph")

    /// Crawls the emulator with comments into a new directory (pseudonymized with `secret`).
    static func crawl(secret: String? = nil) async throws -> String {
        let out = CrawlCommandTests.temporary("network-out")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "3000", "--emulator", "--comments", "--out", out,
                "--state-dir", out + "-state", "--quiet",
            ] + (secret.map { ["--pseudonymize-authors", $0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    /// Writes every kind in every format into a new directory.
    static func graphs(of out: String) async throws -> String {
        let graphs = CrawlCommandTests.temporary("graphs")
        try FileManager.default.createDirectory(atPath: graphs, withIntermediateDirectories: true)
        for kind in ["replies", "commenters", "cotags", "domains", "hashtags"] {
            for (format, name) in [("graphml", kind + ".graphml"), ("gexf", kind + ".gexf"), ("csv", kind + "-csv")] {
                let result = try await CLIRunner.run(
                    ["network", out, "--graph", kind, "--format", format, "--out", graphs + "/" + name])
                #expect(result.status == 0, "\(kind) \(format): \(result.stderr)")
                #expect(result.stdout.contains("\(kind) graph: "), "\(result.stdout)")
            }
        }
        return graphs
    }

    static func check(_ out: String, _ graphs: String, pseudonymized: Bool) async throws {
        let script = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/network_check.py").path
        let result = try await PythonRunner.run([script, out, graphs] + (pseudonymized ? ["--pseudonymized"] : []))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for kind in ["replies", "commenters", "cotags", "domains", "hashtags"] {
            #expect(result.stdout.contains("\(kind): "))
        }
    }

    @Test(.enabled(if: python, "needs networkx and python-igraph (pip; installed by make test)"))
    func graphsReadInNetworkxAndIgraphHoldWhatTheShardsSay() async throws {
        let out = try await Self.crawl()
        let graphs = try await Self.graphs(of: out)
        defer { for path in [out, out + "-state", graphs] { try? FileManager.default.removeItem(atPath: path) } }
        try await Self.check(out, graphs, pseudonymized: false)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: graphs).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test(.enabled(if: python, "needs networkx and python-igraph (pip; installed by make test)"))
    func aPseudonymizedOutputsGraphsHoldNoName() async throws {
        let secret = try PseudonymizedOutputTests.secret("Nw7kP2xQ9vR4tY6uI1oA3sD5fG8hJ0lZcXbVmQwErTy=")
        let out = try await Self.crawl(secret: secret)
        let clear = try await Self.crawl()
        let graphs = try await Self.graphs(of: out)
        defer {
            for path in [out, out + "-state", clear, clear + "-state", graphs, secret] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try await Self.check(out, graphs, pseudonymized: true)
        // No display name of the same crawl in clear appears in any graph file.
        let names = try Set(
            CommentNames.displayNames(in: clear).filter { $0.count > 3 && !$0.contains(" ") }
        ).subtracting(try CommentNames.channelHandles(in: out))
        #expect(!names.isEmpty)
        // The exports of the pseudonymized output too: YouTube Data Tools' CSVs and SQLite.
        #expect(try await CLIRunner.run(["export", out, "--format", "ytdt", "--out", graphs + "/ytdt"]).status == 0)
        #expect(try await CLIRunner.run(["export", out, "--sqlite", graphs + "/all.sqlite"]).status == 0)
        for kind in [
            "replies.graphml", "replies.gexf", "replies-csv/nodes.csv", "replies-csv/edges.csv",
            "ytdt/videocomments.csv",
            "all.sqlite",
        ] {
            let text = String(
                decoding: FileManager.default.contents(atPath: graphs + "/" + kind) ?? Data(), as: UTF8.self)
            #expect(!text.isEmpty)
            // Every word of the file (the names are single words: `@handle`), cut at anything a
            // handle cannot hold (SQLite's record bytes too): not a search of the whole file for
            // each of thousands of names.
            let words = Set(text.split { !($0.isLetter || $0.isNumber || "@_.-".contains($0)) }.map(String.init))
            #expect(names.first { words.contains($0) } == nil, "a name in \(kind)")
        }
    }

    @Test func whatCannotBeBuiltIsAUsageErrorAndNothingIsWritten() async throws {
        let empty = CrawlCommandTests.temporary("network-empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let noComments = try await CLIRunner.run([
            "network", empty, "--graph", "replies", "--out", empty + "/g.graphml",
        ])
        #expect(noComments.status == 2)
        #expect(noComments.stderr.contains("holds no comments records"), "\(noComments.stderr)")
        let noOut = try await CLIRunner.run(["network", empty, "--graph", "cotags"])
        #expect(noOut.status == 2)
        #expect(noOut.stderr.contains("--out PATH is required"), "\(noOut.stderr)")
        let badKind = try await CLIRunner.run(["network", empty, "--graph", "friends", "--out", "x"])
        #expect(badKind.status == 2)
        #expect(badKind.stderr.contains("replies, commenters, cotags, domains, hashtags"), "\(badKind.stderr)")
        let byChannel = try await CLIRunner.run(["network", empty, "--graph", "cotags", "--by-channel", "--out", "x"])
        #expect(byChannel.status == 2 && byChannel.stderr.contains("--by-channel goes with --graph domains"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
    }
}

/// The display names of an output's comments.
enum CommentNames {
    /// The display names of an output's comments, but the channels' own on their videos.
    static func displayNames(in out: String) throws -> [String] {
        try values(in: out, kind: "comments") { object in
            // A channel answering on its own video is that public channel, not a commenter to
            // hide (the output keeps the channel's handle with its record).
            if let author = object["authorChannelId"] as? String, author == object["channelId"] as? String {
                return nil
            }
            return object["authorDisplayName"] as? String
        }
    }

    /// The handles (`customUrl`) of an output's channels: public, kept with the channel records.
    static func channelHandles(in out: String) throws -> Set<String> {
        Set(try values(in: out, kind: "channels") { $0["customUrl"] as? String })
    }

    private static func values(in out: String, kind: String, _ value: ([String: Any]) -> String?) throws -> [String] {
        var values: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: out) where name.hasPrefix(kind + "-") {
            let text = try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/bin/gzip"), ["-dc", out + "/" + name]).stdout
            for line in text.split(separator: "\n") {
                guard let data = line.data(using: .utf8),
                    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let found = value(object)
                else { continue }
                values.append(found)
            }
        }
        return values
    }
}
