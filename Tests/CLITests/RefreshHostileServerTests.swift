import Foundation
import TestSupport
import Testing

/// `ytcrawl refresh` against a scripted hostile server: counts that are not counts and a duration
/// that is not one make a malformed page — retried, then its ids left for a later run — never a
/// line with status `ok` and null counts. A count the API leaves out (hidden likes) stays null.
@Suite("ytcrawl refresh against a hostile server")
struct RefreshHostileServerTests {
    /// `statistics` and `duration` of the first video of each attempt, one kind of garbage each;
    /// after them, honest answers (likes hidden).
    static let garbage: [(statistics: String, duration: String)] = [
        (#"{"viewCount":"abc","likeCount":"1","commentCount":"2"}"#, #""PT1M""#),
        (#"{"viewCount":"10","likeCount":{},"commentCount":"2"}"#, #""PT1M""#),
        (#"{"viewCount":1e308,"likeCount":"1","commentCount":"2"}"#, #""PT1M""#),
        (#"{"viewCount":"10","likeCount":"1","commentCount":"-5"}"#, #""PT1M""#),
        (#"{"viewCount":-5,"likeCount":"1","commentCount":"2"}"#, #""PT1M""#),
        (#"{"viewCount":"10","likeCount":"1","commentCount":"2"}"#, #""one minute""#),
    ]

    static func body(_ number: Int, _ target: String) -> (status: Int, body: [UInt8]) {
        let query = target.split(separator: "?").last.map(String.init) ?? ""
        let ids =
            query.split(separator: "&").first { $0.hasPrefix("id=") }.map {
                $0.dropFirst(3).removingPercentEncoding ?? ""
            }?.split(separator: ",").map(String.init) ?? []
        let items = ids.enumerated().map { index, id in
            var (statistics, duration) = (#"{"viewCount":"100","commentCount":"3"}"#, #""PT1M""#)
            if index == 0, number < garbage.count { (statistics, duration) = garbage[number] }
            return
                #"{"kind":"youtube#videoStats","id":"\#(id)","statistics":\#(statistics),"contentDetails":{"duration":\#(duration)}}"#
        }
        let body = #"{"kind":"youtube#batchGetStatsResponse","items":[\#(items.joined(separator: ","))]}"#
        return (200, Array(body.utf8))
    }

    @Test func garbageCountsAreAMalformedPageRetriedThenLeftForALaterRun() async throws {
        let server = try MisbehavingServer(.scripted(Self.body))
        let out = CrawlCommandTests.temporary("refresh-hostile")
        let ids = out + "-ids.txt"
        defer { for path in [out, ids, out + "-st"] { try? FileManager.default.removeItem(atPath: path) } }
        try "dQw4w9WgXcQ\n9bZkp7q19f0\n".write(toFile: ids, atomically: true, encoding: .utf8)
        let arguments = [
            "refresh", out, "--ids", ids, "--budget", "50", "--api-base", server.baseURL, "--state-dir", out + "-st",
            "--progress", "never", "--retries", "\(Self.garbage.count - 1)",
        ]
        let environment = ["YOUTUBE_API_KEY": "k-hostile"]
        let hostile = try await CLIRunner.run(arguments, environment: environment)
        #expect(hostile.status == 4, "incomplete: \(hostile.stderr)")
        #expect(server.requestsReceived == Self.garbage.count, "each kind of garbage was one attempt")
        let written = try RefreshCommandTests.snapshots(out).flatMap { try RefreshCommandTests.rows($0) }
        #expect(written.isEmpty, "nothing of a malformed page is written: \(written)")

        let rerun = try await CLIRunner.run(arguments, environment: environment)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let rows = try RefreshCommandTests.snapshots(out).flatMap { try RefreshCommandTests.rows($0) }
        #expect(rows.count == 2, "\(rows)")
        for row in rows {
            #expect(row["status"] as? String == "ok")
            #expect(row["viewCount"] as? Int == 100 && row["commentCount"] as? Int == 3)
            #expect(row["likeCount"] is NSNull, "hidden likes stay null")
            #expect(row["duration"] as? String == "PT1M")
        }
    }
}
