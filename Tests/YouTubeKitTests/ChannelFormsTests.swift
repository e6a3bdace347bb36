import Testing

@testable import YouTubeKit

/// A channel keeps its keywords as the text the API sent and its uploads id as "derived from the
/// channel id" when it is: whatever the form, the public properties read the same values, and
/// records compare and hash by value.
@Suite("Channel field forms")
struct ChannelFormsTests {
    @Test func keywordsKeptAsTextReadAndCompareAsTheirList() {
        var sent = Channel(channelId: "UCx")
        sent.keywordsForm = .text(#"music "live  sessions"  lofi"#)
        var set = Channel(channelId: "UCx")
        set.keywords = ["music", "live  sessions", "lofi"]
        #expect(sent.keywords == ["music", "live  sessions", "lofi"])
        #expect(sent == set && sent.hashValue == set.hashValue)
        // Texts that split alike are equal; texts that do not, are not.
        #expect(ChannelKeywords.Form.text("a  b") == .text("a b"))
        #expect(ChannelKeywords.Form.text("a b") != .text("\"a b\""))
        #expect(ChannelKeywords.Form.text("") == .list([]))
        set.keywords = nil
        #expect(set.keywordsForm == nil && set.keywords == nil && set != sent)
    }

    @Test func anUploadsIdThatIsTheChannelsOwnIsKeptAsDerived() {
        let channel = Channel(channelId: "UCabcdefghijklmnopqrstuv", uploadsPlaylistId: "UUabcdefghijklmnopqrstuv")
        #expect(channel.uploadsForm == .derived)
        #expect(channel.uploadsPlaylistId == "UUabcdefghijklmnopqrstuv")
        var set = Channel(channelId: "UCabcdefghijklmnopqrstuv")
        set.uploadsPlaylistId = "UUabcdefghijklmnopqrstuv"
        #expect(set == channel && set.hashValue == channel.hashValue)
        for (id, uploads) in [
            ("UCabc", "UUabd"), ("UCabc", "UUab"), ("HCabc", "UUabc"), ("UCabc", "ULabc"), ("UCabc", ""), ("U", "U"),
        ] {
            let other = Channel(channelId: id, uploadsPlaylistId: uploads)
            #expect(other.uploadsForm == .other(uploads), "\(id) \(uploads)")
            #expect(other.uploadsPlaylistId == uploads)
        }
        #expect(Channel(channelId: "UC", uploadsPlaylistId: "UU").uploadsForm == .derived)
        #expect(Channel(channelId: "UCabc").uploadsPlaylistId == nil)
    }

    /// The uploads id is a value of its own: changing the channel id does not change it, and a
    /// change that makes it the derived one again is seen.
    @Test func changingTheChannelIdKeepsTheUploadsId() {
        var channel = Channel(channelId: "UCaaa", uploadsPlaylistId: "UUaaa")
        channel.channelId = "UCbbb"
        #expect(channel.uploadsPlaylistId == "UUaaa" && channel.uploadsForm == .other("UUaaa"))
        channel.channelId.replaceSubrange(
            channel.channelId.index(channel.channelId.startIndex, offsetBy: 2)..., with: "aaa")
        #expect(channel.channelId == "UCaaa" && channel.uploadsForm == .derived)
        #expect(channel == Channel(channelId: "UCaaa", uploadsPlaylistId: "UUaaa"))
        #expect(channel.derivedUploadsPlaylistId == "UUaaa")
        #expect(Channel(channelId: "UCzzz").derivedUploadsPlaylistId == "UUzzz")
    }
}
