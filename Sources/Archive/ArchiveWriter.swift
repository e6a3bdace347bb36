import Foundation
import StreamingJSON
import YouTubeKit

/// The output directory of a crawl: video and channel shards, `manifest.json`, `checkpoint.json`.
///
/// Reopening a directory whose writer died at any byte truncates each open shard to the length
/// its last checkpoint committed and continues it; shards opened after that checkpoint are
/// removed (they committed nothing).
public final class ArchiveWriter {
    public let directory: String
    public let options: ShardWriter.Options
    /// The checkpoint this writer resumed from, if any.
    public let resumed: Checkpoint?
    private let videos: ShardWriter
    private let channels: ShardWriter
    private var writer = JSONWriter(capacity: 8192)
    private var manifest: Manifest
    public private(set) var videoRecords = 0
    public private(set) var channelRecords = 0
    /// Held for the writer's life: no second run writes here meanwhile.
    private let lock: OutputLock

    /// Opens (or creates) `directory`.
    ///
    /// - Throws: ``ArchiveError`` naming the file and the reason.
    public init(directory: String, options: ShardWriter.Options = .init(), manifest: Manifest) throws {
        self.directory = directory
        self.options = options
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ArchiveError("cannot create the output directory \(directory): \(error.localizedDescription)")
        }
        // Before anything is read or cut back: another run may be writing here.
        lock = try OutputLock(directory: directory)
        let checkpoint = try Checkpoint.load(directory: directory)
        if let lost = checkpoint?.lostShards(directory: directory), !lost.isEmpty {
            throw ArchiveError(
                "\(directory): " + lost.map(\.description).joined(separator: "; ") + "; " + Checkpoint.lostShardsFix)
        }
        resumed = checkpoint
        var manifest = manifest
        if let previous = try Manifest.load(directory: directory) { manifest.startedAt = previous.startedAt }
        self.manifest = manifest
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var orphans: [(kind: ShardName.Kind, name: String)] = []
        func writer(_ kind: ShardName.Kind) throws -> ShardWriter {
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
        videos = try writer(.videos)
        channels = try writer(.channels)
        for kind in ShardName.Kind.allCases where orphans.contains(where: { $0.kind == kind }) {
            try salvage(orphans.filter { $0.kind == kind }.map(\.name), kind: kind)
        }
        videoRecords = videos.closedShards.reduce(0) { $0 + $1.records } + videos.openRecords
        channelRecords = channels.closedShards.reduce(0) { $0 + $1.records } + channels.openRecords
    }

    /// Appends the complete records of part files no checkpoint knows to the open shard (each id
    /// once, and none the other shards hold), makes them durable, then removes the part files.
    private func salvage(_ names: [String], kind: ShardName.Kind) throws {
        let shards = kind == .videos ? videos : channels
        var seen = try ArchiveReader.ids(directory: directory, kind: kind, except: Set(names))
        for name in names {
            for line in ShardSalvage.records(path: directory + "/" + name, kind: kind) {
                guard let id = ShardSalvage.id(of: line, kind: kind), seen.insert(id).inserted else { continue }
                try shards.append(line: line)
            }
        }
        _ = try shards.flush()
        for name in names { unlink(directory + "/" + name) }
    }

    public func append(_ video: Video) throws {
        writer.removeAll()
        RecordEncoder.encode(video, into: &writer)
        try writer.bytes.withUnsafeBytes { try videos.append(line: $0) }
        videoRecords += 1
    }

    public func append(_ channel: Channel) throws {
        writer.removeAll()
        RecordEncoder.encode(channel, into: &writer)
        try writer.bytes.withUnsafeBytes { try channels.append(line: $0) }
        channelRecords += 1
    }

    /// Makes every record so far durable and writes the checkpoint (and the manifest so far).
    public func checkpoint(frontier: String, unitsByMethod: [String: Int], finished: Bool = false) throws {
        try checkpoint(frontierJSON: Array(frontier.utf8), unitsByMethod: unitsByMethod, finished: finished)
    }

    /// The same, with the frontier as JSON bytes (kept in the checkpoint as that text).
    public func checkpoint(frontierJSON: [UInt8], unitsByMethod: [String: Int], finished: Bool = false) throws {
        let videoCommit = try videos.flush()
        let channelCommit = try channels.flush()
        let checkpoint = Checkpoint(
            seedsDigest: manifest.seedsDigest, updatedAt: RFC3339.format(Date()),
            openShards: [videoCommit, channelCommit],
            closedShards: ["videos": videos.closedShards, "channels": channels.closedShards], frontier: "",
            unitsByMethod: unitsByMethod, finished: finished)
        try checkpoint.write(directory: directory, frontierJSON: frontierJSON)
        manifest.unitsByMethod = unitsByMethod
        try writeManifest(finished: false)
    }

    /// Lets another run open the directory: a run's last step, once its final checkpoint or
    /// manifest is written. The lock is released when the writer goes anyway, but that may be
    /// later than the run's end (on another thread), and a next run in the same process would
    /// find the directory busy.
    public func releaseOutput() { lock.release() }

    /// Closes every shard and writes the final manifest and checkpoint (with `frontierJSON`, the
    /// crawl's final state, when given).
    @discardableResult
    public func finish(unitsByMethod: [String: Int], frontierJSON: [UInt8]? = nil) throws -> Manifest {
        let closedVideos = try videos.finish()
        let closedChannels = try channels.finish()
        manifest.unitsByMethod = unitsByMethod
        let checkpoint = Checkpoint(
            seedsDigest: manifest.seedsDigest, updatedAt: RFC3339.format(Date()), openShards: [],
            closedShards: ["videos": closedVideos, "channels": closedChannels], frontier: "[]",
            unitsByMethod: unitsByMethod, finished: true)
        if let frontierJSON {
            try checkpoint.write(directory: directory, frontierJSON: frontierJSON)
        } else {
            try checkpoint.write(directory: directory)
        }
        return try writeManifest(finished: true)
    }

    @discardableResult
    private func writeManifest(finished: Bool) throws -> Manifest {
        manifest.records = ["videos": videoRecords, "channels": channelRecords]
        manifest.shards = (videos.closedShards.map { ($0, "videos") } + channels.closedShards.map { ($0, "channels") })
            .map {
                Manifest.Shard(
                    name: $0.0.name, kind: $0.1, records: $0.0.records, bytes: $0.0.bytes, sha256: $0.0.sha256)
            }
        if finished { manifest.finishedAt = RFC3339.format(Date()) }
        try manifest.write(directory: directory)
        return manifest
    }
}

#if canImport(Glibc)
    import Glibc
#endif
