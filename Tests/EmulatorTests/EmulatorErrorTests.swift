import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

@Suite("Emulator errors, quota and faults")
struct EmulatorErrorTests {
    static let errorCases: [(String, Int, String)] = [
        ("/youtube/v3/search?q=x", 400, "required"),
        ("/youtube/v3/search?part=snippet,statistics&q=x", 400, "unknownPart"),
        ("/youtube/v3/search?part=snippet&maxResults=51", 400, "invalidParameter"),
        ("/youtube/v3/search?part=snippet&videoDuration=short", 400, "invalidSearchFilter"),
        ("/youtube/v3/search?part=snippet&type=video&location=37.42,-122.08", 400, "invalidParameter"),
        ("/youtube/v3/search?part=snippet&pageToken=CAAAAAAAAAAAAAAAA", 400, "invalidPageToken"),
        ("/youtube/v3/search?part=snippet&bogus=1", 400, "badRequest"),
        ("/youtube/v3/videos?part=snippet", 400, "missingRequiredParameter"),
        ("/youtube/v3/videos?part=snippet,fileDetailz&id=abc", 400, "unknownPart"),
        ("/youtube/v3/playlistItems?part=snippet", 400, "required"),
        ("/youtube/v3/playlistItems?part=snippet&playlistId=UUx&maxResults=-1", 400, "invalidParameter"),
        ("/youtube/v3/activities?part=snippet", 404, "notFound"),
        ("/youtube/v3/comments?part=snippet", 400, "missingRequiredParameter"),
        ("/youtube/v3/videos?part=snippet&id=abc&alt=xml", 400, "invalidParameter"),
        ("/youtube/v3/videos?part=snippet&id=abc&fields=items(id", 400, "badRequest"),
    ]

    @Test("Google error bodies", arguments: errorCases)
    func errorBody(_ target: String, _ status: Int, _ reason: String) throws {
        let emulator = try EmulatorHarness()
        let response = try emulator.get(target)
        #expect(response.status == status, "\(target): \(response.text)")
        let (_, summary) = try PageDecoder.decode(response.body, httpStatus: response.status)
        #expect(summary.error?.reason == reason, "\(target)")
        #expect(summary.error?.code == status)
    }

