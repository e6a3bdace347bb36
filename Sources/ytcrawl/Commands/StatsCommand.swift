import Archive

/// `ytcrawl stats DIR`: what an output directory holds.
struct StatsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "stats", synopsis: "stats DIR", summary: "summarize an output directory",
        discussion: """
            Summarize an output directory: records and unique videos and channels, publish date range,
            top channels by videos, units spent by method, shards.
            """,
        epilogue: """
            Example:
              ytcrawl stats ytcrawl-out
            """)

    var directory: String

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
    }

    func run() async throws -> Int32 {
        do {
            print(TerminalText.lines(try ArchiveStats.compute(directory: directory).text))
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        return 0
    }
}
