import Foundation
import TestSupport
import Testing

@testable import YouTubeKit

@Suite("API error bodies and their classification")
struct APIErrorTests {
    static func body(_ code: Int, _ reason: String, status: String? = nil, domain: String = "youtube.quota") -> Data {
        var error: [String: Any] = [
            "code": code, "message": "m",
            "errors": [["domain": domain, "reason": reason, "message": "m"]],
        ]
        if let status { error["status"] = status }
        return try! JSONSerialization.data(withJSONObject: ["error": error])
    }

    static let reasons: [(Int, String, ErrorDisposition)] = [
        (403, "rateLimitExceeded", .retryWithBackoff),
        (403, "userRateLimitExceeded", .retryWithBackoff),
        (500, "backendError", .retryWithBackoff),
        (500, "internalError", .retryWithBackoff),
        (403, "quotaExceeded", .keySpentUntilReset),
        (403, "dailyLimitExceeded", .keySpentUntilReset),
        (400, "keyInvalid", .stopAuthOrConfig),
        (400, "API_KEY_INVALID", .stopAuthOrConfig),
        (403, "accessNotConfigured", .stopAuthOrConfig),
        (403, "forbidden", .stopAuthOrConfig),
        (400, "invalidPageToken", .restartPaging),
        (404, "channelNotFound", .skipSeed),
        (404, "playlistNotFound", .skipSeed),
        (400, "invalidParameter", .rejectRequest),
        (400, "unknownPart", .rejectRequest),
        (400, "someNewReason", .rejectRequest),
        (503, "someNewReason", .retryWithBackoff),
        (429, "someNewReason", .retryWithBackoff),
        (404, "someNewReason", .skipSeed),
        (401, "someNewReason", .stopAuthOrConfig),
    ]

    @Test("classified by reason, then status", arguments: reasons)
    func classify(_ code: Int, _ reason: String, _ expected: ErrorDisposition) throws {
        let parsed = try #require(APIErrorBody.parse(Self.body(code, reason)))
        #expect(parsed.reason == reason)
        #expect(parsed.code == code)
        #expect(parsed.disposition == expected)
        #expect(YouTubeError.api(parsed).isRetryable == (expected == .retryWithBackoff))
    }

    @Test func reasonOutranksStatus() throws {
        // A 403 whose reason says "rate limit" is retried, not treated as forbidden.
        let parsed = try #require(APIErrorBody.parse(Self.body(403, "rateLimitExceeded", status: "PERMISSION_DENIED")))
        #expect(parsed.disposition == .retryWithBackoff)
    }

    @Test func detailsReasonIsUsedWhenErrorsHaveNone() throws {
        let json =
            #"{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#
        let parsed = try #require(APIErrorBody.parse(Data(json.utf8)))
        #expect(parsed.reason == "API_KEY_INVALID")
        #expect(parsed.status == "INVALID_ARGUMENT")
        #expect(parsed.details.first?.type == "type.googleapis.com/google.rpc.ErrorInfo")
        #expect(parsed.disposition == .stopAuthOrConfig)
    }

    @Test func notAnErrorBody() {
        #expect(APIErrorBody.parse(Data(#"{"items":[]}"#.utf8)) == nil)
        #expect(APIErrorBody.parse(Data("not json".utf8)) == nil)
        #expect(APIErrorBody.parse(Data(#"{"error":42}"#.utf8)) == nil)
    }

    @Test func descriptionIsShortAndNamesTheReason() throws {
        let parsed = try #require(APIErrorBody.parse(Self.body(403, "quotaExceeded")))
        #expect(YouTubeError.api(parsed).description == "API error 403 quotaExceeded: m")
    }

    /// Every error body among the shared real-world fixtures, with the disposition it must get.
    static let sharedErrorBodies: [(String, Int?, String?, ErrorDisposition)] = [
        ("api-responses/python-youtube/error_response.json", 400, "keyInvalid", .stopAuthOrConfig),
        ("api-responses/python-youtube/error_permission_resp.json", 403, "SERVICE_UNAVAILABLE", .stopAuthOrConfig),
        (
            "api-responses/joostlek-python-youtube/youtube_not_activated.json", 403, "accessNotConfigured",
            .stopAuthOrConfig
        ),
        ("api-responses/python-youtube/error_response_simple.json", 500, nil, .retryWithBackoff),
        (
            "api-responses/comments/yangfcm-youtube-player/error_403_commentsDisabled.json", 403, "commentsDisabled",
            .skipSeed
        ),
        (
            "api-responses/comments/yangfcm-youtube-player/error_400_missingRequiredParameter_commentThreads.json", 400,
            "missingRequiredParameter", .rejectRequest
        ),
        (
            "api-responses/comments/sns-python-youtube/error_403_permission_denied.json", 403, "SERVICE_UNAVAILABLE",
            .stopAuthOrConfig
        ),
    ]

    @Test(
        "shared fixture error bodies", .enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent),
        arguments: sharedErrorBodies)
    func sharedFixture(_ path: String, _ code: Int?, _ reason: String?, _ expected: ErrorDisposition) throws {
        // The synthetic {"error": "text"} body has no code: it takes the HTTP status it came with.
        let parsed = try #require(APIErrorBody.parse(SharedFixtures.data(path), httpStatus: 500))
        #expect(parsed.code == code)
        #expect(parsed.reason == reason)
        #expect(parsed.disposition == expected)
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent))
    func everySharedBodyWithAnErrorMemberIsListed() throws {
        let listed = Set(Self.sharedErrorBodies.map(\.0))
        for path in SharedFixtures.apiResponses(includingComments: true) {
            let isError = APIErrorBody.parse(try SharedFixtures.data(path)) != nil
            #expect(isError == listed.contains(path), "\(path)")
        }
    }
}
