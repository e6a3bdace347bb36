import Testing
import YouTubeKit

@testable import Crawler

/// A seeds file as editors save it: a byte-order mark, Windows line ends, another encoding,
/// stray control characters, a paste gone wrong, one channel on two lines with different options.
@Suite("Seeds file bytes")
struct SeedsFileBytesTests {
    static func parse(_ bytes: [UInt8]) throws -> [Seed] { try SeedsParser.parse(bytes: bytes, file: "seeds.txt") }

    static func error(_ bytes: [UInt8]) -> SeedError? {
        do {
            _ = try parse(bytes)
            return nil
        } catch let error as SeedError {
            return error
        } catch {
            Issue.record("not a SeedError: \(error)")
            return nil
        }
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreRead() throws {
        let lines = "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR\r\nchannel @GoogleDevelopers\r\n\r\nsearch music\r\n"
        for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            let seeds = try Self.parse(prefix + Array(lines.utf8))
            #expect(seeds.count == 3)
            #expect(seeds[0].target == .playlist("PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"))
            #expect(seeds[1].target == .channel(.handle("@GoogleDevelopers")))
            #expect(seeds[2].lineNumber == 4)
        }
        // Old Mac line ends.
        #expect(try Self.parse(Array("video dQw4w9WgXcQ\rsearch cats".utf8)).count == 2)
    }

    @Test func bytesThatAreNotUTF8AreNamedWithTheirPlace() throws {
        let latin1: [UInt8] = Array("search music\nsearch caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        let error = try #require(Self.error(latin1))
        #expect(error.line == 2 && error.column == 11, "\(error)")
        #expect(error.description.contains("not UTF-8") && error.description.contains("save the seeds file as UTF-8"))
        // A character cut short is an error too; whole multibyte characters are not.
        #expect(Self.error(Array("search café 日本 🎸".utf8)) == nil)
        #expect(Self.error(Array("search ".utf8) + [0xE6, 0x97]) != nil)
    }

    @Test func controlCharactersAndOverlongLinesAreRefused() throws {
        let nul = try #require(Self.error(Array("search a\u{0}b\n".utf8)))
        #expect(nul.line == 1 && nul.column == 9 && nul.message.contains("U+0000"), "\(nul)")
        #expect(Self.error(Array("search\ttabs are spaces\n".utf8)) == nil)
        let long = "search " + String(repeating: "a", count: 200_000)
        let error = try #require(Self.error(Array(long.utf8)))
        #expect(error.message.contains("at most \(SeedsParser.maximumLineBytes) bytes"))
        #expect(error.description.utf8.count < 300, "the line is not echoed back")
    }

    @Test func oneChannelOnTwoLinesWithDifferentOptionsIsAnError() throws {
        let conflicting = "channel @GoogleDevelopers\nchannel @googledevelopers formats=yes comments=yes\n"
        let error = try #require(Self.error(Array(conflicting.utf8)))
        #expect(error.line == 2 && error.message.contains("line 1"), "\(error)")
        #expect(error.message.contains("put every option on one line"))
        let playlists =
            "playlist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR\nplaylist PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR maxPages=2\n"
        #expect(Self.error(Array(playlists.utf8)) != nil)
        // The same line twice, or one channel by id and another by handle, is not an error.
        let same = "channel UC_x5XG1OV2P6uZZ5FSM9Ttw comments=yes\nchannel UC_x5XG1OV2P6uZZ5FSM9Ttw comments=yes\n"
        #expect(try Self.parse(Array(same.utf8)).count == 2)
        #expect(try Self.parse(Array("channel @a\nchannel @b comments=yes\n".utf8)).count == 2)
    }
}
