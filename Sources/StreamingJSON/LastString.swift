/// The String last made for one field, handed out again while the field repeats its value from
/// item to item: every item of a playlist names its channel (`channelId`, `channelTitle`,
/// `videoOwnerChannelId`, `videoOwnerChannelTitle`, `playlistId`), as do a channel's videos
/// and every comment of a page its video. A repeat costs a few compares and a `memcmp` where a
/// String cost an allocation and a copy, and a free when its record went; the records share
/// one buffer.
///
/// The last text's length and first sixteen bytes are kept beside it: a different value (the
/// next video's channel on a videos page of many channels) is told from them in a few
/// instructions, without reading the String.
struct LastString {
    private var last = ""
    private var length = -1
    private var head: (UInt64, UInt64) = (0, 0)

    /// The String of `text`'s bytes: the last one when it holds them.
    @inline(__always)
    mutating func string(_ text: JSONText) -> String {
        let head = text.head
        if text.count == length, head == self.head, text.count <= 16 || text.holds(last) { return last }
        last = text.string
        length = text.count
        self.head = head
        return last
    }
}
