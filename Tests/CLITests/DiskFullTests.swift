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
        let scene = try await Scene(tmpfsSize: size)
        defer { scene.end() }
        let (work, disk) = (scene.work, scene.disk)
        func crawl(into out: String, state: String) async throws -> CLIRunner.Result {
            try await scene.crawl(into: out, state: state, ["--shard-records", "300"])
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

    /// `ytcrawl refresh` on a disk with `free` bytes left: it fails writing the snapshot's id list
    /// or its first shard, and once the user deletes a file to make room, a rerun completes that
    /// snapshot (no second one) with every video once.
    @Test(.enabled(if: canMount, "needs root to mount a small tmpfs (CI runs as root)"), arguments: [4_096, 40_960])
    func aRefreshOutOfSpaceCompletesItsSnapshotOnceSpaceIsFreed(free: Int) async throws {
        let scene = try await Scene(tmpfsSize: "16m")
        defer { scene.end() }
        let (work, disk, emulator) = (scene.work, scene.disk, scene.emulator)
        let out = disk + "/out"
        let environment = ["YOUTUBE_API_KEY": Scene.key]
        let crawl = try await scene.crawl(into: out, state: work + "/state")
        try #require(crawl.status == 0, "\(crawl.stderr)")
        let videos = try Self.videoIds(out)

        // Fill the disk but for `free` bytes, as another program would.
        var stats = statvfs()
        try #require(statvfs(disk, &stats) == 0)
        let filler = disk + "/filler"
        let available = Int(stats.f_bavail) * Int(stats.f_frsize)
        try Data(count: max(0, available - free)).write(to: URL(fileURLWithPath: filler))
        let refresh = [
            "refresh", out, "--budget", "1000", "--api-base", emulator.base, "--state-dir", work + "/state", "--quiet",
        ]
        let full = try await CLIRunner.run(refresh, environment: environment)
        #expect(full.status == 1, "the disk filled up: \(full.stderr)")
        #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
        #expect(full.stderr.contains("rerun the same command"), "\(full.stderr)")
        // The snapshot that did not start is unfinished, not a broken output.
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")

        try FileManager.default.removeItem(atPath: filler)
        let rerun = try await CLIRunner.run(refresh, environment: environment)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let snapshots = RefreshCommandTests.snapshots(out)
        #expect(snapshots.count == 1, "the rerun completed the snapshot the full disk stopped: \(snapshots)")
        let snapshot = try #require(snapshots.first)
        #expect(try await CLIRunner.run(["verify", snapshot]).status == 0)
        let rows = try RefreshCommandTests.rows(snapshot).compactMap { $0["videoId"] as? String }
        #expect(rows.count == Set(rows).count, "no video twice in the snapshot")
        #expect(Set(rows) == Set(videos), "every video of the output")
    }

    /// Every file a reader writes goes to a temporary name and is renamed when whole: on a full
    /// disk each fails (exit 1, naming the cause) and leaves no file, partial, empty or temporary.
    @Test(.enabled(if: canMount, "needs root to mount a small tmpfs (CI runs as root)"))
    func readersOnAFullDiskLeaveNoFile() async throws {
        let scene = try await Scene(tmpfsSize: "12m")
        defer { scene.end() }
        let (work, disk) = (scene.work, scene.disk)
        let out = work + "/out"
        let crawl = try await scene.crawl(
            into: out, state: work + "/state", ["--comments", "--max-comment-pages", "1"])
        try #require(crawl.status == 0, "\(crawl.stderr)")
        var stats = statvfs()
        try #require(statvfs(disk, &stats) == 0)
        let filler = disk + "/filler"
        let available = Int(stats.f_bavail) * Int(stats.f_frsize)
        try Data(count: max(0, available - 2_048)).write(to: URL(fileURLWithPath: filler))
        for arguments in [
            ["export", out, "--csv", disk + "/videos.csv"], ["export", out, "--csv-package", disk + "/package"],
            ["report", out, "--out", disk + "/report.html"], ["gallery", out, "--out", disk + "/gallery.html"],
            ["codebook", out, "--format", "html", "--out", disk + "/codebook.html"],
            ["network", out, "--graph", "commenters", "--format", "graphml", "--out", disk + "/graph.graphml"],
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 1, "\(arguments[0]): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("No space left on device"), "\(arguments[0]): \(result.stderr)")
        }
        var left = (try FileManager.default.subpathsOfDirectory(atPath: disk)).filter { $0 != "filler" }
        left = left.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: disk + "/" + path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        #expect(left.isEmpty, "no partial, empty or temporary file: \(left)")
    }

    /// An emulator, a work directory, a tmpfs of `tmpfsSize` mounted at `disk` inside it, and the
    /// seeds the tests crawl.
    struct Scene {
        static let key = "disk-key"
        let emulator: ExternalEmulator
        let work: String
        let disk: String
        let seeds: String

        init(tmpfsSize: String) async throws {
            work = CrawlCommandTests.temporary("disk-full")
            disk = work + "/disk"
            seeds = work + "/seeds.txt"
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
            try "search music maxPages=2 walk=channels\n".write(toFile: seeds, atomically: true, encoding: .utf8)
            guard try DiskFullTests.mount(["-t", "tmpfs", "-o", "size=\(tmpfsSize)", "tmpfs", disk]) == 0 else {
                try? FileManager.default.removeItem(atPath: work)
                throw SpawnFailure("cannot mount a tmpfs at \(disk)")
            }
            do {
                emulator = try await ExternalEmulator.start(["--channels", "40", "--keys", Self.key])
            } catch {
                _ = try? DiskFullTests.mount([disk], program: "/bin/umount")
                try? FileManager.default.removeItem(atPath: work)
                throw error
            }
        }

        func crawl(into out: String, state: String, _ options: [String] = []) async throws -> CLIRunner.Result {
            try await CLIRunner.run(
                [
                    "--seeds", seeds, "--budget", "5000", "--api-base", emulator.base, "--out", out, "--state-dir",
                    state, "--quiet",
                ] + options, environment: ["YOUTUBE_API_KEY": Self.key])
        }

        func end() {
            emulator.stop()
            _ = try? DiskFullTests.mount([disk], program: "/bin/umount")
            try? FileManager.default.removeItem(atPath: work)
        }
    }
}
