import Foundation
import TestSupport
import Testing

@testable import YouTubeKit

@Suite("SearchQuery validation")
struct SearchQueryValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let pairs: [(String, String)]
        /// The parameter the error must name, or nil when the query is valid.
        let rejected: String?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "plain query", pairs: [("q", "programming")], rejected: nil),
        Case(
            label: "article query",
            pairs: [
                ("q", "programming"), ("regionCode", "US"), ("relevanceLanguage", "en"), ("type", "video"),
                ("order", "relevance"), ("maxResults", "20"),
            ], rejected: nil),
        Case(label: "maxResults 0", pairs: [("maxResults", "0")], rejected: nil),
        Case(label: "maxResults 50", pairs: [("maxResults", "50")], rejected: nil),
        Case(label: "maxResults 51", pairs: [("maxResults", "51")], rejected: "maxResults"),
        Case(label: "maxResults -1", pairs: [("maxResults", "-1")], rejected: "maxResults"),
        Case(label: "maxResults text", pairs: [("maxResults", "ten")], rejected: "maxResults"),
        Case(label: "combined types", pairs: [("type", "video,channel")], rejected: nil),
        Case(label: "unknown type", pairs: [("type", "video,movie")], rejected: "type"),
        Case(label: "every order", pairs: [("order", "videoCount")], rejected: nil),
        Case(label: "bad order", pairs: [("order", "newest")], rejected: "order"),
        Case(
            label: "location with radius and type video",
            pairs: [
                ("type", "video"), ("location", "37.42,-122.08"), ("locationRadius", "10km"),
            ], rejected: nil),
        Case(
            label: "location without radius", pairs: [("type", "video"), ("location", "37.42,-122.08")],
            rejected: "locationRadius"),
        Case(
            label: "radius without location", pairs: [("type", "video"), ("locationRadius", "10km")],
            rejected: "location"),
        Case(
            label: "location without type video", pairs: [("location", "37.42,-122.08"), ("locationRadius", "10km")],
            rejected: "location"),
        Case(
            label: "location with type channel",
            pairs: [
                ("type", "channel"), ("location", "37.42,-122.08"), ("locationRadius", "10km"),
            ], rejected: "location"),
        Case(
            label: "latitude out of range",
            pairs: [("type", "video"), ("location", "91,0"), ("locationRadius", "1km")], rejected: "location"),
        Case(
            label: "longitude out of range",
            pairs: [("type", "video"), ("location", "0,181"), ("locationRadius", "1km")], rejected: "location"),
        Case(label: "malformed location", pairs: [("location", "somewhere")], rejected: "location"),
        Case(
            label: "radius 1000km", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "1000km")],
            rejected: nil),
        Case(
            label: "radius 1001km", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "1001km")],
            rejected: "locationRadius"),
        Case(
            label: "radius 621mi", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "621mi")],
            rejected: nil),
        Case(
            label: "radius 622mi", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "622mi")],
            rejected: "locationRadius"),
        Case(
            label: "radius in feet", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "1500ft")],
            rejected: nil),
        Case(
            label: "radius in meters", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "750m")],
            rejected: nil),
        Case(
            label: "radius zero", pairs: [("type", "video"), ("location", "0,0"), ("locationRadius", "0km")],
            rejected: "locationRadius"),
        Case(label: "radius without unit", pairs: [("locationRadius", "10")], rejected: "locationRadius"),
        Case(label: "radius unknown unit", pairs: [("locationRadius", "10yd")], rejected: "locationRadius"),
        Case(label: "videoDuration needs type video", pairs: [("videoDuration", "short")], rejected: "videoDuration"),
        Case(
            label: "videoDuration with type video", pairs: [("type", "video"), ("videoDuration", "long")], rejected: nil
        ),
        Case(
            label: "eventType needs type video", pairs: [("type", "video,channel"), ("eventType", "live")],
            rejected: "eventType"),
        Case(label: "eventType with type video", pairs: [("type", "video"), ("eventType", "upcoming")], rejected: nil),
        Case(
            label: "videoDefinition needs type video", pairs: [("videoDefinition", "high")], rejected: "videoDefinition"
        ),
        Case(label: "videoDimension 3d", pairs: [("type", "video"), ("videoDimension", "3d")], rejected: nil),
        Case(
            label: "videoLicense needs type video", pairs: [("videoLicense", "creativeCommon")],
            rejected: "videoLicense"),
        Case(label: "videoCaption", pairs: [("type", "video"), ("videoCaption", "closedCaption")], rejected: nil),
        Case(label: "videoEmbeddable true", pairs: [("type", "video"), ("videoEmbeddable", "true")], rejected: nil),
        Case(
            label: "videoEmbeddable false", pairs: [("type", "video"), ("videoEmbeddable", "false")],
            rejected: "videoEmbeddable"),
        Case(
            label: "videoSyndicated needs type video", pairs: [("videoSyndicated", "true")], rejected: "videoSyndicated"
        ),
        Case(label: "videoType episode", pairs: [("type", "video"), ("videoType", "episode")], rejected: nil),
        Case(
            label: "videoPaidProductPlacement", pairs: [("type", "video"), ("videoPaidProductPlacement", "true")],
            rejected: nil),
        Case(label: "videoCategoryId numeric", pairs: [("type", "video"), ("videoCategoryId", "28")], rejected: nil),
        Case(
            label: "videoCategoryId not numeric", pairs: [("type", "video"), ("videoCategoryId", "music")],
            rejected: "videoCategoryId"),
        Case(
            label: "videoCategoryId needs type video", pairs: [("videoCategoryId", "28")], rejected: "videoCategoryId"),
        Case(label: "regionCode US", pairs: [("regionCode", "US")], rejected: nil),
        Case(label: "regionCode lower case", pairs: [("regionCode", "us")], rejected: "regionCode"),
        Case(label: "regionCode unassigned", pairs: [("regionCode", "XX")], rejected: "regionCode"),
        Case(label: "regionCode alpha-3", pairs: [("regionCode", "USA")], rejected: "regionCode"),
        Case(label: "relevanceLanguage en", pairs: [("relevanceLanguage", "en")], rejected: nil),
        Case(label: "relevanceLanguage zh-Hans", pairs: [("relevanceLanguage", "zh-Hans")], rejected: nil),
        Case(
            label: "relevanceLanguage English", pairs: [("relevanceLanguage", "English")], rejected: "relevanceLanguage"
        ),
        Case(
            label: "published window",
            pairs: [
                ("publishedAfter", "2024-01-01T00:00:00Z"), ("publishedBefore", "2024-02-01T00:00:00Z"),
            ], rejected: nil),
        Case(
            label: "published window reversed",
            pairs: [
                ("publishedAfter", "2024-02-01T00:00:00Z"), ("publishedBefore", "2024-01-01T00:00:00Z"),
            ], rejected: "publishedBefore"),
        Case(
            label: "publishedAfter not RFC 3339", pairs: [("publishedAfter", "2024-01-01")], rejected: "publishedAfter"),
        Case(label: "safeSearch strict", pairs: [("safeSearch", "strict")], rejected: nil),
        Case(label: "safeSearch bad", pairs: [("safeSearch", "off")], rejected: "safeSearch"),
        Case(label: "channelId", pairs: [("channelId", "UC_x5XG1OV2P6uZZ5FSM9Ttw")], rejected: nil),
        Case(label: "channelId with a space", pairs: [("channelId", "UC x5")], rejected: "channelId"),
        Case(label: "channelType show", pairs: [("channelType", "show")], rejected: nil),
        Case(
            label: "forMine and forDeveloper",
            pairs: [("type", "video"), ("forMine", "true"), ("forDeveloper", "true")], rejected: "forDeveloper"),
        Case(label: "forDeveloper alone", pairs: [("forDeveloper", "true")], rejected: nil),
        Case(label: "forDeveloper not boolean", pairs: [("forDeveloper", "yes")], rejected: "forDeveloper"),
        Case(label: "pageToken", pairs: [("pageToken", "CAUQAA")], rejected: nil),
        Case(label: "pageToken with slash", pairs: [("pageToken", "CA/UQ")], rejected: "pageToken"),
        Case(label: "topicId", pairs: [("topicId", "/m/04rlf")], rejected: nil),
        Case(label: "unknown parameter", pairs: [("regioncode", "US")], rejected: "regioncode"),
    ]

    @Test("each rule", arguments: cases)
    func rule(_ testCase: Case) {
        do {
            let query = try SearchQuery(parameters: testCase.pairs.map { (name: $0.0, value: $0.1) })
            #expect(testCase.rejected == nil, "expected \(testCase.rejected ?? "") to be rejected")
            _ = try APIRequest.search(query)
        } catch let error as YouTubeError {
            #expect(error.parameter == testCase.rejected, "\(error)")
            #expect(error.disposition == .rejectRequest)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func errorNamesParameterValueAndWhatIsAllowed() {
        var query = SearchQuery("x")
        query.maxResults = 99
        #expect {
            try query.validate()
        } throws: { error in
            "\(error)" == "invalid value \"99\" for parameter maxResults: a whole number from 0 to 50"
        }
    }

    @Test func unknownParameterSuggestsTheNearest() {
        #expect {
            _ = try SearchQuery(parameters: [(name: "relevanceLanguge", value: "en")])
        } throws: { error in
            "\(error)".contains("did you mean relevanceLanguage?")
        }
    }

    @Test func typedInitialiserMatchesTheArticle() throws {
        var query = SearchQuery("programming", type: .video, maxResults: 20)
        query.regionCode = "US"
        query.relevanceLanguage = "en"
        query.order = .relevance
        let request = try APIRequest.search(query)
        #expect(
            request.description
                == "/youtube/v3/search?part=snippet&q=programming&type=video&maxResults=20&order=relevance&regionCode=US&relevanceLanguage=en"
        )
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func everyDiscoveryParameterIsKnownOrDeliberatelyLeftOut() throws {
        let document =
            try JSONSerialization.jsonObject(with: SharedFixtures.data("discovery/youtube.v3.json")) as! [String: Any]
        let resources = document["resources"] as! [String: Any]
        let search = resources["search"] as! [String: Any]
        let methods = search["methods"] as! [String: Any]
        let list = methods["list"] as! [String: Any]
        let parameters = (list["parameters"] as! [String: Any]).keys
        // part is set by the builder; these need OAuth or a content-owner account, which ytcrawl does not use.
        let leftOut: Set = ["part", "forContentOwner", "onBehalfOfContentOwner"]
        for name in parameters where !leftOut.contains(name) {
            #expect(SearchQuery.parameterNames.contains(name), "search.list parameter \(name) is not supported")
        }
        // Every enum value the document lists (bar the *Unspecified placeholders) is accepted.
        let definitions = list["parameters"] as! [String: [String: Any]]
        for (name, definition) in definitions {
            guard let values = definition["enum"] as? [String], SearchQuery.parameterNames.contains(name) else {
                continue
            }
            for value in values where !value.hasSuffix("Unspecified") {
                var query = SearchQuery()
                try query.set(name, to: value)
            }
        }
    }
}
