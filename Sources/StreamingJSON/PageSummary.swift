import YouTubeKit

/// A record the page decoders produce, handed on as soon as its item closes.
public enum DecodedRecord: Sendable, Hashable {
    case video(Video)
    case channel(Channel)
    case comment(Comment)
    /// A line of a statistics snapshot (made by `ytcrawl refresh`, never by a page decoder).
    case stats(VideoStats)
    /// A channel's link to another (channelSections.list, subscriptions.list).
    case link(ChannelLink)
    /// An item of a search page as observed by one request (made by the crawl, never by a page
    /// decoder).
    case result(SearchResult)
    /// A video category of a region (videoCategories.list).
    case category(VideoCategory)
    /// A playlist (playlists.list).
    case playlist(Playlist)
    /// An entry of a playlist as a walk saw it (playlistItems.list of a walked playlist).
    case membership(PlaylistMembership)
    /// An id asked for that did not come back (made by the crawl, never by a page decoder).
    case missing(MissingItem)
    /// A live chat's message (liveChatMessages.list).
    case chat(ChatMessage)
}

/// What a whole page said besides its records.
public struct PageSummary: Sendable, Hashable {
    /// The endpoint the page was read as (detected when decoding with `.auto`); `nil` for an
    /// empty page whose kind was not sent.
    public var endpoint: Endpoint?
    public var nextPageToken: String?
    /// The longest page token a crawl follows: the API's are a few hundred bytes at most, and a
    /// longer one would be sent back with every later request and kept in the checkpoint.
    public static let maximumPageTokenBytes = 4096
    public var totalResults: Int?
    public var resultsPerPage: Int?
    /// Elements of `items`, records or not.
    public var itemCount = 0
    public var videoCount = 0
    public var channelCount = 0
    /// Comment records: top-level comments and the replies a thread carries, or a comments page's.
    public var commentCount = 0
    /// Playlist entries titled "Private video"/"Deleted video" without data: counted, not records.
    public var placeholderCount = 0
    /// Search results that are channels (their ids) and playlists (their ids).
    public var channelResults: [String] = []
    public var playlistResults: [String] = []
    /// What each search result was, in the page's order: the video records, `channelResults`
    /// and `playlistResults` interleaved as the API ranked them.
    public var searchOrder: [SearchResult.Kind] = []
    /// How long a live chat's answer asks the client to wait before its next request, in
    /// milliseconds (liveChatMessages.list's `pollingIntervalMillis`).
    public var pollingIntervalMillis: Int?
    /// When the live stream went offline (`offlineAt`, microseconds since 1970): the chat's last
    /// messages are in this answer.
    public var offlineAtMicros: Int64?
    /// The API's error, when the body was Google's error body instead of a page.
    public var error: APIErrorBody?

    public init() {}
}
