import Archive
import Foundation
import TestSupport
import Testing

/// The acceptance of `ytcrawl update`: a crawl of 1,000 channels, 2 searches and a playlist on
/// the emulator's day 0, updated on day 7 — every new video of those channels once, at about
/// the fewest units that find them without knowing which channels uploaded (`--by-count`: at
/// about the fewest units of all, missing an upload a deletion hid), and the same set whatever
/// kills the update meanwhile.
@Suite("ytcrawl update: a week later")
struct UpdateWeekTests {
    typealias Row = [String: Any]

    static let corpus = ["--channels", "1000", "--videos-per-channel", "8"]

    /// Truth rows by video id (`emulate --dump-truth`).
    static func truth(_ directory: String, _ kind: String = "videos", key: String = "videoId") throws -> [String: Row] {
        let text = try String(contentsOfFile: directory + "/\(kind).jsonl", encoding: .utf8)
        var rows: [String: Row] = [:]
        for line in text.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? Row)
            rows[try #require(row[key] as? String)] = row
        }
        return rows
    }

    /// Every video record of an output: ids with how often each is there, and each one's seed.
    static func videos(_ out: String) throws -> (counts: [String: Int], seeds: [String: String]) {
        var counts: [String: Int] = [:]
        var seeds: [String: String] = [:]
        try ArchiveReader.forEachRecord(directory: out, kind: .videos, includeOpen: true) { value, _ in
            guard case .string(let id)? = value["videoId"] else { return }
            counts[id, default: 0] += 1
            if case .string(let seed)? = value["source"]?["seed"] { seeds[id] = seed }
        }
        return (counts, seeds)
    }

    static func copy(_ from: String, to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    @Test func aWeekLaterEveryNewUploadOnceAtAboutTheFewestUnits() async throws {
        let root = CrawlCommandTests.temporary("update-week")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "update-week-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let out = root + "/out"
        func run(_ arguments: [String], base: String, state: String = "state") -> [String] {
            arguments + [
                "--api-base", base, "--key-file", root + "/key", "--state-dir", root + "/" + state, "--rps", "2000",
                "--progress", "never", "--concurrency", "16",
            ]
        }

        // Day 0: the crawl.
        let day0 = try await ExternalEmulator.start(
            Self.corpus + ["--dump-truth", root + "/truth0", "--dump-truth-kinds", "videos,channels"])
        let channels = try Self.truth(root + "/truth0", "channels", key: "channelId").keys.sorted()
        #expect(channels.count == 1000)
        let seeds =
            channels.map { "channel \($0)" } + [
                "search ocean", "search lofi type=video", "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR",
            ]
        try (seeds.joined(separator: "\n") + "\n").write(toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run(
            run(["--seeds", root + "/seeds.txt", "--out", out, "--budget", "20000"], base: day0.base))
        day0.stop()
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let before = try Self.videos(out)
        let truth0 = try Self.truth(root + "/truth0")

        // Day 7: the update, beside copies for a thorough one and a killed one, and a full re-crawl.
        let day7 = try await ExternalEmulator.start(
            Self.corpus + [
                "--clock-offset", String(7 * 86_400), "--dump-truth", root + "/truth7", "--dump-truth-kinds", "videos",
            ])
        defer { day7.stop() }
        let truth7 = try Self.truth(root + "/truth7")
        try Self.copy(out, to: root + "/by-count")
        try Self.copy(out, to: root + "/killed")
        try Self.copy(out, to: root + "/budget")
        let update = try await CLIRunner.run(
            run(["update", out, "--budget", "5000", "--summary-json", root + "/update.json"], base: day7.base))
        #expect(update.status == 0, "\(update.stderr)")
        let summary = try RefreshCommandTests.summary(root + "/update.json")
        let after = try Self.videos(out)

        // Every new upload of a watched channel, once; nothing written twice; nothing invented.
        let watched = Set(channels)
        let new = truth7.filter { truth0[$0.key] == nil && watched.contains($0.value["channelId"] as? String ?? "") }
        #expect(new.count > 50, "the emulator's channels uploaded during the week: \(new.count)")
        let added = Set(after.counts.keys).subtracting(before.counts.keys)
        let missed = Set(new.keys).subtracting(added)
        #expect(after.counts.values.allSatisfy { $0 == 1 }, "each video once across both runs")
        #expect(added.allSatisfy { truth7[$0] != nil }, "only videos that exist")

        #expect(
            missed.isEmpty, "every new upload, an upload beside a deletion too: missed \(missed.sorted().prefix(5))")

        // Units: the check, the walks (every channel's first page; of an oracle: only the
        // channels with new uploads), the hydration, the playlist.
        var perChannel: [String: Int] = [:]
        for row in new.values { perChannel[row["channelId"] as? String ?? "", default: 0] += 1 }
        let walks = perChannel.values.map { ($0 + 49) / 50 }.reduce(0, +)
        let fewest = (watched.count + 49) / 50 + walks + (added.count + 49) / 50 + 1
        let fewestUnknowing = fewest + watched.count - perChannel.count
        let units = try #require(summary["units"] as? Int)
        let searchCalls = try #require(summary["searchCalls"] as? Int)
        let bySearch = added.filter { after.seeds[$0]?.hasPrefix("search") == true }.count
        #expect(
            Double(units) <= 1.2 * Double(fewestUnknowing),
            "update: \(units) units, fewest without knowing who uploaded \(fewestUnknowing)")
        #expect(searchCalls <= 2 * 2 + (bySearch + 49) / 50, "search calls \(searchCalls) for \(bySearch) new matches")

        // Side by side: a full re-crawl of the same seeds on the same day.
        let fresh = try await CLIRunner.run(
            run(
                [
                    "--seeds", root + "/seeds.txt", "--out", root + "/fresh", "--budget", "20000", "--summary-json",
                    root + "/fresh.json",
                ], base: day7.base, state: "state-fresh"))
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let freshUnits = try #require(try RefreshCommandTests.summary(root + "/fresh.json")["units"] as? Int)
        let freshNew = Set(try Self.videos(root + "/fresh").counts.keys).filter { truth0[$0] == nil }
        #expect(
            freshNew.isSubset(of: added),
            "what a re-crawl finds new, the update found: \(freshNew.subtracting(added).prefix(3))")

        // --by-count: only the channels whose videoCount changed; an upload beside a deletion is missed.
        let byCount = try await CLIRunner.run(
            run(
                [
                    "update", root + "/by-count", "--budget", "5000", "--by-count", "--summary-json",
                    root + "/by-count.json",
                ],
                base: day7.base, state: "state-by-count"))
        #expect(byCount.status == 0, "\(byCount.stderr)")
        let byCountAdded = Set(try Self.videos(root + "/by-count").counts.keys).subtracting(before.counts.keys)
        let byCountMissed = Set(new.keys).subtracting(byCountAdded)
        let byCountMisses = Set(byCountMissed.compactMap { new[$0]?["channelId"] as? String })
        let byCountUnits = try #require(try RefreshCommandTests.summary(root + "/by-count.json")["units"] as? Int)
        #expect(Double(byCountUnits) <= 1.2 * Double(fewest), "--by-count: \(byCountUnits) units, fewest \(fewest)")
        #expect(
            byCountMissed.count <= new.count / 50, "the count check misses few: \(byCountMissed.count) of \(new.count)")
        // A channel of 8 videos costs a re-crawl one page: see the next test for large channels.
        #expect(freshUnits > 2 * byCountUnits, "re-crawl \(freshUnits) units vs --by-count \(byCountUnits)")
        print(
            "update day 7: \(new.count) new uploads of \(perChannel.count) of \(watched.count) channels; update \(units) units (fewest without knowing who uploaded \(fewestUnknowing)), missed \(missed.count), \(searchCalls) search calls (\(bySearch) new by search); --by-count \(byCountUnits) units (fewest \(fewest)), missed \(byCountMissed.count) videos of \(byCountMisses.count) channels (an upload beside a deletion: same videoCount); full re-crawl \(freshUnits) units"
        )

        // Killed at random moments, then rerun: the same set as the update that was not.
        let killedArguments = run(
            ["update", root + "/killed", "--budget", "5000"], base: day7.base, state: "state-killed")
        let killed = try await CLIRunner.killRuns(killedArguments, times: 4, after: 0.05...0.6) { _ in }
        let rerun = try await CLIRunner.run(killedArguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let killedAfter = try Self.videos(root + "/killed")
        #expect(Set(killedAfter.counts.keys) == Set(after.counts.keys), "killed \(killed) times, then rerun")
        #expect(killedAfter.counts.values.allSatisfy { $0 == 1 })

        // Stopped by its budget, then continued (the next day, in a monitor): the same set.
        let budgetArguments = run(
            ["update", root + "/budget", "--budget", "150"], base: day7.base, state: "state-budget")
        let first = try await CLIRunner.run(budgetArguments)
        #expect(first.status == 0 && first.stdout.contains("budget"), "\(first.stdout)\(first.stderr)")
        #expect(try Self.runs(root + "/budget").last?["finishedAt"] == nil, "the update has not finished")
        var rounds = 1
        while try Self.runs(root + "/budget").last?["finishedAt"] == nil, rounds < 20 {
            #expect(try await CLIRunner.run(budgetArguments).status == 0)
            rounds += 1
        }
        #expect(Set(try Self.videos(root + "/budget").counts.keys) == Set(after.counts.keys), "\(rounds) rounds")
        #expect(try Self.runs(root + "/budget").map { $0["kind"] as? String } == ["crawl", "update"], "one update")
        day7.stop()

        // A week later again: a second update; everything reads the output as one.
        let day14 = try await ExternalEmulator.start(Self.corpus + ["--clock-offset", String(14 * 86_400)])
        defer { day14.stop() }
        let second = try await CLIRunner.run(run(["update", out, "--budget", "5000"], base: day14.base))
        #expect(second.status == 0, "\(second.stderr)")
        let final = try Self.videos(out)
        #expect(final.counts.count > after.counts.count && final.counts.values.allSatisfy { $0 == 1 })
        #expect(try Self.runs(out).map { $0["kind"] as? String } == ["crawl", "update", "update"])
        for directory in [out, root + "/killed", root + "/budget"] {
            let verify = try await CLIRunner.run(["verify", directory])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
        let export = try await CLIRunner.run(["export", out, "--csv", root + "/videos.csv"])
        #expect(export.status == 0, "\(export.stderr)")
        let rows = try String(contentsOfFile: root + "/videos.csv", encoding: .utf8).split(separator: "\n").count
        #expect(rows >= final.counts.count + 1, "a row a video: \(rows)")
        let merged = try await CLIRunner.run(["merge", out, root + "/killed", "--out", root + "/merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(Set(try Self.videos(root + "/merged").counts.keys) == Set(final.counts.keys))
    }

    static func runs(_ out: String) throws -> [Row] {
        try UpdateCommandTests.runs(out)
    }

    /// Channels of a few hundred videos, as news channels have: a re-crawl walks every page of
    /// every channel and hydrates every video again; the update asks about what is new. Such
    /// channels lose a video or two a week, so an upload often leaves `videoCount` as it was:
    /// the update finds it all the same.
    @Test func largeChannelsCostAReCrawlTenTimesAnUpdateThatMissesNothing() async throws {
        let root = CrawlCommandTests.temporary("update-large")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "update-large-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let corpus = ["--channels", "30", "--videos-per-channel", "500"]
        func run(_ arguments: [String], base: String, state: String) -> [String] {
            arguments + [
                "--api-base", base, "--key-file", root + "/key", "--state-dir", root + "/" + state, "--rps", "2000",
                "--progress", "never", "--quiet",
            ]
        }
        let day0 = try await ExternalEmulator.start(
            corpus + ["--dump-truth", root + "/truth0", "--dump-truth-kinds", "channels,videos"])
        let channels = try Self.truth(root + "/truth0", "channels", key: "channelId").keys.sorted()
        try (channels.map { "channel \($0)" }.joined(separator: "\n") + "\n").write(
            toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let crawl = try await CLIRunner.run(
            run(
                ["--seeds", root + "/seeds.txt", "--out", root + "/out", "--budget", "20000"], base: day0.base,
                state: "s0"))
        day0.stop()
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let before = Set(try Self.videos(root + "/out").counts.keys)
        let day7 = try await ExternalEmulator.start(
            corpus + [
                "--clock-offset", String(7 * 86_400), "--dump-truth", root + "/truth7", "--dump-truth-kinds", "videos",
            ])
        defer { day7.stop() }
        let truth0 = try Self.truth(root + "/truth0")
        let new = try Self.truth(root + "/truth7").keys.filter { truth0[$0] == nil }
        let vanished = truth0.keys.count - (try Self.truth(root + "/truth7").keys.count - new.count)
        let update = try await CLIRunner.run(
            run(
                ["update", root + "/out", "--budget", "5000", "--summary-json", root + "/update.json"], base: day7.base,
                state: "s1"))
        #expect(update.status == 0, "\(update.stderr)")
        let added = Set(try Self.videos(root + "/out").counts.keys).subtracting(before)
        #expect(!new.isEmpty && vanished > 0, "the week has uploads (\(new.count)) and deletions (\(vanished))")
        #expect(Set(new) == added, "missed \(Set(new).subtracting(added).sorted().prefix(5))")
        let fresh = try await CLIRunner.run(
            run(
                [
                    "--seeds", root + "/seeds.txt", "--out", root + "/fresh", "--budget", "20000", "--summary-json",
                    root + "/fresh.json",
                ], base: day7.base, state: "s2"))
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let units = try #require(try RefreshCommandTests.summary(root + "/update.json")["units"] as? Int)
        let freshUnits = try #require(try RefreshCommandTests.summary(root + "/fresh.json")["units"] as? Int)
        let videos = try Self.videos(root + "/fresh").counts.count
        print(
            "update of \(channels.count) channels of \(videos / max(channels.count, 1)) videos on average, a week later: \(new.count) new uploads (\(vanished) videos gone), all found, \(units) units; a full re-crawl \(freshUnits) units (\(freshUnits / max(units, 1))x)"
        )
        #expect(freshUnits > 10 * units, "re-crawl \(freshUnits) units vs update \(units)")
    }
}
