import Foundation
import Testing
import YouTubeKit

@testable import Archive

/// `ytcrawl verify` tells an output whose comments mix clear and pseudonymized authors (as an
/// earlier version could write them), and one recorded as pseudonymized that holds a name.
@Suite("Author pseudonyms in verify")
struct AuthorPseudonymsTests {
    static func output(recorded: AuthorPseudonyms?, _ comments: [YouTubeKit.Comment]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authors-\(UUID())").path
        var manifest = Manifest(toolVersion: "test", startedAt: "2026-01-01T00:00:00Z")
        manifest.authorPseudonyms = recorded
        let writer = try ArchiveWriter(directory: directory, manifest: manifest)
        for comment in comments { try writer.append(comment) }
        try writer.finish(unitsByMethod: [:])
        writer.releaseOutput()
        return directory
    }

    static func comment(_ id: String, author: String?, name: String? = nil) -> YouTubeKit.Comment {
        YouTubeKit.Comment(
            commentId: id, videoId: "dQw4w9WgXcQ", channelId: "UCaaaaaaaaaaaaaaaaaaaaaa", authorDisplayName: name,
            authorChannelId: author, text: "hi", likeCount: 0, publishedAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0))
    }

    static let pseudonym = "hmac-sha256:" + String(repeating: "ab", count: 32)

    @Test func mixedAuthorsFailVerify() throws {
        let mixed = try Self.output(
            recorded: nil,
            [
                Self.comment("c1", author: Self.pseudonym),
                Self.comment("c2", author: "UCbbbbbbbbbbbbbbbbbbbbbb", name: "@b"),
            ])
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        let problem = ArchiveVerifier.verify(directory: mixed).problem ?? ""
        #expect(problem.contains("mix authors in clear"), "\(problem)")

        let named = try Self.output(
            recorded: AuthorPseudonyms(secretFingerprint: "0123456789abcdef"),
            [Self.comment("c1", author: Self.pseudonym), Self.comment("c2", author: Self.pseudonym, name: "@b")])
        defer { try? FileManager.default.removeItem(atPath: named) }
        let second = ArchiveVerifier.verify(directory: named).problem ?? ""
        #expect(second.contains("an author in clear (authorDisplayName is written)"), "\(second)")

        let sound = try Self.output(
            recorded: AuthorPseudonyms(secretFingerprint: "0123456789abcdef"),
            [Self.comment("c1", author: Self.pseudonym), Self.comment("c2", author: nil)])
        defer { try? FileManager.default.removeItem(atPath: sound) }
        #expect(ArchiveVerifier.verify(directory: sound).problem == nil)
    }
}
