import Archive
import Emulator
import Foundation
import TestSupport
import Testing

@testable import Crawler
@testable import YouTubeKit

/// Who a reply answers, inferred as the crawl writes (``ReplyInference``), against the emulator's
/// truth: the comment whose author's `@name` the reply begins with. Checked on the suite's full
/// crawl and on its budget-stopped one.
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

    /// Every reply written once, answering whom the truth says where its mention is unambiguous
    /// and no one where it has none; depths one below what each answers; replies to replies and
    /// channel-owner replies among them (the first crawl and the budget-stopped one check it).
    static func expectReplyStructure(
        _ directory: String, answered: [String: String], unmentioned: Set<String>
    ) throws {
        let written = try Self.written(directory)
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
