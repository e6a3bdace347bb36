import Archive
import Foundation

/// `ytcrawl stats DIR [--seeds]`: what an output directory holds, or what happened to each seed.
struct StatsCommand: Command {
    static let seeds = Flag(
        "--seeds", help: "each seed as written (file and line) and what the last run did with it, instead")

    static let configuration = CommandConfiguration(
        name: "stats", synopsis: "stats DIR", summary: "summarize an output directory",
        usage: "stats DIR [--seeds]",
        discussion: """
            Summarize an output directory: records and unique videos and channels, publish date range,
            top channels by videos, units spent by method, shards. With --seeds: the seeds of the last
            run, each with its file and line and what happened to it (walked to its end, capped by the
            search limit or maxPages, stopped by the budget, the quota or an interruption with items
            left, failed), and when the crawl's first and last requests were sent.
            """,
        groups: [OptionGroup("Options", [seeds.spec])],
        epilogue: """
            Examples:
              ytcrawl stats ytcrawl-out
              ytcrawl stats ytcrawl-out --seeds
            """)

    var directory: String
    var showSeeds: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        showSeeds = scanner[Self.seeds]
    }

    func run() async throws -> Int32 {
        do {
            if showSeeds {
                guard let manifest = try Manifest.load(directory: directory) else {
                    throw RuntimeFailure("\(directory) has no manifest.json: not a ytcrawl output directory")
                }
                print(TerminalText.lines(Self.seedTable(manifest, directory: directory)))
            } else {
                try Self.checkIsOutput(directory)
                print(TerminalText.lines(try ArchiveStats.compute(directory: directory).text))
            }
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        return 0
    }

    /// A directory with no manifest, no checkpoint, no shard (open or closed) and no snapshots
    /// is not an output: `stats /etc` printed "videos: 0 records" and exited 0.
    static func checkIsOutput(_ directory: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let isOutput = names.contains { name in
            // ShardName reads open (`.part`) shards' names too.
            name == "manifest.json" || name == "checkpoint.json" || name == SnapshotDirectory.folder
                || ShardName(fileName: name) != nil
        }
        guard isOutput else {
            throw RuntimeFailure(
                "\(directory) is not a ytcrawl output directory (no manifest.json, checkpoint.json, shards or snapshots); give the --out of a crawl"
            )
        }
    }

    /// The seeds table: where each seed is written and what happened to it.
    static func seedTable(_ manifest: Manifest, directory: String) -> String {
        guard let seeds = manifest.provenance?.seeds, !seeds.isEmpty else {
            return
                "\(directory): no seeds recorded (an output of an earlier version, a merge of such outputs, or a snapshot)"
        }
        var lines = ["seeds of \(directory): \(manifest.provenance?.seedCount ?? seeds.count)"]
        if let total = manifest.provenance?.seedCount {
            let counts = (manifest.provenance?.outcomeCounts ?? [:]).sorted { $0.key < $1.key }
                .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let outcomes = counts.isEmpty ? "" : "; outcomes: \(counts)"
            lines.append("the manifest lists the first \(seeds.count) of \(total)" + outcomes)
        }
        if let window = manifest.requestWindow { lines.append("requests: first \(window.first), last \(window.last)") }
        let places = seeds.map { seed in
            seed.file.map { file in seed.line.map { "\(file):\($0)" } ?? file } ?? "(saved seeds)"
        }
        let placeWidth = places.map(\.count).max() ?? 0
        let textWidth = min(seeds.map(\.text.count).max() ?? 0, 60)
        for (seed, place) in zip(seeds, places) {
            let text = seed.text.count > 60 ? seed.text.prefix(59) + "…" : Substring(seed.text)
            lines.append(
                "  " + place.padding(toLength: placeWidth, withPad: " ", startingAt: 0) + "  "
                    + String(text).padding(toLength: textWidth, withPad: " ", startingAt: 0) + "  "
                    + (seed.outcome.map { "\($0)" } ?? "not started"))
        }
        return lines.joined(separator: "\n")
    }
}
