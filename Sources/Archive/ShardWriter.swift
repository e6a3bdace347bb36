import Digest
import Dispatch
import Foundation
import Gzip
import StreamingJSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Appends JSON lines to numbered gzip shards of one kind (`videos-00000.jsonl.gz`, …).
///
/// Lines are gathered into members of about `memberBytes`; members are compressed in parallel on
/// the dispatch pool (both cores) and written in order by one serial queue, so the caller only
/// copies bytes. A shard being written is named `….part`; when it reaches `shardRecords` records or
/// `shardBytes` compressed bytes it is flushed, fsynced and renamed.
///
/// Durability: ``flush()`` ends the current gzip member, waits until every member is written, and
/// fsyncs the file; the offset and record count it returns are then on disk. Renames are followed
/// by an fsync of the directory. Not thread-safe: one caller at a time.
public final class ShardWriter {
    public struct Options: Sendable {
        public var shardRecords: Int
        public var shardBytes: Int
        public var level: Int32
        public var memberBytes: Int
        /// Members compressed or waiting to be written at once (bounds memory): across every
        /// writer that shares ``slots``, else this writer's own.
        public var maximumPendingMembers: Int
        /// The pending members' limit shared by the writers of one output (an ``ArchiveWriter``
        /// sets it), so that its kinds together hold at most ``maximumPendingMembers``; `nil`:
        /// this writer's own.
        public var slots: MemberSlots?

        /// 128 MiB compressed: one Spark task a shard at its default split size
        /// (`spark.sql.files.maxPartitionBytes`), far below BigQuery's 4 GB per gzip file.
        public static let defaultShardBytes = 128 << 20

        /// zlib level 3: on JSON lines 2.5× the speed of level 6 for 8% more bytes (level 1: 3.7×,
        /// 13% more). Compression is most of a crawler's CPU, so the default leans to speed;
        /// `--gzip-level 9` (or a `ytcrawl merge` with it later) makes the smallest files.
        public static let defaultLevel = 3

        /// Lines gathered per gzip member: 512 KiB members are 0.6% larger than 1 MiB ones on
        /// video lines at level 3 (a 32 KiB window loses little at a member's start), and each
        /// of a writer's buffered and pending members holds half the memory.
        public static let defaultMemberBytes = 512 << 10

        /// One member compressing on each core and one being written: more only waits, holding a
        /// member's lines and its compressed bytes each (six, the earlier fixed number, were 3 MB
        /// of a two-core crawl's peak memory).
        public static let defaultPendingMembers = ProcessInfo.processInfo.activeProcessorCount + 1

        public init(
            shardRecords: Int = 100_000, shardBytes: Int = defaultShardBytes, level: Int32 = Int32(defaultLevel),
            memberBytes: Int = defaultMemberBytes,
            maximumPendingMembers: Int = defaultPendingMembers
        ) {
            self.shardRecords = shardRecords
            self.shardBytes = shardBytes
            self.level = level
            self.memberBytes = memberBytes
            self.maximumPendingMembers = maximumPendingMembers
        }
    }

    /// A closed shard, as the manifest lists it.
    public struct ClosedShard: Sendable, Hashable, Codable {
        public var name: String
        public var records: Int
        public var bytes: Int
        public var sha256: String
        /// As ``Manifest/Shard/contentSha256``.
        public var contentSha256: String?

        public init(name: String, records: Int, bytes: Int, sha256: String, contentSha256: String? = nil) {
            self.name = name
            self.records = records
            self.bytes = bytes
            self.sha256 = sha256
            self.contentSha256 = contentSha256
        }
    }

    /// What a flush made durable.
    public struct Commit: Sendable, Hashable, Codable {
        public var name: String
        public var committedBytes: Int
        public var records: Int
    }

    public let directory: String
    public let kind: RecordKind
    public let options: Options
    public private(set) var closedShards: [ClosedShard] = []

    private var shard: ShardName
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    private var bufferRecords = 0
    /// Records whose member has been handed to the writers, in the open shard.
    private var submittedRecords = 0
    private var committed = Commit(name: "", committedBytes: 0, records: 0)
    private let output: OrderedOutput
    /// The open shard's decompressed lines so far, hashed; `nil` for a shard continued after a
    /// kill (its committed prefix is not read back for it).
    private var contentHasher: SHA256?

