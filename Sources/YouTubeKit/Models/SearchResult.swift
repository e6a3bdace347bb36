import Foundation

/// One item of one search.list page, as the API answered it to one request of one run: the
/// observation an audit of search is made of (record kind `results`). Every item of every page a
/// crawl receives is one, new to the output or not, so a query asked on five days leaves five
/// ranked lists that can be compared.
public struct SearchResult: Sendable, Hashable {
    /// What the item is (search.list's `id.kind` without `youtube#`).
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case video, channel, playlist
    }

    /// A request's window of publication dates (a `split=time` search or an update's window).
    public struct Window: Sendable, Hashable {
        public var publishedAfter: Date?
        public var publishedBefore: Date?

        public init(publishedAfter: Date?, publishedBefore: Date?) {
            self.publishedAfter = publishedAfter
            self.publishedBefore = publishedBefore
        }
    }

    /// The run (its number and its key), the seed (a hash of its text), the window (its bounds,
    /// Unix seconds) and the rank: what identifies the line, written first as
    /// `run@key/seed/after-before/rank`. The run's key is drawn at random when it begins, so that
    /// the lines of two outputs merged stay apart while a copy of the same output's lines is
    /// known again; the seed is named by its text, not its place, so that a seed added above it
    /// in a resumed run, or the same seed on two lines, cannot take or double its lines.
    public var resultId: String {
        let window = window.map { w in
            (w.publishedAfter.map { String(Int64($0.timeIntervalSince1970)) } ?? "") + "-"
                + (w.publishedBefore.map { String(Int64($0.timeIntervalSince1970)) } ?? "")
        }
        return "\(run)@\(runKey)/\(Self.seedKey(seed))/\(window ?? "")/\(rank)"
    }

    /// A seed's text as 16 hex digits (64-bit FNV-1a): short, and the same in every version.
    public static func seedKey(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The run's number, from 1, in the manifest's runs history.
    public var run: Int
    /// What names the run apart from other outputs' runs: the runs history's `id` (drawn at
    /// random when it began).
    public var runKey: String
    /// The seed line as written in the seeds file.
    public var seed: String
    /// The request's parameters as sent, sorted by name, without the key; the page's position
    /// (`page`, from 0) instead of its token.
    public var request: [APIRequest.Parameter]
    public var window: Window?
    /// The page within the window (or the search), from 0.
    public var page: Int
    /// The item's position over the seed's pages in that window, from 0.
    public var rank: Int
    public var kind: Kind
    public var id: String
    /// When the request was answered, by the server's clock (its `Date` header, to the second),
    /// else by ours when it was sent.
    public var sentAt: Date?
    /// `pageInfo` as the API sent it: kept for the record, never used to steer the crawl.
    public var totalResults: Int?
    public var resultsPerPage: Int?
    /// Whether every term of the query is in the item's title or description as search sent
    /// them; `nil` when not every term is there (the whole description and the tags decide) or
    /// the query has no terms.
    public var matchesQuery: Bool?

    public init(
        run: Int, runKey: String, seed: String, request: [APIRequest.Parameter], window: Window?,
        page: Int,
        rank: Int, kind: Kind, id: String, sentAt: Date?, totalResults: Int?, resultsPerPage: Int?,
        matchesQuery: Bool?
    ) {
        self.run = run
        self.runKey = runKey
        self.seed = seed
        self.request = request
        self.window = window
        self.page = page
        self.rank = rank
        self.kind = kind
        self.id = id
        self.sentAt = sentAt
        self.totalResults = totalResults
        self.resultsPerPage = resultsPerPage
        self.matchesQuery = matchesQuery
    }
}
