import Archive
import StreamingJSON

/// `ytcrawl verify DIR`: whether an output directory is sound.
struct VerifyCommand: Command {
    static let configuration = CommandConfiguration(
        name: "verify", synopsis: "verify DIR",
        summary: "check an output directory (checksums, counts, schema, duplicates)",
        discussion: """
            Check an output directory: every shard decompresses, its sha256 and record count match
            manifest.json, every line parses and has every column of its schema, no video or channel
            appears twice. Each statistics snapshot (DIR/snapshots/*/) is checked the same way, and a
            finished one has exactly one line for each video it covers. Exit 0 when sound; exit 1
            naming the first problem (file and line).
            """,
        epilogue: """
            Example:
              ytcrawl verify ytcrawl-out
            """)

    var directory: String

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory(pruneMayBePending: true)
    }

    func run() async throws -> Int32 {
        let report = ArchiveVerifier.verify(directory: directory)
        if let problem = report.problem {
            writeStderr("ytcrawl verify: \(directory): \(problem)")
            return 1
        }
        let comments =
            (report.comments > 0 ? ", \(report.comments) comments" : "")
            + (report.links > 0 ? ", \(report.links) channel links" : "")
            + (report.results > 0 ? ", \(report.results) search results" : "")
            + [
                (RecordKind.playlists, "playlists"), (.memberships, "playlist entries"), (.missing, "missing ids"),
                (.chat, "chat messages"),
            ]
            .compactMap { kind, name in report.records[kind].flatMap { $0 > 0 ? ", \($0) \(name)" : nil } }.joined()
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
        let recompressed =
            report.recompressed
            + report.snapshots.flatMap { snapshot in
                snapshot.report.recompressed.map { "\(SnapshotDirectory.folder)/\(snapshot.name)/\($0)" }
            }
        if !recompressed.isEmpty {
            print(
                "recompressed (other gzip bytes than manifest.json lists, the same records): "
                    + recompressed.prefix(10).joined(separator: ", ")
                    + (recompressed.count > 10 ? " and \(recompressed.count - 10) more" : ""))
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
