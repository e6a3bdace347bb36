import Foundation
import TestSupport
import Testing

/// The README's five-minute tour is run as a reader would: every command of its shell blocks and
/// every `ytcrawl …` it names in its text, exactly as written, in order, in one directory (with
/// the built `ytcrawl` first on PATH), each exiting 0; and the figures it states for the crawl
/// (about so many videos, channels, comments and units) are within a tenth of what the crawl
/// says, so the front page cannot drift from what the tool does.
@Suite("README tour")
struct ReadmeTourTests {
    static let toolsPresent =
        ExternalTools.present("duckdb", "jq", "zcat", "python3") && PythonRunner.canImport("pandas, duckdb")

    /// The tour: from its heading to the next section.
    static func tour() throws -> String {
        let readme = try DocumentationTests.committed("README.md")
        let start = try #require(readme.range(of: "## A five-minute tour"))
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// Its commands in the order they appear: the lines of its `sh` blocks, and the `ytcrawl …`
    /// spans of its text that have arguments (a bare `ytcrawl refresh` names a command, it does not
    /// run one).
    static func commands(of tour: String) -> [String] {
        var commands: [String] = []
        var block: String?
        for line in tour.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                block = block == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            if let block {
                if block == "sh", !line.trimmingCharacters(in: .whitespaces).isEmpty { commands.append(line) }
                continue
            }
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            for (index, span) in spans.enumerated()
            where index % 2 == 1 && span.hasPrefix("ytcrawl ")
                && span.split(separator: " ").count > 2
            {
                commands.append(String(span))
            }
        }
        return commands
    }

    /// A figure the tour states: the number before `what` in "about … for some … units".
    static func stated(_ what: String, in tour: String) throws -> Int {
        let pattern = try Regex("([0-9][0-9,]*) \(what)")
        let match = try #require(tour.firstMatch(of: pattern), "the tour states no number of \(what)")
        return try #require(Int(String(match.output[1].substring ?? "").replacingOccurrences(of: ",", with: "")))
    }

    /// A count the crawl's summary prints (`videos written: 10330`).
    static func printed(_ label: String, in output: String) throws -> Int {
        let pattern = try Regex("\(label)([0-9]+)")
        let match = try #require(output.firstMatch(of: pattern), "the crawl printed no \"\(label)\"")
        return try #require(Int(String(match.output[1].substring ?? "")))
    }

    @Test func theTourFindsItsCommands() throws {
        let commands = Self.commands(of: try Self.tour())
        #expect(commands.first?.hasPrefix("ytcrawl --seeds Samples/tour-seeds.txt") == true, "\(commands)")
        #expect(
            commands.contains { $0.hasPrefix("duckdb -c") } && commands.contains { $0.hasPrefix("ytcrawl update tour") }
        )
        #expect(commands.count >= 10, "\(commands)")
    }

    @Test(
        .enabled(
            if: toolsPresent,
            "duckdb (pip install duckdb-cli), jq, pandas and the duckdb module are needed (make test installs them)"
        ))
    func everyCommandRunsAsWrittenAndTheFiguresHold() async throws {
        let tour = try Self.tour()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-tour-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Samples"),
            withDestinationURL: DocumentationTests.repository.appendingPathComponent("Samples"))
        let path =
            CLIRunner.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var crawlOutput: String?
        for command in Self.commands(of: tour) {
            let result = try await ExternalTools.run(
                "bash", ["-c", "cd \"$0\" && " + command, directory.path], environment: ["PATH": path])
            #expect(result.status == 0, "\(command)\n\(result.stdout)\n\(result.stderr)")
            if crawlOutput == nil, command.hasPrefix("ytcrawl --seeds") { crawlOutput = result.stdout + result.stderr }
        }
        let output = try #require(crawlOutput)
        let figures: [(stated: String, printed: String)] = [
            ("videos", "videos written: "), ("channels", "channels: "), ("comments", "comments written: "),
            ("units", "units: "),
        ]
        for figure in figures {
            let stated = try Self.stated(figure.stated, in: tour)
            let printed = try Self.printed(figure.printed, in: output)
            #expect(
                abs(printed - stated) * 10 <= stated,
                "the tour says about \(stated) \(figure.stated); the crawl found \(printed)")
        }
        // The files it says the output holds.
        let named = tour.matches(of: try Regex("`([a-z]+-00000\\.jsonl\\.gz|manifest\\.json)`")).compactMap {
            $0.output[1].substring.map(String.init)
        }
        #expect(named.count >= 4, "\(named)")
        for file in named {
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("tour/\(file)").path), "\(file)"
            )
        }
    }
}
