import StreamingJSON
import Synchronization
import YouTubeKit

/// The crawl's ``RecordSink`` over an ``ArchiveWriter``: every call runs on the archive's own
/// thread, so its blocking waits (compressors' back-pressure, `fsync`, renames) never hold a
/// thread of Swift's cooperative pool.
///
/// Appends are queued without waiting (the records are encoded on that thread while the crawl
/// goes on), at most ``maximumQueuedAppends`` at a time; a failed append is reported by the next
/// call, and nothing is written after it, so the last checkpoint stays as it was.
public final class ArchiveSink: RecordSink, @unchecked Sendable {
    /// Touched only on `thread`.
    private let writer: ArchiveWriter
    private let thread = WorkerThread(name: "ytcrawl.archive")
    /// The first write that failed; set on `thread`, read anywhere.
    private let failure = Mutex<(any Error)?>(nil)
    private let queued = Atomic<Int>(0)
    static let maximumQueuedAppends = 8

    /// Opens (or creates) the output directory; see ``ArchiveWriter/init(directory:options:manifest:kinds:runKind:)``.
    public init(
        directory: String, options: ShardWriter.Options, manifest: Manifest,
        kinds: [RecordKind] = RecordKind.crawlKinds, runKind: String = "crawl"
    ) throws {
        writer = try ArchiveWriter(
            directory: directory, options: options, manifest: manifest, kinds: kinds, runKind: runKind)
    }

    deinit { thread.stop() }

    public func resumePoint() async throws -> ResumePoint? {
        try await thread.run { [self] in
            let checkpoint = self.writer.resumed
            let (videoIds, videoChannels) = try ArchiveReader.videoIdsAndChannels(directory: self.writer.directory)
            let channelIds = try ArchiveReader.channelIds(directory: self.writer.directory)
            let commentIds = try ArchiveReader.ids(directory: self.writer.directory, kind: .comments)
            let statsIds = try ArchiveReader.ids(directory: self.writer.directory, kind: .stats)
            let linkKeys = try ArchiveReader.ids(directory: self.writer.directory, kind: .links)
            // Only this run's lines can be written again (a resumed run's pages asked again).
            let run = self.writer.currentRun
            let resultIds = try ArchiveReader.ids(
                directory: self.writer.directory, kind: .results, prefix: "\(run.number)@\(run.key)/")
            let playlistIds = try ArchiveReader.ids(directory: self.writer.directory, kind: .playlists)
            let chat = try ArchiveReader.chatMessages(directory: self.writer.directory)
            guard
                checkpoint != nil || !videoIds.isEmpty || !channelIds.isEmpty || !commentIds.isEmpty
                    || !statsIds.isEmpty || !linkKeys.isEmpty || !resultIds.isEmpty || !playlistIds.isEmpty
                    || !chat.ids.isEmpty
            else {
                return nil
            }
            var point = ResumePoint(
                seedsDigest: checkpoint?.seedsDigest, frontier: checkpoint?.frontier, videoIds: videoIds,
                channelIds: channelIds, videoRecords: self.writer.videoRecords,
                channelRecords: self.writer.channelRecords, finished: checkpoint?.finished ?? false)
            point.commentIds = commentIds
            point.unitsByMethod = self.writer.unitsByMethod
            point.statsIds = statsIds
            point.linkKeys = linkKeys
            point.resultIds = resultIds
            point.categoryKeys = try ArchiveReader.ids(directory: self.writer.directory, kind: .categories)
            point.playlistIds = playlistIds
            point.membershipIds = try ArchiveReader.ids(
                directory: self.writer.directory, kind: .memberships, prefix: "\(run.number)@\(run.key)/")
            point.missingIds = try ArchiveReader.ids(
                directory: self.writer.directory, kind: .missing, prefix: "\(run.number)@\(run.key)/")
            point.videoChannelIds = videoChannels
            point.chatIds = chat.ids
            point.chatLatest = chat.latest
            point.chatCounts = chat.counts
            point.chatGaps = chat.gaps
            point.chatOfVideo = chat.videos
            point.chats = self.writer.chats
            point.startedAt = RFC3339.parseSeconds(self.writer.startedAt)
            return point
        }
    }

    public func currentRun() async -> (number: Int, key: String)? {
        try? await thread.run { [self] in self.writer.currentRun }
    }

    public func append(_ records: [DecodedRecord]) async throws {
        try throwIfFailed()
        queued.add(1, ordering: .relaxed)
        thread.submit { [self] in
            defer { self.queued.subtract(1, ordering: .relaxed) }
            self.write {
                for record in records { try self.writer.append(record) }
            }
        }
        if queued.load(ordering: .relaxed) > Self.maximumQueuedAppends {
            try await thread.run {}
            try throwIfFailed()
        }
    }

    public func checkpoint(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        try await thread.run { [self] in
            try self.throwIfFailed()
            try self.writer.checkpoint(frontierJSON: frontierJSON, unitsByMethod: unitsByMethod)
        }
    }

    public func suspend(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        try await thread.run { [self] in
            try self.throwIfFailed()
            try self.writer.checkpoint(frontierJSON: frontierJSON, unitsByMethod: unitsByMethod, closingShards: true)
        }
    }

    public func finish(frontierJSON: JSONPieces, unitsByMethod: [String: Int]) async throws {
        try await thread.run { [self] in
            try self.throwIfFailed()
            _ = try self.writer.finish(unitsByMethod: unitsByMethod, frontierJSON: frontierJSON)
        }
    }

    public func noteCommentsDisabled(_ videoIds: [String]) async throws {
        try throwIfFailed()
        thread.submit { [self] in self.writer.noteCommentsDisabled(videoIds) }
    }

    public func note(_ progress: RunProgress) async throws {
        try throwIfFailed()
        thread.submit { [self] in self.writer.note(progress) }
    }

    public func close() async {
        _ = try? await thread.run { [self] in self.writer.releaseOutput() }
    }

    /// Runs a write on the thread unless an earlier one failed; keeps the first failure.
    private func write(_ body: () throws -> Void) {
        guard failure.withLock({ $0 == nil }) else { return }
        do {
            try body()
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
    }

    private func throwIfFailed() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
