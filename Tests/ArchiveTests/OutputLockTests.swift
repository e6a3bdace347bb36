import Foundation
import StreamingJSON
import Testing

@testable import Archive

@Suite("One run at a time in an output directory")
struct OutputLockTests {
    @Test func aSecondWriterIsRefusedAndTheFirstsEndFreesTheDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manifest = Manifest(toolVersion: "test", startedAt: "2026-11-30T00:00:00Z")
        var first: ArchiveWriter? = try ArchiveWriter(directory: directory, manifest: manifest)
        try first?.append(ArchiveWriterTests.video(1))
        do {
            _ = try ArchiveWriter(directory: directory, manifest: manifest)
            Issue.record("a second writer must be refused while the first is open")
        } catch let busy as OutputInUse {
            #expect(busy.pid == getpid())
            #expect(busy.description.contains(directory) && busy.description.contains("pid \(getpid())"))
        }
        _ = try first?.finish(unitsByMethod: [:])
        first = nil
        _ = try ArchiveWriter(directory: directory, manifest: manifest)
    }

    /// A run's end lets the next in at once, even while the finished writer object lingers (on
    /// the archive's thread) in the same process.
    @Test func releasedOutputIsFreeWhileTheWriterStillExists() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manifest = Manifest(toolVersion: "test", startedAt: "2026-11-30T00:00:00Z")
        let first = try ArchiveSink(directory: directory, options: .init(), manifest: manifest)
        try await first.finish(frontierJSON: JSONPieces(json: "[]"), unitsByMethod: [:])
        #expect(throws: OutputInUse.self) { _ = try ArchiveWriter(directory: directory, manifest: manifest) }
        await first.close()
        let second = try ArchiveWriter(directory: directory, manifest: manifest)
        _ = try second.finish(unitsByMethod: [:])
        withExtendedLifetime(first) {}
    }

    /// A lock naming this process that it no longer holds: a child being started elsewhere in the
    /// process holds a copy of the released descriptor for a moment (simulated here by a copy
    /// closed 100 ms later). The next lock waits for it instead of refusing; a lock this process
    /// really holds is still refused at once.
    @Test func aCopyOfThisProcesssReleasedLockIsWaitedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = open(directory + "/" + OutputLock.fileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(copy >= 0 && flock(copy, LOCK_EX | LOCK_NB) == 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(copy, $0.baseAddress, $0.count, 0) }
        // A thread of its own: the lock's wait below holds this test's thread of the pool.
        Thread {
            usleep(100_000)
            close(copy)
        }.start()
        let lock = try OutputLock(directory: directory)
        #expect(throws: OutputInUse.self) { _ = try OutputLock(directory: directory) }
        lock.release()
        _ = try OutputLock(directory: directory)
    }
}
