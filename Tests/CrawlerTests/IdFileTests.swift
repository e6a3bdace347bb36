import Testing
import YouTubeKit

@testable import Crawler

/// What a line of an ids file says, for each kind of id.
@Suite("Ids files")
struct IdFileTests {
    @Test(arguments: [
        ("dQw4w9WgXcQ", IdFile.Line.id("dQw4w9WgXcQ")),
        ("\u{FEFF}dQw4w9WgXcQ", .id("dQw4w9WgXcQ")),
        ("  dQw4w9WgXcQ\t # a comment", .id("dQw4w9WgXcQ")),
        ("dQw4w9WgXcQ\r", .id("dQw4w9WgXcQ")),
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s", .id("dQw4w9WgXcQ")),
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=30", .id("dQw4w9WgXcQ")),
        ("youtu.be/dQw4w9WgXcQ", .id("dQw4w9WgXcQ")),
        ("https://m.youtube.com/shorts/dQw4w9WgXcQ", .id("dQw4w9WgXcQ")),
        ("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3", .id("dQw4w9WgXcQ")),
        ("# only a comment", .empty), ("   ", .empty), ("", .empty),
        ("dQw4w9WgXc", .invalid), ("not an id at all", .invalid), ("https://example.com/watch?v=dQw4w9WgXcQ", .invalid),
    ])
    func videoLines(_ line: String, _ expected: IdFile.Line) {
        #expect(IdFile.parse(Substring(line), kind: .video) == expected, "\(line)")
    }

    @Test func channelAndPlaylistLines() {
        #expect(IdFile.parse("UC_x5XG1OV2P6uZZ5FSM9Ttw", kind: .channel) == .id("UC_x5XG1OV2P6uZZ5FSM9Ttw"))
        #expect(
            IdFile.parse("https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw", kind: .channel)
                == .id("UC_x5XG1OV2P6uZZ5FSM9Ttw"))
        // A handle needs a lookup of its own (forHandle, 1 unit each): not an id.
        #expect(IdFile.parse("@GoogleDevelopers", kind: .channel) == .invalid)
        #expect(IdFile.parse("dQw4w9WgXcQ", kind: .channel) == .invalid)
        #expect(
            IdFile.parse("https://www.youtube.com/playlist?list=PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR", kind: .playlist)
                == .id("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"))
        // A video watched within a playlist: the playlist, when playlists are asked for.
        let watched = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR&index=2"
        #expect(IdFile.parse(Substring(watched), kind: .playlist) == .id("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"))
        #expect(IdFile.parse(Substring(watched), kind: .video) == .id("dQw4w9WgXcQ"))
        #expect(IdFile.parse("https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL", kind: .playlist) == .invalid)
    }

    @Test(arguments: [
        ("UgzDE2tasfmrYLyNkGt4AaABAg", IdFile.Line.id("UgzDE2tasfmrYLyNkGt4AaABAg")),
        ("UgzDE2tasfmrYLyNkGt4AaABAg.8wWQ8fXyTJp9xQ", .id("UgzDE2tasfmrYLyNkGt4AaABAg.8wWQ8fXyTJp9xQ")),
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&lc=UgzDE2tasfmrYLyNkGt4AaABAg",
            .id("UgzDE2tasfmrYLyNkGt4AaABAg")
        ),
        (
            "https://youtu.be/dQw4w9WgXcQ?lc=UgzDE2tasfmrYLyNkGt4AaABAg.8wWQ8fXyTJp9xQ#x",
            .id("UgzDE2tasfmrYLyNkGt4AaABAg.8wWQ8fXyTJp9xQ")
        ),
        ("UgzDE2tasfmrYLyNkGt4AaABAg  # quoted in the paper", .id("UgzDE2tasfmrYLyNkGt4AaABAg")),
        // Too short, an empty or short reply part, three parts, a video id, a link without lc=.
        ("Ugz.short", .invalid), ("UgzDE2tasfmrYLyNkGt4AaABAg.", .invalid),
        ("UgzDE2tasfmrYLyNkGt4AaABAg.abc", .invalid),
        ("UgzDE2tasfmrYLyNkGt4AaABAg.8wWQ8fXyTJp9xQ.8wWQ8fXyTJp9xQ", .invalid), ("dQw4w9WgXcQ", .invalid),
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", .invalid), ("Ugz DE2tasfmrYLyNkGt4AaABAg", .invalid),
    ])
    func commentLines(_ line: String, _ expected: IdFile.Line) {
        #expect(IdFile.parse(Substring(line), kind: .comment) == expected, "\(line)")
    }
}
