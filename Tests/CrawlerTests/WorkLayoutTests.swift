import Foundation
import Testing

@testable import Crawler

/// What a crawl keeps one of per channel seed (a million-video crawl of every channel keeps tens
/// of thousands): the seed, and a frontier item, which is as large as its largest unboxed kind.
@Suite("Work and seed layout")
struct WorkLayoutTests {
    @Test func aFrontierItemAndASeedStaySmall() {
        #expect(MemoryLayout<WorkItem>.stride <= 96, "a kind grew: box it (indirect) or pack it")
        #expect(MemoryLayout<PlaylistPage>.stride <= 88)
        #expect(MemoryLayout<Seed>.stride <= 72)
        #expect(MemoryLayout<Seed.Target>.stride <= 24)
    }

    /// The packed uploads walk reads and writes as the plain one did: its checkpoint form and
    /// its rarely set fields, boxed, compare and hash by value.
    @Test func aPackedWalkKeepsEveryField() throws {
        var walk = PlaylistPage(seed: 70_000, playlistId: "UUabc", page: 3, rank: 150, uploads: true)
        walk.expected = 4_000
        let plain = walk
        walk.until = 1_700_000_000
        walk.restarts = 2
        #expect(walk != plain && walk.until == 1_700_000_000 && walk.restarts == 2)
        walk.until = nil
        walk.restarts = nil
        #expect(walk == plain && walk.hashValue == plain.hashValue, "unset fields leave no box behind")
        walk.formatWalk = .shorts
        walk.labelBefore = 42
        let data = try JSONEncoder().encode(WorkItem.playlist(walk))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""seed":70000"#) && text.contains(#""formatWalk":"shorts""#))
        #expect(try JSONDecoder().decode(WorkItem.self, from: data) == .playlist(walk))
    }
}
