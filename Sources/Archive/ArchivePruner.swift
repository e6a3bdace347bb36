import Digest
import Foundation
import Gzip
import StreamingJSON
import YouTubeKit

/// `ytcrawl prune DIR`: removes what YouTube's developer policies ask an API client not to keep —
/// every record of a video the latest refresh found gone (`--gone`: its video record, its
/// comments, its statistics lines, its search results), or records not refreshed since a date
/// (`--fetched-before`; search results answered before it).
///
/// The shards that change are rewritten whole or not at all: each is written beside itself
/// (`NAME.prune`), then a journal (`prune-journal.json`) names every replacement and the
/// manifests that go with them, and only then are the files renamed into place and the manifests
/// written. A prune killed before its journal leaves the output as it was (the `.prune` files are
/// removed by the next prune); one killed after it is finished by the next prune, and until then
/// `verify` and every writer name the unfinished prune.
public enum ArchivePruner {
    public static let journalName = "prune-journal.json"
    static let pendingSuffix = ".prune"

    /// What to remove.
    public struct Rules: Sendable {
        /// The videos whose latest statistics line (any snapshot) says `gone`.
        public var gone = false
        /// Records whose last fetch (for a video: its record's or its latest statistics line's,
        /// whichever is later, a `gone` line not counting) is before this.
        public var fetchedBefore: Date?
        /// Whole statistics snapshots taken before this (YouTube's terms keep statistics for 30
        /// days unless the developer's derived-metrics use was accepted in an audit).
        public var snapshotsBefore: Date?

        public init(gone: Bool = false, fetchedBefore: Date? = nil, snapshotsBefore: Date? = nil) {
            self.gone = gone
            self.fetchedBefore = fetchedBefore
            self.snapshotsBefore = snapshotsBefore
        }

        public var removesAnything: Bool { gone || fetchedBefore != nil || snapshotsBefore != nil }
    }

    /// What a prune removed (or, dry, would remove).
    public struct Report: Sendable {
        /// Records removed, by kind.
        public var removed: [RecordKind: Int] = [:]
        /// The videos removed with everything of theirs.
        public var videos: [String] = []
        /// Shard files rewritten (or deleted, when nothing was left in them).
        public var shards = 0
        /// The statistics snapshots removed whole (`--snapshots-older-than`), by folder name.
        public var snapshots: [String] = []
        /// An interrupted prune's journal was found and finished first.
        public var finishedInterrupted = false
    }

    /// The replacements of one prune, written before any of them is made.
    struct Journal: Codable {
        struct Replacement: Codable {
            /// Relative to the output directory.
            var path: String
            /// The shard is removed: nothing was left in it.
            var delete: Bool
        }

        var replacements: [Replacement]
        /// Each changed manifest (relative directory, `""` for the output itself) as it will be.
        var manifests: [String: Manifest]
        /// Folders removed whole (relative to the output directory): old statistics snapshots.
        var removedFolders: [String]? = nil
    }

    /// Prunes `directory` by `rules` under its lock; with `dryRun`, only says what it would remove.
    ///
    /// - Throws: ``OutputInUse`` while another run holds the output, ``ArchiveError`` for an output
    ///   with a crawl in progress, or one that cannot be read or written.
    public static func prune(directory: String, rules: Rules, dryRun: Bool, now: Date = Date()) throws -> Report {
        let lock = try OutputLock(directory: directory)
        defer { lock.release() }
        var report = Report()
        if FileManager.default.fileExists(atPath: directory + "/" + journalName) {
            guard !dryRun else {
                throw ArchiveError(
                    "\(directory) holds an interrupted prune (\(journalName)); rerun ytcrawl prune without --dry-run to finish it first"
                )
            }
            try finish(directory: directory)
            report.finishedInterrupted = true
        }
        // No rules: only the interrupted prune was to be finished.
        guard rules.removesAnything else { return report }
        let prepared = try prepare(directory: directory, rules: rules, dryRun: dryRun, now: now)
        report.removed = prepared.removed
        report.videos = prepared.videos
        report.shards = prepared.shards
        report.snapshots = prepared.snapshots
        if !dryRun, prepared.shards > 0 || !prepared.snapshots.isEmpty { try finish(directory: directory) }
        return report
    }

