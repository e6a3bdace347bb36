import Foundation
import StreamingJSON
import Testing

@testable import Crawler

/// One checkpoint schema: what the engine writes is `FrontierState`'s `Codable` form, read back
/// by it; checkpoints of schema 1 (no `schemaVersion`) are migrated.
@Suite("Checkpoint schema")
struct CheckpointSchemaTests {
    /// A work item of every kind, as a checkpoint writes it (every kind has a case here: the
    /// count is checked against the kinds the decoder knows).
    static let everyKind: [String] = [
        #"{"search":{"seed":2,"pageToken":"CAAAAZPoX_Yjm6h3J","page":2,"rank":99,"restarts":1,"items":100}}"#,
        #"{"channel":{"seed":2,"id":"UC5fzYTzGjwrM1JId6XtVvA5","linked":true}}"#,
        #"{"channels":{"seeds":[0,1],"ids":["UCa","UCb"],"linked":true}}"#,
        #"{"playlist":{"seed":2,"page":1,"rank":50,"pageToken":"p2","playlistId":"UUemSlH6gKHOs306PIlYz1S9","uploads":true,"channelId":"UCemSlH6gKHOs306PIlYz1S9","expected":70,"oldest":1791596045,"formatWalk":"shorts","labelBefore":1791000000,"until":1790000000}}"#,
        #"{"hydrate":{"ids":["dQw4w9WgXcQ","9bZkp7q19f0"]}}"#,
        #"{"commentThreads":{"seed":0,"page":0,"rank":0,"videoId":"ie3eyUSgyJM"}}"#,
        #"{"replies":{"seed":1,"page":0,"rank":0,"videoId":"K1IrkftnjHc","channelId":"UC_x5XG1OV2P6uZZ5FSM9Ttw","parentId":"Ugd-rRoWgSdUcxT4AaABAg","replyCount":23}}"#,
        #"{"window":{"seed":0,"channelId":"UC_x5XG1OV2P6uZZ5FSM9Ttw","after":1780000000,"before":1792000000,"pageToken":"CAAAAMh08p_bUEalW","page":1,"rank":50,"results":50,"oldest":1791596045,"windows":2,"fresh":50,"stalls":1,"endsBelowCap":true,"windowItems":50}}"#,
        #"{"stats":{"ids":["dQw4w9WgXcQ"],"method":"batchGetStats"}}"#,
        #"{"channelCheck":{"seeds":[0],"ids":["UC_x5XG1OV2P6uZZ5FSM9Ttw"],"since":1790000000}}"#,
        #"{"sections":{"seed":0,"channelId":"UCRN_zLyoivsIPDA9JlSP_Hy","depth":1}}"#,
        #"{"subscriptions":{"seed":0,"page":0,"rank":0,"channelId":"UCRN_zLyoivsIPDA9JlSP_Hy","depth":1}}"#,
        #"{"referencedChannels":{"ids":["UCRN_zLyoivsIPDA9JlSP_Hy"]}}"#,
        #"{"chart":{"seed":1,"pageToken":"CDIQAA","page":1,"rank":50}}"#,
        #"{"categories":{"seed":1,"regionCode":"GB"}}"#,
        #"{"playlists":{"seed":0,"channelId":"UCRN_zLyoivsIPDA9JlSP_Hy","walk":true,"pageToken":"CDIQAA","page":1,"rank":50}}"#,
        #"{"playlistRecords":{"ids":["PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"],"seeds":[3]}}"#,
    ]

    static func item(_ json: String) throws -> WorkItem {
        try JSONDecoder().decode(WorkItem.self, from: Data(json.utf8))
    }

    @Test(arguments: everyKind)
    func everyKindOfWorkRoundTrips(json: String) throws {
        let item = try Self.item(json)
        let state = FrontierState(items: [item, item], pending: [], seeds: ["search cats"])
        let bytes = state.encodedJSON()
        let decoded = try JSONDecoder().decode(FrontierState.self, from: Data(bytes))
        #expect(decoded.items == [item, item], "\(String(decoding: bytes, as: UTF8.self))")
        // Written by the one schema: what it reads is what it wrote, byte for byte.
        #expect(decoded.encodedJSON() == bytes)
    }

    @Test func theSamplesAreOfEveryKind() throws {
        let tags = Set(try Self.everyKind.map { type(of: try Self.item($0).work).tag })
        #expect(tags.count == Self.everyKind.count, "one sample a kind")
        // A kind the decoder does not know is refused, so a sample of a new kind is needed here.
        #expect(throws: DecodingError.self) { try Self.item(#"{"newKind":{}}"#) }
    }

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/frontier-schema1.json")
    }

    /// A frontier written by the release before `schemaVersion` (a crawl stopped by its budget:
    /// channel lookups, playlist walks, comment threads and replies, link sections and
    /// subscriptions, a search and a `split=time` window) is migrated and resumes.
    @Test func aCheckpointOfThePreviousReleaseResumes() throws {
        let bytes = try Data(contentsOf: Self.fixture)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("schemaVersion"), "written before the version")
        let state = try JSONDecoder().decode(FrontierState.self, from: bytes)
        let kinds = Set(state.items.map { type(of: $0.work).tag })
        #expect(
            kinds == [
                "channel", "playlist", "commentThreads", "replies", "sections", "subscriptions", "search", "window",
            ])
        #expect(state.run == .crawl && state.startedAt != nil && state.seeds?.count == 3)
        #expect(state.danglingChannels.isEmpty && !state.referencedChannels.isEmpty && state.links != nil)
        // Written again, it is version 2 and reads back the same.
        let again = state.encodedJSON()
        #expect(String(decoding: again, as: UTF8.self).hasPrefix(#"{"schemaVersion":2,"#))
        let reread = try JSONDecoder().decode(FrontierState.self, from: Data(again))
        #expect(reread.items == state.items && reread.pending == state.pending && reread.links == state.links)
        #expect(reread.channels == state.channels && reread.commentVideos == state.commentVideos)
        // The engine resumes from it with the seeds it was written for.
        let seeds = try #require(state.seeds).joined(separator: "\n")
        var engine = try CrawlEngineTests.engine(seeds)
        let point = ResumeDecisionTests.point(frontier: String(decoding: bytes, as: UTF8.self))
        _ = try engine.beginChecked(from: point)
        #expect(engine.frontier.count + engine.tickets.count > 0, "its work goes on")
    }

    @Test func aCheckpointOfANewerSchemaIsRefused() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                FrontierState.self, from: Data(#"{"schemaVersion":3,"items":[],"pending":[]}"#.utf8))
        }
        // Version 2 has every member but the ones that may be unknown.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                FrontierState.self, from: Data(#"{"schemaVersion":2,"items":[],"pending":[]}"#.utf8))
        }
    }
}
