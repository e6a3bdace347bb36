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
        try await first.finish(frontierJSON: JSONWriter(json: "[]"), unitsByMethod: [:])
        #expect(throws: OutputInUse.self) { _ = try ArchiveWriter(directory: directory, manifest: manifest) }
        await first.close()
        let second = try ArchiveWriter(directory: directory, manifest: manifest)
        _ = try second.finish(unitsByMethod: [:])
        withExtendedLifetime(first) {}
    }
}
