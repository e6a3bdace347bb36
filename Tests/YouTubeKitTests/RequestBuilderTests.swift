import Foundation
import Testing

@testable import YouTubeKit

@Suite("Request builders and URL encoding")
struct RequestBuilderTests {
    static let awkwardTexts = [
        "c++ & \"rust\" ünïcode", "a+b=c", "100% sure?", "#hashtag / slash", "emoji 🎸🔥", "日本語のテスト",
        "ملف عربي", "tab\tnew\nline", "~tilde_under-dot.", "", "semi;colon,comma", "'quote' <tag>",
    ]

    @Test("query values round-trip through the URL", arguments: awkwardTexts)
    func roundTrip(_ text: String) throws {
        let request = try APIRequest.search(SearchQuery(text))
        let url = request.urlString(base: "http://127.0.0.1:8080")
        let components = try #require(URLComponents(string: url))
        #expect(components.queryItems?.first { $0.name == "q" }?.value == text)
        let query = try #require(url.split(separator: "?", maxSplits: 1).last)
        let pairs = try #require(PercentEncoding.parseQuery(query))
        #expect(pairs.first { $0.name == "q" }?.value == text)
        // Only unreserved characters and escapes appear in the query.
        #expect(query.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%=&".contains($0)) })
    }

    @Test func spaceIsPercentTwentyAndPlusIsEscaped() {
        #expect(PercentEncoding.encode("a b+c") == "a%20b%2Bc")
        #expect(PercentEncoding.decode("a+b%2Bc") == "a b+c")
        #expect(PercentEncoding.decode("bad%2") == nil)
        #expect(PercentEncoding.decode("%FF") == nil)
    }

    @Test func baseURLWithTrailingSlashAndPrefix() throws {
        let request = try APIRequest.videos(ids: ["dQw4w9WgXcQ"])
        #expect(
            request.urlString(base: "http://127.0.0.1:41234/")
                == "http://127.0.0.1:41234/youtube/v3/videos?part=snippet%2CcontentDetails%2Cstatistics%2Cstatus%2CtopicDetails%2CrecordingDetails%2CliveStreamingDetails%2CpaidProductPlacementDetails&id=dQw4w9WgXcQ"
        )
        #expect(request.urlString().hasPrefix("https://www.googleapis.com/youtube/v3/videos?"))
    }

    @Test func channelLookups() throws {
        #expect(try APIRequest.channels(.handle("GoogleDevelopers"))["forHandle"] == "@GoogleDevelopers")
        #expect(try APIRequest.channels(.handle("@GoogleDevelopers"))["forHandle"] == "@GoogleDevelopers")
        #expect(try APIRequest.channels(.username("GoogleDevelopers"))["forUsername"] == "GoogleDevelopers")
        let byIds = try APIRequest.channels(.ids(["UC_x5XG1OV2P6uZZ5FSM9Ttw", "UCVHFbqXqoYvEWM1Ddxl0QDg"]))
        #expect(byIds["id"] == "UC_x5XG1OV2P6uZZ5FSM9Ttw,UCVHFbqXqoYvEWM1Ddxl0QDg")
        #expect(byIds["part"] == "snippet,contentDetails,statistics,status,topicDetails,brandingSettings")
        #expect(throws: YouTubeError.self) { try APIRequest.channels(.handle("@")) }
        #expect(throws: YouTubeError.self) { try APIRequest.channels(.ids([])) }
        #expect(throws: YouTubeError.self) { try APIRequest.channels(.username("")) }
    }

    @Test("videos.list takes 1 to 50 ids", arguments: [0, 1, 50, 51])
    func videoIdCount(_ count: Int) {
        let ids = (0..<count).map { String(format: "vid%08d", $0) }
        let result = Result { try APIRequest.videos(ids: ids) }
        switch result {
        case .success(let request):
            #expect((1...50).contains(count))
            #expect(request["id"]?.split(separator: ",").count == count)
        case .failure(let error):
            #expect(!(1...50).contains(count))
            #expect((error as? YouTubeError)?.parameter == "id")
        }
    }

    @Test func playlistItemsAndPlaylists() throws {
        let items = try APIRequest.playlistItems(playlistId: "UU_x5XG1OV2P6uZZ5FSM9Ttw", pageToken: "EAAaBlBUOkNESQ")
        #expect(
            items.description
                == "/youtube/v3/playlistItems?part=snippet%2CcontentDetails&playlistId=UU_x5XG1OV2P6uZZ5FSM9Ttw&maxResults=50&pageToken=EAAaBlBUOkNESQ"
        )
        #expect(throws: YouTubeError.self) { try APIRequest.playlistItems(playlistId: "PL bad") }
        #expect(throws: YouTubeError.self) { try APIRequest.playlistItems(playlistId: "PLx", maxResults: 51) }
        let playlists = try APIRequest.playlists(.channel("UC_x5XG1OV2P6uZZ5FSM9Ttw"), maxResults: 50)
        #expect(playlists["channelId"] == "UC_x5XG1OV2P6uZZ5FSM9Ttw")
        #expect(playlists["maxResults"] == "50")
    }

    @Test func settingReplacesAndRemoves() throws {
        let request = try APIRequest.search(SearchQuery("a"))
        #expect(request.setting("pageToken", to: "T1")["pageToken"] == "T1")
        #expect(request.setting("pageToken", to: "T1").setting("pageToken", to: "T2")["pageToken"] == "T2")
        #expect(request.setting("q", to: nil)["q"] == nil)
    }
}
