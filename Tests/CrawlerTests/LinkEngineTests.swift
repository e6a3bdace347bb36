import Archive
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// The link crawl's plan, driven by hand: what a hostile or odd server can make of it.
@Suite("Channel links in the plan")
struct LinkEngineTests {
    static let seed = "UCseed0000000000000000aa"
    static let other = "UCother000000000000000bb"

    static func engine(_ seeds: String) throws -> CrawlEngine {
        try CrawlEngineTests.engine(seeds, concurrency: 1, hydrate: false)
    }

    static func links(_ targets: [String], relation: ChannelLink.Relation, next: String? = nil) -> FetchResult {
        var summary = PageSummary()
        summary.nextPageToken = next
        summary.itemCount = targets.count
        let records = targets.map {
            DecodedRecord.link(ChannelLink(fromChannelId: "", toChannelId: $0, relation: relation, depth: 0))
        }
        return FetchResult(outcome: .page(records, summary), requests: 1)
    }

    /// Runs the engine to its end, answering each item with `answer`; returns what it wrote.
    static func run(_ engine: inout CrawlEngine, answer: (WorkItem) -> FetchResult) throws -> [DecodedRecord] {
        var written: [DecodedRecord] = []
        var steps = 0
        while let (ticket, item) = CrawlEngineTests.start(&engine) {
            steps += 1
            guard steps < 500 else { throw CrawlEngineTests.NothingToStart() }
            for action in engine.finishChecked(ticket, answer(item), now: .zero, wallClock: CrawlEngineTests.epoch) {
                written += action.records
            }
        }
        return written
    }

    /// The seed's channel, answered by channels.list; anything else by `links`.
    static func answer(_ item: WorkItem, links: (WorkItem) -> FetchResult) -> FetchResult {
        switch item {
        case .channel(let lookup): return CrawlEngineTests.channels([lookup.id ?? seed])
        case .channels(let batch): return CrawlEngineTests.channels(batch.ids)
        case .playlist: return CrawlEngineTests.page([])
        default: return links(item)
        }
    }

    /// A token cycle (A, B, A…) ends at the first page read again, as comments' paging does.
    @Test func subscriptionsPagingInACircleEndsAtTheFirstRepeat() throws {
        var engine = try Self.engine("channel \(Self.seed) links=subscriptions depth=0")
        var pages = 0
        let written = try Self.run(&engine) { item in
            Self.answer(item) { item in
                guard case .subscriptions(let work) = item else { return Self.links([], relation: .featured) }
                pages += 1
                return Self.links([Self.other], relation: .subscription, next: work.pageToken == "A" ? "B" : "A")
            }
        }
        #expect(pages == 2, "page 2 repeats page 1")
        #expect(engine.findings.warnings.contains { $0.contains("a page repeated one already read") })
        let channels = written.compactMap { record -> Channel? in
            if case .channel(let channel) = record { return channel }
            return nil
        }
        #expect(channels.map(\.channelId) == [Self.seed] && channels.first?.subscriptionsPrivate == false)
        #expect(engine.isOver)
    }

    /// The same 50 channels under a fresh token each time cost two pages, not the 40 a channel's
    /// subscriptions may have; fresh channels on every page stop at those 40.
    @Test func subscriptionsUnderFreshTokensAreBounded() throws {
        var engine = try Self.engine("channel \(Self.seed) links=subscriptions depth=0")
        var pages = 0
        _ = try Self.run(&engine) { item in
            Self.answer(item) { item in
                guard case .subscriptions = item else { return Self.links([], relation: .featured) }
                pages += 1
                return Self.links([Self.other], relation: .subscription, next: "T\(pages)")
            }
        }
        #expect(pages == 2)
        var fresh = try Self.engine("channel \(Self.seed) links=subscriptions depth=0")
        var freshPages = 0
        _ = try Self.run(&fresh) { item in
            Self.answer(item) { item in
                guard case .subscriptions = item else { return Self.links([], relation: .featured) }
                freshPages += 1
                let id = "UCfresh" + String(repeating: "0", count: 13) + String(format: "%04d", freshPages)
                return Self.links([id], relation: .subscription, next: "T\(freshPages)")
            }
        }
        #expect(freshPages == SubscriptionsPage.maximumPages)
    }

