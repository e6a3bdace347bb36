import Archive
import Emulator
import Foundation
import Synchronization
import TestSupport
import Testing
import TransportCore

@testable import Crawler
@testable import YouTubeKit

/// Search servers that mislead date windows, and the search bucket running out while other work
/// waits: the crawl spends its units on what it can still do and ends each hostile mode in a
/// handful of calls.
@Suite("Hostile searches and the search bucket")
struct HostileSearchTests {
    typealias Calls = HostilePagingTests.Calls

    static func result(_ id: String, at seconds: Int64) -> String {
        let date = RFC3339.format(seconds: seconds)
        return #"""
            {"kind":"youtube#searchResult","id":{"kind":"youtube#video","videoId":"\#(id)"},"snippet":{"publishedAt":"\#(date)","channelId":"UCaaaaaaaaaaaaaaaaaaaaaa","title":"t","description":"d","channelTitle":"c"}}
            """#
    }

    static func page(_ results: [String], next: String?) -> String {
        let token = next.map { #""nextPageToken":"\#($0)","# } ?? ""
        return #"{"kind":"youtube#searchListResponse",\#(token)"items":[\#(results.joined(separator: ","))]}"#
    }

    static func seconds(_ parameter: String?) -> Int64? {
        parameter.flatMap { RFC3339.parseSeconds($0) }
    }

    /// An 11-character video id: `prefix` and `number` padded with zeros.
    static func id(_ prefix: String, _ number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 10 - digits.count)) + digits
    }

    static let end2023: Int64 = 1_703_980_800  // 2023-12-31

    /// 300 videos a day apart back from the end of 2023; each window gives at most 100 (two
    /// pages), and the first page of every window carries a stray result dated 1971.
    static func cappedServer(calls: Calls) -> @Sendable (HTTPRequest) -> InProcessTransport.Answer {
        { request in
            let url = request.url
            calls.add("search")
            let before = seconds(HostilePagingTests.parameter("publishedBefore", in: url)) ?? .max
            let after = seconds(HostilePagingTests.parameter("publishedAfter", in: url)) ?? .min
            let number = Int(HostilePagingTests.parameter("pageToken", in: url) ?? "0") ?? 0
            let inWindow = (0..<300).map { (id: id("v", $0), at: end2023 - Int64($0) * 86_400) }
                .filter { $0.at <= before && $0.at >= after }
            let slice = inWindow.dropFirst(number * 50).prefix(50)
            var results = slice.map { result($0.id, at: $0.at) }
            if number == 0 {
                // A result dated 1971 among them.
                results.insert(result(id("x", calls["search"]), at: 31_536_000), at: min(1, results.count))
            }
            let next = number == 0 && inWindow.count > 50 ? "1" : nil
            return HostilePagingTests.reply(page(results, next: next))
        }
    }

    @Test func aResultDatedOutsideTheWindowDoesNotEndTheWalk() async throws {
        let calls = Calls()
        let (summary, log, run) = try await HostilePagingTests.crawl(
            "search cats split=time publishedAfter=2019-01-01T00:00:00Z\n", configure: { $0.selection.hydrate = false },
            server: Self.cappedServer(calls: calls))
        defer { run.remove() }
        let found = try ArchiveReader.videoIds(directory: run.out)
        #expect(found.filter { $0.hasPrefix("v") }.count == 300, "\(found.count) videos after \(calls["search"]) calls")
        #expect(calls["search"] <= 12, "\(calls["search"]) search calls")
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(log.contains { $0.contains("dated outside the window") }, "\(log.prefix(3))")
    }

    @Test(arguments: [false, true])
    func aServerAnsweringAtTheWindowsEndEndsTheWalkInAFewCalls(newIds: Bool) async throws {
        let calls = Calls()
        let (summary, log, run) = try await HostilePagingTests.crawl(
            "search cats split=time publishedAfter=2019-01-01T00:00:00Z\n", configure: { $0.selection.hydrate = false }
        ) { request in
            let url = request.url
            calls.add("search")
            let end = Self.seconds(HostilePagingTests.parameter("publishedBefore", in: url)) ?? Self.end2023
            let id = newIds ? Self.id("w", calls["search"]) : "w0000000000"
            return HostilePagingTests.reply(Self.page([Self.result(id, at: end)], next: nil))
        }
        defer { run.remove() }
        #expect(calls["search"] <= 4, "\(calls["search"]) search calls")
        #expect(summary.ending == .completed)
        #expect(log.contains { $0.contains("windows in a row") }, "\(log)")
    }

    /// Empty pages that always offer a next one: a search, a split search and a playlist each end
    /// after the second empty page.
    @Test(arguments: [
        "search cats\n", "search cats split=time publishedAfter=2019-01-01T00:00:00Z\n",
        "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR\n",
    ])
    func emptyPagesWithEndlessTokensEndInTwoCalls(seed: String) async throws {
        let calls = Calls()
        let (summary, log, run) = try await HostilePagingTests.crawl(seed, configure: { $0.selection.hydrate = false })
        {
            request in
            calls.add("any")
            let page = Int(HostilePagingTests.parameter("pageToken", in: request.url) ?? "0") ?? 0
            return HostilePagingTests.reply(#"{"items":[],"nextPageToken":"\#(page + 1)"}"#)
        }
        defer { run.remove() }
        // A playlist seed's record is one call more (playlists.list, after its walk).
        #expect(calls["any"] == (seed.hasPrefix("playlist") ? 3 : 2), "\(calls["any"]) calls")
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(log.contains { $0.contains("but with a next page") } || seed.contains("split"), "\(log)")
    }

    /// Full pages of new videos all dated at the window's end, with endless tokens: each window
    /// ends after its second page, and the walk after two such windows.
    @Test func fullPagesStuckAtTheWindowsEndEndTheWalkInAFewCalls() async throws {
        let calls = Calls()
        let (_, log, run) = try await HostilePagingTests.crawl(
            "search cats split=time publishedAfter=2019-01-01T00:00:00Z\n",
            configure: {
                $0.selection.hydrate = false
                $0.resolveChannels = false  // only search requests reach this server
            }
        ) { request in
            calls.add("search")
            let end = Self.seconds(HostilePagingTests.parameter("publishedBefore", in: request.url)) ?? Self.end2023
            let call = calls["search"]
            let results = (0..<50).map { Self.result(Self.id("s", call * 100 + $0), at: end) }
            return HostilePagingTests.reply(Self.page(results, next: "t\(call)"))
        }
        defer { run.remove() }
        #expect(calls["search"] <= 6, "\(calls["search"]) search calls")
        #expect(log.contains { $0.contains("windows in a row") }, "\(log)")
    }

    @Test func channelCompletionByWindowsEndsTooWhenTheServerStalls() async throws {
        // complete=search on a channel whose uploads playlist lists fewer than its videoCount: the
        // completion's windows are answered with the same known video at their end.
        let service = EngineCrawlTests.service()
        let channel = service.channelIds[0]
        let calls = Calls()
        let (summary, log, run) = try await HostilePagingTests.crawl(
            "channel \(channel) complete=search\n", configure: { $0.selection.hydrate = false }
        ) { request in
            let url = request.url
            if url.contains("/channels?") {
                // A videoCount far past what the playlist lists: a gap to search for.
                guard case .reply(let status, let headers, let body) = InProcessTransport.answer(service, request)
                else { return .failure(.connectionReset) }
                let text = String(decoding: body, as: UTF8.self).replacing(
                    /"videoCount": "\d+"/, with: "\"videoCount\": \"99999\"")
                return .reply(status: status, headers: headers, body: Array(text.utf8))
            }
            guard url.contains("/search?") else { return InProcessTransport.answer(service, request) }
            calls.add("search")
            let end = Self.seconds(HostilePagingTests.parameter("publishedBefore", in: url)) ?? Self.end2023
            return HostilePagingTests.reply(Self.page([Self.result("w0000000000", at: end)], next: nil))
        }
        defer { run.remove() }
        #expect(calls["search"] <= 4, "\(calls["search"]) search calls")
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(log.contains { $0.contains("windows in a row") }, "\(log)")
    }

    @Test func theSearchBudgetStopsSearchesOnlyAndARerunContinuesThem() async throws {
        let service = EngineCrawlTests.service()
        let channels = service.channelIds.prefix(2).map { "channel \($0)" }.joined(separator: "\n")
        let seeds = "search music maxPages=3\n" + channels + "\n"
        let reference = EngineCrawlTests.Run()
        defer { reference.remove() }
        let whole = try await reference.crawl(InProcessTransport(emulator: service), seeds: seeds)
        #expect(whole.ending == .completed)
        let expected = try ArchiveReader.videoIds(directory: reference.out)

        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let first = try await run.crawl(InProcessTransport(emulator: service), seeds: seeds, searchBudget: 1)
        #expect(first.ending.cause == .budgetSpent, "\(first.ending)")
        #expect(first.searchesWaiting == ["search music maxPages=3"])
        #expect(first.ending.description.contains("rerun with more --search-budget"), "\(first.ending)")
        #expect(first.searches == 1)
        // Every channel's videos were walked and hydrated despite the spent search budget.
        let channelOnly = EngineCrawlTests.Run()
        defer { channelOnly.remove() }
        _ = try await channelOnly.crawl(InProcessTransport(emulator: service), seeds: channels + "\n")
        let channelVideos = try ArchiveReader.videoIds(directory: channelOnly.out)
        let afterFirst = try ArchiveReader.videoIds(directory: run.out)
        #expect(
            channelVideos.isSubset(of: afterFirst),
            "\(channelVideos.subtracting(afterFirst).count) channel videos missing")

        let second = try await run.crawl(InProcessTransport(emulator: service), seeds: seeds)
        #expect(second.ending == .completed, "\(second.ending)")
        #expect(second.searchesWaiting.isEmpty)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count, "each once")
    }

    @Test func aVideoSeedYieldsItsVideoWithoutHydration() async throws {
        let service = EngineCrawlTests.service()
        let id = service.truthVideos()[3].videoId
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(
            InProcessTransport(emulator: service), seeds: "video \(id)\n", configure: { $0.selection.hydrate = false })
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(try ArchiveReader.videoIds(directory: run.out) == [id])
    }

    @Test func aBadRequestOnVideosListEndsIncompleteNotOnTheBudget() async throws {
        let service = EngineCrawlTests.service()
        let channel = service.channelIds[0]
        let refused = Atomic<Int>(0)
        let transport = InProcessTransport { request in
            if request.url.contains("/videos?"), refused.add(1, ordering: .relaxed).newValue == 1 {
                let body =
                    #"{"error":{"code":400,"message":"Bad request","errors":[{"domain":"global","reason":"badRequest","message":"Bad request"}]}}"#
                return .reply(status: 400, headers: [:], body: Array(body.utf8))
            }
            return InProcessTransport.answer(service, request)
        }
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(transport, seeds: "channel \(channel)\n", budget: 100)
        #expect(summary.ending.cause == .incomplete, "\(summary.ending)")
        #expect(summary.units < 100)
        #expect(summary.left.count == 1, "\(summary.left)")
        // A rerun asks for the refused batch's videos again: the channel's every video, once.
        let rerun = try await run.crawl(InProcessTransport(emulator: service), seeds: "channel \(channel)\n")
        #expect(rerun.ending == .completed, "\(rerun.ending)")
        let reference = EngineCrawlTests.Run()
        defer { reference.remove() }
        _ = try await reference.crawl(InProcessTransport(emulator: service), seeds: "channel \(channel)\n")
        #expect(try ArchiveReader.videoIds(directory: run.out) == ArchiveReader.videoIds(directory: reference.out))
    }
}
