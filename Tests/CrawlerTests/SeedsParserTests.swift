import Testing
import YouTubeKit

@testable import Crawler

@Suite("Seeds files")
struct SeedsParserTests {
    static func one(_ line: String) throws -> Seed {
        let seeds = try SeedsParser.parse(line, file: "seeds.txt")
        try #require(seeds.count == 1)
        return seeds[0]
    }

    @Test func everyKindAndForm() throws {
        let text = """
            # a comment line

            search programming
            search "swift concurrency" regionCode=US relevanceLanguage=en order=date maxPages=4
            search cooking type=video location=37.42,-122.08 locationRadius=10km publishedAfter=2024-01-01T00:00:00Z
            search "lofi" walk=channels         # also walk the uploads of every channel it finds
            search swift concurrency tutorial
            channel UC_x5XG1OV2P6uZZ5FSM9Ttw
            channel @GoogleDevelopers
            playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR
            video dQw4w9WgXcQ
            https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s
            https://youtu.be/dQw4w9WgXcQ
            https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw
            https://www.youtube.com/@GoogleDevelopers
            https://www.youtube.com/playlist?list=PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR
            channel https://www.youtube.com/@GoogleDevelopers
            playlist https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR
            https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ
            """
        let seeds = try SeedsParser.parse(text, file: "seeds.txt")
        #expect(seeds.count == 17)
        guard case .search(let plain) = seeds[0].target, case .search(let quoted) = seeds[1].target,
            case .search(let located) = seeds[2].target, case .search(let words) = seeds[4].target
        else {
            Issue.record("search seeds")
            return
        }
        #expect(plain.q == "programming")
        #expect(quoted.q == "swift concurrency" && quoted.regionCode == "US" && quoted.order == .date)
        #expect(seeds[1].maxPages == 4)
        #expect(
            located.location == GeoLocation(latitude: 37.42, longitude: -122.08)
                && located.locationRadius == Distance(10, .kilometers))
        #expect(seeds[3].walkChannels)
        #expect(seeds[3].text == "search \"lofi\" walk=channels")
        #expect(words.q == "swift concurrency tutorial")
        #expect(seeds[5].target == .channel(.id("UC_x5XG1OV2P6uZZ5FSM9Ttw")))
        #expect(seeds[6].target == .channel(.handle("@GoogleDevelopers")))
        #expect(seeds[7].target == .playlist("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"))
        #expect(seeds[8].target == .video("dQw4w9WgXcQ"))
        #expect(seeds[9].target == .video("dQw4w9WgXcQ"))
        #expect(seeds[10].target == .video("dQw4w9WgXcQ"))
        #expect(seeds[11].target == .channel(.id("UC_x5XG1OV2P6uZZ5FSM9Ttw")))
        #expect(seeds[12].target == .channel(.handle("@GoogleDevelopers")))
        #expect(seeds[13].target == .playlist("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"))
        #expect(seeds[14].target == .channel(.handle("@GoogleDevelopers")))
        #expect(seeds[15].target == .playlist("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"), "a video watched in a playlist")
        #expect(seeds[16].target == .video("dQw4w9WgXcQ"), "a privacy-enhanced embed")
        #expect(seeds[2].lineNumber == 5)
    }

    static let badLines: [(String, Int, String)] = [
        ("serch programming", 1, "did you mean search?"),
        ("search", 7, "expected a query"),
        ("search cats maxResults=99", 13, "maxResults"),
        ("search cats videoDuration=short", 13, "only with type=video"),
        ("search \"unclosed", 8, "unclosed quote"),
        ("channel not-a-channel", 9, "expected a channel id"),
        ("channel UCabc extra", 15, "expected one channel id"),
        ("video tooShort", 7, "11-character video id"),
        ("playlist PLx", 10, "expected a playlist id"),
        ("playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR maxPages=0", 45, "1 or more"),
        ("channel @x regionCode=US", 12, "takes only maxPages"),
        ("search cats walk=videos", 13, "walk=channels"),
        ("https://www.youtube.com/feed/trending", 1, "expected a watch?v="),
        ("search cats split=days", 13, "expected split=time"),
        ("channel @x split=time", 12, "split=time is for search seeds"),
        ("chart", 1, "expected one region after chart"),
        ("chart XX", 7, "ISO 3166-1 alpha-2"),
        ("chart US GB", 10, "expected one region after chart"),
        ("chart US videoCategoryId=music", 10, "expected a category number"),
        ("chart US walk=channels", 10, "walk=channels is for search seeds"),
        ("chart US q=cats", 10, "a chart seed takes only maxPages=N and videoCategoryId=N"),
        ("channel @x repeat=yes", 12, "repeat=yes asks a search again unchanged at every update"),
        ("search cats repeat=often", 13, "expected repeat=yes or repeat=no"),
        ("playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR complete=search", 45, "complete=search is for channel seeds"),
        ("channel @x complete=all", 12, "expected complete=search"),
        ("comments dQw4w9WgXcQ order=newest", 22, "order=time or order=relevance"),
        ("comments dQw4w9WgXcQ comments=yes", 22, "fetches comments already"),
        ("video dQw4w9WgXcQ comments=maybe", 19, "comments=yes or comments=no"),
        ("comments notAVideo", 10, "11-character video id"),
        ("channel @x links=friends", 12, "links=featured, links=subscriptions or links=all"),
        ("channel @x links=all depth=4", 22, "from 0 (links among the seeds only) to 3"),
        ("channel @x links=all depth=-1", 22, "from 0"),
        ("channel @x depth=2", 12, "without links="),
        ("search cats links=all", 13, "without walk=channels"),
        (
            "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR links=all", 45,
            "for channel seeds and searches with walk=channels"
        ),
        ("video dQw4w9WgXcQ depth=1", 19, "for channel seeds and searches"),
    ]

    @Test func linkOptions() throws {
        let seeds = try SeedsParser.parse(
            """
            channel @GoogleDevelopers links=all depth=2
            channel UC_x5XG1OV2P6uZZ5FSM9Ttw links=featured
            search lofi walk=channels links=subscriptions depth=0
            channel @other
            """, file: "seeds.txt")
        #expect(seeds[0].links == .all && seeds[0].linkDepth == 2)
        #expect(seeds[1].links == .featured && seeds[1].linkDepth == 1, "depth 1 by default")
        #expect(seeds[2].links == .subscriptions && seeds[2].linkDepth == 0 && seeds[2].walkChannels)
        #expect(seeds[3].links.isEmpty)
    }

    @Test func splitCompleteAndCommentOptions() throws {
        let seeds = try SeedsParser.parse(
            """
            search climate split=time publishedAfter=2019-01-01T00:00:00Z
            channel @GoogleDevelopers complete=search comments=yes
            comments https://www.youtube.com/watch?v=dQw4w9WgXcQ order=relevance searchTerms="great song" maxPages=3
            """, file: "seeds.txt")
        #expect(seeds[0].splitTime && !seeds[0].comments)
        #expect(seeds[1].completeBySearch && seeds[1].comments)
        guard case .comments(let asked) = seeds[2].target else {
            Issue.record("not a comments seed")
            return
        }
        #expect(asked.videoId == "dQw4w9WgXcQ" && asked.order == .relevance && asked.searchTerms == "great song")
        #expect(seeds[2].maxPages == 3 && seeds[2].comments)
        #expect(seeds[2].text.contains(#"searchTerms="great song""#), "written as it was: \(seeds[2].text)")
    }

    @Test("bad lines name file, line, column and what was expected", arguments: badLines)
    func badLine(_ line: String, _ column: Int, _ expected: String) {
        #expect {
            try SeedsParser.parse("# header\n" + line, file: "seeds.txt")
        } throws: { error in
            let error = error as! SeedError
            return error.line == 2 && error.column == column && error.description.hasPrefix("seeds.txt:2:\(column): ")
                && error.message.contains(expected)
        }
    }

    /// A line of each kind, every option aside.
    static let lineOfKind = [
        "search": "search cats", "channel": "channel @x", "playlist": "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR",
        "video": "video dQw4w9WgXcQ", "comments": "comments dQw4w9WgXcQ",
    ]

    /// Every option of the table is refused, naming it, by the kinds of seed that do not take it
    /// (a search sends a name it does not take to the API, which is `SearchQuery`'s to check).
    @Test(arguments: SeedFilter.all.map(\.name))
    func everyOptionIsTakenOnlyByItsKinds(name: String) throws {
        let filter = try #require(SeedFilter.named(name))
        for (kind, line) in Self.lineOfKind {
            let written = line + " \(name)=not-a-value"
            if !filter.kinds.contains(kind), kind != "search" || filter.elsewhere != nil {
                #expect {
                    try Self.one(written)
                } throws: { error in
                    (error as? SeedError)?.message.contains("\(name)=not-a-value;") == true
                }
            }
        }
    }

    @Test func whatAKindTakesIsListedFromTheTable() {
        #expect {
            try Self.one("playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR regionCode=US")
        } throws: { error in
            (error as? SeedError)?.message.hasSuffix("a playlist seed takes only maxPages=N and comments=yes") == true
        }
        #expect(SeedFilter.forms(of: "comments") == "maxPages=N, order=time|relevance and searchTerms=…")
    }

    @Test func anEmptyFileIsAnError() {
        #expect(throws: SeedError.self) { try SeedsParser.parse("# only comments\n\n", file: "seeds.txt") }
    }
}