    /// Writes the pruned shards beside the old ones and the journal that names them (nothing when
    /// dry): everything up to the point after which a kill is finished by the next prune.
    static func prepare(directory: String, rules: Rules, dryRun: Bool, now: Date = Date()) throws -> Report {
        var report = Report()
        var manifest = try rewritableManifest(directory, before: "pruning")
        let doomed = try doomedVideos(directory, rules: rules)
        report.videos = doomed.sorted()
        var journal = Journal(replacements: [], manifests: [:])
        try plan(
            directory: directory, relative: "", manifest: &manifest, rules: rules, doomed: doomed, dryRun: dryRun,
            journal: &journal, report: &report)
        for name in SnapshotDirectory.names(in: directory) {
            let relative = SnapshotDirectory.folder + "/" + name
            if let cutoff = rules.snapshotsBefore, let taken = SnapshotDirectory.time(ofName: name),
                taken < Int64(cutoff.timeIntervalSince1970)
            {
                let records = try Manifest.load(directory: directory + "/" + relative)?.records["stats"] ?? 0
                report.removed[.stats, default: 0] += records
                report.snapshots.append(name)
                journal.removedFolders = (journal.removedFolders ?? []) + [relative]
                continue
            }
            guard var snapshotManifest = try Manifest.load(directory: directory + "/" + relative) else { continue }
            try plan(
                directory: directory, relative: relative, manifest: &snapshotManifest, rules: rules, doomed: doomed,
                dryRun: dryRun, journal: &journal, report: &report)
        }
        report.shards = journal.replacements.count
        guard !dryRun, !journal.replacements.isEmpty || journal.removedFolders != nil else { return report }
        var run = Manifest.Run(
            kind: "prune", startedAt: RFC3339.format(seconds: Int64(now.timeIntervalSince1970)),
            finishedAt: RFC3339.format(seconds: Int64(now.timeIntervalSince1970)))
        run.recordsRemoved = Dictionary(uniqueKeysWithValues: report.removed.map { ($0.key.rawValue, $0.value) })
        var main = journal.manifests[""] ?? manifest
        main.runs = (main.runs ?? []) + [run]
        journal.manifests[""] = main
        try JSONFile.write(journal, to: directory + "/" + journalName, pretty: false)
        try AtomicFile.syncDirectory(directory)
        return report
    }