    /// Opens the writer, continuing `resume` when given (a shard left open by an earlier run,
    /// truncated to its committed length) or starting shard `nextIndex`.
    public init(
        directory: String, kind: RecordKind, options: Options, nextIndex: Int = 0, resume: Commit? = nil,
        closedShards: [ClosedShard] = []
    ) throws {
        self.directory = directory
        self.kind = kind
        self.options = options
        self.closedShards = closedShards
        output = OrderedOutput(slots: options.slots ?? MemberSlots(options.maximumPendingMembers))
        if let resume, let name = ShardName(fileName: resume.name) {
            shard = name
            try openShard(truncatingTo: resume.committedBytes)
            committed = resume
            submittedRecords = resume.records
            if resume.committedBytes > 0 { contentHasher = nil }
        } else {
            shard = ShardName(kind: kind, index: nextIndex)
            try openShard(truncatingTo: 0)
            committed = Commit(name: shard.partFileName, committedBytes: 0, records: 0)
        }
    }

    deinit { release() }

    /// Closes the open shard's file without renaming it, and removes it when nothing was ever
    /// written to it. A run refused after its writers opened (a damaged shard found while
    /// reading back what the output holds) otherwise leaves an empty `.part` per kind, and each
    /// refusal one more; `prune` then takes them for a crawl in progress. Called when the run
    /// lets the output go, not left to `deinit`: a process that exits first never runs it.
    /// Idempotent.
    public func release() {
        // Members still being compressed must not be written to a reused descriptor.
        try? output.drain()
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        if output.writtenBytes == 0 && bufferRecords == 0 { unlink(partPath) }
    }

    private var partPath: String { directory + "/" + shard.partFileName }

    private func openShard(truncatingTo length: Int) throws {
        let descriptor = open(partPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ArchiveError.system("open", path: partPath) }
        var hasher = SHA256()
        if length > 0 {
            // Hash the committed prefix again, so the shard's checksum covers all of it.
            guard let handle = FileHandle(forReadingAtPath: partPath) else {
                throw ArchiveError.system("read", path: partPath)
            }
            var remaining = length
            while remaining > 0 {
                let chunk = handle.readData(ofLength: min(remaining, 1 << 20))
                guard !chunk.isEmpty else { break }
                chunk.withUnsafeBytes { hasher.update($0) }
                remaining -= chunk.count
            }
            try? handle.close()
        }
        guard ftruncate(descriptor, off_t(length)) == 0, lseek(descriptor, off_t(length), SEEK_SET) >= 0 else {
            close(descriptor)
            throw ArchiveError.system("truncate", path: partPath)
        }
        fd = descriptor
        output.reset(fd: descriptor, path: partPath, offset: length, hasher: hasher)
        contentHasher = SHA256()
    }

    /// Appends one complete line (with its `\n`).
    public func append(line: UnsafeRawBufferPointer) throws {
        // A member's room is taken when its first line comes: a kind the run never writes holds
        // none, and a submitted member's lines are not copied into a new buffer.
        if buffer.capacity == 0 { buffer.reserveCapacity(options.memberBytes + 64 * 1024) }
        buffer.append(contentsOf: line.assumingMemoryBound(to: UInt8.self))  // typed: one copy, not byte by byte
        bufferRecords += 1
        if buffer.count >= options.memberBytes { try submitMember() }
        if submittedRecords + bufferRecords >= options.shardRecords || output.writtenBytes >= options.shardBytes {
            try rotate()
        }
    }

    public func append(line: [UInt8]) throws {
        try line.withUnsafeBytes { try append(line: $0) }
    }

    /// Hands the buffered lines to the compressors as one gzip member.
    private func submitMember() throws {
        guard bufferRecords > 0 else { return }
        contentHasher?.update(buffer)
        try output.submit(buffer, level: options.level)
        submittedRecords += bufferRecords
        // The compressor holds the lines now: keeping the capacity would allocate a copy.
        buffer = []
        bufferRecords = 0
    }

    /// Ends the current member and makes everything appended so far durable.
    ///
    /// - Returns: the open shard's committed length and record count.
    @discardableResult
    public func flush() throws -> Commit {
        try submitMember()
        try output.drain()
        guard fsync(fd) == 0 else { throw ArchiveError.system("fsync", path: partPath) }
        committed = Commit(name: shard.partFileName, committedBytes: output.writtenBytes, records: submittedRecords)
        return committed
    }

