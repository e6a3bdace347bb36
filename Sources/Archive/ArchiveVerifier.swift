import Digest
import Foundation
import StreamingJSON

/// `ytcrawl verify DIR`: every shard decompresses, checksums and counts match the manifest, every
/// line parses and has every column of its schema, no id appears twice.
public enum ArchiveVerifier {
    public struct Report: Sendable {
        /// The first problem found, naming the file and line; `nil` when the directory is sound.
        public var problem: String?
        public var shards = 0
        public var videos = 0
        public var channels = 0
        public var comments = 0
        /// Channel links (`links=` seeds).
        public var links = 0
        /// Search results observed (`results` lines).
        public var results = 0
        /// Lines of a statistics snapshot.
        public var stats = 0
        /// Records of every kind, by kind.
        public var records: [RecordKind: Int] = [:]
        /// Each snapshot of the directory (`snapshots/<time>/`), by name, checked the same way.
        public var snapshots: [(name: String, report: Report)] = []
        /// Shards whose gzip bytes differ from the manifest's while their records are those it
        /// lists (recompressed, as `gzip -9` does): identical content where the manifest keeps its
        /// checksum, the same count of valid, distinct records where it does not.
        public var recompressed: [String] = []
        /// The crawl has not finished (its checkpoint is pending): the closed shards were checked,
        /// the open ones and the totals were not.
        public var pending = false
    }

    /// Checks `directory` and each of its snapshots; the first problem is the report's.
    ///
    /// - Parameter ignoringUnlisted: leave shard files of `directory` that manifest.json does not
    ///   list (and a finished run's `.part` files) unchecked instead of naming them, for a reader
    ///   that reads only the listed ones (merge). Its snapshots are checked in full.
    public static func verify(directory: String, ignoringUnlisted: Bool = false) -> Report {
        var report = Report()
        if let interrupted = ArchivePruner.interrupted(directory) {
            report.problem = interrupted
            return report
        }
        do {
            try check(directory: directory, report: &report, ignoringUnlisted: ignoringUnlisted)
        } catch {
            report.problem = "\(error)"
        }
        for name in SnapshotDirectory.names(in: directory) where report.problem == nil {
            var snapshot = Report()
            let folder = SnapshotDirectory.root(of: directory) + "/" + name
            do {
                if !FileManager.default.fileExists(atPath: folder + "/" + Manifest.fileName) {
                    // A refresh that stopped before its first checkpoint (a full disk as it began):
                    // an unfinished snapshot the next refresh completes, not a broken output.
                    try checkUnstarted(folder)
                    snapshot.pending = true
                } else {
                    try check(directory: folder, report: &snapshot)
                }
            } catch {
                report.problem = "snapshot \(name): \(error)"
            }
            report.snapshots.append((name, snapshot))
        }
        return report
    }

    private static func fail(_ message: String) -> ArchiveError { ArchiveError(message) }

    /// A snapshot folder without a manifest may hold its `ids.txt` and files a refresh was
    /// writing when it stopped (open `.part` shards, temporary files), never closed shards: those
    /// are listed in a manifest, so closed shards without one are a damaged snapshot.
    private static func checkUnstarted(_ folder: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if let closed = names.sorted().first(where: { $0.hasSuffix(".jsonl.gz") }) {
            throw fail("\(folder)/manifest.json is missing beside the closed shard \(closed)")
        }
    }

    /// What to do about a shard changed since it was written. A crawl fetches its records again;
    /// a finished snapshot's statistics were of their moment and cannot be fetched again.
    static func damagedShardFix(_ directory: String) -> String {
        let snapshot = FileManager.default.fileExists(atPath: directory + "/" + SnapshotDirectory.idsFile)
        let finished = FileManager.default.fileExists(atPath: directory + "/" + Manifest.fileName)
        guard snapshot, finished else { return ArchiveReader.unreadableShardFix }
        return
            "a snapshot's statistics are of their moment and cannot be fetched again: restore the shard from a copy, "
            + "or take a new snapshot with ytcrawl refresh"
    }

