/// The strings a page's items repeat, made once and handed out again while they repeat: the
/// decoder's caches, apart from its parsing state.
struct PageStrings {
    /// The channel's and playlist's strings, which repeat from item to item on a playlist's
    /// pages and on a channel's videos (hydrated 50 at a time). Not a search's: there one
    /// channel's results seldom follow one another, and a compare that fails costs more than
    /// it saves (search pages: +1.1% instructions).
    var channelId = LastString()
    var channelTitle = LastString()
    var playlistId = LastString()
    var ownerChannelId = LastString()
    var ownerChannelTitle = LastString()
    /// Repeated strings of a small vocabulary (topic URLs), made once.
    var interner = StringInterner()
    /// Repeated arrays of those strings, made once.
    var topicArrays = RepeatedStringArrays()
}