    @Test func tamperedTokenIsRefused() throws {
        let emulator = try EmulatorHarness()
        let (_, page) = try emulator.json("/youtube/v3/search?part=snippet&q=music&maxResults=2")
        var token = Array(try #require(page["nextPageToken"]?.string).utf8)
        token[9] = token[9] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let (status, body) = try emulator.json(
            "/youtube/v3/search?part=snippet&q=music&maxResults=2&pageToken=\(String(decoding: token, as: UTF8.self))")
        #expect(status == 400)
        #expect(body.errorReason == "invalidPageToken")
        // A token is bound to its query.
        let (otherStatus, _) = try emulator.json(
            "/youtube/v3/search?part=snippet&q=cooking&maxResults=2&pageToken=\(page["nextPageToken"]!.string!)")
        #expect(otherStatus == 400)
    }

    @Test func keysAreRequiredAndChecked() throws {
        let emulator = try EmulatorHarness()
        let (missingStatus, missing) = try emulator.json("/youtube/v3/videos?part=id&id=abc", key: nil)
        #expect(missingStatus == 403)
        #expect(missing.errorReason == "forbidden")
        let (badStatus, bad) = try emulator.json("/youtube/v3/videos?part=id&id=abc", key: "wrong")
        #expect(badStatus == 400)
        #expect(bad.errorReason == "keyInvalid")
        let (queryStatus, _) = try emulator.json(
            "/youtube/v3/videos?part=id&id=abc&key=\(EmulatorHarness.key)", key: nil)
        #expect(queryStatus == 200)
    }

    @Test func quotaIsSpentThenResetsAtPacificMidnight() throws {
        // 2026-03-08 is the 23-hour day of the spring change: its midnight is 07:00 UTC on the 9th.
        let clock = ManualClock(epochSeconds: RFC3339.parseSeconds("2026-03-08T20:00:00Z")!)
        let emulator = try EmulatorHarness {
            $0.dailyUnits = 3
            $0.dailySearches = 2
            $0.clock = { clock.utcSeconds }
        }
        let id = emulator.server.truthVideos()[0].videoId
        for _ in 0..<3 { #expect(try emulator.get("/youtube/v3/videos?part=id&id=\(id)").status == 200) }
        let (status, body) = try emulator.json("/youtube/v3/videos?part=id&id=\(id)")
        #expect(status == 403)
        #expect(body.errorReason == "quotaExceeded")
        #expect(APIErrorBody.parse(Data(body.render(pretty: false)))?.disposition == .keySpentUntilReset)
        // Searches have their own bucket in the default model.
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 200)
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 200)
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 403)
        #expect(emulator.server.quotaUsed(key: EmulatorHarness.key) == QuotaCounts(units: 3, searches: 2))
        clock.advance(toUTC: RFC3339.parseSeconds("2026-03-09T06:59:59Z")!)
        #expect(try emulator.get("/youtube/v3/videos?part=id&id=\(id)").status == 403)
        clock.advance(toUTC: RFC3339.parseSeconds("2026-03-09T07:00:00Z")!)
        #expect(try emulator.get("/youtube/v3/videos?part=id&id=\(id)").status == 200)
    }

    @Test func classicModelChargesSearchAHundredUnits() throws {
        let emulator = try EmulatorHarness {
            $0.quotaModel = .classic
            $0.dailyUnits = 250
        }
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 200)
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 200)
        #expect(try emulator.get("/youtube/v3/search?part=snippet&q=x").status == 403)
        #expect(emulator.server.quotaUsed(key: EmulatorHarness.key).units == 200)
    }

    @Test func rateLimitAnswersRateLimitExceeded() throws {
        let clock = ManualClock(epochSeconds: 1_800_000_000)
        let emulator = try EmulatorHarness {
            $0.rpsLimit = 2
            $0.clock = { clock.utcSeconds }
        }
        let statuses = try (0..<4).map { _ in try emulator.json("/youtube/v3/videos?part=id&id=abc") }
        #expect(statuses.map(\.0) == [200, 200, 403, 403])
        #expect(statuses[2].1.errorReason == "rateLimitExceeded")
        clock.advance(toUTC: 1_800_000_001)
        #expect(try emulator.get("/youtube/v3/videos?part=id&id=abc").status == 200)
    }

    @Test("each fault kind", arguments: FaultKind.allCases)
    func fault(_ kind: FaultKind) throws {
        let emulator = try EmulatorHarness {
            $0.faultRate = 1
            $0.faults = [kind]
            $0.slowMilliseconds = 300
        }
        let target = "/youtube/v3/channels?part=snippet&id=\(emulator.server.channelIds[0])"
        let started = ContinuousClock.now
        switch kind {
        case .http500, .http503, .http429, .rateLimit:
            let response = try emulator.get(target)
            let expected = ["500": 500, "503": 503, "429": 429, "rateLimit": 403][kind.rawValue]
            #expect(response.status == expected)
            let disposition = APIErrorBody.parse(Data(response.body), httpStatus: response.status)?.disposition
            #expect(disposition == .retryWithBackoff)
        case .reset:
            #expect(throws: LoopbackHTTPClient.Failure.closedBeforeResponse) { try emulator.get(target) }
        case .truncate:
            #expect {
                try emulator.get(target)
            } throws: { error in
                if case .truncatedBody(let expected, let received)? = error as? LoopbackHTTPClient.Failure {
                    return received < expected
                }
                return false
            }
        case .garbage:
            let response = try emulator.get(target)
            #expect(response.status == 200)
            #expect(throws: JSONError.self) { try PageDecoder.decode(response.body) }
        case .slow:
            let response = try emulator.get(target)
            #expect(response.status == 200)
            #expect(ContinuousClock.now - started >= .milliseconds(300))
        }
    }

    @Test func faultsAreDeterministicAndLeaveLaterResponsesAlone() throws {
        func statuses(rate: Double) throws -> ([Int], [[UInt8]]) {
            let emulator = try EmulatorHarness {
                $0.faultRate = rate
                $0.faults = [.http500, .http503]
            }
            var codes: [Int] = []
            var bodies: [[UInt8]] = []
            for index in 0..<40 {
                let response = try emulator.get(
                    "/youtube/v3/channels?part=snippet&id=\(emulator.server.channelIds[index % 12])")
                codes.append(response.status)
                if response.status == 200 { bodies.append(response.body) }
            }
            return (codes, bodies)
        }
        let first = try statuses(rate: 0.3)
        let second = try statuses(rate: 0.3)
        #expect(first.0 == second.0, "same seed, same request sequence, same faults")
        #expect(first.0.contains(500) || first.0.contains(503))
        #expect(first.0.contains(200))
        let clean = try statuses(rate: 0)
        // Every successful response is the one a fault-free emulator gives at the same position.
        var cleanIndex = 0
        var faultyIndex = 0
        for (position, status) in first.0.enumerated() {
            if status == 200 {
                let cleanBodyIndex = first.0[..<position].count  // every clean request succeeds
                #expect(first.1[faultyIndex] == clean.1[cleanBodyIndex])
                faultyIndex += 1
            }
            cleanIndex += 1
        }
    }
}
