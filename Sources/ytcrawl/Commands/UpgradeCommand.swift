import Archive
import Foundation
import StreamingJSON

/// `ytcrawl upgrade DIR [--dry-run]`: brings an output written by an older ytcrawl to the record
/// schema this one writes, in place and atomically (``ArchiveUpgrader``).
struct UpgradeCommand: Command {
    static let dryRun = Flag("--dry-run", help: "print what would be rewritten; change nothing")

    static let configuration = CommandConfiguration(
        name: "upgrade", synopsis: "upgrade DIR [--dry-run]",
        summary: "bring an older output to this version's record schema (derived fields computed)",
        discussion: """
            Rewrite the video, channel and comment records of the output directory DIR that an older
            ytcrawl wrote so they have every column this version writes: the columns the API sends
            that the old lines lack are null, and the derived ones (links, hashtags, handles,
            chapters, whom a reply answers, its depth, whether the channel wrote it) are computed
            from the records' own text and threads, as a crawl computes them. No request is made.

            A crawl, update or hydrate into an older output is refused until it is upgraded. The
            shards are rewritten whole under the output's lock, the manifest (schema versions, one
            more run), checksums and datapackage.json follow, so ytcrawl verify stays ok. An upgrade
            killed midway leaves either the output as it was or a journal that the next upgrade (the
            same command) finishes.
            """,
        groups: [OptionGroup("Options", [dryRun.spec])],
        epilogue: """
            Examples:
              ytcrawl upgrade ytcrawl-out --dry-run
              ytcrawl upgrade ytcrawl-out && ytcrawl verify ytcrawl-out
            """)

    var directory: String
    var dryRun: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory(pruneMayBePending: true)
        dryRun = scanner[Self.dryRun]
    }

    func run() async throws -> Int32 {
        let report: ArchiveUpgrader.Report
        do {
            report = try ArchiveUpgrader.upgrade(directory: directory, dryRun: dryRun)
        } catch let error as ArchiveError {
            writeStderr("ytcrawl upgrade: \(error)")
            return 1
        }
        if report.finishedInterrupted { print("finished the prune or upgrade that was interrupted in \(directory)") }
        guard !report.fromVersions.isEmpty else {
            print("\(directory) is already at this version's record schema; nothing to do")
            return 0
        }
        let kinds = RecordKind.allCases.compactMap { kind in
            report.fromVersions[kind].map {
                "\(report.upgraded[kind] ?? 0) \(kind.rawValue) (schema \($0) → \(kind.schema.version))"
            }
        }
        print(
            (dryRun ? "would upgrade " : "upgraded ") + kinds.joined(separator: ", ") + "; \(report.shards) shard"
                + (report.shards == 1 ? "" : "s") + (dryRun ? " to rewrite" : " rewritten"))
        return 0
    }
}
