import Foundation
import Testing

@testable import YouTubeKit

@Suite("Video and Channel models")
struct VideoModelTests {
    @Test func embedURL() {
        let video = Video(videoId: "dQw4w9WgXcQ")
        #expect(video.embedURL.absoluteString == "https://www.youtube.com/embed/dQw4w9WgXcQ")
        #expect(video.watchURL.absoluteString == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    }

    @Test func newestFirstWithMissingDatesLastAndStableTies() {
        let day: TimeInterval = 86_400
        let videos = [
            Video(videoId: "b", publishedAt: Date(timeIntervalSince1970: day)),
            Video(videoId: "nodate"),
            Video(videoId: "c", publishedAt: Date(timeIntervalSince1970: 3 * day)),
            Video(videoId: "a", publishedAt: Date(timeIntervalSince1970: day)),
        ]
        #expect(videos.sortedByDate().map(\.videoId) == ["c", "a", "b", "nodate"])
    }

    @Test func preferredThumbnailIsHighElseLargest() {
        let all = Thumbnails([
            ("default", Thumbnail(url: "d", width: 120, height: 90)),
            ("high", Thumbnail(url: "h", width: 480, height: 360)),
            ("maxres", Thumbnail(url: "m", width: 1280, height: 720)),
        ])
        #expect(all.preferred?.url == "h")
        let noHigh = Thumbnails([
            ("default", Thumbnail(url: "d", width: 120, height: 90)),
            ("medium", Thumbnail(url: "m", width: 320, height: 180)),
        ])
        #expect(noHigh.preferred?.url == "m")
        let noSizes = Thumbnails([("default", Thumbnail(url: "d")), ("standard", Thumbnail(url: "s"))])
        #expect(noSizes.preferred?.url == "s")
        #expect(Thumbnails().preferred == nil)
        #expect(Video(videoId: "x", thumbnails: all).thumbnailUrl == "h")
    }

    @Test func uploadsPlaylistDerivedFromChannelId() {
        #expect(Channel(channelId: "UC_x5XG1OV2P6uZZ5FSM9Ttw").derivedUploadsPlaylistId == "UU_x5XG1OV2P6uZZ5FSM9Ttw")
        #expect(Channel(channelId: "HCxyz").derivedUploadsPlaylistId == nil)
        #expect(Channel(channelId: "UCa", uploadsPlaylistId: "UUother").derivedUploadsPlaylistId == "UUother")
    }
}
