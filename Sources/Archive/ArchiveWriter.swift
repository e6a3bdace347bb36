import Foundation
import StreamingJSON
import YouTubeKit

/// The output directory of a crawl (video, channel and comment shards) or of a statistics
/// snapshot (stats shards), with its `manifest.json` and `checkpoint.json`.
///
/// Reopening a directory whose writer died at any byte truncates each open shard to the length
/// its last checkpoint committed and continues it; the complete records of shards opened after
/// that checkpoint are kept (see ``ShardSalvage``).
public final class ArchiveWriter {
    public let directory: String
    public let options: ShardWriter.Options
    /// Units spent on the output so far, by method: the manifest's (an earlier run's until this
    /// one's first checkpoint).
    public var unitsByMethod: [String: Int] { manifest.unitsByMethod }

    /// The checkpoint this writer resumed from, if any.
    public let resumed: Checkpoint?
    /// When the output's first run began.
    public var startedAt: String { manifest.startedAt }

    /// The run this writer writes in the runs history: its number (from 1) and what names it
    /// apart from every other run (its random id; its start, in seconds, for a run of an earlier
    /// version).
    public var currentRun: (number: Int, key: String) {
        let runs = manifest.runs ?? []
        let key = runs.last.map { $0.id ?? String(RFC3339.parseSeconds($0.startedAt) ?? 0) } ?? "0"
        return (max(1, runs.count), key)
    }
    /// The runs that wrote here, this one last.
    public var runs: [Manifest.Run] { manifest.runs ?? [] }
    /// The live chats the manifest lists.
    public var chats: [ChatCapture] { manifest.chats ?? [] }
    /// The kinds of record it holds, in the manifest's order.
    public let kinds: [RecordKind]
    /// One shard writer per kind.
    private let shards: [RecordKind: ShardWriter]
    private var writer = JSONWriter(capacity: 8192)
    private var manifest: Manifest
    /// Records of each kind in the output, earlier runs' included.
    public private(set) var records: [RecordKind: Int] = [:]
    public var videoRecords: Int { records[.videos] ?? 0 }
    public var channelRecords: Int { records[.channels] ?? 0 }
    /// Held for the writer's life: no second run writes here meanwhile.
    private let lock: OutputLock