    /// Targets that are not channel ids (markup, paths, a short id, a playlist id) are skipped
    /// with a warning naming the channel and section, never written nor queued.
    @Test func linkTargetsThatAreNotChannelIdsAreSkipped() throws {
        var engine = try Self.engine("channel \(Self.seed) links=featured depth=1")
        let hostile = [
            "<script>alert(1)</script>", "../../etc/passwd", "UCshort", "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf",
        ]
        var asked: [String] = []
        let written = try Self.run(&engine) { item in
            if case .channels(let batch) = item { asked += batch.ids }
            if case .channel(let lookup) = item { asked.append(lookup.id ?? "") }
            return Self.answer(item) { item in
                guard case .sections(let work) = item, work.channelId == Self.seed else {
                    return Self.links([], relation: .featured)
                }
                return Self.links(hostile + [Self.other], relation: .featured)
            }
        }
        let targets = written.compactMap { record -> String? in
            if case .link(let link) = record { return link.toChannelId }
            return nil
        }
        #expect(targets == [Self.other])
        #expect(Set(asked).isDisjoint(with: hostile))
        for target in hostile {
            #expect(
                engine.findings.warnings.contains {
                    $0.contains(target) && $0.contains("channel \(Self.seed)") && $0.contains("not a channel id")
                }, "\(target)")
        }
        #expect(engine.conclusion == .completed, "a rerun does not fail on them")
    }

    @Test func privateSubscriptionsAreTheChannelsNotTheCrawlsFailure() throws {
        var engine = try Self.engine("channel \(Self.seed) links=all depth=1")
        let written = try Self.run(&engine) { item in
            Self.answer(item) { item in
                if case .subscriptions = item {
                    return FetchResult(outcome: .unavailable([.subscriptionForbidden], "403"), requests: 1)
                }
                return Self.links([Self.other, Self.seed, ""], relation: .featured)
            }
        }
        let channels = written.compactMap { record -> Channel? in
            if case .channel(let channel) = record { return channel }
            return nil
        }
        // The seed's channel, held until its subscriptions answered; the featured one, resolved.
        #expect(channels.map(\.channelId).sorted() == [Self.other, Self.seed].sorted())
        #expect(channels.first { $0.channelId == Self.seed }?.subscriptionsPrivate == true)
        #expect(channels.first { $0.channelId == Self.other }?.subscriptionsPrivate == nil, "not asked at depth 1")
        let links = written.compactMap { record -> ChannelLink? in
            if case .link(let link) = record { return link }
            return nil
        }
        #expect(links.map(\.toChannelId) == [Self.other], "no link to itself or to nothing")
        #expect(engine.discovery.links.privateCount == 1 && engine.conclusion == .completed)
        #expect(engine.findings.warnings.isEmpty, "\(engine.findings.warnings)")
    }

    /// A 400 to the subscriptions' first page: the held record is written all the same.
    @Test func aRefusedFirstPageReleasesTheHeldRecord() throws {
        var engine = try Self.engine("channel \(Self.seed) links=subscriptions")
        let written = try Self.run(&engine) { item in
            Self.answer(item) { _ in FetchResult(outcome: .skip("400 badRequest"), requests: 1) }
        }
        let channels = written.compactMap { record -> Channel? in
            if case .channel(let channel) = record { return channel }
            return nil
        }
        #expect(channels.map(\.channelId) == [Self.seed] && channels.first?.subscriptionsPrivate == nil)
    }

    /// A checkpoint taken while the seed's record is held, resumed: the record comes back from
    /// channels.list, with what its subscriptions said, once.
    @Test func aHeldRecordLostToAKillIsAskedAgain() throws {
        let seeds = "channel \(Self.seed) links=subscriptions depth=0\n"
        var engine = try Self.engine(seeds)
        let (lookup, _) = try CrawlEngineTests.next(&engine)
        _ = engine.finishChecked(
            lookup, CrawlEngineTests.channels([Self.seed]), now: .zero, wallClock: CrawlEngineTests.epoch)
        #expect(engine.discovery.links.held[Self.seed] != nil)
        let saved = engine.savedFrontier
        var resumed = CrawlEngine(
            seeds: try SeedsParser.parse(seeds, file: "seeds.txt"),
            options: .init(selection: .withoutHydration, concurrency: 1))
        var point = ResumePoint.empty
        point.frontier = saved
        _ = try resumed.beginChecked(from: point)
        let written = try Self.run(&resumed) { item in
            Self.answer(item) { _ in FetchResult(outcome: .unavailable([.subscriptionForbidden], "403"), requests: 1) }
        }
        let channels = written.compactMap { record -> Channel? in
            if case .channel(let channel) = record { return channel }
            return nil
        }
        #expect(channels.map(\.channelId) == [Self.seed] && channels.first?.subscriptionsPrivate == true)
    }

    /// `depth=0` links kept for channels not known as seeds' yet, then the seeds file changes: the
    /// kept links move with their seed (or go with it) and nothing points past the seeds.
    @Test func keptLinksFollowTheirSeedWhenTheSeedsChange() throws {
        let first = "channel @handle links=featured depth=0\nchannel \(Self.seed) links=featured depth=0\n"
        var engine = try Self.engine(first)
        var sections = 0
        while let (ticket, item) = CrawlEngineTests.start(&engine), sections == 0 {
            let result = Self.answer(item) { _ in
                sections += 1
                return Self.links([Self.other], relation: .featured)
            }
            _ = engine.finishChecked(ticket, result, now: .zero, wallClock: CrawlEngineTests.epoch)
        }
        #expect(!engine.discovery.links.beyond.isEmpty, "a link to a channel not known as a seed's")
        let saved = engine.savedFrontier
        let second = "channel \(Self.seed) links=featured depth=0\n"
        var resumed = CrawlEngine(
            seeds: try SeedsParser.parse(second, file: "seeds.txt"),
            options: .init(selection: .withoutHydration, concurrency: 1))
        var point = ResumePoint.empty
        point.frontier = saved
        _ = try resumed.beginChecked(from: point)
        for links in resumed.discovery.links.beyond.values {
            #expect(links.allSatisfy { $0.seed == 0 })
        }
    }
}

