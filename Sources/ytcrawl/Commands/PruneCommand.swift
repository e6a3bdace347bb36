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
    static let snapshotsOlderThan = Option<Int64?>(
        "--snapshots-older-than", "AGE",
        help: "remove whole statistics snapshots taken more than AGE ago (30d, 12h, 2w): YouTube's 30-day rule",
        default: nil, shownDefault: nil
    ) { name, text in
        let units: [Character: Int64] = ["h": 3600, "d": 86_400, "w": 7 * 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count >= 0,
            count <= 100_000
        else {
            throw UsageError("\(name) \(text): expected an age as a number and h, d or w (30d, 12h, 2w)")
        }
        return count * unit
    }
    static let dryRun = Flag("--dry-run", help: "print what would be removed; change nothing")

    static let configuration = CommandConfiguration(
        name: "prune", synopsis: "prune DIR --gone | --fetched-before DATE | --snapshots-older-than AGE [--dry-run]",
        summary: "remove records YouTube's policies ask you not to keep (gone videos, stale data)",
        discussion: """
            Remove from the output directory DIR what YouTube's developer policies ask an API client
            not to keep. --gone removes every record of each video whose latest statistics line
            (ytcrawl refresh) says gone: its video record, its comments and its statistics lines.
            --fetched-before DATE removes every record not fetched since DATE; a video counts as
            fetched when its record was, or when a refresh last saw it. --snapshots-older-than AGE
            (30d, 12h, 2w) removes every statistics snapshot (ytcrawl refresh) taken more than AGE
            ago, whole: since May–June 2026 YouTube's developer policies let only developers whose
            derived-metrics use an audit accepted keep statistics beyond 30 days. Any of them may be
            given together.

            The shards that change are rewritten whole under the output's lock, and the manifest,
            checksums and datapackage.json follow, so ytcrawl verify stays ok. A prune killed
            midway leaves either the output as it was or a journal that the next prune (the same
            command) finishes; until then verify and every other command say so.
            """,
        groups: [OptionGroup("Options", [gone.spec, fetchedBefore.spec, snapshotsOlderThan.spec, dryRun.spec])],
        epilogue: """
            Examples:
              ytcrawl refresh ytcrawl-out && ytcrawl prune ytcrawl-out --gone --dry-run
              ytcrawl prune ytcrawl-out --fetched-before 2026-06-01
              ytcrawl prune ytcrawl-out --snapshots-older-than 30d
            """)

    var directory: String
    var rules: ArchivePruner.Rules
    var dryRun: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory(pruneMayBePending: true)
        rules = ArchivePruner.Rules(
            gone: scanner[Self.gone], fetchedBefore: try scanner[Self.fetchedBefore],
            snapshotsBefore: try scanner[Self.snapshotsOlderThan].map { Date(timeIntervalSinceNow: -Double($0)) })
        dryRun = scanner[Self.dryRun]
        // `ytcrawl prune DIR` alone finishes an interrupted prune (what verify and every other
        // command advise); with nothing pending it needs to be told what to remove.
        guard rules.removesAnything || ArchivePruner.interrupted(directory) != nil else {
            throw UsageError(
                "say what to remove: ytcrawl prune \(directory) --gone (videos a refresh found gone), --fetched-before DATE or --snapshots-older-than 30d"
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
        guard rules.removesAnything else { return 0 }
        let kinds = RecordKind.allCases.compactMap { kind in
            report.removed[kind].map { "\($0) \(kind.rawValue)" }
        }
        let what = kinds.isEmpty ? "nothing" : kinds.joined(separator: ", ")
        print(
            (dryRun ? "would remove " : "removed ") + what + " (\(report.videos.count) video"
                + (report.videos.count == 1 ? "" : "s") + " with everything of theirs; \(report.shards) shard"
                + (report.shards == 1 ? "" : "s") + (dryRun ? " to rewrite" : " rewritten")
                + (rules.snapshotsBefore == nil
                    ? ")"
                    : "; \(report.snapshots.count) statistics snapshot\(report.snapshots.count == 1 ? "" : "s") "
                        + (dryRun ? "to remove)" : "removed)")))
        if dryRun {
            for id in report.videos.prefix(20) { print("  \(id)") }
            if report.videos.count > 20 { print("  … and \(report.videos.count - 20) more") }
            for name in report.snapshots { print("  snapshots/\(name)") }
        }
        return 0
    }
}