    /// Opens (or creates) `directory` for records of `kinds`.
    ///
    /// - Throws: ``ArchiveError`` naming the file and the reason.
    /// - Parameter runKind: what this run is (`crawl`, `update`, `refresh`, `merge`), for the
    ///   manifest's history of runs.
    public init(
        directory: String, options: ShardWriter.Options = .init(), manifest: Manifest,
        kinds: [RecordKind] = RecordKind.crawlKinds, runKind: String = "crawl"
    ) throws {
        self.directory = directory
        self.options = options
        self.kinds = kinds
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ArchiveError("cannot create the output directory \(directory): \(error.localizedDescription)")
        }
        // Before anything is read or cut back: another run may be writing here.
        lock = try OutputLock(directory: directory)
        AtomicFile.removeLeftovers(in: directory)
        if let interrupted = ArchivePruner.interrupted(directory) { throw ArchiveError(interrupted) }
        let checkpoint = try Checkpoint.load(directory: directory)
        if let lost = checkpoint?.lostShards(directory: directory), !lost.isEmpty {
            throw ArchiveError(
                "\(directory): " + lost.map(\.description).joined(separator: "; ") + "; " + Checkpoint.lostShardsFix)
        }
        let previous = try Manifest.load(directory: directory)
        if let previous {
            // Before anything is written: one output never mixes record versions of a kind.
            for kind in kinds where (previous.records[kind.rawValue] ?? 0) > 0 {
                let version = kind.schemaVersion(in: previous)
                guard version < kind.schema.version else { continue }
                throw ArchiveError(
                    "\(directory) holds \(kind.rawValue) records of schema version \(version) and this version writes version \(kind.schema.version); one output never mixes them: upgrade it in place with ytcrawl upgrade \(directory) (no request; the new columns are computed from what it holds), then run this again"
                )
            }
        }
        if kinds.contains(.comments) {
            // Before anything is cut back or written: one output never mixes clear and
            // pseudonymized authors, nor two secrets.
            try AuthorPseudonyms.check(
                directory: directory, wanted: manifest.authorPseudonyms, manifest: previous, checkpoint: checkpoint)
        }
        resumed = checkpoint
        var manifest = manifest
        let now = RFC3339.format(Date())
        if let previous {
            manifest.startedAt = previous.startedAt
            manifest.commentsDisabled = previous.commentsDisabled
            manifest.chats = previous.chats
            manifest.unitsByMethod = previous.unitsByMethod
            manifest.runs = previous.runs(starting: runKind, at: now, continues: checkpoint?.finished == false)
            manifest.provenance = manifest.provenance(over: previous.provenance)
        } else {
            manifest.runs = [.starting(runKind, at: now)]
        }
        self.manifest = manifest
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var orphans: [(kind: RecordKind, name: String)] = []
        // One limit of pending members for every kind (a crawl writes videos, channels and
        // results at once).
        var options = options
        options.slots = options.slots ?? MemberSlots(options.maximumPendingMembers)
        func writer(_ kind: RecordKind) throws -> ShardWriter {
            let resume = checkpoint?.openShards.first { ShardName(fileName: $0.name)?.kind == kind }
            let closed = checkpoint?.closedShards[kind.rawValue] ?? []
            // Part files this checkpoint does not know (a run killed before its first checkpoint,
            // or after a rotation): their complete records are moved into the open shard below.
            for name in names
            where name.hasSuffix(".part") && ShardName(fileName: name)?.kind == kind && name != resume?.name {
                orphans.append((kind, name))
            }
            let highest = names.compactMap { ShardName(fileName: $0) }.filter { $0.kind == kind }.map(\.index).max()
            let closedNames = Set(closed.map(\.name))
            // Closed shards the checkpoint missed (renamed just before a crash) still count.
            var allClosed = closed
            for name in names.sorted()
            where !name.hasSuffix(".part") && ShardName(fileName: name)?.kind == kind && !closedNames.contains(name) {
                allClosed.append(try ArchiveReader.describe(directory: directory, name: name))
            }
            if let resume, FileManager.default.fileExists(atPath: directory + "/" + resume.name) {
                return try ShardWriter(
                    directory: directory, kind: kind, options: options, resume: resume, closedShards: allClosed)
            }
            return try ShardWriter(
                directory: directory, kind: kind, options: options, nextIndex: highest.map { $0 + 1 } ?? 0,
                closedShards: allClosed)
        }
        var shards: [RecordKind: ShardWriter] = [:]
        for kind in kinds { shards[kind] = try writer(kind) }
        self.shards = shards
        for kind in kinds where orphans.contains(where: { $0.kind == kind }) {
            try salvage(orphans.filter { $0.kind == kind }.map(\.name), kind: kind)
        }
        for kind in kinds {
            let shard = shard(kind)
            records[kind] = shard.closedShards.reduce(0) { $0 + $1.records } + shard.openRecords
        }
        // How authors are written is on disk before the first comment is, and a new crawl run (its
        // id, which its `results` lines carry) before its first line is, so that a run killed
        // before its first checkpoint still tells the next one: that one goes on under the same
        // id. A disk too full for the manifest is too full for the lines as well: the run fails
        // at its first write, as it would have.
        if kinds.contains(.comments), previous?.authorPseudonyms != manifest.authorPseudonyms {
            try writeManifest(finished: false)
        } else if kinds.contains(.results), manifest.runs?.last != previous?.runs?.last {
            _ = try? writeManifest(finished: false)
        }
    }

    /// Appends the complete records of part files no checkpoint knows to the open shard (each id
    /// once, and none the other shards hold), makes them durable, then removes the part files.
    private func salvage(_ names: [String], kind: RecordKind) throws {
        let shard = shard(kind)
        var seen = try ArchiveReader.ids(directory: directory, kind: kind, except: Set(names))
        for name in names {
            for line in ShardSalvage.records(path: directory + "/" + name, kind: kind) {
                guard let id = kind.id(inLine: line), seen.insert(id).inserted else { continue }
                try shard.append(line: line)
            }
        }
        _ = try shard.flush()
        for name in names { unlink(directory + "/" + name) }
    }

    /// Appends a record to the shards of its kind: the one path every record takes.
    public func append(_ record: DecodedRecord) throws {
        writer.removeAll()
        RecordEncoder.encode(record, into: &writer)
        try writer.withBytes { try append($0, kind: record.kind) }
    }

    public func append(_ video: Video) throws { try append(.video(video)) }
    public func append(_ channel: Channel) throws { try append(.channel(channel)) }
    public func append(_ comment: Comment) throws { try append(.comment(comment)) }
    public func append(_ link: ChannelLink) throws { try append(.link(link)) }
    public func append(_ stats: VideoStats) throws { try append(.stats(stats)) }

    /// Appends a record line as it is (without its `\n`), one the encoder wrote (a merge copies
    /// lines between outputs).
    public func append(line: [UInt8], kind: RecordKind) throws {
        try (line + [0x0A]).withUnsafeBytes { try append($0, kind: kind) }
    }

    private func append(_ line: UnsafeRawBufferPointer, kind: RecordKind) throws {
        guard let shard = shards[kind] else {
            throw ArchiveError("\(directory) holds no \(kind.rawValue) records (it holds \(kinds.map(\.rawValue)))")
        }
        try shard.append(line: line)
        records[kind, default: 0] += 1
    }

    /// The shard writer of one of `kinds`.
    private func shard(_ kind: RecordKind) -> ShardWriter {
        guard let shard = shards[kind] else { preconditionFailure("\(kind) is not among \(kinds)") }
        return shard
    }

    /// Notes videos whose comments are disabled: listed in the manifest from the next checkpoint.
    public func noteCommentsDisabled(_ videoIds: [String]) {
        guard !videoIds.isEmpty else { return }
        var list = manifest.commentsDisabled ?? []
        var known = Set(list)
        for id in videoIds where known.insert(id).inserted { list.append(id) }
        manifest.commentsDisabled = list
    }

    /// Notes where the run stands (seeds' outcomes, request times): in the manifest and the data
    /// package from the next checkpoint.
    public func note(_ progress: RunProgress) { manifest.note(progress) }

    /// Makes every record so far durable and writes the checkpoint (and the manifest so far),
    /// with the frontier as JSON bytes (kept in the checkpoint as they are).
    ///
    /// - Parameter closingShards: close every open shard too (the run ends with work left): the
    ///   manifest lists them and readers see them; this writer takes no more records, and the
    ///   next run opens new shards.
    public func checkpoint(
        frontierJSON: JSONPieces, unitsByMethod: [String: Int], finished: Bool = false, closingShards: Bool = false
    ) throws {
        let commits: [ShardWriter.Commit]
        if closingShards {
            for kind in kinds { _ = try shard(kind).finish() }
            commits = []
        } else {
            commits = try kinds.map { try shard($0).flush() }
        }
        let checkpoint = Checkpoint(
            seedsDigest: manifest.seedsDigest, updatedAt: RFC3339.format(Date()), openShards: commits,
            closedShards: closedShardsByKind(), finished: finished, authorPseudonyms: manifest.authorPseudonyms)
        try checkpoint.write(directory: directory, frontier: frontierJSON)
        manifest.unitsByMethod = unitsByMethod
        try writeManifest(finished: false)
    }

    private func closedShardsByKind() -> [String: [ShardWriter.ClosedShard]] {
        var closed: [String: [ShardWriter.ClosedShard]] = [:]
        for kind in kinds {
            let shards = shard(kind).closedShards
            // Kinds with no shard yet are left out: older versions read the checkpoint too.
            if !shards.isEmpty || !kind.listedOnlyWhenWritten { closed[kind.rawValue] = shards }
        }
        return closed
    }

    /// Lets another run open the directory: a run's last step, once its final checkpoint or
    /// manifest is written. The lock is released when the writer goes anyway, but that may be
    /// later than the run's end (on another thread), and a next run in the same process would
    /// find the directory busy.
    public func releaseOutput() {
        for shard in shards.values { shard.release() }
        lock.release()
    }

    /// Closes every shard and writes the final manifest and checkpoint (with `frontierJSON`, the
    /// crawl's final state, when given).
    @discardableResult
    public func finish(unitsByMethod: [String: Int], frontierJSON: JSONPieces? = nil) throws -> Manifest {
        for kind in kinds { _ = try shard(kind).finish() }
        manifest.unitsByMethod = unitsByMethod
        let checkpoint = Checkpoint(
            seedsDigest: manifest.seedsDigest, updatedAt: RFC3339.format(Date()), openShards: [],
            closedShards: closedShardsByKind(), finished: true, authorPseudonyms: manifest.authorPseudonyms)
        try checkpoint.write(directory: directory, frontier: frontierJSON ?? JSONPieces(json: "[]"))
        return try writeManifest(finished: true)
    }

    private func kindSchemaVersion(_ kind: String) -> Int {
        RecordKind(rawValue: kind)?.schema.version ?? 1
    }

    @discardableResult
    private func writeManifest(finished: Bool) throws -> Manifest {
        var counts: [String: Int] = [:]
        for kind in kinds where !kind.listedOnlyWhenWritten || (records[kind] ?? 0) > 0 {
            counts[kind.rawValue] = records[kind] ?? 0
        }
        manifest.records = counts
        manifest.schemaVersions = Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, kindSchemaVersion($0)) })
        manifest.shards = kinds.flatMap { kind in
            shard(kind).closedShards.map {
                Manifest.Shard(
                    name: $0.name, kind: kind.rawValue, records: $0.records, bytes: $0.bytes, sha256: $0.sha256,
                    contentSha256: $0.contentSha256)
            }
        }
        let now = RFC3339.format(Date())
        if finished { manifest.finishedAt = now }
        manifest.accountLastRun(finished: finished ? now : nil)
        try manifest.write(directory: directory)
        // A snapshot is a resource of the package of the output it belongs to (whose manifest is
        // read); an output's own manifest is the one just written.
        if manifest.snapshot != nil {
            try DataPackage.write(for: SnapshotDirectory.owner(of: directory) ?? directory)
        } else {
            try DataPackage.write(for: directory, manifest: manifest)
        }
        return manifest
    }
}
