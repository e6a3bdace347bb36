import Archive
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

/// Live chat capture through the command line against an emulator whose streams run 1,200 to
/// 2,400 times faster than real time (two emulated hours in three to six seconds): every message
/// of every public chat
/// from the capture's start to the chat's end exactly once, never a poll sooner than the API
/// asked, 5 units a call; through SIGKILLs, with pseudonymized authors, after an expired page
/// token (a gap that covers exactly what was missed), and under `--chat-units` and `--budget`.
@Suite("Live chat capture", .serialized)
struct LiveChatCaptureTests {
    typealias Row = [String: Any]
    static let key = "live-chat-test-key"
    static let speed = 1200.0

    /// An emulator in this process (its truth and poll counts readable), seeds naming every
    /// stream with a chat, and the options every run takes.
    final class Fixture: @unchecked Sendable {
        let root = CrawlCommandTests.temporary("live-chat")
        let server: EmulatorServer
        var service: EmulatorService { server.service }
        let chats: [LiveChatTruth]

        init(tokenLifetime: Int64 = 3600, speed: Double = LiveChatCaptureTests.speed) throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            var configuration = EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 3, channels: 60, videosPerChannel: 20),
                keys: [LiveChatCaptureTests.key],
                dailyUnits: 100_000_000)
            configuration.speed = speed
            configuration.chatTokenLifetimeSeconds = tokenLifetime
            server = try EmulatorServer(configuration)
            server.start()
            chats = server.service.truthLiveChats()
            try "\(LiveChatCaptureTests.key)\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(atPath: root)
        }

        /// The public chats of streams live now.
        var livePublic: [LiveChatTruth] {
            let now = service.chatClock
            return chats.filter { $0.access == "public" && $0.startsAt <= now && $0.endsAt > now }
        }

        func seeds(_ chats: [LiveChatTruth], name: String = "seeds.txt") throws -> String {
            let path = root + "/" + name
            try chats.map { "live \($0.videoId)" }.joined(separator: "\n").write(
                toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func arguments(seeds: String, out: String, _ extra: [String] = []) -> [String] {
            [
                "--seeds", seeds, "--out", out, "--api-base", server.baseURL, "--key-file", root + "/key",
                "--state-dir", root + "/state", "--progress", "never", "--budget", "10000000", "--daily-units",
                "100000000",
            ] + extra
        }
    }

    static func rows(_ out: String, _ kind: RecordKind) throws -> [Row] {
        var rows: [Row] = []
        try ArchiveReader.forEachCompleteLine(directory: out, kind: kind) { line in
            rows.append(try #require(try JSONSerialization.jsonObject(with: Data(line)) as? Row))
        }
        return rows
    }

    static func manifestChats(_ out: String) throws -> [Row] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? Row)
        return manifest["chats"] as? [Row] ?? []
    }

    /// Every captured chat holds each message of its truth from its first captured message to the
    /// chat's end, once, with the truth's fields (`clear`: author and text too), except messages
    /// strictly inside the chat's recorded gaps, and none of those; returns the messages.
    @discardableResult
    static func expectExact(_ out: String, _ fixture: Fixture, clear: Bool = true) throws -> Int {
        let rows = try rows(out, .chat)
        let ids = rows.compactMap { $0["messageId"] as? String }
        #expect(ids.count == rows.count && Set(ids).count == ids.count, "every message once")
        let byChat = Dictionary(grouping: rows) { $0["liveChatId"] as? String ?? "" }
        let manifest = try manifestChats(out)
        for (chat, captured) in byChat {
            let truth = fixture.service.truthChatMessages(liveChatId: chat)
            let times = captured.compactMap { ($0["publishedAt"] as? String).flatMap(RFC3339.parseMicroseconds) }
            let first = try #require(times.min())
            let entry = manifest.first { $0["liveChatId"] as? String == chat }
            let gaps = (entry?["gaps"] as? [Row] ?? []).compactMap { gap -> (Int64, Int64)? in
                guard let from = (gap["from"] as? String).flatMap(RFC3339.parseMicroseconds) else { return nil }
                return (from, (gap["to"] as? String).flatMap(RFC3339.parseMicroseconds) ?? .max)
            }
            func inGap(_ time: Int64) -> Bool { gaps.contains { $0.0 < time && time < $0.1 } }
            // A capture that did not reach the chat's end (stopped by --chat-units or the budget):
            // up to its last message.
            let last = entry?["status"] as? String == "ended" ? Int64.max : try #require(times.max())
            let expected = truth.filter {
                $0.publishedAtMicros >= first && $0.publishedAtMicros <= last && !inGap($0.publishedAtMicros)
            }
            let capturedIds = Set(captured.compactMap { $0["messageId"] as? String })
            let missed = expected.map(\.messageId).filter { !capturedIds.contains($0) }
            let extra = capturedIds.subtracting(expected.map(\.messageId))
            #expect(
                missed.isEmpty && extra.isEmpty,
                "chat \(chat): \(missed.count) of the truth missed (\(missed.prefix(3))), \(extra.count) not in it (\(extra.prefix(3)))"
            )
            #expect(!times.contains(where: inGap), "no captured message inside a gap")
            #expect(entry?["messages"] as? Int == captured.count)
            let byId = Dictionary(uniqueKeysWithValues: truth.map { ($0.messageId, $0) })
            for row in captured.prefix(400) {
                let message = try #require(byId[row["messageId"] as? String ?? ""])
                #expect(row["type"] as? String == message.type)
                #expect(row["videoId"] as? String == message.videoId)
                #expect(row["currency"] as? String == message.currency && row["tier"] as? Int == message.tier)
                #expect(row["amountMicros"] as? Int == message.amountMicros)
                #expect(row["isChatModerator"] as? Bool == message.isChatModerator)
                #expect((row["publishedAt"] as? String).flatMap(RFC3339.parseMicroseconds) == message.publishedAtMicros)
                if clear {
                    #expect(row["text"] as? String == message.text)
                    #expect(row["authorChannelId"] as? String == message.authorChannelId)
                    #expect(row["authorDisplayName"] as? String == message.authorDisplayName)
                }
            }
        }
        return rows.count
    }

    @Test func everyMessageOfEveryStreamOnceNeverPolledTooSoon() async throws {
        // Tokens that outlive a poll delayed by a loaded machine (15 real seconds).
        let fixture = try Fixture(tokenLifetime: 36_000, speed: 2400)
        let live = fixture.livePublic
        #expect(live.count >= 20, "the corpus has streams live now: \(live.count)")
        let seeds = try fixture.seeds(fixture.chats)
        let clockAtStart = fixture.service.chatClock
        let out = fixture.root + "/out"
        let crawl = try await CLIRunner.run(fixture.arguments(seeds: seeds, out: out))
        #expect(crawl.status == 0, "\(crawl.stderr)")
        #expect(crawl.stdout.contains("live chats: \(fixture.chats.count) ("), "\(crawl.stdout)")
        let messages = try Self.expectExact(out, fixture)
        #expect(messages > 1000)
        #expect(fixture.service.earlyChatPolls == 0, "never a poll sooner than pollingIntervalMillis")

        let manifest = try Self.manifestChats(out)
        let byVideo = Dictionary(uniqueKeysWithValues: manifest.map { ($0["videoId"] as? String ?? "", $0) })
        for chat in fixture.chats {
            let entry = try #require(byVideo[chat.videoId], "every stream asked for is listed")
            let status = entry["status"] as? String
            let wait: Int64 = 3600 * 1_000_000
            if chat.access == "disabled" {
                #expect(status == "noChat", "a chat turned off has no chat id")
            } else if chat.startsAt > clockAtStart + wait + 2400 * 60_000_000 {
                #expect(status == "notStarting", "\(chat.videoId) starts later than --live-wait")
            } else if chat.access == "membersOnly", chat.startsAt <= clockAtStart {
                #expect(status == "membersOnly")
            } else if chat.access == "public", chat.startsAt <= clockAtStart, status == "over" {
                // Ended before the run looked it up (a second of a loaded machine is 40 emulated
                // minutes): nothing to read, nothing written.
                #expect(entry["calls"] as? Int == 0 && entry["messages"] as? Int == 0)
                #expect(chat.endsAt < fixture.service.chatClock)
            } else if chat.access == "public", chat.startsAt <= clockAtStart {
                #expect(status == "ended")
                // Never more calls than the intervals the capture spanned allow (that the poller
                // waits exactly the interval is the engine's test, without clocks).
                let calls = entry["calls"] as? Int ?? 0
                let span = Double(chat.endsAt - clockAtStart) / 1000 / Double(chat.intervalMillis)
                #expect(
                    calls >= 1 && Double(calls) <= span + 1, "\(chat.videoId): \(calls) calls over \(span) intervals")
                // Answered with messages, or (the last) with liveChatEnded.
                let answered = fixture.service.chatCalls[chat.liveChatId] ?? 0
                #expect(answered == calls || answered + 1 == calls)
            }
        }
        let calls = manifest.reduce(0) { $0 + ($1["calls"] as? Int ?? 0) }
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let units = (try JSONSerialization.jsonObject(with: data) as? Row)?["unitsByMethod"] as? [String: Int]
        // 5 units a call (a call retried after a loaded machine's timeout costs them again), and
        // every unit the emulator charged is in the manifest.
        #expect((units?["liveChatMessages.list"] ?? 0) >= 5 * calls, "5 units a call")
        #expect(units?.values.reduce(0, +) == fixture.service.quotaUsed(key: Self.key).units)
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 0 && verify.stdout.contains("\(messages) chat messages"), "\(verify.stdout)")
    }

    @Test func killedPseudonymizedCaptureHoldsEveryMessageOnceAndNoAuthor() async throws {
        // Tokens live long enough for a rerun at once on a loaded machine (30 real seconds).
        let fixture = try Fixture(tokenLifetime: 36_000)
        let live = Array(fixture.livePublic.prefix(8))
        let seeds = try fixture.seeds(live)
        let secret = fixture.root + "/secret.key"
        try "Lc4bW8eR4tY0uI6oP3aS9dF5gH7jK1lZxCvBnMqQw2E=".write(toFile: secret, atomically: true, encoding: .utf8)
        let out = fixture.root + "/out"
        let arguments = fixture.arguments(
            seeds: seeds, out: out, ["--pseudonymize-authors", secret, "--shard-records", "3000"])
        // Killed once a checkpoint holds the chats' tokens: a run killed before its first
        // checkpoint starts each chat from its latest messages (a gap the next test covers).
        let checkpoint = out + "/checkpoint.json"
        let killed = try await CLIRunner.killRuns(
            arguments, times: 3, after: 0.3...1.5, ready: { FileManager.default.fileExists(atPath: checkpoint) }
        ) { _ in }
        #expect(killed >= 2)
        let rest = try await CLIRunner.run(arguments)
        #expect(rest.status == 0, "\(rest.stderr)")
        // A run killed before a checkpoint held a chat's token starts it again from its latest
        // messages: at 1,200 times real time a second's restart is twenty minutes of chat, so
        // such a gap may be recorded; every message outside the gaps is there once.
        try Self.expectExact(out, fixture, clear: false)
        #expect(fixture.service.earlyChatPolls == 0)

        // Every chat line: a pseudonym, no name, and every mention a pseudonym or `@[author]`.
        let rows = try Self.rows(out, .chat)
        #expect(rows.allSatisfy { ($0["authorChannelId"] as? String)?.hasPrefix("hmac-sha256:") == true })
        #expect(rows.allSatisfy { $0["authorDisplayName"] is NSNull })
        var mentions = 0
        for row in rows {
            let text = row["text"] as? String ?? ""
            for part in text.components(separatedBy: "@").dropFirst() {
                mentions += 1
                #expect(part.hasPrefix("hmac-sha256:") || part.hasPrefix("[author]"), "\(text)")
            }
        }
        #expect(mentions > 0, "the truth's chats mention their authors")

        // No author id of the truth in any file written (shards decompressed, the SQLite export,
        // the graph and the report too), and no name in the small files; the streams' own
        // channels, public in the videos and channels records, aside.
        let owners = Set(live.map(\.channelId))
        var ids: Set<String> = []
        var names: Set<String> = []
        for chat in live {
            for message in fixture.service.truthChatMessages(liveChatId: chat.liveChatId)
            where !owners.contains(message.authorChannelId) {
                ids.insert(message.authorChannelId)
                if message.authorDisplayName.count >= 6 { names.insert(message.authorDisplayName) }
            }
        }
        let sqlite = fixture.root + "/chat.sqlite"
        let export = try await CLIRunner.run(["export", out, "--sqlite", sqlite])
        #expect(export.status == 0, "\(export.stderr)")
        let graph = fixture.root + "/chat.graphml"
        let network = try await CLIRunner.run(["network", out, "--graph", "chat", "--out", graph])
        #expect(network.status == 0, "\(network.stderr)")
        let graphText = try String(contentsOfFile: graph, encoding: .utf8)
        #expect(graphText.contains("hmac-sha256:") && graphText.contains(">stream<"), "authors and streams")
        let page = fixture.root + "/report.html"
        let report = try await CLIRunner.run(["report", out, "--out", page])
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Live chat messages per minute") && html.contains("Super chats and super stickers"))
        let files =
            try FileManager.default.contentsOfDirectory(atPath: out).map { out + "/" + $0 } + [sqlite, graph, page]
        for file in files {
            let text =
                file.hasSuffix(".gz")
                ? try StoppedRunOutputTests.gunzip(file)
                : String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            let found = Self.channelIds(in: Array(text.utf8))
            #expect(found.isDisjoint(with: ids), "\(file): \(found.intersection(ids).prefix(3))")
            // Names in the small files (the manifest, the data package); the shards' and the
            // graph's authors are checked field by field above.
            if !file.hasSuffix(".gz"), !file.hasSuffix(".sqlite"), text.utf8.count < 256 << 10 {
                let leaked = names.filter { text.contains($0) }
                #expect(leaked.isEmpty, "\(file): \(leaked.prefix(3))")
            }
        }
    }

    /// Every `UC` followed by 22 id characters in `bytes`.
    static func channelIds(in bytes: [UInt8]) -> Set<String> {
        func isIdByte(_ byte: UInt8) -> Bool {
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                || byte == 95
        }
        var found: Set<String> = []
        var index = 0
        while index + 24 <= bytes.count {
            if bytes[index] == UInt8(ascii: "U"), bytes[index + 1] == UInt8(ascii: "C"),
                bytes[(index + 2)..<(index + 24)].allSatisfy(isIdByte)
            {
                found.insert(String(decoding: bytes[index..<(index + 24)], as: UTF8.self))
                index += 24
            } else {
                index += 1
            }
        }
        return found
    }

    @Test func anExpiredTokenLeavesAGapOfExactlyWhatWasMissed() async throws {
        // A token lives 120 emulated seconds: a fifth of a real second.
        let fixture = try Fixture(tokenLifetime: 120, speed: 600)
        let live = Array(fixture.livePublic.prefix(5))
        let seeds = try fixture.seeds(live)
        let out = fixture.root + "/out"
        let arguments = fixture.arguments(seeds: seeds, out: out)
        _ = try await CLIRunner.killRuns(arguments, times: 1, after: 1.0...1.0) { _ in }
        try await Task.sleep(for: .milliseconds(600))
        let rest = try await CLIRunner.run(arguments)
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stderr.contains("may be missing; recorded as a gap"), "\(rest.stderr)")
        #expect(rest.stdout.contains("possible gap"), "\(rest.stdout)")
        try Self.expectExact(out, fixture)
        let gaps = try Self.manifestChats(out).reduce(0) { $0 + (($1["gaps"] as? [Any])?.count ?? 0) }
        #expect(gaps > 0)
    }

    /// Streams not started yet when looked up are polled from their chat's opening across their
    /// start to their end; `live=yes` on a channel seed captures the channel's stream live now
    /// (found among its newest uploads) and nothing of its other videos.
    @Test func upcomingStreamsAcrossTheirStartAndLiveChannelSeeds() async throws {
        let fixture = try Fixture(tokenLifetime: 36_000)
        let now = fixture.service.chatClock
        let minute: Int64 = 60_000_000
        // Starting at least 20 emulated minutes (a real second) after now, soonest first.
        let upcoming = Array(
            fixture.chats.filter { $0.access == "public" && $0.startsAt > now + 20 * minute }
                .sorted { $0.startsAt < $1.startsAt }.prefix(2))
        try #require(upcoming.count == 2, "the corpus has streams to come")
        // The live stream with the most of its chat left, named only by its channel, of a channel
        // with no other stream live or to come.
        let live = try #require(
            fixture.livePublic.filter { stream in
                !fixture.chats.contains { $0.channelId == stream.channelId && $0.endsAt > now && $0 != stream }
            }.max { $0.endsAt < $1.endsAt })
        let seeds = fixture.root + "/seeds.txt"
        try (upcoming.map { "live \($0.videoId)" } + ["channel \(live.channelId) live=yes maxPages=1"])
            .joined(separator: "\n").write(toFile: seeds, atomically: true, encoding: .utf8)
        let out = fixture.root + "/out"
        // --live-wait in real seconds against start times on the emulated clock, which runs ahead:
        // generous, so that both streams are waited for.
        let run = try await CLIRunner.run(fixture.arguments(seeds: seeds, out: out, ["--live-wait", "864000"]))
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try Self.manifestChats(out)
        #expect(
            Set(manifest.compactMap { $0["videoId"] as? String }) == Set(upcoming.map(\.videoId) + [live.videoId]),
            "only the channel's live stream among its uploads: \(manifest.map { $0["videoId"] ?? "" })")
        let messages = try Self.rows(out, .chat)
        let videos = Dictionary(
            uniqueKeysWithValues: try Self.rows(out, .videos).map { ($0["videoId"] as? String ?? "", $0) })
        for chat in upcoming + [live] {
            let entry = try #require(manifest.first { $0["videoId"] as? String == chat.videoId })
            #expect(entry["status"] as? String == "ended", "\(chat.videoId): \(entry)")
            let times = messages.filter { $0["videoId"] as? String == chat.videoId }
                .compactMap { ($0["publishedAt"] as? String).flatMap(RFC3339.parseMicroseconds) }
            #expect(times.contains { $0 > chat.startsAt }, "\(chat.videoId): messages after its start")
        }
        for chat in upcoming {
            #expect(
                videos[chat.videoId]?["liveBroadcastContent"] as? String == "upcoming", "looked up before its start")
            let times = messages.filter { $0["videoId"] as? String == chat.videoId }
                .compactMap { ($0["publishedAt"] as? String).flatMap(RFC3339.parseMicroseconds) }
            #expect(times.contains { $0 < chat.startsAt }, "\(chat.videoId): its chat read before the start")
        }
        try Self.expectExact(out, fixture)
        #expect(fixture.service.earlyChatPolls == 0)
    }

    @Test func chatUnitsAndTheBudgetStopExactly() async throws {
        let fixture = try Fixture(tokenLifetime: 36_000)
        let live = Array(fixture.livePublic.prefix(8))
        let seeds = try fixture.seeds(live)
        // --chat-units 25: five calls a stream, then its capture stops; the others go on.
        let capped = fixture.root + "/capped"
        let run = try await CLIRunner.run(fixture.arguments(seeds: seeds, out: capped, ["--chat-units", "25"]))
        #expect(run.status == 0, "\(run.stderr)")
        for entry in try Self.manifestChats(capped) {
            #expect(entry["calls"] as? Int ?? 99 <= 5)
            #expect(["unitsSpent", "ended"].contains(entry["status"] as? String ?? ""))
        }
        try Self.expectExact(capped, fixture)

        // A videos.list call for each live seed and polls of 5 units, as the timed lane and the
        // frontier take them, until less than a poll is left (the streams' channels not
        // resolved: that would take a unit more).
        let budget = live.count + 20
        let budgeted = fixture.root + "/budget"
        var arguments = fixture.arguments(seeds: seeds, out: budgeted, ["--no-resolve-channels"])
        arguments[arguments.firstIndex(of: "10000000")!] = String(budget)
        let stopped = try await CLIRunner.run(arguments)
        #expect(stopped.stdout.contains("rerun the same command to go on capturing"), "\(stopped.stdout)")
        let calls = try Self.manifestChats(budgeted).reduce(0) { $0 + ($1["calls"] as? Int ?? 0) }
        let data = try Data(contentsOf: URL(fileURLWithPath: budgeted + "/manifest.json"))
        let units = (try JSONSerialization.jsonObject(with: data) as? Row)?["unitsByMethod"] as? [String: Int] ?? [:]
        let spent = units.values.reduce(0, +)
        // A retried call (a loaded machine's timeout) costs its units again: at least 5 a call.
        #expect(units["liveChatMessages.list", default: 0] >= 5 * calls && calls > 0)
        #expect(spent <= budget && budget - spent < 5, "\(units): stopped only when a poll no longer fits")
        try Self.expectExact(budgeted, fixture)

        // A budget that cannot pay for one stream is refused before any request.
        arguments[arguments.firstIndex(of: String(budget))!] = "5"
        let refused = try await CLIRunner.run(arguments)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--budget 5 cannot pay for one stream's video lookup"), "\(refused.stderr)")
    }
}