    private static func check(directory: String, report: inout Report, ignoringUnlisted: Bool = false) throws {
        guard let manifest = try Manifest.load(directory: directory) else {
            throw fail("\(directory)/manifest.json is missing: not a finished ytcrawl output directory")
        }
        let checkpoint = try Checkpoint.load(directory: directory)
        if let lost = checkpoint?.lostShards(directory: directory), !lost.isEmpty {
            throw fail(lost.map(\.description).joined(separator: "; ") + "; " + Checkpoint.lostShardsFix)
        }
        // A crawl stopped by its budget, its quota or a signal: what it closed is checked; its
        // open shards and totals are the next run's.
        report.pending = checkpoint.map { !$0.finished } ?? false
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if !report.pending, !ignoringUnlisted, let open = names.sorted().first(where: { $0.hasSuffix(".part") }) {
            throw fail(
                "\(open) is still open: the run did not finish; rerun the crawl with the same --out to complete it")
        }
        let listed = Set(manifest.shards.map(\.name))
        if !report.pending, !ignoringUnlisted,
            let stray = names.sorted().first(where: { ShardName(fileName: $0) != nil && !listed.contains($0) })
        {
            throw fail("\(stray) is not listed in manifest.json")
        }
        var ids: [RecordKind: Set<String>] = [:]
        var authors = AuthorPseudonymsAudit(recorded: manifest.authorPseudonyms ?? checkpoint?.authorPseudonyms)
        for shard in manifest.shards {
            let path = directory + "/" + shard.name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw fail("\(shard.name) is listed in manifest.json but missing")
            }
            var hasher = SHA256()
            data.withUnsafeBytes { hasher.update($0) }
            // Other bytes than listed: recompressed (the same records) or changed. The records
            // read below and the content checksum tell which.
            let bytesDiffer = data.count != shard.bytes || hasher.hexDigest() != shard.sha256
            var content = SHA256()
            guard let kind = RecordKind(rawValue: shard.kind) else {
                throw fail("\(shard.name) has the kind \(shard.kind), which this version does not know")
            }
            let version = kind.schemaVersion(in: manifest)
            guard version <= kind.schema.version else {
                throw fail(
                    "\(shard.name) holds \(kind) of schema version \(version), newer than this ytcrawl reads "
                        + "(\(kind.schema.version)): verify it with a newer ytcrawl")
            }
            let columns = kind.schema.atVersion(version).columns
            let key = kind.keyColumns.joined(separator: ", ")
            var seen = ids[kind] ?? []
            defer { ids[kind] = seen }
            var lines = 0
            func checkLine(_ line: UnsafeRawBufferPointer, _ number: Int) throws {
                let value: JSONValue
                do {
                    value = try JSONValue.parse(Array(line))
                } catch {
                    throw fail("\(shard.name) line \(number): not valid JSON (\(error))")
                }
                guard case .object(let members) = value else {
                    throw fail("\(shard.name) line \(number): not a JSON object")
                }
                let keys = Set(members.map(\.key))
                if let missing = columns.first(where: { !keys.contains($0) }) {
                    throw fail("\(shard.name) line \(number): column \(missing) is missing")
                }
                guard let id = kind.id(of: value) else {
                    throw fail("\(shard.name) line \(number): \(key) is not a string")
                }
                guard seen.insert(id).inserted else {
                    throw fail("\(shard.name) line \(number): \(key) \(id) appears twice")
                }
                if kind == .comments { try authors.check(value, place: "\(shard.name) line \(number)") }
            }
            do {
                try ArchiveReader.forEachLine(path: path) { line, number in
                    lines = number
                    if bytesDiffer {
                        content.update(line)
                        content.update([0x0A])
                    }
                    try checkLine(line, number)
                }
            } catch let error as ArchiveError where bytesDiffer {
                throw fail(
                    (data.count == shard.bytes
                        ? "\(shard.name) sha256 does not match manifest.json (damaged since it was written: \(error)); "
                        : "\(shard.name) has \(data.count) bytes; manifest.json says \(shard.bytes), and it cannot be read whole (\(error)); ")
                        + damagedShardFix(directory))
            }
            guard lines == shard.records else {
                throw fail(
                    "\(shard.name) has \(lines) records; manifest.json says \(shard.records)"
                        + (bytesDiffer
                            ? " (its bytes differ too: \(data.count), listed \(shard.bytes)); "
                                + damagedShardFix(directory) : ""))
            }
            if bytesDiffer {
                if let listed = shard.contentSha256, listed != content.hexDigest() {
                    throw fail(
                        "\(shard.name) holds the \(lines) records manifest.json lists, but their content differs from what was written (a record was changed); "
                            + damagedShardFix(directory))
                }
                report.recompressed.append(shard.name)
            }
            report.shards += 1
        }
        report.videos = ids[.videos]?.count ?? 0
        report.channels = ids[.channels]?.count ?? 0
        report.comments = ids[.comments]?.count ?? 0
        report.links = ids[.links]?.count ?? 0
        report.results = ids[.results]?.count ?? 0
        report.stats = ids[.stats]?.count ?? 0
        for (kind, found) in ids { report.records[kind] = found.count }
        for kind in RecordKind.allCases where !report.pending {
            let found = ids[kind]?.count ?? 0
            if let expected = manifest.records[kind.rawValue], expected != found {
                throw fail("manifest.json counts \(expected) \(kind.rawValue); the shards hold \(found)")
            }
        }
        // A finished snapshot has one line for each video it covers, and none other.
        if manifest.snapshot != nil, !report.pending, let covered = SnapshotDirectory.ids(of: directory) {
            let expected = Set(covered)
            let written = ids[.stats] ?? []
            if let missing = expected.subtracting(written).sorted().first {
                throw fail(
                    "\(expected.subtracting(written).count) videos of \(SnapshotDirectory.idsFile) have no line (first: \(missing)); rerun ytcrawl refresh to complete it"
                )
            }
            if let stray = written.subtracting(expected).sorted().first {
                throw fail("the video \(stray) has a line but is not in \(SnapshotDirectory.idsFile)")
            }
        }
    }
}
