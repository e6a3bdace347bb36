import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// `ytcrawl prune DIR --gone | --fetched-before DATE [--dry-run]`: removes what YouTube's
/// developer policies ask an API client not to keep, whole shards at a time, atomically.
struct PruneCommand: Command {
    static let gone = Flag(
        "--gone", help: "remove every record of the videos the latest refresh found gone (video, comments, statistics)")
    static let fetchedBefore = Option<Date?>(
        "--fetched-before", "DATE",
        help: "remove records not fetched or refreshed since DATE (2026-06-01 or 2026-06-01T00:00:00Z)",
        default: nil, shownDefault: nil
    ) { name, text in
        if let date = RFC3339.parseDate(text) ?? RFC3339.parseDate(text + "T00:00:00Z") { return date }
        throw UsageError("\(name) \(text): expected a date as 2026-06-01 or 2026-06-01T00:00:00Z")
    }
    static let dryRun = Flag("--dry-run", help: "print what would be removed; change nothing")

    static let configuration = CommandConfiguration(
        name: "prune", synopsis: "prune DIR --gone | --fetched-before DATE [--dry-run]",
        summary: "remove records YouTube's policies ask you not to keep (gone videos, stale data)",
        discussion: """
            Remove from the output directory DIR what YouTube's developer policies ask an API client
            not to keep. --gone removes every record of each video whose latest statistics line
            (ytcrawl refresh) says gone: its video record, its comments and its statistics lines.
            --fetched-before DATE removes every record not fetched since DATE; a video counts as
            fetched when its record was, or when a refresh last saw it. Both may be given.

            The shards that change are rewritten whole under the output's lock, and the manifest,
            checksums and datapackage.json follow, so ytcrawl verify stays ok. A prune killed
            midway leaves either the output as it was or a journal that the next prune (the same
            command) finishes; until then verify and every other command say so.
            """,
        groups: [OptionGroup("Options", [gone.spec, fetchedBefore.spec, dryRun.spec])],
        epilogue: """
            Examples:
              ytcrawl refresh ytcrawl-out && ytcrawl prune ytcrawl-out --gone --dry-run
              ytcrawl prune ytcrawl-out --fetched-before 2026-06-01
            """)

    var directory: String
    var rules: ArchivePruner.Rules
    var dryRun: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory(pruneMayBePending: true)
        rules = ArchivePruner.Rules(gone: scanner[Self.gone], fetchedBefore: try scanner[Self.fetchedBefore])
        dryRun = scanner[Self.dryRun]
        // `ytcrawl prune DIR` alone finishes an interrupted prune (what verify and every other
        // command advise); with nothing pending it needs to be told what to remove.
        guard rules.gone || rules.fetchedBefore != nil || ArchivePruner.interrupted(directory) != nil else {
            throw UsageError(
                "say what to remove: ytcrawl prune \(directory) --gone (videos a refresh found gone) or --fetched-before DATE"
            )
        }
    }

    func run() async throws -> Int32 {
        let report: ArchivePruner.Report
        do {
            report = try ArchivePruner.prune(directory: directory, rules: rules, dryRun: dryRun)
        } catch let error as ArchiveError {
            writeStderr("ytcrawl prune: \(error)")
            return 1
        }
        if report.finishedInterrupted { print("finished the prune that was interrupted in \(directory)") }
        guard rules.gone || rules.fetchedBefore != nil else { return 0 }
        let kinds = RecordKind.allCases.compactMap { kind in
            report.removed[kind].map { "\($0) \(kind.rawValue)" }
        }
        let what = kinds.isEmpty ? "nothing" : kinds.joined(separator: ", ")
        print(
            (dryRun ? "would remove " : "removed ") + what + " (\(report.videos.count) video"
                + (report.videos.count == 1 ? "" : "s") + " with everything of theirs; \(report.shards) shard"
                + (report.shards == 1 ? "" : "s") + (dryRun ? " to rewrite)" : " rewritten)"))
        if dryRun {
            for id in report.videos.prefix(20) { print("  \(id)") }
            if report.videos.count > 20 { print("  … and \(report.videos.count - 20) more") }
        }
        return 0
    }
}
