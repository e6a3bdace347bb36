import Foundation
import StreamingJSON
import TestSupport
import Testing

@testable import Archive

/// `ytcrawl prune`: after a refresh 60 days on, every record of the videos it found gone leaves
/// every shard, verify stays ok, a dry run changes nothing, kills midway then a rerun give one
/// prune's result, and `--fetched-before` keeps only what was refreshed since.
@Suite("ytcrawl prune")
struct PruneCommandTests {
    /// A crawl with comments and many videos, then a refresh of it 60 days on (some videos gone).
    static func prepared() async throws -> String { try await preparedWithMoment().out }

    /// The same, and a moment between the crawl's last fetch and the refresh's first.
    static func preparedWithMoment() async throws -> (out: String, between: Date) {
        let out = CrawlCommandTests.temporary("prune-out")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        try "search music maxPages=2 comments=yes\nsearch cats maxPages=1 walk=channels\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "6000", "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet",
            "--shard-records", "400",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        // Times are written to the second: the refresh's are all later than this.
        try await Task.sleep(for: .milliseconds(1100))
        let between = Date()
        try await Task.sleep(for: .milliseconds(1100))
        let refresh = try await CLIRunner.run([
            "refresh", out, "--budget", "2000", "--emulator", "--emulator-clock-offset", String(60 * 86_400),
            "--state-dir", out + "-state", "--quiet",
        ])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        return (out, between)
    }

    /// Ids of every record by kind, snapshots' statistics lines included (as `snapshot videoId`).
    static func contents(_ out: String) throws -> [String: [String]] {
        var ids: [String: [String]] = [:]
        for kind in [RecordKind.videos, .channels, .comments] {
            try ArchiveReader.forEachRecord(directory: out, kind: kind) { record, _ in
                ids[kind.rawValue, default: []].append(kind.id(of: record) ?? "?")
            }
        }
        // Search results as `resultId id`: a gone video's results name it.
        try ArchiveReader.forEachRecord(directory: out, kind: .results) { record, _ in
            guard case .string(let resultId)? = record["resultId"], case .string(let id)? = record["id"] else { return }
            ids["results", default: []].append(resultId + " " + id)
        }
        for name in SnapshotDirectory.names(in: out) {
            try ArchiveReader.forEachRecord(directory: SnapshotDirectory.root(of: out) + "/" + name, kind: .stats) {
                record, _ in
                ids["stats", default: []].append(name + " " + (RecordKind.stats.id(of: record) ?? "?"))
            }
        }
        return ids
    }

    /// The videos the latest statistics line calls gone.
    static func gone(_ out: String) throws -> Set<String> {
        var latest: [String: String] = [:]
        for name in SnapshotDirectory.names(in: out).sorted() {
            try ArchiveReader.forEachRecord(directory: SnapshotDirectory.root(of: out) + "/" + name, kind: .stats) {
                record, _ in
                if case .string(let id)? = record["videoId"], case .string(let status)? = record["status"] {
                    latest[id] = status
                }
            }
        }
        return Set(latest.filter { $0.value == "gone" }.keys)
    }

    static func copy(_ out: String) throws -> String {
        let copy = CrawlCommandTests.temporary("prune-copy")
        try FileManager.default.copyItem(atPath: out, toPath: copy)
        return copy
    }