    /// The manifest of an output whose shards are about to be rewritten (`before` says by what),
    /// stray `.prune` files of a run killed before its journal removed.
    ///
    /// - Throws: ``ArchiveError`` for a directory without a manifest, or with a crawl in progress.
    static func rewritableManifest(_ directory: String, before: String) throws -> Manifest {
        try removeStrayFiles(directory)
        guard let manifest = try Manifest.load(directory: directory) else {
            throw ArchiveError("\(directory) has no manifest.json: not a ytcrawl output")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if names.contains(where: { $0.hasSuffix(".part") }) {
            throw ArchiveError(
                "\(directory) has a crawl in progress (open .part shards); finish it by rerunning it (or let it end) before \(before)"
            )
        }
        return manifest
    }

    /// The videos every record of which goes.
    static func doomedVideos(_ directory: String, rules: Rules) throws -> Set<String> {
        // Each video's latest statistics line (snapshots in time order: the later wins).
        var latest: [String: (status: String, fetchedAt: String)] = [:]
        for name in SnapshotDirectory.names(in: directory).sorted() {
            try ArchiveReader.forEachRecord(directory: SnapshotDirectory.root(of: directory) + "/" + name, kind: .stats)
            {
                record, _ in
                guard case .string(let id)? = record["videoId"] else { return }
                let status = record["status"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "ok"
                let fetched = record["fetchedAt"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
                if let known = latest[id], known.fetchedAt > fetched { return }
                latest[id] = (status, fetched)
            }
        }
        var doomed: Set<String> = []
        if rules.gone {
            for (id, line) in latest where line.status == "gone" { doomed.insert(id) }
        }
        if let before = rules.fetchedBefore {
            let cutoff = RFC3339.format(seconds: Int64(before.timeIntervalSince1970))
            try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
                guard case .string(let id)? = record["videoId"] else { return }
                let fetched = record["fetchedAt"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
                // A `gone` line is no refresh of the video's data: it only says the data is gone.
                let line = latest[id].flatMap { $0.status == "gone" ? nil : $0.fetchedAt }
                let refreshed = max(fetched, line ?? "")
                if refreshed < cutoff { doomed.insert(id) }
            }
        }
        return doomed
    }

    /// Plans the rewrite of every shard of the manifest at `relative` that loses records: the
    /// `.prune` file written (unless dry), the replacement and the new manifest journaled.
    private static func plan(
        directory: String, relative: String, manifest: inout Manifest, rules: Rules, doomed: Set<String>,
        dryRun: Bool, journal: inout Journal, report: inout Report
    ) throws {
        let base = relative.isEmpty ? directory : directory + "/" + relative
        let cutoff = rules.fetchedBefore.map { RFC3339.format(seconds: Int64($0.timeIntervalSince1970)) }
        var changed = false
        var kept: [Manifest.Shard] = []
        for var shard in manifest.shards {
            guard let kind = RecordKind(rawValue: shard.kind) else {
                kept.append(shard)
                continue
            }
            var lines: [UInt8] = []
            var count = 0
            var removed = 0
            try ArchiveReader.forEachLine(path: base + "/" + shard.name) { line, _ in
                if try removes(line, kind: kind, doomed: doomed, cutoff: cutoff) {
                    removed += 1
                } else {
                    lines.append(contentsOf: line)
                    lines.append(UInt8(ascii: "\n"))
                    count += 1
                }
            }
            guard removed > 0 else {
                kept.append(shard)
                continue
            }
            changed = true
            report.removed[kind, default: 0] += removed
            manifest.records[shard.kind, default: 0] -= removed
            let path = (relative.isEmpty ? "" : relative + "/") + shard.name
            journal.replacements.append(.init(path: path, delete: count == 0))
            guard count > 0 else { continue }
            let bytes = try GzipCompressor.member(of: lines, level: 6)
            if !dryRun { try AtomicFile.write(bytes, to: base + "/" + shard.name + pendingSuffix) }
            shard.records = count
            shard.bytes = bytes.count
            shard.sha256 = SHA256.hex(SHA256.hash(bytes))
            shard.contentSha256 = SHA256.hex(SHA256.hash(lines))
            kept.append(shard)
        }
        guard changed else { return }
        manifest.shards = kept
        // A snapshot covers the ids of its ids.txt, a line each: the pruned ones are no longer.
        if !relative.isEmpty, let covered = SnapshotDirectory.ids(of: base) {
            let left = covered.filter { !doomed.contains($0) }
            if left.count < covered.count {
                let path = relative + "/" + SnapshotDirectory.idsFile
                journal.replacements.append(.init(path: path, delete: false))
                if !dryRun {
                    let text = left.map { $0 + "\n" }.joined()
                    try AtomicFile.write(Array(text.utf8), to: base + "/" + SnapshotDirectory.idsFile + pendingSuffix)
                }
                manifest.snapshot?.videos -= covered.count - left.count
            }
        }
        journal.manifests[relative] = manifest
    }

    /// Whether a record line goes: a doomed video's record, comment, statistics line or search
    /// result, or a record fetched (a search result: answered) before the cutoff.
    private static func removes(
        _ line: UnsafeRawBufferPointer, kind: RecordKind, doomed: Set<String>, cutoff: String?
    ) throws -> Bool {
        let record = try JSONValue.parse(Array(line))
        if case .string(let video)? = record["videoId"], doomed.contains(video) { return true }
        if kind == .results, case .string("video")? = record["kind"], case .string(let video)? = record["id"],
            doomed.contains(video)
        {
            return true
        }
        guard let cutoff, kind != .videos, kind != .stats else { return false }
        guard case .string(let fetched)? = record[kind == .results ? "sentAt" : "fetchedAt"] else { return false }
        return fetched < cutoff
    }

    /// Carries out the journal of `directory`: renames what is still pending, removes emptied
    /// shards, writes the manifests, then removes the journal. Safe to repeat after any kill.
    static func finish(directory: String) throws {
        let path = directory + "/" + journalName
        guard
            let journal = try JSONFile.load(Journal.self, path: path, what: "prune journal", fix: "rerun ytcrawl prune")
        else { return }
        let files = FileManager.default
        for folder in journal.removedFolders ?? [] where files.fileExists(atPath: directory + "/" + folder) {
            try files.removeItem(atPath: directory + "/" + folder)
        }
        for replacement in journal.replacements {
            let target = directory + "/" + replacement.path
            if replacement.delete {
                if files.fileExists(atPath: target) { try files.removeItem(atPath: target) }
            } else if files.fileExists(atPath: target + pendingSuffix) {
                guard rename(target + pendingSuffix, target) == 0 else {
                    throw ArchiveError(
                        "cannot rename \(target)\(pendingSuffix) into place: \(String(cString: strerror(errno)))")
                }
            }
        }
        for (relative, manifest) in journal.manifests.sorted(by: { $0.key < $1.key }) {
            let folder = relative.isEmpty ? directory : directory + "/" + relative
            // The checkpoint counts the closed shards too (a lost or cut shard is found by it).
            if var checkpoint = try Checkpoint.load(directory: folder) {
                checkpoint.closedShards = Dictionary(grouping: manifest.shards, by: \.kind).mapValues { shards in
                    shards.map {
                        ShardWriter.ClosedShard(
                            name: $0.name, records: $0.records, bytes: $0.bytes, sha256: $0.sha256,
                            contentSha256: $0.contentSha256)
                    }
                }
                let frontier = checkpoint.frontier ?? Array("[]".utf8)
                var writer = JSONWriter(capacity: frontier.count + 16)
                for byte in frontier { writer.raw(byte) }
                try checkpoint.write(directory: folder, frontier: JSONPieces(writer))
            }
            try manifest.write(directory: folder)
        }
        // Its resources list the shards and its provenance the runs, the prune among them.
        try DataPackage.write(for: directory)
        try AtomicFile.syncDirectory(directory)
        try files.removeItem(atPath: path)
    }

    /// What to say of an output whose prune was killed after its journal (`nil` for any other):
    /// its shards may be half replaced until a prune finishes it.
    public static func interrupted(_ directory: String) -> String? {
        guard FileManager.default.fileExists(atPath: directory + "/" + journalName) else { return nil }
        return
            "\(directory) holds an interrupted prune (\(journalName)): rerun ytcrawl prune \(directory) to finish it before anything else reads or writes it"
    }

    /// `.prune` files of a prune killed before its journal: never part of the output.
    private static func removeStrayFiles(_ directory: String) throws {
        var folders = [directory]
        folders += SnapshotDirectory.names(in: directory).map { SnapshotDirectory.root(of: directory) + "/" + $0 }
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasSuffix(pendingSuffix) {
                try FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }
}
