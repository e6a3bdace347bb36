import Archive
import Foundation

/// `ytcrawl stats DIR` and `ytcrawl verify DIR`.
enum ArchiveCommands {
    static let statsHelp = """
        Usage: ytcrawl stats DIR

        Summarize an output directory: records and unique videos and channels, publish date range,
        top channels by videos, units spent by method, shards.

        Example:
          ytcrawl stats ytcrawl-out
        """

    static let verifyHelp = """
        Usage: ytcrawl verify DIR

        Check an output directory: every shard decompresses, its sha256 and record count match
        manifest.json, every line parses and has every column of its schema, no video or channel
        appears twice. Each statistics snapshot (DIR/snapshots/*/) is checked the same way, and a
        finished one has exactly one line for each video it covers. Exit 0 when sound; exit 1
        naming the first problem (file and line).

        Example:
          ytcrawl verify ytcrawl-out
        """

    static func directory(_ arguments: [String], command: String, help: String) throws -> String? {
        let options = try ArgumentScanner(command: command, valued: [], flags: [], arguments: arguments)
        if options.wantsHelp {
            print(help)
            return nil
        }
        let directory = try options.outputDirectory()
        try requireDirectory(directory)
        return directory
    }

    /// Refuses a path that is not a directory, naming it and what to give instead.
    static func requireDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("\(directory) is not a directory; give the --out directory of a crawl")
        }
    }

    static func stats(_ arguments: [String]) throws -> Int32 {
        guard let directory = try directory(arguments, command: "stats", help: statsHelp) else { return 0 }
        do {
            print(TerminalText.lines(try ArchiveStats.compute(directory: directory).text))
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        return 0
    }

    static func verify(_ arguments: [String]) throws -> Int32 {
        guard let directory = try directory(arguments, command: "verify", help: verifyHelp) else { return 0 }
        let report = ArchiveVerifier.verify(directory: directory)
        if let problem = report.problem {
            writeStderr("ytcrawl verify: \(directory): \(problem)")
            return 1
        }
        let comments = report.comments > 0 ? ", \(report.comments) comments" : ""
        if report.stats > 0 && report.videos == 0 {
            // A snapshot directory given itself.
            print(
                report.pending
                    ? "incomplete (checkpoint pending): \(report.stats) statistics lines sound so far; rerun ytcrawl refresh to complete it"
                    : "ok: \(report.shards) shards, \(report.stats) statistics lines")
            return 0
        }
        if report.pending {
            print(
                "incomplete (checkpoint pending): \(report.shards) closed shards sound, \(report.videos) videos, \(report.channels) channels\(comments) in them so far; rerun the crawl with the same --out to finish"
            )
        } else {
            print("ok: \(report.shards) shards, \(report.videos) videos, \(report.channels) channels\(comments)")
        }
        for (name, snapshot) in report.snapshots {
            print(
                "snapshot \(name): "
                    + (snapshot.pending
                        ? "incomplete, \(snapshot.stats) statistics lines sound so far (rerun ytcrawl refresh to complete it)"
                        : "ok, \(snapshot.shards) shards, \(snapshot.stats) statistics lines"))
        }
        return 0
    }
}

extension ArgumentScanner {
    /// The one DIR a command that reads an output takes, or the usage error that asks for it.
    func outputDirectory() throws -> String {
        guard positional.count == 1, let directory = positional.first else {
            throw UsageError(
                "ytcrawl \(command) needs one DIR (the --out directory of a crawl); see ytcrawl \(command) --help")
        }
        return directory
    }
}
