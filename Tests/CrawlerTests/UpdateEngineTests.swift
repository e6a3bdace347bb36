import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// `ytcrawl update` in the plan, driven by hand: which channels are walked again, where walks
/// stop, what searches ask for, and how an update starts, resumes and refuses.
@Suite("Update (the plan)")
struct UpdateEngineTests {
    static let day: Int64 = 86_400
    /// The crawl began here; the update a week later.
    static let crawlStart = Date(timeIntervalSince1970: 1_800_000_000)
    static let updateStart = Date(timeIntervalSince1970: 1_800_000_000 + 7 * 86_400)

    /// A channel id of the real form, ending in `tag`.
    static func uc(_ tag: String) -> String { "UC" + String(repeating: "x", count: 22 - tag.count) + tag }

    static func engine(_ seeds: String, update: UpdateOptions? = nil) throws -> CrawlEngine {
        var options = CrawlEngine.Options(concurrency: 64, checkpointEvery: 1_000, checkpointInterval: .seconds(1))
        options.update = update
        return CrawlEngine(seeds: try SeedsParser.parse(seeds, file: "seeds.txt"), options: options)
    }

    /// A page of uploads: each video with its publication date.
    static func uploads(_ videos: [(String, Date)], next: String? = nil) -> FetchResult {
        var summary = PageSummary()
        summary.nextPageToken = next
        return FetchResult(
            outcome: .page(videos.map { .video(Video(videoId: $0.0, publishedAt: $0.1)) }, summary),
            charged: ["playlistItems.list": 1], requests: 1)
    }

    static func channels(_ counts: [(String, Int)]) -> FetchResult {
        FetchResult(
            outcome: .page(counts.map { .channel(Channel(channelId: $0.0, videoCount: $0.1)) }, PageSummary()),
            charged: ["channels.list": 1], requests: 1)
    }

    /// Runs the engine to its end, answering each item with `answer`.
    static func drive(_ engine: inout CrawlEngine, at wallClock: Date, _ answer: (WorkItem) -> FetchResult) -> [Video] {
        var written: [Video] = []
        while case let started = engine.startChecked(), !started.isEmpty {
            for (ticket, item) in started {
                for case .video(let video) in engine.finishChecked(
                    ticket, answer(item), now: .zero, wallClock: wallClock
                )
                .flatMap(\.records) {
                    written.append(video)
                }
            }
        }
        return written
    }

    /// Videos.list's answer: every id asked for.
    static func hydrate(_ batch: HydrationBatch) -> FetchResult {
        FetchResult(
            outcome: .page(batch.ids.map { .video(Video(videoId: $0)) }, PageSummary()), charged: ["videos.list": 1],
            requests: 1)
    }

    /// The output after a run: what it wrote, and its final state as a checkpoint holds it.
    static func finished(_ engine: CrawlEngine, videos: Set<String>, channels: Set<String>) -> ResumePoint {
        ResumePoint(
            seedsDigest: nil, frontier: engine.savedFrontier, videoIds: videos, channelIds: channels,
            videoRecords: videos.count, channelRecords: channels.count, finished: true)
    }

    /// Three channels of 60 uploads each (a day apart, the newest a day before the crawl), crawled.
    static func crawledThreeChannels() throws -> (point: ResumePoint, old: [String: [(String, Date)]]) {
        let ids = ["a", "b", "c"].map(uc)
        var engine = try engine(ids.map { "channel \($0)" }.joined(separator: "\n"))
        _ = try engine.begin(from: nil, wallClock: crawlStart)
        var old: [String: [(String, Date)]] = [:]
        for id in ids {
            old[id] = (0..<60).map { ("\(id.suffix(1))old\($0)", crawlStart - TimeInterval((1 + $0) * 86_400)) }
        }
        var written: Set<String> = []
        for video in drive(
            &engine, at: crawlStart,
            { item in
                switch item {
                case .channels(let batch): return channels(batch.ids.map { ($0, 60) })
                case .playlist(let walk):
                    let list = old["UC" + walk.playlistId.dropFirst(2)] ?? []
                    return walk.page == 0 ? uploads(Array(list[0..<50]), next: "p2") : uploads(Array(list[50...]))
                case .hydrate(let batch): return hydrate(batch)
                default: return channels([])
                }
            })
        {
            written.insert(video.videoId)
        }
        #expect(written.count == 180)
        #expect(engine.isFinished && engine.discovery.watch.count == 3)
        return (finished(engine, videos: written, channels: Set(ids)), old)
    }

