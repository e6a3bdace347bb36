import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// `ytcrawl merge A B … --out C`: several outputs into one, one record per id per kind.
struct MergeCommand: Command {
    static let out = Option<String?>("--out", "DIR", help: "where the merged output goes (required)")

    static let configuration = CommandConfiguration(
        name: "merge", synopsis: "merge DIR DIR … --out DIR",
        summary: "combine outputs: one record per id, the newest winning",
        usage: "merge DIR [DIR …] --out DIR [--shard-records N] [--shard-bytes SIZE] [--gzip-level N]",
        discussion: """
            Combine output directories (several days' crawls, or crawls run under different projects'
            keys) into a new one: one record per id per kind (videos, channels, comments), the newest
            fetchedAt winning (the first directory given on a tie), written to fresh shards with a
            manifest that lists its inputs and the units they spent; statistics snapshots are copied.
            Streams: memory grows with the number of ids, not with the data. The result is verified.
            With one directory it is a copy with other shard options (--gzip-level 9: smallest files).

            The inputs are checked first, and nothing is written (--out is left as it was) when one is
            refused: each must pass ytcrawl verify against its manifest.json (exit 1 naming the input
            and the shard otherwise), a shard it lists must be a regular file, not a symbolic link,
            and only the shards its manifest lists (and the committed part of an unfinished crawl's
            open shards) are read: any other shard file is left out and named. The same directory
            given twice (A and ./A, or a link to A) and an --out inside an input are usage errors.
            """,
        groups: [OptionGroup("Options", [out.spec]), ShardOptions.group],
        epilogue: """
            Example:
              ytcrawl merge crawl-monday crawl-tuesday --out crawl-week
              ytcrawl merge crawl-week --out crawl-week-small --gzip-level 9
            """)

    var inputs: [String]
    var out: String
    var shards: ShardOptions

    init(_ scanner: ArgumentScanner) throws {
        inputs = scanner.positional
        guard let out = try scanner[Self.out] else {
            throw UsageError("--out DIR is required, as ytcrawl merge \(inputs.joined(separator: " ")) --out merged")
        }
        self.out = out
        // One input is a copy with other shard options (--gzip-level 9 for the smallest files).
        guard !inputs.isEmpty else {
            throw UsageError("ytcrawl merge needs one or more output directories; see ytcrawl merge --help")
        }
        for input in inputs {
            try OutputDirectory.require(input)
            try OutputDirectory.requireNoInterruptedPrune(input)
        }
        shards = try ShardOptions(scanner)
    }

    func run() async throws -> Int32 {
        if let problem = ArchiveMerger.pathProblem(inputs: inputs, out: out) { throw UsageError(problem) }
        for input in inputs where !FileManager.default.fileExists(atPath: input + "/" + Manifest.fileName) {
            throw UsageError("\(input) has no manifest.json: not a ytcrawl output directory")
        }
        if let problem = ArchiveMerger.notFresh(out) { throw UsageError(problem) }
        let report: ArchiveMerger.Report
        do {
            report = try ArchiveMerger.merge(
                inputs, into: out, options: shards.writer, toolVersion: ToolInfo.version,
                startedAt: RFC3339.format(Date()))
        } catch let busy as OutputInUse {
            throw UsageError(busy.description)
        } catch let mismatch as AuthorPseudonymsMismatch {
            throw UsageError(mismatch.description)
        } catch {
            throw RuntimeFailure("cannot merge into \(out): \(error)")
        }
        for path in report.unlisted {
            let input = (path as NSString).deletingLastPathComponent
            writeStderr(
                "ytcrawl merge: left out \(path): \(input)/manifest.json does not list it, so it was not read "
                    + "(move it out of \(input) if it does not belong there)")
        }
        for kind in RecordKind.crawlKinds where (report.read[kind] ?? 0) > 0 {
            let written = report.written[kind] ?? 0
            print(
                "\(kind): \(written) (of \(report.read[kind] ?? 0) lines read; \((report.read[kind] ?? 0) - written) older versions left out)"
            )
        }
        if report.snapshots > 0 { print("statistics snapshots copied: \(report.snapshots)") }
        let verified = ArchiveVerifier.verify(directory: out)
        if let problem = verified.problem {
            writeStderr("ytcrawl merge: \(out) does not verify: \(problem)")
            return 1
        }
        print("merged into \(out): verify ok (\(verified.shards) shards)")
        return 0
    }
}
