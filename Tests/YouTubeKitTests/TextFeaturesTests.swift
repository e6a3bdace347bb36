import Foundation
import Testing
import YouTubeKit

@Suite struct TextFeaturesTests {
    @Test func linksAsWrittenWithTheirHosts() {
        let text = """
            Shop: https://Shop.Example.com:8443/a?b=1#c, more at (http://user@wiki.example.org/Foo_(bar)).
            Not a link: xhttps://nope.example, mailto:someone@example.com, https:// alone.
            Again https://Shop.Example.com:8443/a?b=1#c and <https://tag.example/x>"quoted"
            Trailing dot host https://dots.example./path! done
            """
        #expect(
            TextFeatures.links(in: text) == [
                .init(url: "https://Shop.Example.com:8443/a?b=1#c", host: "shop.example.com"),
                .init(url: "http://user@wiki.example.org/Foo_(bar)", host: "wiki.example.org"),
                .init(url: "https://tag.example/x", host: "tag.example"),
                .init(url: "https://dots.example./path", host: "dots.example"),
            ])
        #expect(TextFeatures.links(in: "no links here") == [])
        #expect(
            TextFeatures.links(in: "HTTPS://EXAMPLE.COM") == [.init(url: "HTTPS://EXAMPLE.COM", host: "example.com")])
    }

    @Test func hashtagsInAnyScript() {
        let tags = TextFeatures.hashtags(
            in: "#Music and #音楽 live", "C# is not one; #नमस्ते_दुनिया #2024 #ab12 &#39; #music #Music x#no")
        #expect(tags == ["Music", "音楽", "नमस्ते_दुनिया", "ab12", "music"])
        #expect(TextFeatures.hashtags(in: nil, nil) == [])
    }

    @Test func mentionsAreHandles() {
        #expect(
            TextFeatures.mentions(in: "Thanks @ann_lee. and @Bob-Smith- and me@example.com, @ab, @çağrı.k")
                == ["ann_lee", "Bob-Smith", "çağrı.k"])
        #expect(TextFeatures.mentions(in: nil) == [])
    }

    @Test func chaptersByYouTubesRule() {
        let description = """
            Timestamps:
            0:00 Intro
            - 1:05 - The setup
            (2:30) Results
            Outro 1:02:03
            Thanks for watching at 5:00 in the middle of a line
            """
        #expect(
            TextFeatures.chapters(in: description)
                == [
                    .init(start: 0, title: "Intro"), .init(start: 65, title: "The setup"),
                    .init(start: 150, title: "Results"), .init(start: 3723, title: "Outro"),
                ])
        // The last chapter must end 10 s before the video does.
        #expect(TextFeatures.chapters(in: description, durationSeconds: 3730) == nil)
        #expect(TextFeatures.chapters(in: description, durationSeconds: 3733) != nil)
    }

    @Test(arguments: [
        "0:00 a\n0:05 b\n0:30 c",  // a chapter shorter than 10 s
        "0:10 a\n0:30 b\n1:00 c",  // the first is not 0:00
        "0:00 a\n1:00 b",  // two are not enough
        "0:00 a\n2:00 b\n1:00 c",  // not in order
        "0:00 a\n0:61 b\n2:00 c",  // not a timestamp
    ])
    func notChapters(_ description: String) {
        #expect(TextFeatures.chapters(in: description) == nil)
    }

    @Test func chaptersSkipTimestampsBeforeTheFirstZero() {
        let description = "Released 12:30 today\n00:00 Start\n01:00 Middle\n02:00 End"
        #expect(TextFeatures.chapters(in: description)?.map(\.start) == [0, 60, 120])
    }
}

@Suite struct ReplyInferenceTests {
    private func comment(
        _ id: String, _ author: String?, channel: String?, _ text: String, at seconds: TimeInterval, top: Bool = false
    ) -> YouTubeKit.Comment {
        Comment(
            commentId: id, threadId: "T", parentId: top ? nil : "T", authorDisplayName: author,
            authorChannelId: channel,
            text: text, publishedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func repliesAnswerTheLatestEarlierCommentOfTheAuthorTheyMention() {
        let top = comment("T", "@ann", channel: "UCann", "first!", at: 0, top: true)
        // Newest first, as the API lists them.
        var replies = [
            comment("T.5", "@eve", channel: "UCeve", "@nobody hello", at: 50),
            comment("T.4", "@dan", channel: "UCdan", "@Bob_1: agreed", at: 40),
            comment("T.3", "@ann", channel: "UCann", "@bob_1 thanks", at: 30),
            comment("T.2", "@Bob_1", channel: "UCbob", "@ann nice", at: 20),
            comment("T.1", "@cat", channel: "UCcat", "no mention", at: 10),
        ]
        ReplyInference.infer(topLevel: top, replies: &replies)
        let inferred = replies.map { "\($0.commentId)>\($0.replyToCommentId ?? "-")@\($0.depth ?? 0)" }
        #expect(inferred == ["T.5>-@2", "T.4>T.2@3", "T.3>T.2@3", "T.2>T@2", "T.1>-@2"])
        #expect(replies[1].replyToAuthor == "@Bob_1")
        #expect(replies[1].replyToAuthorChannelId == "UCbob")
    }

    @Test func aNameTwoAuthorsShareIsAmbiguous() {
        let top = comment("T", "Ann Lee", channel: "UC1", "hi", at: 0, top: true)
        var replies = [
            comment("T.2", "Zed", channel: "UC3", "@Ann Lee which one?", at: 20),
            comment("T.1", "Ann Lee", channel: "UC2", "@Ann Lee me too", at: 10),
        ]
        ReplyInference.infer(topLevel: top, replies: &replies)
        #expect(replies[1].replyToCommentId == "T")
        #expect(replies[0].replyToCommentId == nil)
        #expect(replies[0].depth == 2)
    }

    @Test func aMentionMustEndWhereTheNameDoes() {
        let top = comment("T", "@ann", channel: "UC1", "hi", at: 0, top: true)
        var replies = [comment("T.1", "@bo", channel: "UC2", "@annie hi", at: 10)]
        ReplyInference.infer(topLevel: top, replies: &replies)
        #expect(replies[0].replyToCommentId == nil)
    }
}
