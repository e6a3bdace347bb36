import Archive
import Emulator
import Foundation
import StreamingJSON
import Synchronization
import TestSupport
import Testing
import TransportCore

@testable import Crawler
@testable import YouTubeKit

/// Servers that page forever or mislead the crawl's paging, played in process: each mode ends
/// within a handful of calls, with a warning, instead of spending the day's quota.
@Suite("Hostile paging")
struct HostilePagingTests {
    /// Requests of each method a hostile server answered.
    final class Calls: Sendable {
        private let counts = Mutex<[String: Int]>([:])
        func add(_ method: String) { counts.withLock { $0[method, default: 0] += 1 } }
        subscript(_ method: String) -> Int { counts.withLock { $0[method] ?? 0 } }
    }

    static func parameter(_ name: String, in url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    static func reply(_ text: String) -> InProcessTransport.Answer {
        .reply(status: 200, headers: ["content-type": "application/json"], body: Array(text.utf8))
    }

    static func comment(_ id: String, video: String = "dQw4w9WgXcQ", parent: String? = nil, text: String = "hi")
        -> String
    {
        let parentMember = parent.map { #","parentId":"\#($0)""# } ?? ""
        return #"""
            {"kind":"youtube#comment","id":"\#(id)","snippet":{"channelId":"UCaaaaaaaaaaaaaaaaaaaaaa","videoId":"\#(video)","textDisplay":"\#(text)","authorDisplayName":"@someone","authorChannelId":{"value":"UCbbbbbbbbbbbbbbbbbbbbbb"},"likeCount":1\#(parentMember),"publishedAt":"2024-01-01T00:00:00Z","updatedAt":"2024-01-01T00:00:00Z"}}
            """#
    }

    static func threads(_ ids: [String], replies: Int = 0, next: String?) -> String {
        let items = ids.map {
            #"{"kind":"youtube#commentThread","id":"\#($0)","snippet":{"videoId":"dQw4w9WgXcQ","topLevelComment":\#(comment($0)),"totalReplyCount":\#(replies)}}"#
        }
        let token = next.map { #""nextPageToken":"\#($0)","# } ?? ""
        return #"{"kind":"youtube#commentThreadListResponse",\#(token)"items":[\#(items.joined(separator: ","))]}"#
    }

    static func replies(_ ids: [String], parent: String, next: String?) -> String {
        let items = ids.map { comment(parent + "." + $0, parent: parent) }
        let token = next.map { #""nextPageToken":"\#($0)","# } ?? ""
        return #"{"kind":"youtube#commentListResponse",\#(token)"items":[\#(items.joined(separator: ","))]}"#
    }

    /// A comments crawl of one video against `server`; returns the summary and what it logged.
    static func crawl(
        _ seeds: String, budget: Int = 1000, configure: (inout CrawlConfiguration) -> Void = { _ in },
        server: @escaping @Sendable (HTTPRequest) -> InProcessTransport.Answer
    ) async throws -> (CrawlSummary, [String], EngineCrawlTests.Run) {
        let run = EngineCrawlTests.Run()
        let log = Mutex<[String]>([])
        let summary = try await run.crawl(
            InProcessTransport(handler: server), seeds: seeds, budget: budget,
            log: { line in log.withLock { $0.append(line) } }, configure: configure)
        return (summary, log.withLock { $0 }, run)
    }

    @Test func aTokenCycleOfCommentThreadsEndsOnTheRepeatedPage() async throws {
        let calls = Calls()
        let (summary, log, run) = try await Self.crawl("comments dQw4w9WgXcQ\n") { request in
            let url = request.url
            calls.add("commentThreads")
            switch Self.parameter("pageToken", in: url) {
            case nil: return Self.reply(Self.threads(["Ug1"], next: "A"))
            case "A": return Self.reply(Self.threads(["Ug2"], next: "B"))
            default: return Self.reply(Self.threads(["Ug1"], next: "A"))  // B: the first page again
            }
        }
        defer { run.remove() }
        #expect(calls["commentThreads"] <= 4, "\(calls["commentThreads"]) calls")
        #expect(summary.commentsWritten == 2)
        #expect(summary.ending == .completed)
        #expect(log.contains { $0.contains("a page repeated one already read") }, "\(log)")
    }

    @Test func aPageRepeatedUnderFreshTokensEnds() async throws {
        let calls = Calls()
        let (summary, log, run) = try await Self.crawl("comments dQw4w9WgXcQ\n") { request in
            let url = request.url
            calls.add("commentThreads")
            let token = Self.parameter("pageToken", in: url) ?? "t0"
            return Self.reply(Self.threads(["Ug1", "Ug2"], next: token + "x"))
        }
        defer { run.remove() }
        #expect(calls["commentThreads"] == 2, "\(calls["commentThreads"]) calls")
        #expect(summary.commentsWritten == 2)
        #expect(log.contains { $0.contains("a page repeated one already read") }, "\(log)")
    }

    @Test func replyPagingEndsOnACycleAndOnTheCountItPromised() async throws {
        // Thread Ug1 promises 150 replies and cycles its reply tokens; thread Ug2 promises 10^9
        // replies and sends new ones forever; `--max-comment-pages 3` caps both.
        let calls = Calls()
        let (summary, log, run) = try await Self.crawl(
            "comments dQw4w9WgXcQ\n", configure: { $0.selection.maxCommentPages = 3 }
        ) { request in
            let url = request.url
            if url.contains("/commentThreads") {
                calls.add("commentThreads")
                let first = Self.threads(["Ug1"], replies: 150, next: nil)
                return Self.reply(first)
            }
            calls.add("comments")
            let token = Self.parameter("pageToken", in: url)
            switch token {
            case nil: return Self.reply(Self.replies(["r1", "r2"], parent: "Ug1", next: "A"))
            case "A": return Self.reply(Self.replies(["r3"], parent: "Ug1", next: "B"))
            default: return Self.reply(Self.replies(["r1", "r2"], parent: "Ug1", next: "A"))
            }
        }
        defer { run.remove() }
        #expect(calls["comments"] <= 3, "\(calls["comments"]) reply calls")
        #expect(summary.commentsWritten == 4)
        #expect(log.contains { $0.contains("these replies end here") }, "\(log)")

        let endless = Calls()
        let (_, _, second) = try await Self.crawl(
            "comments dQw4w9WgXcQ\n", configure: { $0.selection.maxCommentPages = 3 }
        ) {
            request in
            let url = request.url
            if url.contains("/commentThreads") {
                return Self.reply(Self.threads(["Ug2"], replies: 1_000_000_000, next: nil))
            }
            endless.add("comments")
            let page = Int(Self.parameter("pageToken", in: url) ?? "0") ?? 0
            return Self.reply(Self.replies(["n\(page)"], parent: "Ug2", next: String(page + 1)))
        }
        defer { second.remove() }
        #expect(endless["comments"] == 3, "--max-comment-pages caps reply pages: \(endless["comments"]) calls")
    }

    /// After a resume (or a restart after an expired token) the pages read again hold only
    /// comments the shards kept, each page different: the paging goes on. A page read twice ends it.
    @Test func pagesReadAgainAfterAResumeAreNotRepeats() throws {
        func page(_ ids: [String]) -> UInt64 { PageRepeats.fingerprint(ids.map { .comment(Comment(commentId: $0)) }) }
        var read = PageRepeats.adding(page(["a", "b"]), to: nil)
        #expect(PageRepeats.loop(token: "T2", pageToken: "T1", fingerprint: page(["c", "d"]), read: read) == nil)
        read = PageRepeats.adding(page(["c", "d"]), to: read)
        #expect(PageRepeats.loop(token: "T3", pageToken: "T2", fingerprint: page(["a", "b"]), read: read) != nil)
        #expect(PageRepeats.loop(token: "T3", pageToken: "T2", fingerprint: page(["b", "a"]), read: read) == nil)
        #expect(PageRepeats.loop(token: "A", pageToken: "A", fingerprint: page(["x"]), read: nil) != nil)
        // An empty page with a fresh token, twice, is a repeat too.
        let empty = PageRepeats.adding(page([]), to: nil)
        #expect(PageRepeats.loop(token: "T9", pageToken: "T8", fingerprint: page([]), read: empty) != nil)
        // The checkpoint does not keep the pages read: a restored page starts a new list.
        var thread = CommentThreadsPage(seed: 0, videoId: "dQw4w9WgXcQ", pageToken: "A", page: 3, rank: 300)
        thread.pagesRead = read
        let bytes = try JSONStreamEncoder().encode(WorkItem.commentThreads(thread))
        let restored = try? JSONDecoder().decode(WorkItem.self, from: Data(bytes))
        guard case .commentThreads(let back)? = restored else {
            Issue.record("not read back")
            return
        }
        #expect(back.pagesRead == nil && back.pageToken == "A" && back.page == 3)
        guard case .commentThreads(let again)? = thread.restartedPaging() else {
            Issue.record("no restart")
            return
        }
        #expect(again.pagesRead == nil, "a restart reads its pages again")
    }

    /// A rerun that starts a video's comments over (its checkpoint moved away, or a kill before the
    /// first checkpoint) reads known pages again and still gets every comment.
    @Test func aRerunThatReadsKnownPagesAgainGetsEveryComment() async throws {
        let service = CommentCrawlTests.service()
        let truth = service.truthComments()
        var perVideo: [String: Int] = [:]
        for comment in truth { perVideo[comment.videoId ?? "", default: 0] += 1 }
        let video = try #require(perVideo.filter { $0.value > 700 }.keys.sorted().first)
        let expected = Set(truth.filter { $0.videoId == video }.map(\.commentId))
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let first = try await run.crawl(InProcessTransport(emulator: service), seeds: "comments \(video)\n", budget: 4)
        #expect(first.ending.cause == .budgetSpent, "\(first.ending)")
        try FileManager.default.removeItem(atPath: run.out + "/checkpoint.json")
        let log = Mutex<[String]>([])
        let second = try await run.crawl(
            InProcessTransport(emulator: service), seeds: "comments \(video)\n",
            log: { line in log.withLock { $0.append(line) } })
        #expect(second.ending == .completed, "\(second.ending)")
        #expect(Set(try CommentCrawlTests.written(run.out).keys) == expected)
        #expect(!log.withLock { $0 }.contains { $0.contains("repeated") }, "\(log.withLock { $0 })")
    }

    @Test func repliesStopAtWhatTheThreadPromised() async throws {
        let calls = Calls()
        let (_, log, run) = try await Self.crawl("comments dQw4w9WgXcQ\n") { request in
            let url = request.url
            if url.contains("/commentThreads") { return Self.reply(Self.threads(["Ug3"], replies: 120, next: nil)) }
            calls.add("comments")
            let page = Int(Self.parameter("pageToken", in: url) ?? "0") ?? 0
            return Self.reply(Self.replies(["m\(page)"], parent: "Ug3", next: String(page + 1)))
        }
        defer { run.remove() }
        // 120 replies fit two pages; two more are allowed for replies added meanwhile.
        #expect(calls["comments"] == 4, "\(calls["comments"]) reply calls")
        #expect(log.contains { $0.contains("past what its thread (120 replies)") }, "\(log)")
    }

    /// A thread claiming 10^9 replies with fresh ids on every page, without --max-comment-pages:
    /// the default --max-reply-pages (100) ends it, the summary counts it and its seed is capped.
    @Test func anEndlessThreadStopsAtTheReplyPageCap() async throws {
        let calls = Calls()
        let (summary, log, run) = try await Self.crawl(
            "comments dQw4w9WgXcQ\n", budget: 5000, configure: { $0.maxReplyPages = 7 }
        ) { request in
            let url = request.url
            if url.contains("/commentThreads") {
                return Self.reply(Self.threads(["Ug4"], replies: 1_000_000_000, next: nil))
            }
            calls.add("comments")
            let page = Int(Self.parameter("pageToken", in: url) ?? "0") ?? 0
            return Self.reply(Self.replies(["e\(page)"], parent: "Ug4", next: String(page + 1)))
        }
        defer { run.remove() }
        #expect(calls["comments"] == 7, "\(calls["comments"]) reply calls")
        #expect(summary.threadsCapped == 1)
        #expect(summary.ending == .completed, "a cap is not a failure: \(summary.ending)")
        #expect(log.contains { $0.contains("the --max-reply-pages cap") }, "\(log)")
        let manifest = try #require(try Manifest.load(directory: run.out))
        #expect(manifest.provenance?.seeds?.first?.outcome?.cappedBy == "max-reply-pages")
        #expect(CrawlConfiguration.defaultMaxReplyPages == 100)
    }
}
