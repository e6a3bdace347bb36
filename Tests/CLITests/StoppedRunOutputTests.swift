import Archive
import Foundation
import TestSupport
import Testing

/// What a run that stopped short wrote is readable at once (its shards closed), a SIGHUP stops a
/// run as SIGTERM does, and a shard recompressed with every record is whole, not lost.
@Suite("stopped runs and recompressed shards")
struct StoppedRunOutputTests {
    static func names(_ out: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted()
    }

    static func seeds(_ text: String) throws -> String {
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        try text.write(toFile: seeds, atomically: true, encoding: .utf8)
        return seeds
    }

    /// A budget stop closes the shards: no `.part` file is left, the manifest lists every
    /// record written, and the rerun opens new shards and writes each video once.
    @Test func aRunStoppedByItsBudgetLeavesItsRecordsReadable() async throws {
        let out = CrawlCommandTests.temporary("stopped-out")
        let seeds = try Self.seeds("search music maxPages=4 walk=channels\n")
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let arguments = ["--seeds", seeds, "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet"]
        let stopped = try await CLIRunner.run(arguments + ["--budget", "120"])
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(!Self.names(out).contains { $0.hasSuffix(".part") }, "\(Self.names(out))")
        let manifest = try #require(try Manifest.load(directory: out))
        let listed = manifest.shards.filter { $0.kind == "videos" }.reduce(0) { $0 + $1.records }
        let videos = try DiskFullTests.videoIds(out)
        #expect(listed > 0 && listed == videos.count, "every video written is in a listed shard")
        let rerun = try await CLIRunner.run(arguments + ["--budget", "20000"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let all = try DiskFullTests.videoIds(out)
        #expect(all.count == Set(all).count && all.count > videos.count)
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
    }

    /// SIGHUP (a closed terminal) stops the run gracefully: exit 130, checkpoint saved, shards closed.
    @Test func aHangUpStopsTheRunLikeSIGTERM() async throws {
        let out = CrawlCommandTests.temporary("hangup-out")
        let seeds = try Self.seeds("search music maxPages=20 walk=channels\n")
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        let process = SpawnedProcess()
        process.executableURL = CLIRunner.binary
        process.arguments = [
            "--seeds", seeds, "--budget", "20000", "--emulator", "--emulator-latency-ms", "200", "--out", out,
            "--state-dir", out + "-state", "--progress", "never", "--concurrency", "2",
        ]
        process.standardError = Pipe()
        process.standardOutput = Pipe()
        let status = try await offThePool {
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: out + "/manifest.json"), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            Thread.sleep(forTimeInterval: 1)
            kill(process.processIdentifier, SIGHUP)
            let stopBy = Date().addingTimeInterval(30)
            while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 130, "SIGHUP is a graceful stop")
        #expect(FileManager.default.fileExists(atPath: out + "/checkpoint.json"))
        #expect(!Self.names(out).contains { $0.hasSuffix(".part") }, "\(Self.names(out))")
    }

    /// `gzip -9` of a shard: other bytes, the same records. verify says it is recompressed and
    /// ok, a rerun of the stopped crawl goes on, merge takes it; a changed record is named.
    @Test func aRecompressedShardIsWholeAndAChangedOneIsNamed() async throws {
        let out = CrawlCommandTests.temporary("recompressed-out")
        let seeds = try Self.seeds("search music maxPages=2\n")
        defer {
            for path in [out, out + "-state", out + "-merged", seeds] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        let arguments = ["--seeds", seeds, "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet"]
        #expect(try await CLIRunner.run(arguments + ["--budget", "20000"]).status == 0)
        let shard = try #require(Self.names(out).first { $0.hasPrefix("videos-") && $0.hasSuffix(".jsonl.gz") })
        let path = out + "/" + shard
        let lines = try Self.gunzip(path)
        try Self.gzip(Data(lines.utf8), level: "-9", to: path)
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("recompressed") && verified.stdout.contains(shard), "\(verified.stdout)")
        let merged = try await CLIRunner.run(["merge", out, "--out", out + "-merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let rerun = try await CLIRunner.run(arguments + ["--budget", "20000"])
        #expect(rerun.status == 0, "not 'missing or shorter': \(rerun.stderr)")

        // One title changed, the count the same: the content checksum tells.
        let changed = lines.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"X", options: [], range: nil)
        try Self.gzip(Data(changed.utf8), level: "-9", to: path)
        let damaged = try await CLIRunner.run(["verify", out])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("content differs"), "\(damaged.stderr)")
    }

    static func gunzip(_ path: String) throws -> String {
        try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/bin/gzip"), ["-dc", path]).stdout
    }

    /// `data` gzipped by gzip(1) at `level` into `path`.
    static func gzip(_ data: Data, level: String, to path: String) throws {
        let plain = path + ".plain"
        defer { try? FileManager.default.removeItem(atPath: plain) }
        try data.write(to: URL(fileURLWithPath: plain))
        let result = try SpawnedProcess.runToEnd(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip \(level) -c \"$0\" > \"$1\"", plain, path])
        #expect(result.status == 0)
    }
}

/// SIGKILLs with `--checkpoint-every 1`: a killed run's unspent claims go back to the quota
/// ledger and what it spent after its last checkpoint reaches the manifest, so the two agree and
/// the kills cost at most the requests in flight.
@Suite("kills and the quota ledger")
struct KilledRunQuotaTests {
    static func units(ledger state: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: state + "/quota-ledger.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let days = try #require(root["days"] as? [String: [String: [String: Int]]])
        return days.values.flatMap(\.values).reduce(0) { $0 + ($1["units"] ?? 0) }
    }

    static func units(manifest out: String) throws -> Int {
        let manifest = try #require(try Manifest.load(directory: out))
        return manifest.unitsByMethod.filter { $0.key != "search.list" }.values.reduce(0, +)
    }

    @Test func killedRunsSpendOnlyWhatWasInFlightAndTheManifestAgreesWithTheLedger() async throws {
        let work = CrawlCommandTests.temporary("kill-quota")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "search music walk=channels maxPages=3\nsearch programming maxPages=2 walk=channels\n".write(
            toFile: work + "/seeds.txt", atomically: true, encoding: .utf8)
        func arguments(_ name: String) -> [String] {
            [
                "--seeds", work + "/seeds.txt", "--budget", "5000", "--emulator", "--rps", "40", "--quiet",
                "--checkpoint-every", "1", "--concurrency", "4", "--out", work + "/" + name, "--state-dir",
                work + "/" + name + "-state",
            ]
        }
        #expect(try await CLIRunner.run(arguments("reference")).status == 0)
        let reference = try Self.units(ledger: work + "/reference-state")
        let kills = try await CLIRunner.killRuns(arguments("out"), times: 6, after: 0.3...0.8) { _ in }
        #expect(try await CLIRunner.run(arguments("out")).status == 0)
        let ledger = try Self.units(ledger: work + "/out-state")
        let manifest = try Self.units(manifest: work + "/out")
        #expect(ledger == manifest, "the manifest counts what the ledger does: \(manifest) vs \(ledger)")
        #expect(
            ledger <= reference + kills * 4, "at most the requests in flight at each kill: \(ledger) vs \(reference)")
        let left = try FileManager.default.contentsOfDirectory(atPath: work + "/out-state").filter {
            $0.hasSuffix(".journal")
        }
        #expect(left.isEmpty, "\(left)")
    }
}
