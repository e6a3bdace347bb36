import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// The crawl's plan, driven by hand: no sockets, no clocks, no sleeping.
@Suite("Crawl engine (the plan, without sockets or clocks)")
struct CrawlEngineTests {
    static func engine(_ seeds: String, concurrency: Int = 64, hydrate: Bool = true) throws -> CrawlEngine {
        var engine = CrawlEngine(
            seeds: try SeedsParser.parse(seeds, file: "seeds.txt"),
            options: .init(
                selection: hydrate ? CrawlSelection() : .withoutHydration, concurrency: concurrency, checkpointEvery: 2,
                checkpointInterval: .seconds(1))
        )
        _ = try engine.beginChecked(from: nil)
        return engine
    }

    static func page(_ ids: [String], next: String? = nil, channel: String = "UCchannel") -> FetchResult {
        var summary = PageSummary()
        summary.nextPageToken = next
        return FetchResult(
            outcome: .page(ids.map { .video(Video(videoId: $0, channelId: channel)) }, summary),
            charged: ["playlistItems.list": 1], requests: 1)
    }

    static func channels(_ ids: [String]) -> FetchResult {
        FetchResult(
            outcome: .page(ids.map { .channel(Channel(channelId: $0)) }, PageSummary()), charged: ["channels.list": 1],
            requests: 1)
    }

    static func ids(_ prefix: String, _ range: Range<Int>) -> [String] { range.map { "\(prefix)\($0)" } }

    /// A playlists.list page holding the records of `ids`.
    static func playlists(_ ids: [String]) -> FetchResult {
        FetchResult(
            outcome: .page(ids.map { .playlist(Playlist(playlistId: $0)) }, PageSummary()),
            charged: ["playlists.list": 1], requests: 1)
    }

    /// A playlist id of the real form, ending in `tag`.
    static func pl(_ tag: String) -> String { "PL" + String(repeating: "0", count: 32 - tag.count) + tag }

    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    struct NothingToStart: Error {}

    /// The next item, which must be there.
    static func next(_ engine: inout CrawlEngine) throws -> (ticket: Int, item: WorkItem) {
        guard let next = start(&engine) else { throw NothingToStart() }
        return next
    }

    /// Starts what may start (one item at concurrency 1) and gives the first.
    static func start(_ engine: inout CrawlEngine) -> (ticket: Int, item: WorkItem)? {
        engine.startChecked().first
    }

    /// Starts everything that may start.
    static func startAll(_ engine: inout CrawlEngine) -> [(ticket: Int, item: WorkItem)] {
        var started: [(ticket: Int, item: WorkItem)] = []
        while case let more = engine.startChecked(), !more.isEmpty { started += more }
        return started
    }

    @Test func everySeedsFirstPageBeforeAnySeedsFifth() throws {
        var engine = try Self.engine(
            (0..<5).map { "playlist " + Self.pl(String($0)) }.joined(separator: "\n"), concurrency: 1)
        var order: [(seed: Int, page: Int)] = []
        var pageNumber = 0
        while let (ticket, item) = Self.start(&engine) {
            guard case .playlist(let page) = item else { break }
            order.append((page.seed, page.page))
            pageNumber += 1
            // One entry a page: an empty page that offers a next one would end the walk.
            _ = engine.finishChecked(
                ticket, Self.page(["v\(pageNumber)"], next: page.page < 6 ? "t\(pageNumber)" : nil), now: .zero,
                wallClock: Self.epoch)
        }
        #expect(order.count == 35)
        let lastFirstPage = try #require(order.lastIndex { $0.page == 0 })
        let firstFifthPage = try #require(order.firstIndex { $0.page == 4 })
        #expect(lastFirstPage < firstFifthPage)
        #expect(order.map(\.page) == order.map(\.page).sorted(), "the lowest page first")
    }