    @Test func byCountOnlyChannelsWhoseCountChangedAreWalkedAndOnlyDownToTheLastRun() throws {
        let (point, old) = try Self.crawledThreeChannels()
        var update = try Self.engine(
            ["a", "b", "c"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"),
            update: UpdateOptions(byCount: true))
        _ = try update.begin(from: point, wallClock: Self.updateStart)
        #expect(update.run.kind == .update)
        // b uploaded 3 (one of them in the overlap's day, known already: it was among the old).
        let fresh = (0..<3).map { ("bnew\($0)", Self.updateStart - TimeInterval((1 + $0) * 86_400)) }
        var requests: [String] = []
        let seeds = update.seeds
        let written = Self.drive(&update, at: Self.updateStart) { item in
            requests.append(item.work.describe(seeds: seeds))
            switch item {
            case .channelCheck(let check):
                #expect(check.ids.count == 3)
                #expect(check.since == Int64(Self.crawlStart.timeIntervalSince1970) - Self.day)
                return Self.channels([(Self.uc("a"), 60), (Self.uc("b"), 63), (Self.uc("c"), 60)])
            case .playlist(let walk):
                #expect(walk.playlistId == "UU" + Self.uc("b").dropFirst(2))
                #expect(walk.page == 0, "the first page reaches the last run: the walk ends there")
                return Self.uploads(fresh + Array(old[Self.uc("b")]?[0..<47] ?? []), next: "p2")
            case .hydrate(let batch): return Self.hydrate(batch)
            default:
                Issue.record("unexpected \(item)")
                return Self.channels([])
            }
        }
        #expect(Set(written.map(\.videoId)) == Set(fresh.map(\.0)))
        #expect(requests.count == 3, "one check, one page, one hydration: \(requests)")
        #expect(update.counters.channelsChecked == 3 && update.counters.channelsWalked == 1)
        #expect(update.counters.channelsWithNew == [Self.uc("b")])
        #expect(update.isFinished)
    }

    @Test func aWalkGoesOnWhilePagesHoldOnlyNewUploadsAndEveryChannelIsWalkedByDefault() throws {
        let (point, old) = try Self.crawledThreeChannels()
        var update = try Self.engine(
            ["a", "b", "c"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"),
            update: UpdateOptions())
        _ = try update.begin(from: point, wallClock: Self.updateStart)
        let fresh = (0..<70).map { ("cnew\($0)", Self.updateStart - TimeInterval($0 * 3600)) }
        var pages: [String: Int] = [:]
        let written = Self.drive(&update, at: Self.updateStart) { item in
            switch item {
            case .channelCheck(let check): return Self.channels(check.ids.map { ($0, 60) })
            case .playlist(let walk):
                pages[walk.playlistId, default: 0] += 1
                let channel = "UC" + walk.playlistId.dropFirst(2)
                guard channel == Self.uc("c") else {
                    return Self.uploads(Array(old[channel]?[0..<50] ?? []), next: "p2")
                }
                let list = fresh + (old[channel] ?? [])
                return Self.uploads(Array(list[(walk.page * 50)..<(walk.page * 50 + 50)]), next: "p\(walk.page + 2)")
            case .hydrate(let batch): return Self.hydrate(batch)
            default: return Self.channels([])
            }
        }
        #expect(written.count == 70)
        #expect(pages.count == 3, "every channel's first page, though no count changed")
        #expect(pages["UU" + Self.uc("c").dropFirst(2)] == 2, "the second page reaches the last run")
        #expect(pages["UU" + Self.uc("a").dropFirst(2)] == 1)
    }

    @Test func searchesAskOnlySinceTheLastRunAndEndBelowTheCap() throws {
        var crawl = try Self.engine("search cats\nsearch dogs publishedBefore=2020-01-01T00:00:00Z")
        _ = try crawl.begin(from: nil, wallClock: Self.crawlStart)
        _ = Self.drive(&crawl, at: Self.crawlStart) { _ in Self.uploads([]) }
        var update = try Self.engine(
            "search cats\nsearch dogs publishedBefore=2020-01-01T00:00:00Z",
            update: UpdateOptions(overlapSeconds: 3600))
        _ = try update.begin(from: Self.finished(crawl, videos: [], channels: []), wallClock: Self.updateStart)
        var windows: [SearchWindow] = []
        let written = Self.drive(&update, at: Self.updateStart) { item in
            switch item {
            case .window(let window):
                windows.append(window)
                var summary = PageSummary()
                summary.nextPageToken = window.page == 0 ? "w2" : nil
                let count = window.page == 0 ? 50 : 12
                let results = (0..<count).map { index -> DecodedRecord in
                    .video(
                        Video(
                            videoId: "s\(window.page)-\(index)",
                            publishedAt: Self.updateStart - TimeInterval(index * 60)))
                }
                return FetchResult(outcome: .page(results, summary), charged: ["search.list": 100], requests: 1)
            case .hydrate(let batch): return Self.hydrate(batch)
            default: return Self.uploads([])
            }
        }
        #expect(written.count == 62)
        #expect(windows.count == 2, "two pages of one window, no probe of an older one: \(windows.count)")
        #expect(windows.allSatisfy { $0.after == Int64(Self.crawlStart.timeIntervalSince1970) - 3600 && $0.seed == 0 })
        #expect(update.counters.searchesUpdated == 1, "a search that ended before the last run has nothing new")
    }

    @Test func anUpdateNeedsAFinishedCrawlOrItsOwnUnfinishedUpdate() throws {
        var nothing = try Self.engine("channel \(Self.uc("a"))", update: UpdateOptions())
        #expect(throws: CrawlSetupError.self) { try nothing.begin(from: nil, wallClock: Self.updateStart) }

        // A crawl stopped half way: its items pending.
        var crawl = try Self.engine("channel \(Self.uc("a"))")
        _ = try crawl.begin(from: nil, wallClock: Self.crawlStart)
        let (ticket, _) = try #require(crawl.startChecked().first)
        _ = crawl.finishChecked(ticket, Self.channels([(Self.uc("a"), 60)]), now: .zero, wallClock: Self.crawlStart)
        var unfinished = Self.finished(crawl, videos: [], channels: [Self.uc("a")])
        unfinished.finished = false
        var early = try Self.engine("channel \(Self.uc("a"))", update: UpdateOptions())
        let error = #expect(throws: CrawlSetupError.self) {
            try early.begin(from: unfinished, wallClock: Self.updateStart)
        }
        #expect(error?.description.contains("has not finished") == true)

        // An update stopped half way continues as the update it was, from its own start.
        let (point, _) = try Self.crawledThreeChannels()
        var update = try Self.engine(
            ["a", "b", "c"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"),
            update: UpdateOptions())
        _ = try update.begin(from: point, wallClock: Self.updateStart)
        var killed = Self.finished(update, videos: point.videoIds, channels: point.channelIds)
        killed.finished = false
        var resumed = try Self.engine(
            ["a", "b", "c"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"),
            update: UpdateOptions())
        _ = try resumed.begin(from: killed, wallClock: Self.updateStart + 3600)
        #expect(resumed.run.kind == .update)
        #expect(resumed.run.startedAt == Int64(Self.updateStart.timeIntervalSince1970))
        guard case .channelCheck? = resumed.startChecked().first?.item else {
            Issue.record("the resumed update goes on with its checks")
            return
        }
        // A finished crawl rerun as a crawl keeps its start: the next update looks from there.
        var rerun = try Self.engine(["a", "b", "c"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"))
        _ = try rerun.begin(from: point, wallClock: Self.updateStart)
        #expect(rerun.run == (kind: .crawl, startedAt: Int64(Self.crawlStart.timeIntervalSince1970)))
    }

    @Test func theWatchListSurvivesCheckpointsAndFollowsTheSeeds() throws {
        let (point, _) = try Self.crawledThreeChannels()
        // c's seed removed, d's added: a and b are checked, d is crawled from the start.
        var update = try Self.engine(
            ["a", "b", "d"].map { "channel \(Self.uc($0))" }.joined(separator: "\n"), update: UpdateOptions())
        _ = try update.begin(from: point, wallClock: Self.updateStart)
        let started = update.startChecked().map(\.item)
        var checked: [String] = []
        var lookedUp: [String] = []
        for item in started {
            if case .channelCheck(let check) = item { checked += check.ids }
            if case .channels(let batch) = item { lookedUp += batch.ids }
        }
        #expect(checked.sorted() == [Self.uc("a"), Self.uc("b")])
        #expect(lookedUp == [Self.uc("d")])
        let state = try JSONDecoder().decode(FrontierState.self, from: Data(update.savedFrontier))
        #expect(state.run == .update && state.startedAt == Int64(Self.updateStart.timeIntervalSince1970))
        #expect(state.channels?.map(\.id).sorted() == [Self.uc("a"), Self.uc("b")])
        // Each with its newest upload the crawl saw: the next walk stops at the page reaching it.
        let newest = Int64(Self.crawlStart.timeIntervalSince1970) - Self.day
        #expect(state.channels?.allSatisfy { $0.newest == newest } == true, "\(state.channels ?? [])")
    }

    /// Comment threads a page, each started at its date.
    static func threads(_ comments: [(String, Date)], next: String? = nil) -> FetchResult {
        var summary = PageSummary()
        summary.nextPageToken = next
        return FetchResult(
            outcome: .page(
                comments.map { .comment(Comment(commentId: $0.0, videoId: "dQw4w9WgXcQ", publishedAt: $0.1)) }, summary),
            charged: ["commentThreads.list": 1], requests: 1)
    }

    @Test func followedVideosGetTheirNewThreadsDownToTheLastRun() throws {
        let seeds = "comments dQw4w9WgXcQ\nvideo 9bZkp7q19f0"
        var crawl = try Self.engine(seeds)
        _ = try crawl.begin(from: nil, wallClock: Self.crawlStart)
        let old = (0..<120).map { ("old\($0)", Self.crawlStart - TimeInterval((1 + $0) * 3600)) }
        var written: Set<String> = []
        _ = Self.drive(&crawl, at: Self.crawlStart) { item in
            switch item {
            case .commentThreads(let page):
                let slice = Array(old[(page.page * 100)..<min(old.count, page.page * 100 + 100)])
                slice.forEach { written.insert($0.0) }
                return Self.threads(slice, next: page.page == 0 ? "c2" : nil)
            case .hydrate(let batch): return Self.hydrate(batch)
            default: return Self.uploads([])
            }
        }
        var point = Self.finished(crawl, videos: ["dQw4w9WgXcQ", "9bZkp7q19f0"], channels: [])
        point.commentIds = written
        var update = try Self.engine(seeds, update: UpdateOptions(overlapSeconds: 3600))
        _ = try update.begin(from: point, wallClock: Self.updateStart)
        let fresh = (0..<30).map { ("new\($0)", Self.updateStart - TimeInterval($0 * 60)) }
        var pages = 0
        var comments: [String] = []
        while case let started = update.startChecked(), !started.isEmpty {
            for (ticket, item) in started {
                guard case .commentThreads(let page) = item else {
                    Issue.record("only the followed video's threads: \(item)")
                    continue
                }
                pages += 1
                #expect(page.until == Int64(Self.crawlStart.timeIntervalSince1970) - 3600)
                let actions = update.finishChecked(
                    ticket, Self.threads(fresh + Array(old[0..<70]), next: "c2"), now: .zero,
                    wallClock: Self.updateStart)
                for case .comment(let comment) in actions.flatMap(\.records) { comments.append(comment.commentId) }
            }
        }
        #expect(pages == 1, "the first page reaches the last run's threads")
        #expect(comments == fresh.map(\.0), "the new threads, once; the known ones not again")
        #expect(update.counters.commentVideosUpdated == 1)
    }
}

/// A channel an update `--by-count` skipped (its count unchanged: an upload beside a deletion) is walked, at
/// the next change, back to the start of the run that last walked it, not only to that update's
/// `since`: the uploads of the skipped days are not lost.
@Suite("Update walks reach back to the last walk")
struct UpdateWalkFloorTests {
    @Test func aSkippedChannelIsWalkedBackToItsLastWalk() throws {
        let id = "UC" + String(repeating: "w", count: 22)
        let engine = try UpdateEngineTests.engine("channel \(id)", update: UpdateOptions(byCount: true))
        let lastWalk: Int64 = 1_800_000_000
        let since = lastWalk + 7 * 86_400
        var discovery = Self.discovery(
            of: engine,
            watching: WatchedChannel(id: id, seed: 0, videoCount: 10, newest: lastWalk - 86_400, walkedAt: lastWalk))
        var out = EventOutput(wallClock: CrawlEngineTests.epoch)
        discovery.checked(id, videoCount: 10, seed: 0, since: since, &out)
        #expect(out.enqueued.allSatisfy { if case .playlist = $0 { false } else { true } }, "unchanged: skipped")
        discovery.checked(id, videoCount: 11, seed: 0, since: since + 86_400, &out)
        let walks = out.enqueued.compactMap { item -> PlaylistPage? in
            if case .playlist(let page) = item { return page }
            return nil
        }
        #expect(walks.count == 1 && walks.first?.until == lastWalk, "\(walks.map(\.until))")
        // Older checkpoints, without the last walk's start: `since` stands for it.
        let olderEngine = try CrawlEngineTests.engine("channel \(id)", concurrency: 1, hydrate: false)
        var older = Self.discovery(
            of: olderEngine, watching: WatchedChannel(id: id, seed: 0, videoCount: 10, newest: lastWalk - 86_400))
        var olderOut = EventOutput(wallClock: CrawlEngineTests.epoch)
        older.checked(id, videoCount: 11, seed: 0, since: since, &olderOut)
        let olderWalks = olderOut.enqueued.compactMap { item -> PlaylistPage? in
            if case .playlist(let page) = item { return page }
            return nil
        }
        #expect(olderWalks.first?.until == since)
    }

    /// The engine's crawl state, watching `channel` as a checkpoint's watch list would.
    static func discovery(of engine: CrawlEngine, watching channel: WatchedChannel) -> Discovery {
        var discovery = Discovery(seeds: engine.seeds, options: engine.options)
        discovery.restore(
            FrontierState(items: [], pending: [], seeds: nil, channels: [channel]), from: .empty, startedAt: 0)
        return discovery
    }
}
