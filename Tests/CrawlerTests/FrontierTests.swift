import Foundation
import Testing

@testable import Crawler

@Suite("Frontier order")
struct FrontierTests {
    static func playlist(_ seed: Int, page: Int) -> WorkItem {
        .playlist(
            seed: seed, playlistId: "PL\(seed)", pageToken: page == 0 ? nil : "t\(page)", page: page, rank: 0,
            uploads: false)
    }

    @Test func lowestPageFirstAndFirstInFirstOutWithinAPage() {
        var frontier = Frontier()
        frontier.append(Self.playlist(1, page: 4))
        frontier.append(Self.playlist(2, page: 0))
        frontier.append(.search(seed: 3, pageToken: "x", page: 1, rank: 50))
        frontier.append(Self.playlist(4, page: 0))
        frontier.append(Self.playlist(5, page: 200))  // far pages share the last bucket
        #expect(frontier.count == 5)
        var order: [WorkItem] = []
        while let item = frontier.next() { order.append(item) }
        #expect(
            order == [
                Self.playlist(2, page: 0), Self.playlist(4, page: 0),
                .search(seed: 3, pageToken: "x", page: 1, rank: 50),
                Self.playlist(1, page: 4), Self.playlist(5, page: 200),
            ])
        #expect(frontier.isEmpty)
    }

    /// A thread's next reply page goes before everything else: its replies are held until its end,
    /// so threads are finished one after another rather than all begun at once.
    @Test func aThreadsHeldContinuationGoesFirst() {
        let held = HeldReplies(topLevel: nil, replies: [], checkpointsAuthor: true)
        func replies(_ parent: String, page: Int, held: HeldReplies?) -> WorkItem {
            var work = ReplyPage(seed: 0, videoId: "v", parentId: parent, page: page, rank: 0)
            work.pageToken = page == 0 ? nil : "t"
            work.held = held
            return .replies(work)
        }
        var frontier = Frontier()
        frontier.append(Self.playlist(1, page: 0))
        frontier.append(replies("A", page: 0, held: held))
        frontier.append(replies("B", page: 3, held: held))
        frontier.append(replies("C", page: 2, held: nil))  // resumed from a checkpoint: no held replies
        var order: [String] = []
        while let item = frontier.next() {
            if case .replies(let work) = item {
                order.append("\(work.parentId)\(work.page)")
            } else {
                order.append("PL")
            }
        }
        #expect(order == ["B3", "PL", "A0", "C2"])
        #expect(frontier.invariantViolations.isEmpty)
    }

    @Test func channelLookupsLeaveFiftyAtATimeOrWhenNothingElseIsLeft() {
        var frontier = Frontier()
        for index in 0..<120 { frontier.append(.channel(seed: index % 3, id: "UC\(index)", handle: nil)) }
        frontier.append(.channel(seed: 9, id: nil, handle: "@someone"))  // handles are looked up one by one
        frontier.append(Self.playlist(7, page: 2))
        guard case .channels(let batch)? = frontier.next() else {
            Issue.record("a full batch goes first")
            return
        }
        let (seeds, ids) = (batch.seeds, batch.ids)
        #expect(ids == (0..<50).map { "UC\($0)" })
        #expect(seeds == (0..<50).map { $0 % 3 })
        guard case .channels(let secondBatch)? = frontier.next() else {
            Issue.record("then the second full batch")
            return
        }
        #expect(secondBatch.ids.count == 50)
        // 20 lookups wait while other work is there.
        #expect(frontier.next() == .channel(seed: 9, id: nil, handle: "@someone"))
        #expect(frontier.next() == Self.playlist(7, page: 2))
        guard case .channels(let restBatch)? = frontier.next() else {
            Issue.record("then the rest, as nothing else is left")
            return
        }
        #expect(restBatch.ids == (100..<120).map { "UC\($0)" })
        #expect(frontier.next() == nil)
    }

    @Test func itemsForACheckpointRoundTrip() {
        var frontier = Frontier()
        frontier.append(.channels(seeds: [1, 2], ids: ["UCa", "UCb"]))  // a batch put back splits again
        frontier.append(Self.playlist(3, page: 1))
        frontier.append(.hydrate(ids: ["v1"]))
        _ = frontier.next()  // the hydrate item, page 0
        let items = frontier.items
        #expect(
            items == [
                .channel(seed: 1, id: "UCa", handle: nil), .channel(seed: 2, id: "UCb", handle: nil),
                Self.playlist(3, page: 1),
            ])
        var restored = Frontier(items)
        #expect(restored.count == 3)
        #expect(restored.next() == Self.playlist(3, page: 1))
        #expect(restored.next() == .channels(seeds: [1, 2], ids: ["UCa", "UCb"]))
    }
}

@Suite("Checkpoint frontier encoding")
struct FrontierStateEncodingTests {
    @Test func theHandWrittenJSONDecodesToTheSameState() throws {
        let state = FrontierState(
            items: [
                .search(seed: 0, pageToken: nil, page: 0, rank: 0),
                .search(seed: 1, pageToken: "tok\"en\\with\u{1}escapes", page: 3, rank: 150),
                .channel(seed: 2, id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", handle: nil),
                .channel(seed: 3, id: nil, handle: "@GoogleDevelopers"),
                .channels(seeds: [4, 5], ids: ["UCa", "UCb"]),
                .channels(seeds: [], ids: []),
                .playlist(seed: 6, playlistId: "UUx", pageToken: "p2", page: 2, rank: 100, uploads: true),
                .playlist(seed: 7, playlistId: "PLy", pageToken: nil, page: 0, rank: 0, uploads: false),
                .hydrate(ids: ["dQw4w9WgXcQ", "ünïcödé"]),
            ],
            pending: [
                PendingVideo(videoId: "dQw4w9WgXcQ", seed: 1, endpoint: .search, rank: 7),
                PendingVideo(videoId: "9bZkp7q19f0", seed: 0, endpoint: .playlistItems, rank: 0),
            ])
        let bytes = state.encodedJSON()
        #expect(
            !String(decoding: bytes, as: UTF8.self).contains(#""pageToken":null"#), "a first page's token is left out")
        let decoded = try JSONDecoder().decode(FrontierState.self, from: Data(bytes))
        #expect(decoded.items == state.items)
        #expect(decoded.pending == state.pending)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("unitsByMethod"), "kept once, in the manifest")
        // Checkpoints written before the engine's kinds had types of their own read the same.
        let older =
            #"{"items":[{"search":{"seed":1,"pageToken":"t","page":3,"rank":150}},{"playlist":{"seed":6,"playlistId":"UUx","pageToken":null,"page":0,"rank":0,"uploads":true}}],"pending":[],"unitsByMethod":{}}"#
        let olderState = try JSONDecoder().decode(FrontierState.self, from: Data(older.utf8))
        #expect(
            olderState.items == [
                .search(seed: 1, pageToken: "t", page: 3, rank: 150),
                .playlist(seed: 6, playlistId: "UUx", pageToken: nil, page: 0, rank: 0, uploads: true),
            ])
        // Restarts travel with the item.
        let restarted = FrontierState(items: [.search(SearchPage(seed: 2, page: 0, rank: 0, restarts: 1))], pending: [])
        #expect(
            try JSONDecoder().decode(FrontierState.self, from: Data(restarted.encodedJSON())).items == restarted.items)
        let empty = FrontierState(items: [], pending: [])
        let decodedEmpty = try JSONDecoder().decode(FrontierState.self, from: Data(empty.encodedJSON()))
        #expect(decodedEmpty.items.isEmpty && decodedEmpty.pending.isEmpty)
    }
}