    /// The last flush's commit.
    public var lastCommit: Commit { committed }

    /// Records appended to the open shard (committed or not).
    public var openRecords: Int { submittedRecords + bufferRecords }

    private func rotate() throws {
        try closeShard()
        shard = ShardName(kind: kind, index: shard.index + 1)
        submittedRecords = 0
        try openShard(truncatingTo: 0)
        committed = Commit(name: shard.partFileName, committedBytes: 0, records: 0)
    }

    /// Flushes, closes and renames the open shard (an empty one is removed instead).
    private func closeShard() throws {
        try flush()
        close(fd)
        fd = -1
        if submittedRecords == 0 {
            unlink(partPath)
            return
        }
        let finalPath = directory + "/" + shard.fileName
        guard rename(partPath, finalPath) == 0 else {
            throw ArchiveError.system("rename to \(finalPath)", path: partPath)
        }
        try AtomicFile.syncDirectory(directory)
        closedShards.append(
            ClosedShard(
                name: shard.fileName, records: submittedRecords, bytes: output.writtenBytes, sha256: output.digest(),
                contentSha256: contentHasher?.hexDigest()))
    }

    /// Closes the open shard; the writer is finished.
    public func finish() throws -> [ClosedShard] {
        try closeShard()
        return closedShards
    }

    /// The index the next shard of this kind would take (for a resume that starts fresh shards).
    public var currentIndex: Int { shard.index }
}

/// Compresses members on the dispatch pool and writes them to the file in submission order.
final class OrderedOutput: @unchecked Sendable {
    private struct State {
        var nextToWrite = 0
        var nextToSubmit = 0
        var ready: [Int: [UInt8]] = [:]
        var error: (any Error)?
        var fd: Int32 = -1
        var path = ""
        var written = 0
        var hasher = SHA256()
    }

    private let state = Mutex(State())
    private let slots: MemberSlots
    private let group = DispatchGroup()
    private let writer = DispatchQueue(label: "ytcrawl.archive.writer")

    init(slots: MemberSlots) { self.slots = slots }

    func reset(fd: Int32, path: String, offset: Int, hasher: SHA256) {
        state.withLock { state in
            state.fd = fd
            state.path = path
            state.written = offset
            state.hasher = hasher
        }
    }

    var writtenBytes: Int { state.withLock { $0.written } }

    func digest() -> String { state.withLock { $0.hasher.hexDigest() } }

    func submit(_ bytes: [UInt8], level: Int32) throws {
        if let error = state.withLock({ $0.error }) { throw error }
        slots.semaphore.wait()
        let sequence = state.withLock { state -> Int in
            defer { state.nextToSubmit += 1 }
            return state.nextToSubmit
        }
        group.enter()
        DispatchQueue.global().async { [self] in
            let member = Result { try GzipCompressor.member(of: bytes, level: level) }
            writer.async { [self] in
                state.withLock { state in
                    switch member {
                    case .success(let compressed): state.ready[sequence] = compressed
                    case .failure(let error):
                        state.error = state.error ?? error
                        state.ready[sequence] = []  // keeps the order; nothing is written after an error
                    }
                    while let next = state.ready.removeValue(forKey: state.nextToWrite) {
                        if state.error == nil {
                            if let failure = Self.write(state.fd, next, path: state.path) {
                                state.error = failure
                            } else {
                                state.written += next.count
                                state.hasher.update(next)
                            }
                        }
                        state.nextToWrite += 1
                        slots.semaphore.signal()
                        group.leave()
                    }
                }
            }
        }
    }

    /// Waits until every submitted member is written.
    func drain() throws {
        group.wait()
        if let error = state.withLock({ $0.error }) { throw error }
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8], path: String) -> (any Error)? {
        do {
            try bytes.withUnsafeBytes { try AtomicFile.writeAll(fd, $0, path: path) }
            return nil
        } catch {
            return error
        }
    }
}

/// Room for gzip members being compressed or waiting to be written, shared by the shard writers
/// of one output: each member holds its lines and its compressed bytes (half a megabyte and
/// more), and a crawl writes several kinds at once.
public final class MemberSlots: Sendable {
    let semaphore: DispatchSemaphore

    public init(_ count: Int) { semaphore = DispatchSemaphore(value: max(1, count)) }
}
