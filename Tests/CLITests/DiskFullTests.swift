import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// A crawl whose disk fills up ends with exit 1 naming the cause; once space is freed, rerunning
/// the same command ends with exactly the videos of a crawl that never ran out of space. The disk
/// is a small tmpfs, mounted for the test (root only; CI runs as root) and grown with a remount,
/// as a user freeing space would.
@Suite("ytcrawl crawl on a full disk")
struct DiskFullTests {
    /// Whether this process may mount a tmpfs (root, and a kernel that lets it).
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = CrawlCommandTests.temporary("mount-probe")
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil,
            (try? Self.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe])) == 0
        else { return false }
        _ = try? Self.mount([probe], program: "/bin/umount")
        return true
    }()

    /// The `videoId` of every record in the closed video shards, repeats kept.
    static func videoIds(_ directory: String) throws -> [String] {
        var ids: [String] = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
            if case .string(let id)? = record["videoId"] { ids.append(id) }
        }
        return ids
    }

    static func mount(_ arguments: [String], program: String = "/bin/mount") throws -> Int32 {
        try SpawnedProcess.runToEnd(URL(fileURLWithPath: program), arguments).status
    }

    /// Space for nothing, or for a few shards of the 1,558 videos (about 600 KB in all): the crawl
    /// runs out while writing a shard, the checkpoint or the manifest, wherever that falls (twelve
    /// sizes from 8k to 540k passed when this was written; three are kept for time).
    @Test(
        .enabled(if: canMount, "needs root to mount a small tmpfs (CI runs as root)"),
        arguments: ["8k", "96k", "300k"])
    func aRerunAfterSpaceIsFreedLosesAndRepeatsNothing(size: String) async throws {
        let emulator = try await ExternalEmulator.start(["--channels", "40", "--keys", "disk-key"])
        defer { emulator.stop() }
        let work = CrawlCommandTests.temporary("disk-full")
        let disk = work + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try #require(try Self.mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", disk]) == 0)
        defer { _ = try? Self.mount([disk], program: "/bin/umount") }
        let seeds = work + "/seeds.txt"
        try "search music maxPages=2 walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        func crawl(into out: String, state: String) async throws -> CLIRunner.Result {
            try await CLIRunner.run(
                [
                    "--seeds", seeds, "--budget", "5000", "--api-base", emulator.base, "--out", out, "--state-dir",
                    state, "--shard-records", "300", "--quiet",
                ], environment: ["YOUTUBE_API_KEY": "disk-key"])
        }
        let reference = try await crawl(into: work + "/reference", state: work + "/reference-state")
        #expect(reference.status == 0, "\(reference.stderr)")

        let out = disk + "/out"
        let full = try await crawl(into: out, state: work + "/state")
        #expect(full.status == 1, "the disk filled up: \(full.stderr)")
        #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
        #expect(full.stderr.contains("rerun the same command once it is fixed"), "\(full.stderr)")
        if let checkpoint = FileManager.default.contents(atPath: out + "/checkpoint.json") {
            #expect(try JSONSerialization.jsonObject(with: checkpoint) is [String: Any], "a whole checkpoint or none")
        }

        #expect(try Self.mount(["-o", "remount,size=64m", disk]) == 0, "space freed")
        let rerun = try await crawl(into: out, state: work + "/state")
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let again = try await crawl(into: out, state: work + "/state")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)

        let written = try Self.videoIds(out)
        let expected = try Self.videoIds(work + "/reference")
        #expect(written.count == Set(written).count, "no video written twice")
        #expect(Set(written) == Set(expected), "every video of the crawl that had space, and no other")
        #expect(expected.count > 1_000)
    }
}
