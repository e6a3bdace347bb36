import Archive
import Foundation
import Testing

@Suite("ytcrawl crawl: progress and summary")
struct CrawlExperienceTests {
    /// Files named on the command line are written through: a symlink stays a symlink, and `-`
    /// is standard output.
    @Test func theSummaryIsWrittenThroughASymlinkAndToStandardOutput() async throws {
        let out = CrawlCommandTests.temporary("cli-through")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let target = CrawlCommandTests.temporary("summary-target") + ".json"
        let link = CrawlCommandTests.temporary("summary-link") + ".json"
        defer { for path in [out, state, seeds, target, link] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let arguments = ["--seeds", seeds, "--budget", "100", "--emulator", "--state-dir", state, "--quiet"]
        let linked = try await CLIRunner.run(arguments + ["--out", out, "--summary-json", link])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "still a symlink")
        let written = try #require(FileManager.default.contents(atPath: target))
        #expect(
            (try JSONSerialization.jsonObject(with: written) as? [String: Any])?["ending"] as? String == "completed")
        let piped = try await CLIRunner.run(arguments + ["--out", out, "--summary-json", "-"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("\"ending\" : \"completed\""))
    }

    @Test func nonTerminalProgressLinesAndTheSummaryJSON() async throws {
        let out = CrawlCommandTests.temporary("cli-progress")
        let state = CrawlCommandTests.temporary("cli-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let summaryPath = CrawlCommandTests.temporary("summary") + ".json"
        defer { for path in [out, state, seeds, summaryPath] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music walk=channels maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        // Slow responses make the crawl last long enough for several progress lines.
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "300", "--emulator", "--emulator-latency-ms", "25", "--out", out,
            "--state-dir", state, "--progress-interval", "0.2", "--summary-json", summaryPath,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("ytcrawl: progress: ") }
        #expect(lines.count >= 2, "\(result.stderr)")
        for line in lines {
            #expect(line.contains(" elapsed | "))
            #expect(line.contains("requests/s"))
            #expect(line.contains(" of 300"), "units of the budget")
            #expect(line.contains("videos "))
            #expect(line.contains("frontier "))
            #expect(line.contains("retries 0, errors 0"))
        }
        #expect(!result.stderr.contains("\u{1B}["), "no escape codes when stderr is not a terminal")
        #expect(!result.stderr.contains("\r"))

        let data = try #require(FileManager.default.contents(atPath: summaryPath))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(summary["ending"] as? String == "completed")
        #expect(summary["exitCode"] as? Int == 0)
        #expect(summary["budget"] as? Int == 300)
        let units = try #require(summary["units"] as? Int)
        let byMethod = try #require(summary["unitsByMethod"] as? [String: Int])
        #expect(byMethod["videos.list"] ?? 0 > 0)
        #expect(units == byMethod.filter { $0.key != "search.list" }.values.reduce(0, +))
        let videos = try #require(summary["videosWritten"] as? Int)
        #expect(videos > 0)
        #expect(summary["channelsWritten"] as? Int ?? 0 > 0)
        let perThousand = try #require(summary["videosPerThousandUnits"] as? Double)
        #expect(abs(perThousand - Double(videos) * 1000 / Double(units)) < 0.1)
        #expect((summary["shards"] as? [String])?.contains("videos-00000.jsonl.gz") == true)
        #expect(summary["out"] as? String == URL(fileURLWithPath: out).standardizedFileURL.path)
        #expect((summary["next"] as? String)?.contains("duckdb") == true)
        #expect(summary["retries"] as? Int == 0)
        #expect(!String(decoding: data, as: UTF8.self).contains("emulator-key"))
        // The text summary says the same.
        #expect(result.stdout.contains("videos written: \(videos)"))
    }

    @Test func alwaysRedrawsOneLineAndQuietPrintsNothing() async throws {
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let state = CrawlCommandTests.temporary("cli-state")
        defer { for path in [seeds, state] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=2\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let out = CrawlCommandTests.temporary("cli-always")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let always = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "100", "--emulator", "--emulator-latency-ms", "60", "--out", out,
                "--state-dir", state, "--progress", "always",
            ], environment: ["NO_COLOR": "1"])
        #expect(always.status == 0, "\(always.stderr)")
        #expect(always.stderr.contains("\r\u{1B}[K"), "the line is redrawn in place")
        #expect(!always.stderr.contains("\u{1B}[1m"), "NO_COLOR: no bold")
        let quietOut = CrawlCommandTests.temporary("cli-quiet")
        defer { try? FileManager.default.removeItem(atPath: quietOut) }
        let quiet = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "100", "--emulator", "--out", quietOut, "--state-dir", state, "--quiet",
            "--progress-interval", "0.05",
        ])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty)
    }

    @Test func badProgressValueNamesTheChoices() async throws {
        let result = try await CLIRunner.run(["--seeds", "x.txt", "--budget", "5", "--progress", "sometimes"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--progress takes one of auto, always, never, got \"sometimes\""))
    }

    /// `--dry-run` with comments: the cost from the commentCount of the videos already in --out.
    @Test func dryRunEstimatesCommentsFromKnownCommentCounts() async throws {
        let out = CrawlCommandTests.temporary("dry-comments")
        let state = CrawlCommandTests.temporary("dry-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "channel @GoogleDevelopers maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let first = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "100", "--emulator", "--out", out, "--state-dir", state, "--quiet",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        var videos = 0
        var comments = 0
        try ArchiveReader.forEachRecord(directory: out, kind: .videos) { record, _ in
            videos += 1
            if case .number(let text)? = record["commentCount"] { comments += Int(text) ?? 0 }
        }
        let dry = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "100", "--emulator", "--out", out, "--state-dir", state, "--dry-run",
            "--comments",
        ])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("comments: \(videos) videos known so far, \(comments) comments"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out + "/comments-00000.jsonl.gz"), "nothing was fetched")
    }
}
