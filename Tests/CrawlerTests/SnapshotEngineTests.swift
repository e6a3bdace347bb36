import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// A statistics snapshot as work of the engine, and its quota bucket in the limiter: no sockets,
/// no clocks.
@Suite("Statistics snapshots in the engine and the limiter")
struct SnapshotEngineTests {
    static func engine(_ ids: [String], written: Set<String> = [], concurrency: Int = 64) -> CrawlEngine {
        var engine = CrawlEngine(
            seeds: [], options: .init(selection: .withoutHydration, concurrency: concurrency, checkpointEvery: 1_000))
        var point = ResumePoint.empty
        point.statsIds = written
        _ = engine.beginSnapshot(SnapshotPlan(ids: ids, method: .batchGetStats, source: "test"), from: point)
        engine.checkInvariants()
        return engine
    }

    static func answer(_ videos: [Video]) -> FetchResult {
        FetchResult(
            outcome: .page(videos.map { .video($0) }, PageSummary()), charged: ["videos.batchGetStats": 1], requests: 1)
    }

    static func stats(_ actions: [CrawlEngine.Action]) -> [VideoStats] {
        actions.flatMap { action -> [VideoStats] in
            guard case .write(let records) = action else { return [] }
            return records.compactMap {
                if case .stats(let stats) = $0 { return stats }
                return nil
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func fiftyIdsARequestEachWrittenOnceOkOrGone() throws {
        let ids = (0..<120).map { String(format: "v%010d", $0) }
        var engine = Self.engine(ids + ids.prefix(7))
        let started = CrawlEngineTests.startAll(&engine)
        #expect(
            started.map { item -> Int in
                guard case .stats(let batch) = item.item else { return -1 }
                return batch.ids.count
            } == [50, 50, 20], "duplicates count once")
        var written: [VideoStats] = []
        for (ticket, item) in started {
            guard case .stats(let batch) = item else { continue }
            // The API leaves out every fifth video (deleted or private), repeats one, and adds one
            // that was not asked.
            var videos = batch.ids.enumerated().filter { $0.offset % 5 != 4 }.map {
                Video(videoId: $0.element, duration: "PT1M", viewCount: 10)
            }
            videos.append(videos[0])
            videos.append(Video(videoId: "notAsked000"))
            written += Self.stats(engine.finishChecked(ticket, Self.answer(videos), now: .zero, wallClock: Self.now))
        }
        #expect(written.count == 120)
        #expect(Set(written.map(\.videoId)) == Set(ids))
        #expect(written.filter { $0.status == .gone }.count == 24)
        #expect(written.allSatisfy { $0.fetchedAt == Self.now })
        let gone = try #require(written.first { $0.status == .gone })
        #expect(gone.viewCount == nil && gone.duration == nil)
        #expect(engine.isOver && engine.isFinished)
        #expect(engine.conclusion == .completed)
        #expect(engine.counters.statsGone == 24)
    }

    @Test func aResumedSnapshotAsksOnlyForWhatItsShardsLack() {
        let ids = (0..<100).map { String(format: "v%010d", $0) }
        var engine = Self.engine(ids, written: Set(ids.prefix(60)))
        let started = CrawlEngineTests.startAll(&engine)
        #expect(started.count == 1)
        guard case .stats(let batch)? = started.first?.item else {
            Issue.record("not a stats batch")
            return
        }
        #expect(batch.ids == Array(ids[60...]))
        #expect(engine.counters.statsBefore == 60)
        #expect(engine.checkpointState().items.isEmpty, "the ids and the shards are the truth, not the checkpoint")
    }

    @Test func aBatchThatGotNoAnswerLeavesTheSnapshotIncomplete() {
        var engine = Self.engine((0..<80).map { String(format: "v%010d", $0) }, concurrency: 1)
        let (ticket, item) = CrawlEngineTests.startAll(&engine)[0]
        _ = item
        _ = engine.finishChecked(
            ticket, FetchResult(outcome: .gaveUp("503 six times"), charged: [:], requests: 7), now: .zero,
            wallClock: Self.now)
        let (second, _) = CrawlEngineTests.startAll(&engine)[0]
        _ = engine.finishChecked(second, Self.answer([]), now: .zero, wallClock: Self.now)
        #expect(engine.isOver)
        #expect(!engine.isFinished, "50 videos have no line")
        #expect(engine.conclusion.cause == .incomplete)
        #expect(engine.counters.statsWritten == 30)
    }

    @Test func aStopPutsTheBatchBack() {
        var engine = Self.engine((0..<10).map { String(format: "v%010d", $0) })
        let (ticket, _) = CrawlEngineTests.startAll(&engine)[0]
        _ = engine.finishChecked(
            ticket, FetchResult(outcome: .stop(CrawlEnding(.quotaSpent, "spent")), charged: [:], requests: 0),
            now: .zero, wallClock: Self.now)
        #expect(engine.snapshot.waiting == 10)
        #expect(engine.conclusion.cause == .quotaSpent)
    }

    @Test func theStatsBucketHasItsOwnDailyLimitAndBudget() {
        var state = RateLimiterStateTests.state {
            $0.dailyUnits = 1
            $0.dailyStats = 2
            $0.runBudgetStats = 5
        }
        let noon = RateLimiterStateTests.noon
        for _ in 0..<2 {
            #expect(
                RateLimiterStateTests.granted(state.acquire(.batchGetStats, now: .zero, utc: noon))?.charge
                    == QuotaCharge(bucket: .stats, cost: 1))
        }
        guard case .stop(.dailyQuotaSpent(.stats, _)) = state.acquire(.batchGetStats, now: .seconds(1), utc: noon)
        else {
            Issue.record("the stats bucket's daily limit stops it")
            return
        }
        #expect(RateLimiterStateTests.granted(state.acquire(.videos, now: .seconds(1), utc: noon)) != nil)
        #expect(state.spent == QuotaCounts(units: 1, stats: 2))
        var budget = RateLimiterStateTests.state { $0.runBudgetStats = 1 }
        #expect(RateLimiterStateTests.granted(budget.acquire(.batchGetStats, now: .zero, utc: noon)) != nil)
        #expect(
            budget.acquire(.batchGetStats, now: .zero, utc: noon) == .stop(.runBudgetSpent(.stats, remaining: 0)))
        #expect(budget.remaining(.stats, utc: noon) == 0)
    }
}
