import Archive
import Emulator
import Foundation
import TestSupport
import Testing

@testable import Crawler
@testable import YouTubeKit

/// Who a reply answers, inferred as the crawl writes (``ReplyInference``), against the emulator's
/// truth: the comment whose author's `@name` the reply begins with.
extension CommentCrawlTests {
    /// Truth replies whose mention is unambiguous: the answered author wrote exactly one comment of
    /// the thread before the reply (by id: the answered comment), and no other earlier author has
    /// the same name.
    static func unambiguousAnswers(_ service: EmulatorService) -> (answered: [String: String], unmentioned: Set<String>)
    {
        let comments = service.truthComments()
        let truth = service.truthReplyAnswers()
        let threads = Dictionary(grouping: comments, by: \.threadId)
        var answered: [String: String] = [:]
        var unmentioned: Set<String> = []
        for (_, thread) in threads {
            let ordered = thread.sorted { ($0.publishedAt ?? .distantPast) < ($1.publishedAt ?? .distantPast) }
            for (position, reply) in ordered.enumerated() where reply.parentId != nil {
                guard let target = truth[reply.commentId] else {
                    if !(reply.text ?? "").hasPrefix("@") { unmentioned.insert(reply.commentId) }
                    continue
                }
                guard let answeredComment = thread.first(where: { $0.commentId == target }) else { continue }
                let earlier = ordered[..<position]
                let sameName = earlier.filter {
                    $0.authorDisplayName?.lowercased() == answeredComment.authorDisplayName?.lowercased()
                }
                if sameName.count == 1 { answered[reply.commentId] = target }
            }
        }
        return (answered, unmentioned)
    }

    @Test func repliesAnswerWhomTheTruthSays() async throws {
        let service = Self.service()
        let (answered, unmentioned) = Self.unambiguousAnswers(service)
        #expect(answered.count > 200, "\(answered.count) unambiguous mentions")
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(InProcessTransport(emulator: service), seeds: Self.seeds(service))
        #expect(summary.ending == .completed, "\(summary.ending)")
        try Self.expectReplyStructure(run.out, answered: answered, unmentioned: unmentioned)
    }

    /// Stopped by its budget with threads half read, resumed: the same reply structure, each
    /// reply once.
    @Test func aThreadHalfReadWhenTheBudgetStopsIsReadAgainWhole() async throws {
        let service = Self.service()
        let (answered, unmentioned) = Self.unambiguousAnswers(service)
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        var runs = 0
        var summary: CrawlSummary
        repeat {
            summary = try await run.crawl(InProcessTransport(emulator: service), seeds: Self.seeds(service), budget: 40)
            runs += 1
        } while summary.ending.cause == .budgetSpent && runs < 200
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(runs > 3)
        try Self.expectReplyStructure(run.out, answered: answered, unmentioned: unmentioned)
    }

    private static func expectReplyStructure(
        _ directory: String, answered: [String: String], unmentioned: Set<String>
    ) throws {
        let written = try Self.written(directory)
        #expect(written.count == Self.truth(Self.service()).count)
        var wrong: [String] = []
        var depthWrong: [String] = []
        for (id, record) in written {
            let target: String? = if case .string(let value)? = record["replyToCommentId"] { value } else { nil }
            if let expected = answered[id], target != expected {
                wrong.append("\(id): \(target ?? "null") ≠ \(expected)")
            }
            if unmentioned.contains(id), target != nil { wrong.append("\(id): no mention but \(target!)") }
            // Depth: 1 at the top, one below what it answers, 2 when it answers nothing known.
            let depth: Int? = if case .number(let text)? = record["depth"] { Int(text) } else { nil }
            let parentDepth: Int? = target.flatMap {
                if case .number(let text)? = written[$0]?["depth"] { Int(text) } else { nil }
            }
            let expectedDepth = record["parentId"] == .null ? 1 : target == nil ? 2 : parentDepth.map { $0 + 1 }
            if depth != expectedDepth { depthWrong.append(id) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) replies answer the wrong comment, e.g. \(wrong.prefix(3))")
        #expect(depthWrong.isEmpty, "\(depthWrong.count) depths wrong, e.g. \(depthWrong.prefix(3))")
        let deep = written.values.filter {
            if case .number(let text)? = $0["depth"] { (Int(text) ?? 0) >= 3 } else { false }
        }
        #expect(!deep.isEmpty, "replies to replies")
        let owners = written.values.filter { $0["isChannelOwner"] == .bool(true) }
        #expect(!owners.isEmpty, "the channel answers in its comments")
    }
}