    @Test func goneVideosLeaveEveryShardAndVerifyStaysOk() async throws {
        let out = try await Self.prepared()
        defer { for path in [out, out + "-state"] { try? FileManager.default.removeItem(atPath: path) } }
        let gone = try Self.gone(out)
        let before = try Self.contents(out)
        #expect(!gone.isEmpty, "the refresh found videos gone")
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))

        let dry = try await CLIRunner.run(["prune", out, "--gone", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.hasPrefix("would remove "), "\(dry.stdout)\(dry.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest, "a dry run changes nothing")
        #expect(try Self.contents(out) == before)

        let pruned = try await CLIRunner.run(["prune", out, "--gone"])
        #expect(pruned.status == 0 && pruned.stdout.hasPrefix("removed "), "\(pruned.stdout)\(pruned.stderr)")
        let after = try Self.contents(out)
        for (kind, ids) in after {
            let left = ids.filter { id in gone.contains { id.contains($0) } }
            #expect(left.isEmpty, "\(kind): \(left.prefix(3)) of gone videos left")
        }
        #expect(
            after["videos"]?.count == (before["videos"]?.count ?? 0) - gone.intersection(before["videos"] ?? []).count)
        #expect(try Self.commentVideos(out).isDisjoint(with: gone))
        let goneResults = (before["results"] ?? []).filter { line in gone.contains { line.hasSuffix(" " + $0) } }
        #expect(!goneResults.isEmpty, "the searches had found videos gone since")
        #expect(after["results"]?.count == (before["results"]?.count ?? 0) - goneResults.count)
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
        let again = try await CLIRunner.run(["prune", out, "--gone"])
        #expect(again.stdout.hasPrefix("removed nothing"), "\(again.stdout)")
        // The data package follows: its provenance lists the prune among the runs.
        let package = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/datapackage.json")), as: UTF8.self)
        #expect(package.contains(#""kind": "prune""#))
        let history = try #require(try Manifest.load(directory: out)?.runs)
        #expect(history.last?.kind == "prune" && (history.last?.recordsRemoved?["videos"] ?? 0) > 0)
    }

    @Test func killsDuringAPruneThenARerunGiveOnePrunesResult() async throws {
        let out = try await Self.prepared()
        let killedCopy = try Self.copy(out)
        defer {
            for path in [out, out + "-state", killedCopy] { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(try await CLIRunner.run(["prune", out, "--gone"]).status == 0)
        let killed = try await CLIRunner.killRuns(["prune", killedCopy, "--gone"], times: 5, after: 0.0...0.08) { _ in }
        print("prune: \(killed) of 5 runs killed before they finished")
        let rerun = try await CLIRunner.run(["prune", killedCopy, "--gone"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try Self.contents(killedCopy) == (try Self.contents(out)), "the same records as one prune")
        let verified = try await CLIRunner.run(["verify", killedCopy])
        #expect(verified.status == 0, "\(verified.stderr)")
    }

    /// A journal left by a prune killed after writing it: verify says so, the next prune finishes it.
    @Test func anInterruptedPruneIsNamedAndFinished() async throws {
        let out = try await Self.prepared()
        defer { for path in [out, out + "-state"] { try? FileManager.default.removeItem(atPath: path) } }
        let reference = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: reference) }
        #expect(try await CLIRunner.run(["prune", reference, "--gone"]).status == 0)
        // The journal and the pending files as a kill right after the journal leaves them.
        let report = try ArchivePruner.prepare(directory: out, rules: .init(gone: true), dryRun: false)
        #expect(report.shards > 0)
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 1 && verify.stderr.contains("interrupted prune"), "\(verify.stderr)")
        let crawl = try await CLIRunner.run(["--seeds", "/dev/null", "--budget", "10", "--emulator", "--out", out])
        #expect(crawl.status != 0)
        // Every command that reads or writes the output refuses it, naming the fix, and writes nothing.
        let files = out + "-refused"
        defer { try? FileManager.default.removeItem(atPath: files) }
        for arguments in [
            ["refresh", out, "--budget", "10", "--emulator"], ["update", out, "--budget", "10", "--emulator"],
            ["export", out, "--csv", files + ".csv"], ["export", out, "--csv-package", files],
            ["network", out, "--out", files + ".graphml"], ["codebook", out, "--out", files + ".md"],
            ["report", out, "--out", files + ".html"], ["gallery", out, "--out", files + ".html"], ["stats", out],
            ["merge", out, "--out", files],
        ] {
            let refused = try await CLIRunner.run(arguments)
            #expect(refused.status == 1, "\(arguments[0]): \(refused.stdout)\(refused.stderr)")
            #expect(
                refused.stderr.contains("interrupted prune") && refused.stderr.contains("rerun ytcrawl prune \(out)"),
                "\(arguments[0]): \(refused.stderr)")
        }
        for suffix in ["", ".csv", ".graphml", ".md", ".html"] {
            #expect(!FileManager.default.fileExists(atPath: files + suffix), "nothing written: \(files + suffix)")
        }
        // The advice as written: `ytcrawl prune DIR`, no rule, finishes it.
        let finished = try await CLIRunner.run(["prune", out])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.contains("finished the prune that was interrupted"), "\(finished.stdout)")
        let nothingPending = try await CLIRunner.run(["prune", out])
        #expect(nothingPending.status == 2, "with nothing pending prune needs a rule: \(nothingPending.stderr)")
        #expect(try Self.contents(out) == (try Self.contents(reference)))
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
    }

    @Test func fetchedBeforeKeepsOnlyWhatWasRefreshedSince() async throws {
        let (out, between) = try await Self.preparedWithMoment()
        defer { for path in [out, out + "-state"] { try? FileManager.default.removeItem(atPath: path) } }
        // Every record of the crawl is older than `between`; the refresh's lines are newer.
        let refreshedOk = try Self.refreshed(out)
        let day = ISO8601DateFormatter().string(from: between)
        let pruned = try await CLIRunner.run(["prune", out, "--fetched-before", day])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        let after = try Self.contents(out)
        #expect(after["channels"] == nil && after["comments"] == nil, "fetched at the crawl, never refreshed")
        #expect(!refreshedOk.isEmpty && Set(after["videos"] ?? []) == refreshedOk)
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
        let bad = try await CLIRunner.run(["prune", out, "--fetched-before", "last week"])
        #expect(bad.status == 2 && bad.stderr.contains("expected a date"), "\(bad.stderr)")
        let none = try await CLIRunner.run(["prune", out])
        #expect(none.status == 2 && none.stderr.contains("--gone"), "\(none.stderr)")
    }

    static func commentVideos(_ out: String) throws -> Set<String> {
        var videos: Set<String> = []
        try ArchiveReader.forEachRecord(directory: out, kind: .comments) { record, _ in
            if case .string(let id)? = record["videoId"] { videos.insert(id) }
        }
        return videos
    }

    /// Videos whose latest statistics line is `ok` (refreshed, not gone).
    static func refreshed(_ out: String) throws -> Set<String> {
        let gone = try gone(out)
        var seen: Set<String> = []
        for name in SnapshotDirectory.names(in: out) {
            try ArchiveReader.forEachRecord(directory: SnapshotDirectory.root(of: out) + "/" + name, kind: .stats) {
                record, _ in
                if case .string(let id)? = record["videoId"] { seen.insert(id) }
            }
        }
        return seen.subtracting(gone)
    }
}

