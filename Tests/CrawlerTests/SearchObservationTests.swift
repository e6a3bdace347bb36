import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// The `results` lines a search page makes (``SearchObservation``, ``ResultLedger``), without
/// clocks or sockets: the API's order across kinds, the request as sent, what a hostile page
/// cannot make them do, and once per run, window and rank.
@Suite("Search observations")
struct SearchObservationTests {
    static let seeds = try! SeedsParser.parse("search \"Café lofi\" maxPages=2\nchart US", file: "seeds.txt")

    static func video(_ id: String, title: String) -> DecodedRecord {
        .video(Video(videoId: id, title: title, thumbnails: Thumbnails(sizes: [])))
    }

    static func page(
        order: [SearchResult.Kind], videos: [DecodedRecord], channels: [String] = [], playlists: [String] = []
    )
        -> FetchedPage
    {
        var summary = PageSummary()
        summary.searchOrder = order
        summary.channelResults = channels
        summary.playlistResults = playlists
        summary.totalResults = 1_000_000
        summary.resultsPerPage = 50
        return FetchedPage(records: videos, summary: summary, sentAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func observation(page: Int, firstRank: Int) throws -> SearchObservation {
        guard case .search(var query) = seeds[0].target else { throw CancellationError() }
        query.pageToken = "CAAAAsecret"
        query.maxResults = 50
        return SearchObservation(seed: 0, request: try APIRequest.search(query), page: page, firstRank: firstRank)
    }

    @Test func itemsKeepTheAPIsOrderAcrossKinds() throws {
        let fetched = Self.page(
            order: [.video, .channel, .video, .playlist],
            videos: [
                Self.video("aaaaaaaaaaa", title: "LOFI café beats"), Self.video("bbbbbbbbbbb", title: "lofi only"),
            ],
            channels: ["UC_x5XG1OV2P6uZZ5FSM9Ttw"], playlists: ["PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"])
        let ledger = ResultLedger(run: 3, key: "00ff", written: [], categories: [])
        let results = try Self.observation(page: 1, firstRank: 50).results(
            of: fetched, seeds: Self.seeds, ledger: ledger)
        #expect(
            results.map(\.id) == [
                "aaaaaaaaaaa", "UC_x5XG1OV2P6uZZ5FSM9Ttw", "bbbbbbbbbbb", "PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR",
            ])
        #expect(results.map(\.kind) == [.video, .channel, .video, .playlist])
        #expect(results.map(\.rank) == [50, 51, 52, 53])
        // The seed by its text, not its place: FNV-1a 64 (its published test vectors, then this seed's).
        #expect(SearchResult.seedKey("") == "cbf29ce484222325" && SearchResult.seedKey("a") == "af63dc4c8601ec8c")
        let seed = SearchResult.seedKey(Self.seeds[0].text)
        #expect(results.map(\.resultId) == (50...53).map { "3@00ff/\(seed)//\($0)" })
        // Every term in the title (case and diacritics aside): true; a term missing there: undecided.
        #expect(results.map(\.matchesQuery) == [true, nil, nil, nil])
        let request = results[0].request.map { "\($0.name)=\($0.value)" }
        #expect(request == request.sorted(), "sorted by name")
        #expect(request.contains("page=1") && !request.contains { $0.hasPrefix("pageToken") || $0.hasPrefix("key") })
        #expect(results.allSatisfy { $0.totalResults == 1_000_000 && $0.run == 3 && $0.window == nil })
    }

    @Test func aPageThatClaimsMoreItemsThanItHoldsMakesOnlyWhatItHolds() throws {
        // A hostile page: its order names four videos and a channel, it carries one of each.
        let fetched = Self.page(
            order: [.video, .video, .channel, .video, .video, .channel],
            videos: [Self.video("aaaaaaaaaaa", title: "x")], channels: ["UC_x5XG1OV2P6uZZ5FSM9Ttw"])
        let results = try Self.observation(page: 0, firstRank: 0).results(
            of: fetched, seeds: Self.seeds, ledger: ResultLedger())
        #expect(results.map(\.id) == ["aaaaaaaaaaa", "UC_x5XG1OV2P6uZZ5FSM9Ttw"])
        #expect(results.map(\.rank) == [0, 1], "ranks without gaps")
    }

    @Test func theLedgerWritesEachRankOnceAndKnowsOnlyItsOwnRun() {
        var ledger = ResultLedger(
            run: 2, key: "abc", written: ["2@abc/0//0", "1@old/0//1", "2@other/0//2"], categories: ["10 US"])
        let again = ledger.insert("2@abc/0//0")
        #expect(!again, "written before the kill")
        let other = ledger.insert("2@abc/0//1")
        #expect(other, "another run's line is not this run's")
        let twice = ledger.insert("2@abc/0//1")
        #expect(!twice)
        let known = ledger.insertCategory("10 US")
        let new = ledger.insertCategory("10 GB")
        #expect(!known && new)
        let first = ledger.askCategories(of: "US")
        let second = ledger.askCategories(of: "US")
        #expect(first && !second)
    }
}