extension LinkEngineTests {
    /// `links=` added to a channel seed of a finished crawl: its links are asked on the rerun,
    /// without looking the channel up or walking its uploads again.
    @Test func linksAddedToACrawledSeedAreAskedWithoutWalkingAgain() throws {
        var state = FrontierState(items: [], pending: [], seeds: ["channel \(Self.seed)"])
        state.run = .crawl
        // The crawl walked the channel: its checkpoint lists it among the watched.
        state.channels = [WatchedChannel(id: Self.seed, seed: 0, videoCount: 3, newest: nil)]
        let frontier = state.encodedJSON()
        let point = ResumePoint(
            seedsDigest: nil, frontier: frontier, videoIds: [], channelIds: [Self.seed], videoRecords: 0,
            channelRecords: 1, finished: true)
        var engine = CrawlEngine(
            seeds: try SeedsParser.parse("channel \(Self.seed) links=featured\n", file: "seeds.txt"),
            options: .init(selection: .withoutHydration, concurrency: 8))
        _ = try engine.beginChecked(from: point)
        let started = CrawlEngineTests.startAll(&engine).map(\.item)
        #expect(started.count == 1)
        guard case .sections(let sections)? = started.first else {
            Issue.record("expected its sections, started \(started)")
            return
        }
        #expect(sections.channelId == Self.seed && sections.depth == 0)
    }
}
