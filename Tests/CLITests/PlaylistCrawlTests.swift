import Archive
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// Playlists as records: `playlists=walk` on 100 channel seeds writes every playlist a key can
/// read and every entry of each exactly once, at one unit a page; a day later `update` walks them
/// again and a reordered playlist shows its new positions under the new run, through kills.
@Suite("Playlists and memberships")
struct PlaylistCrawlTests {
    typealias Row = [String: Any]

    static let channels = 150

    static func rows(_ out: String, _ kind: RecordKind) throws -> [Row] {
        var rows: [Row] = []
        try ArchiveReader.forEachCompleteLine(directory: out, kind: kind) { line in
            rows.append(try #require(try JSONSerialization.jsonObject(with: Data(line)) as? Row))
        }
        return rows
    }

    /// The emulator's truth on `day` (as `ytcrawl emulate --clock-offset day×86400` started now
    /// serves it).
    static func truth(day: Int) -> EmulatorService {
        var configuration = EmulatorConfiguration(
            corpus: CorpusConfiguration(channels: channels),
            clock: EmulatorConfiguration.systemClock(offsetSeconds: Int64(day) * 86_400))
        configuration.dayZero = EmulatorConfiguration.systemClock(offsetSeconds: 0)()
        return EmulatorService(configuration)
    }

    /// `playlistId position videoId` of every entry the truth's playlists of `channelIds` hold.
    static func entries(_ service: EmulatorService, _ channelIds: [String]) -> [String] {
        channelIds.flatMap { service.playlists(ofChannel: $0) ?? [] }.flatMap { playlist in
            playlist.entries.enumerated().map { "\(playlist.id) \($0.offset) \($0.element.videoId)" }
        }
    }

    static func written(_ rows: [Row], run: Int) -> [String] {
        rows.filter { $0["run"] as? Int == run }.map {
            "\($0["playlistId"] as? String ?? "") \($0["position"] as? Int ?? -1) \($0["videoId"] as? String ?? "")"
        }
    }

    @Test func everyPlaylistAndEntryOnceAndAReorderShowsInTheNextRun() async throws {
        let root = CrawlCommandTests.temporary("playlists")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "playlist-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let out = root + "/out"
        let dayZero = Self.truth(day: 0)
        let channelIds = Array(dayZero.channelIds.prefix(100))
        try channelIds.map { "channel \($0) playlists=walk" }.joined(separator: "\n")
            .write(toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        func arguments(_ command: [String], base: String) -> [String] {
            command + [
                "--api-base", base, "--key-file", root + "/key", "--state-dir", root + "/state", "--progress", "never",
                "--budget", "20000", "--shard-records", "400",
            ]
        }

        // Day 0, uninterrupted: the units are exact.
        do {
            let emulator = try await ExternalEmulator.start(["--channels", String(Self.channels)])
            defer { emulator.stop() }
            let crawl = try await CLIRunner.run(
                arguments(["--seeds", root + "/seeds.txt", "--out", out], base: emulator.base))
            #expect(crawl.status == 0, "\(crawl.stderr)")
            #expect(crawl.stdout.contains("playlists-*.jsonl.gz, memberships-*.jsonl.gz"), "\(crawl.stdout)")
            #expect(
                crawl.stdout.contains(" playlists, ") && crawl.stdout.contains(" playlist entries, 0 ids asked for"))
        }
        let listed = channelIds.map { dayZero.playlists(ofChannel: $0) ?? [] }
        let truthPlaylists = Set(listed.joined().map(\.id))
        let playlists = try Self.rows(out, .playlists)
        let playlistIds = playlists.compactMap { $0["playlistId"] as? String }
        #expect(playlistIds.count == Set(playlistIds).count, "each playlist once")
        #expect(Set(playlistIds) == truthPlaylists, "\(playlistIds.count) written, \(truthPlaylists.count) listed")
        let privates = channelIds.flatMap { dayZero.privatePlaylistIds(ofChannel: $0) }
        #expect(!privates.isEmpty && Set(privates).isDisjoint(with: playlistIds), "private playlists stay absent")
        let podcasts = playlists.filter { $0["podcastStatus"] as? String == "enabled" }
        #expect(
            Set(podcasts.compactMap { $0["playlistId"] as? String })
                == Set(listed.joined().filter(\.isPodcast).map(\.id)) && !podcasts.isEmpty)
        for playlist in listed.joined() {
            let row = playlists.first { $0["playlistId"] as? String == playlist.id }
            #expect(row?["itemCount"] as? Int == playlist.entries.count, "\(playlist.id)")
            #expect(row?["channelId"] as? String == playlist.channelId && row?["title"] as? String == playlist.title)
        }
        let lengths = listed.joined().map(\.entries.count)
        #expect(lengths.contains(0) && lengths.contains { $0 > 50 }, "empty playlists and playlists of pages")

        let members = try Self.rows(out, .memberships)
        let firstRun = Self.written(members, run: 1)
        let expected = Self.entries(dayZero, channelIds)
        #expect(firstRun.count == Set(firstRun).count, "each entry once")
        #expect(Set(firstRun) == Set(expected), "\(firstRun.count) entries written, \(expected.count) in the truth")
        let ids = members.compactMap { $0["membershipId"] as? String }
        #expect(ids.count == Set(ids).count)
        let walked = Set(members.compactMap { $0["playlistId"] as? String }).count
        let stats = try await CLIRunner.run(["stats", out])
        #expect(
            stats.stdout.contains("entries:   \(members.count) playlist entries (memberships) of \(walked) playlists"),
            "\(stats.stdout)")
        // A placeholder (private or deleted video) is an entry without its channel.
        let placeholders = Set(
            listed.joined().flatMap { playlist in playlist.entries.filter(\.isPlaceholder).map(\.videoId) })
        #expect(
            !placeholders.isEmpty
                && members.allSatisfy {
                    placeholders.contains($0["videoId"] as? String ?? "") == ($0["videoOwnerChannelId"] is NSNull)
                })

        // Units: one a page of 50 playlists per channel (an empty list still one), one a page of
        // 50 entries per playlist, one a page of 50 uploads per channel walk.
        let manifest = try #require(try Manifest.load(directory: out))
        let channelRows = try Self.rows(out, .channels)
        let uploads = channelIds.map { id in
            channelRows.first { $0["channelId"] as? String == id }?["videoCount"] as? Int ?? 0
        }
        func pages(_ count: Int) -> Int { max(1, (count + 49) / 50) }
        #expect(manifest.unitsByMethod["playlists.list"] == listed.map { pages($0.count) }.reduce(0, +))
        #expect(
            manifest.unitsByMethod["playlistItems.list"]
                == listed.joined().map { pages($0.entries.count) }.reduce(0, +) + uploads.map(pages).reduce(0, +))

        // Day 1: the update walks every playlist again, killed three times and run to its end.
        let dayOne = Self.truth(day: 1)
        do {
            let emulator = try await ExternalEmulator.start([
                "--channels", String(Self.channels), "--clock-offset", "86400", "--latency-ms", "40",
            ])
            defer { emulator.stop() }
            let killed = try await CLIRunner.killRuns(
                arguments(["update", out], base: emulator.base), times: 3, after: 0.3...1.5
            ) { _ in }
            #expect(killed >= 2, "most kills landed mid-run")
            let update = try await CLIRunner.run(arguments(["update", out], base: emulator.base))
            #expect(update.status == 0, "\(update.stderr)")
        }
        let after = try Self.rows(out, .memberships)
        let secondRun = Self.written(after, run: 2)
        let expectedNow = Self.entries(dayOne, channelIds)
        #expect(secondRun.count == Set(secondRun).count, "each entry once in the new run, through the kills")
        #expect(Set(secondRun) == Set(expectedNow), "\(secondRun.count) entries, \(expectedNow.count) in the truth")
        #expect(Set(Self.written(after, run: 1)) == Set(firstRun), "the first run's lines stay")
        // A playlist reordered overnight: the same videos at other positions.
        let moved = Set(expectedNow).subtracting(expected)
        #expect(!moved.isEmpty && moved.isSubset(of: Set(secondRun)), "reordered entries show in run 2")
        let verify = try await CLIRunner.run(["verify", out])
        #expect(
            verify.status == 0 && verify.stdout.contains(" playlists, \(after.count) playlist entries"),
            "\(verify.stdout)\(verify.stderr)")
        #expect(try Self.rows(out, .playlists).count == playlists.count, "a playlist is written once per output")
    }
}