    @Test func videosFoundByTwoSeedsAreHydratedAndWrittenOnce() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nplaylist \(Self.pl("b"))\n", concurrency: 2)
        let started = Self.startAll(&engine)
        #expect(started.count == 2)
        for (ticket, _) in started {
            _ = engine.finishChecked(ticket, Self.page(Self.ids("v", 0..<30)), now: .zero, wallClock: Self.epoch)
        }
        #expect(engine.discovery.hydration.count == 30)
        let (ticket, item) = try Self.next(&engine)
        guard case .hydrate(let batch) = item else {
            Issue.record("expected hydration, got \(item)")
            return
        }
        #expect(batch.ids == Self.ids("v", 0..<30))
        let actions = engine.finishChecked(ticket, Self.page(Self.ids("v", 0..<30)), now: .zero, wallClock: Self.epoch)
        let written = actions.flatMap(\.records)
        #expect(written.count == 30)
        // Last, both seeds' playlist records in one playlists.list call.
        let (last, lookup) = try Self.next(&engine)
        guard case .playlistRecords(let records) = lookup else {
            Issue.record("expected the playlists' records, got \(lookup)")
            return
        }
        #expect(records.ids == [Self.pl("a"), Self.pl("b")] && records.seeds == [0, 1])
        let playlists = engine.finishChecked(last, Self.playlists(records.ids), now: .zero, wallClock: Self.epoch)
        #expect(playlists.flatMap(\.records).map(\.kind) == [.playlists, .playlists])
        #expect(engine.isOver && engine.isFinished && engine.conclusion == .completed)
    }

    @Test func hydrationGoesInFullBatchesOfFiftyWhileDiscoveryLasts() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nplaylist \(Self.pl("b"))\n", concurrency: 1)
        var (ticket, _) = try Self.next(&engine)
        _ = engine.finishChecked(
            ticket, Self.page(Self.ids("a", 0..<120), next: "t1"), now: .zero, wallClock: Self.epoch)
        #expect(engine.keepBack == 3, "one unit per 50 waiting (rounded up)")
        var batches: [Int] = []
        while let (next, item) = Self.start(&engine) {
            ticket = next
            switch item {
            case .hydrate(let batch):
                batches.append(batch.ids.count)
                _ = engine.finishChecked(ticket, Self.page(batch.ids), now: .zero, wallClock: Self.epoch)
            default:
                _ = engine.finishChecked(ticket, Self.page([]), now: .zero, wallClock: Self.epoch)
            }
        }
        #expect(batches == [50, 50, 20], "the last, short batch only when nothing else is left")
        #expect(engine.counters.videosWritten == 120)
    }

    @Test func keepBackCountsWaitingVideosAndWorkInFlight() throws {
        var engine = try Self.engine((0..<4).map { "playlist " + Self.pl(String($0)) }.joined(separator: "\n"))
        #expect(engine.keepBack == 0)
        let started = Self.startAll(&engine)
        #expect(engine.keepBack == 4, "each page in flight may bring 50 videos")
        _ = engine.finishChecked(started[0].ticket, Self.page(Self.ids("v", 0..<51)), now: .zero, wallClock: Self.epoch)
        #expect(engine.keepBack == 2 + 3)
        #expect(try Self.engine("playlist \(Self.pl("0"))", hydrate: false).keepBack == 0)
    }

    @Test func theBudgetStopsDiscoveryAndLetsHydrationSpendWhatWasKeptBack() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nplaylist \(Self.pl("b"))\n", concurrency: 1)
        var (ticket, _) = try Self.next(&engine)
        _ = engine.finishChecked(
            ticket, Self.page(Self.ids("v", 0..<10), next: "t1"), now: .zero, wallClock: Self.epoch)
        // The second seed's first page is refused by the budget: it goes back to the frontier.
        (ticket, _) = try Self.next(&engine)
        let stop = FetchResult(outcome: .stop(LimiterStop.runBudgetSpent(.units, remaining: 1).ending))
        _ = engine.finishChecked(ticket, stop, now: .zero, wallClock: Self.epoch)
        #expect(engine.stops.ending?.cause == .budgetSpent)
        let (hydration, item) = try Self.next(&engine)
        guard case .hydrate(let batch) = item else {
            Issue.record("expected hydration, got \(item)")
            return
        }
        #expect(batch.ids.count == 10)
        #expect(Self.start(&engine) == nil, "no discovery after the budget stop")
        _ = engine.finishChecked(hydration, Self.page(batch.ids), now: .zero, wallClock: Self.epoch)
        #expect(engine.isOver)
        #expect(engine.conclusion.cause == .budgetSpent && engine.conclusion.exitCode == 0)
        #expect(!engine.isFinished)
        #expect(engine.checkpointState().items.count == 2, "both playlists' next pages wait for a rerun")
    }

    @Test func aRefusedHydrationBatchEndsEverythingAndKeepsItsVideos() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))", concurrency: 1)
        var (ticket, _) = try Self.next(&engine)
        _ = engine.finishChecked(ticket, Self.page(Self.ids("v", 0..<5)), now: .zero, wallClock: Self.epoch)
        (ticket, _) = try Self.next(&engine)
        let stop = FetchResult(outcome: .stop(LimiterStop.runBudgetSpent(.units, remaining: 0).ending))
        _ = engine.finishChecked(ticket, stop, now: .zero, wallClock: Self.epoch)
        #expect(Self.start(&engine) == nil)
        #expect(engine.isOver)
        #expect(engine.checkpointState().pending.map(\.videoId).sorted() == Self.ids("v", 0..<5))
    }

    @Test func restartsBelongToTheItemNotToItsSeed() throws {
        // One search seed walking two channels: both uploads playlists share seed 0.
        var engine = try Self.engine("search music walk=channels", concurrency: 8)
        var (ticket, _) = try Self.next(&engine)
        var summary = PageSummary()
        summary.channelResults = ["UCone", "UCtwo"]
        _ = engine.finishChecked(ticket, FetchResult(outcome: .page([], summary)), now: .zero, wallClock: Self.epoch)
        (ticket, _) = try Self.next(&engine)  // the two channels in one channels.list batch
        _ = engine.finishChecked(ticket, Self.channels(["UCone", "UCtwo"]), now: .zero, wallClock: Self.epoch)
        let walks = Self.startAll(&engine)
        #expect(walks.count == 2)
        for (ticket, _) in walks {
            _ = engine.finishChecked(ticket, FetchResult(outcome: .restartPaging), now: .zero, wallClock: Self.epoch)
        }
        let restarted = Self.startAll(&engine)
        #expect(
            Set(restarted.compactMap { if case .playlist(let page) = $0.item { page.playlistId } else { nil } })
                == ["UUone", "UUtwo"], "each playlist restarts once, whatever its seed")
        // A second expiry of the same item gives it up, with a warning.
        let actions = engine.finishChecked(
            restarted[0].ticket, FetchResult(outcome: .restartPaging), now: .zero, wallClock: Self.epoch)
        #expect(actions.contains { if case .warn(let text) = $0 { text.contains("expired again") } else { false } })
    }

    /// A restarted walk is the same walk from its first page: an uploads playlist keeps its
    /// channel and `videoCount` (they decide whether its gap is searched for).
    @Test func aRestartKeepsWhatTheItemIsAndResetsItsPaging() throws {
        var walk = PlaylistPage(
            seed: 2, playlistId: "UUone", pageToken: "CDIQAA", page: 3, rank: 150, uploads: true, channelId: "UCone",
            expected: 25_000)
        walk.oldest = 1_500_000_000
        guard case .playlist(let again)? = walk.restartedPaging() else {
            Issue.record("an uploads walk restarts")
            return
        }
        #expect(again.channelId == "UCone" && again.expected == 25_000 && again.seed == 2 && again.uploads)
        #expect(again.pageToken == nil && again.page == 0 && again.rank == 0 && again.oldest == nil)
        #expect(again.restarts == 1)
        #expect(again.restartedPaging() == nil, "once")
        var window = SearchWindow(seed: 0, page: 4, rank: 300, results: 200, windows: 2)
        window.pageToken = "token"
        guard case .window(let windowAgain)? = window.restartedPaging() else {
            Issue.record("a window restarts")
            return
        }
        #expect(windowAgain.results == 0 && windowAgain.rank == 300 && windowAgain.page == 0)
        #expect(windowAgain.pageToken == nil && windowAgain.windows == 2)
    }

    @Test func aChannelSeedTheAPIDoesNotKnowIsWarnedAbout() throws {
        var engine = try Self.engine("channel @nobody-here")
        let (ticket, _) = try Self.next(&engine)
        let actions = engine.finishChecked(ticket, Self.channels([]), now: .zero, wallClock: Self.epoch)
        #expect(actions.map(\.warning) == ["channel @nobody-here: no such channel; skipped"])
    }

    @Test func channelsAreWrittenOnceWithTheirFetchTime() throws {
        var engine = try Self.engine("channel UC_x5XG1OV2P6uZZ5FSM9Ttw\nchannel @GoogleDevelopers\n")
        let started = Self.startAll(&engine)
        var written: [Channel] = []
        for (ticket, _) in started {
            for case .write(let records) in engine.finishChecked(
                ticket, Self.channels(["UC_x5XG1OV2P6uZZ5FSM9Ttw"]), now: .zero, wallClock: Self.epoch)
            {
                for case .channel(let channel) in records { written.append(channel) }
            }
        }
        #expect(written.count == 1)
        #expect(written.first?.fetchedAt == Self.epoch)
        #expect(engine.frontier.count == 1, "its uploads playlist, queued once")
    }

    @Test func aRepeatedPageTokenEndsThatItemOnly() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nsearch cats\n", concurrency: 1)
        var calls = 0
        while let (ticket, item) = Self.start(&engine), calls < 50 {
            calls += 1
            let token = item.work is SearchPage ? "same" : nil
            _ = engine.finishChecked(ticket, Self.page(["x\(calls)"], next: token), now: .zero, wallClock: Self.epoch)
        }
        #expect(calls <= 5, "a server repeating its token costs a few calls, not the day's searches")
        #expect(engine.findings.warnings.contains { $0.contains("same nextPageToken") })
    }

    @Test func searchPagesPastTheCapThatBringNothingNewEndTheSearch() throws {
        var engine = try Self.engine("search cats", concurrency: 1)
        var calls = 0
        while let (ticket, _) = Self.start(&engine), calls < 100 {
            calls += 1
            // A fresh token every time, but always the same fifty results.
            _ = engine.finishChecked(
                ticket, Self.page(Self.ids("v", 0..<50), next: "t\(calls)"), now: .zero, wallClock: Self.epoch)
        }
        #expect(calls <= 12)
        #expect(engine.findings.warnings.contains { $0.contains("brought no new video") })
    }

    @Test func workThatFailsForGoodIsKeptAndTheRunIsIncomplete() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nplaylist \(Self.pl("b"))\n", concurrency: 1)
        var (ticket, _) = try Self.next(&engine)
        _ = engine.finishChecked(
            ticket, FetchResult(outcome: .gaveUp("503 seven times")), now: .zero, wallClock: Self.epoch)
        (ticket, _) = try Self.next(&engine)
        _ = engine.finishChecked(ticket, Self.page(Self.ids("v", 0..<3)), now: .zero, wallClock: Self.epoch)
        (ticket, _) = try Self.next(&engine)  // hydration of the three
        _ = engine.finishChecked(
            ticket, FetchResult(outcome: .gaveUp("reset seven times")), now: .zero, wallClock: Self.epoch)
        #expect(Self.start(&engine) == nil)
        #expect(engine.isOver)
        #expect(engine.conclusion.cause == .incomplete)
        #expect(engine.conclusion.exitCode == 4)
        #expect(!engine.isFinished)
        let state = engine.checkpointState()
        #expect(engine.savedFrontier == state.encodedJSON(), "written from the engine as from its state")
        #expect(state.items == [.playlist(seed: 0, playlistId: Self.pl("a"))], "the failed page stays for a rerun")
        #expect(state.pending.map(\.videoId).sorted() == ["v0", "v1", "v2"], "the failed batch's videos too")
        #expect(engine.left.count == 2)
    }

    @Test func theCheckpointWrittenFromTheEngineIsTheOneItsStateWrites() throws {
        // Waiting channel lookups, playlist pages queued, in flight and failed for good, videos
        // waiting for hydration, a search: every list a checkpoint has, with something in it.
        let channels = (0..<60).map { "channel UC\(String(repeating: "0", count: 18))\(1000 + $0)" }
        let seeds = ["playlist \(Self.pl("a"))", "playlist \(Self.pl("b"))", "playlist \(Self.pl("c"))", "search cats"]
        var engine = try Self.engine((seeds + channels).joined(separator: "\n"), concurrency: 3)
        let started = Self.startAll(&engine)
        #expect(started.count == 3)
        _ = engine.finishChecked(
            started[0].ticket, FetchResult(outcome: .gaveUp("503 seven times")), now: .zero, wallClock: Self.epoch)
        _ = engine.finishChecked(
            started[1].ticket, Self.page(Self.ids("v", 0..<3), next: "T2"), now: .zero, wallClock: Self.epoch)
        let state = engine.checkpointState()
        #expect(state.pending.count == 3 && state.items.count > 5)
        #expect(engine.savedFrontier == state.encodedJSON())
        let decoded = try JSONDecoder().decode(FrontierState.self, from: Data(engine.savedFrontier))
        #expect(decoded.items == state.items && decoded.pending == state.pending && decoded.seeds == state.seeds)
    }

    @Test func theFirstStopWinsAndWriteFailuresStopEverything() throws {
        var engine = try Self.engine("playlist \(Self.pl("a"))\nplaylist \(Self.pl("b"))\nplaylist \(Self.pl("c"))\n")
        let started = Self.startAll(&engine)
        _ = engine.finishChecked(
            started[0].ticket, FetchResult(outcome: .stop(.interrupted)), now: .zero, wallClock: Self.epoch)
        _ = engine.finishChecked(
            started[1].ticket, FetchResult(outcome: .stop(CrawlEnding(.quotaSpent, "q"))), now: .zero,
            wallClock: Self.epoch)
        #expect(engine.conclusion == .interrupted)
        _ = engine.writeFailed("disk full")
        #expect(engine.conclusion.cause == .writeFailed)
        #expect(Self.start(&engine) == nil)
    }

    @Test func checkpointsComeEveryNPagesAndNotSoonerThanTheInterval() throws {
        var engine = try Self.engine((0..<6).map { "playlist " + Self.pl(String($0)) }.joined(separator: "\n"))
        let started = Self.startAll(&engine)
        var due: [Bool] = []
        for (index, (ticket, _)) in started.enumerated() {
            let actions = engine.finishChecked(
                ticket, Self.page([]), now: .milliseconds(400 * (index + 1)), wallClock: Self.epoch)
            due.append(actions.contains { $0.isCheckpoint })
        }
        // At least two pages and a second since the last: page 2 (0.8 s) is too soon, page 3 (1.2 s)
        // is due, page 5 (2.0 s) is too soon after it, page 6 (2.4 s) is due.
        #expect(due == [false, false, true, false, false, true])
    }

    /// A shard closed after the last checkpoint (rotation, then SIGKILL) holds videos the
    /// checkpoint still lists as waiting: the shards are the truth, so they are not hydrated again.
    @Test func aResumeDoesNotHydrateAgainWhatTheShardsAlreadyHold() throws {
        let seeds = try SeedsParser.parse("playlist \(Self.pl("a"))", file: "s")
        var engine = CrawlEngine(seeds: seeds, options: .init())
        let state = FrontierState(
            items: [],
            pending: ["v1", "v2", "v3"].map {
                PendingVideo(videoId: $0, seed: 0, endpoint: .playlistItems, rank: 0)
            }, seeds: seeds.map(\.text))
        let point = ResumePoint(
            seedsDigest: nil, frontier: state.encodedJSON(), videoIds: ["v1", "v2"], channelIds: [], videoRecords: 2,
            channelRecords: 0, finished: false)
        _ = try engine.beginChecked(from: point)
        let (_, item) = try Self.next(&engine)
        #expect(item == .hydrate(ids: ["v3"]))
        #expect(engine.discovery.hydration.pending.keys.sorted() == ["v3"])
    }

    /// DESIGN's exit codes, written out once more as the contract states them.
    static let exitCodes: [CrawlEnding.Cause: Int32] = [
        .completed: 0, .budgetSpent: 0, .configuration: 1, .writeFailed: 1, .quotaSpent: 3, .keyRefused: 3,
        .apiRefused: 3, .incomplete: 4, .interrupted: 130,
    ]

    @Test(arguments: CrawlEnding.Cause.allCases)
    func everyEndingHasItsExitCode(_ cause: CrawlEnding.Cause) {
        #expect(CrawlEnding(cause, "why").exitCode == Self.exitCodes[cause])
        #expect(!CrawlEnding(cause, "why").description.isEmpty)
    }
}
