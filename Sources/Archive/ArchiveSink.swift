import StreamingJSON

/// The crawl's ``RecordSink`` over an ``ArchiveWriter``: every call runs on the archive's own
/// thread, so its blocking waits (compressors' back-pressure, `fsync`, renames) never hold a
/// thread of Swift's cooperative pool.
public final class ArchiveSink: RecordSink, @unchecked Sendable {
    /// Touched only on `thread`.
    private let writer: ArchiveWriter
    private let thread = WorkerThread(name: "ytcrawl.archive")

    /// Opens (or creates) the output directory; see ``ArchiveWriter/init(directory:options:manifest:)``.
    public init(directory: String, options: ShardWriter.Options, manifest: Manifest) throws {
        writer = try ArchiveWriter(directory: directory, options: options, manifest: manifest)
    }

    deinit { thread.stop() }

    public func resumePoint() async throws -> ResumePoint? {
        try await thread.run { [self] in
            guard let checkpoint = self.writer.resumed else { return nil }
            return ResumePoint(
                seedsDigest: checkpoint.seedsDigest, frontierJSON: checkpoint.frontier,
                videoIds: try ArchiveReader.videoIds(directory: self.writer.directory),
                channelIds: try ArchiveReader.channelIds(directory: self.writer.directory),
                videoRecords: self.writer.videoRecords, channelRecords: self.writer.channelRecords,
                finished: checkpoint.finished)
        }
    }

    public func append(_ records: [DecodedRecord]) async throws {
        try await thread.run { [self] in
            for record in records {
                switch record {
                case .video(let video): try self.writer.append(video)
                case .channel(let channel): try self.writer.append(channel)
                }
            }
        }
    }

    public func checkpoint(frontierJSON: [UInt8], unitsByMethod: [String: Int]) async throws {
        try await thread.run { [self] in
            try self.writer.checkpoint(frontierJSON: frontierJSON, unitsByMethod: unitsByMethod)
        }
    }

    public func finish(unitsByMethod: [String: Int]) async throws {
        try await thread.run { [self] in _ = try self.writer.finish(unitsByMethod: unitsByMethod) }
    }
}