extension PruneCommandTests {
    /// `--snapshots-older-than 30d`: snapshots taken more than 30 days ago go whole (YouTube's
    /// 30-day rule for statistics), newer ones stay, the manifest's history counts what went, and
    /// the output verifies; an age that is not one is refused.
    @Test func oldSnapshotsGoWholeAndNewerOnesStay() async throws {
        // A small crawl and its first snapshot: what goes is whole snapshots, not records.
        let out = CrawlCommandTests.temporary("prune-snapshots")
        defer { for path in [out, out + "-state", out + ".txt"] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: out + ".txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run([
            "--seeds", out + ".txt", "--budget", "500", "--emulator", "--out", out, "--state-dir", out + "-state",
            "--quiet",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let taken = try await CLIRunner.run([
            "refresh", out, "--budget", "500", "--emulator", "--state-dir", out + "-state", "--quiet",
        ])
        #expect(taken.status == 0, "\(taken.stderr)")
        let root = SnapshotDirectory.root(of: out)
        let first = try #require(SnapshotDirectory.names(in: out).first)
        // The refresh's snapshot as if taken 40 days ago, beside one taken now.
        let old = SnapshotDirectory.name(atUTC: Int64(Date().timeIntervalSince1970) - 40 * 86_400)
        try FileManager.default.moveItem(atPath: root + "/" + first, toPath: root + "/" + old)
        let oldLines = try #require(try Manifest.load(directory: root + "/" + old)?.records["stats"])
        let refresh = try await CLIRunner.run([
            "refresh", out, "--budget", "2000", "--emulator", "--state-dir", out + "-state", "--quiet",
        ])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let names = SnapshotDirectory.names(in: out)
        #expect(names.count == 2 && names.first == old, "\(names)")

        let dry = try await CLIRunner.run(["prune", out, "--snapshots-older-than", "30d", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("snapshots/\(old)"), "\(dry.stdout)\(dry.stderr)")
        #expect(SnapshotDirectory.names(in: out) == names, "a dry run changes nothing")
        let pruned = try await CLIRunner.run(["prune", out, "--snapshots-older-than", "30d"])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(
            pruned.stdout.contains("\(oldLines) stats") && pruned.stdout.contains("1 statistics snapshot removed"),
            "\(pruned.stdout)")
        #expect(SnapshotDirectory.names(in: out) == [names[1]])
        #expect(try await CLIRunner.run(["verify", out]).status == 0)
        let package = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/datapackage.json")), as: UTF8.self)
        #expect(!package.contains(old) && package.contains(names[1]))
        let history = try #require(try Manifest.load(directory: out)?.runs)
        #expect(history.last?.kind == "prune" && history.last?.recordsRemoved?["stats"] == oldLines)

        let again = try await CLIRunner.run(["prune", out, "--snapshots-older-than", "30d"])
        #expect(again.status == 0 && again.stdout.contains("0 statistics snapshots removed"), "\(again.stdout)")
        let bad = try await CLIRunner.run(["prune", out, "--snapshots-older-than", "a month"])
        #expect(bad.status == 2 && bad.stderr.contains("30d, 12h, 2w"), "\(bad.stderr)")
    }
}
