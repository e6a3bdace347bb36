import StreamingJSON
import Testing
import YouTubeKit

/// A count that is not a whole number of zero or more, or a duration that is not ISO 8601, makes
/// the page malformed (``PageValueError``) instead of a `null` that reads as "hidden"; a count the
/// API leaves out, or sends as `null`, stays `nil`.
@Suite("Counts and durations that are not")
struct MalformedValueTests {
    static func videos(statistics: String, duration: String = #""PT1M""#) -> [UInt8] {
        Array(
            #"{"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"abcdefghijk","contentDetails":{"duration":\#(duration)},"statistics":\#(statistics)}]}"#
                .utf8)
    }

    static let notCounts = [
        #""abc""#, "{}", "[]", "1e308", "-5", #""-5""#, "1.5", #""1.5""#, #""""#, "true", #""1e3""#,
        #""99999999999999999999999""#,
    ]

    @Test(arguments: notCounts)
    func aVideoCountThatIsNotOneMakesThePageMalformed(value: String) {
        for field in ["viewCount", "likeCount", "commentCount"] {
            let error = #expect(throws: PageValueError.self, "\(field): \(value)") {
                try PageDecoder.decode(Self.videos(statistics: #"{"\#(field)":\#(value)}"#), endpoint: .videos)
            }
            #expect(error?.field == "statistics.\(field)")
            #expect(error?.item == 0)
        }
        #expect(throws: PageValueError.self, "detected from kind too") {
            try PageDecoder.decode(Self.videos(statistics: #"{"viewCount":\#(value)}"#))
        }
    }

    @Test(arguments: notCounts)
    func aChannelCountThatIsNotOneMakesThePageMalformed(value: String) {
        let body = Array(
            #"{"kind":"youtube#channelListResponse","items":[{"kind":"youtube#channel","id":"UCabcdefghijklmnopqrstuv","statistics":{"subscriberCount":\#(value)}}]}"#
                .utf8)
        #expect(throws: PageValueError.self) { try PageDecoder.decode(body, endpoint: .channels) }
    }

    @Test(arguments: [#""one minute""#, #""PT""#, #""1M""#, #""""#, "60", "{}", "true"])
    func aDurationThatIsNotOneMakesThePageMalformed(value: String) {
        let error = #expect(throws: PageValueError.self) {
            try PageDecoder.decode(Self.videos(statistics: #"{"viewCount":"1"}"#, duration: value), endpoint: .videos)
        }
        #expect(error?.field == "contentDetails.duration")
        #expect(error?.description.contains("ISO 8601") == true)
    }

    @Test func hiddenCountsStayNullAndWholeNumbersAreRead() throws {
        let body = Self.videos(statistics: #"{"viewCount":"5","likeCount":null,"commentCount":7}"#, duration: #""P0D""#)
        let (records, _) = try PageDecoder.decode(body, endpoint: .videos)
        guard case .video(let video)? = records.first else {
            Issue.record("no video")
            return
        }
        #expect(video.viewCount == 5 && video.likeCount == nil && video.commentCount == 7)
        #expect(video.duration == "P0D" && video.durationSeconds == 0)
        let (omitted, _) = try PageDecoder.decode(Self.videos(statistics: #"{"viewCount":"0"}"#), endpoint: .videos)
        guard case .video(let hidden)? = omitted.first else {
            Issue.record("no video")
            return
        }
        #expect(hidden.viewCount == 0 && hidden.likeCount == nil && hidden.commentCount == nil)
    }

    /// What a message shows of a hostile value: quoted, short, no control characters.
    @Test func theErrorShowsAShortEscapedPrefix() {
        let value = #""\u001b[2J"# + String(repeating: "x", count: 100) + #"""#
        let error = #expect(throws: PageValueError.self) {
            try PageDecoder.decode(Self.videos(statistics: #"{"viewCount":\#(value)}"#), endpoint: .videos)
        }
        let text = error?.description ?? ""
        #expect(!text.contains("\u{1B}") && text.contains("…") && text.count < 160, "\(text)")
    }
}
