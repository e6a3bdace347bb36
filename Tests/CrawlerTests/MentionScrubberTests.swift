import Archive
import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing

@testable import Crawler
@testable import YouTubeKit

/// `@mentions` with `--pseudonymize-authors`: a reply's leading `@name` (and any other) never
/// sits in clear beside its author's pseudonym.
@Suite("Mentions in pseudonymized comments")
struct MentionScrubberTests {
    static let pseudonymizer = try! AuthorPseudonymizer(
        secret: Array("q8Zr3vL0xW5nT2mYc7JpK9dF4sHbE1gU6aRiOzNy0Vw=".utf8))

    static func comment(_ id: String, author: String?, channel: String?, text: String, video: String = "v1")
        -> YouTubeKit.Comment
    {
        var comment = YouTubeKit.Comment(commentId: id, threadId: id)
        comment.videoId = video
        comment.authorDisplayName = author
        comment.authorChannelId = channel
        comment.text = text
        return comment
    }

    @Test func knownAuthorsBecomeTheirPseudonymsAndOthersAPlaceholder() {
        var scrubber = MentionScrubber()
        let p = Self.pseudonymizer
        var first = Self.comment("c1", author: "@Ann Lee", channel: "UCann", text: "hello")
        scrubber.scrub(&first, pseudonymizer: p)
        var second = Self.comment("c2", author: "@ann", channel: "UCann2", text: "hi")
        scrubber.scrub(&second, pseudonymizer: p)
        var reply = Self.comment(
            "c3", author: "@bob", channel: "UCbob",
            text: "@Ann Lee you are right, ask @ann, @carol or mail bob@example.com (@Annabel too)")
        scrubber.scrub(&reply, pseudonymizer: p)
        #expect(
            reply.text
                == "@\(p.pseudonym(of: "UCann")) you are right, ask @\(p.pseudonym(of: "UCann2")), @[author] or mail bob@example.com (@[author] too)"
        )
        // Another video's authors are not this video's.
        var elsewhere = Self.comment("c4", author: "@dan", channel: nil, text: "@bob hey", video: "v2")
        scrubber.scrub(&elsewhere, pseudonymizer: p)
        #expect(elsewhere.text == "@[author] hey")
        // An author without a channel id is known by name, with no pseudonym to give.
        var answer = Self.comment("c5", author: "@eve", channel: nil, text: "x", video: "v2")
        scrubber.scrub(&answer, pseudonymizer: p)
        var toEve = Self.comment("c6", author: "@dan", channel: nil, text: "@eve: thanks", video: "v2")
        scrubber.scrub(&toEve, pseudonymizer: p)
        #expect(toEve.text == "@[author]: thanks")
        // Letter case, a doubled or fullwidth sign, an invisible character or a no-break space
        // between the sign and the name do not hide a known author.
        for text in ["@ann lee ok", "@@Ann Lee ok", "＠Ann Lee ok", "@\u{200B}Ann Lee ok", "@Ann\u{A0}Lee ok"] {
            var variant = Self.comment("c7", author: "@fay", channel: "UCfay", text: text)
            scrubber.scrub(&variant, pseudonymizer: p)
            #expect(variant.text == "@\(p.pseudonym(of: "UCann")) ok", "\(text) → \(variant.text ?? "")")
        }
        // An empty channel id is no author's: no pseudonym shared by all such authors.
        var blank = Self.comment("c8", author: "@gus", channel: "", text: "x", video: "v3")
        scrubber.scrub(&blank, pseudonymizer: p)
        var toGus = Self.comment("c9", author: "@hal", channel: nil, text: "@gus hi", video: "v3")
        scrubber.scrub(&toGus, pseudonymizer: p)
        #expect(toGus.text == "@[author] hi")
        var authorless = Self.comment("c10", author: nil, channel: "", text: "x")
        p.apply(to: &authorless)
        #expect(authorless.authorChannelId == nil)
    }

    /// The emulator's replies begin with the `@name` of the author they answer, as the site
    /// writes them; a pseudonymized crawl writes none of the names a clear crawl writes.
    @Test func aPseudonymizedCrawlWritesNoNameOfTheClearOne() async throws {
        let service = CommentCrawlTests.service()
        let seeds = service.channelIds.prefix(3).map { "channel \($0) comments=yes" }.joined(separator: "\n")
        let clear = EngineCrawlTests.Run()
        defer { clear.remove() }
        #expect(try await clear.crawl(InProcessTransport(emulator: service), seeds: seeds).ending == .completed)
        var names: Set<String> = []
        var mentions = 0
        try ArchiveReader.forEachRecord(directory: clear.out, kind: .comments) { record, _ in
            if case .string(let name)? = record["authorDisplayName"] { names.insert(name) }
            if case .string(let text)? = record["text"], text.hasPrefix("@") { mentions += 1 }
        }
        #expect(mentions > 50, "the corpus has @mention replies: \(mentions)")

        let hidden = EngineCrawlTests.Run()
        defer { hidden.remove() }
        let summary = try await hidden.crawl(
            InProcessTransport(emulator: service), seeds: seeds, configure: { $0.pseudonymizer = Self.pseudonymizer })
        #expect(summary.ending == .completed)
        var replaced = 0
        var texts = 0
        try ArchiveReader.forEachRecord(directory: hidden.out, kind: .comments) { record, _ in
            guard case .string(let text)? = record["text"] else { return }
            texts += 1
            if text.hasPrefix("@hmac-sha256:") { replaced += 1 }
            // The corpus's names are `@` and letters and digits: any run after an `@` that begins
            // with a name is a leak (a word of the text, or glued to what follows).
            for run in Self.runsAfterAtSigns(in: text) {
                for end in run.indices.dropFirst() where names.contains(String(run[...end])) {
                    Issue.record("\(run[...end]) leaked in \(text)")
                }
            }
        }
        #expect(texts > 100)
        #expect(replaced > mentions / 2, "\(replaced) of \(mentions) mentions became pseudonyms")
    }

    /// Each `@` of `text` with the letters and digits that follow it.
    static func runsAfterAtSigns(in text: String) -> [Substring] {
        var runs: [Substring] = []
        var index = text.startIndex
        while let at = text[index...].firstIndex(of: "@") {
            let end = text[text.index(after: at)...].firstIndex { !($0.isLetter || $0.isNumber) } ?? text.endIndex
            runs.append(text[at..<end])
            index = text.index(after: at)
        }
        return runs
    }
}
