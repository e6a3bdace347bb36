import Testing

@testable import Crawler

/// The engine stays closed: a few parts, each a mode's or the engine's own, so a new kind of
/// work adds to a mode's state or to the event's output rather than to the engine.
@Suite("The engine's shape")
struct EngineShapeTests {
    /// A crawl's state holds one ledger per family of records (videos, comments, links, search
    /// observations, playlists, live chats) besides the seeds, options, what it has seen and the
    /// queues: twelve.
    @Test func theEngineAndEachModeHoldAtMostElevenParts() throws {
        let engine = try CrawlEngineTests.engine("search cats\nchannel @someone", concurrency: 2)
        #expect(Mirror(reflecting: engine).children.count <= 11)
        #expect(Mirror(reflecting: engine.discovery).children.count <= 12)
        #expect(Mirror(reflecting: SnapshotQueue()).children.count <= 11)
    }

    @Test func aCrawlHoldsNoSnapshotAndASnapshotNoCrawl() throws {
        let crawl = try CrawlEngineTests.engine("search cats", concurrency: 2)
        #expect(crawl.mode.discovery != nil && crawl.mode.snapshot == nil)
        let snapshot = SnapshotEngineTests.engine(["aaaaaaaaaaa", "bbbbbbbbbbb"])
        #expect(snapshot.mode.discovery == nil && snapshot.mode.snapshot?.targets == 2)
    }

    @Test func whatAKindQueuesReachesTheFrontierAtTheEndOfItsEvent() throws {
        var engine = try CrawlEngineTests.engine("search cats", concurrency: 1)
        #expect(engine.frontier.count == 1, "the seed's first page, queued through the event's output")
        let started = engine.startWork()
        #expect(engine.frontier.isEmpty && engine.tickets.count == 1, "\(started)")
    }
}
