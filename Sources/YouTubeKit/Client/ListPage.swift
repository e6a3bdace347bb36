/// One page of a list method's results.
public struct ListPage<Element: Sendable>: Sendable {
    /// The page's records, in the order the API listed them (placeholders and non-video search
    /// results left out).
    public var items: [Element]
    /// Where the next page starts; `nil` on the last page.
    public var nextPageToken: String?
    /// `pageInfo.totalResults`, when the API said (for search, an estimate).
    public var totalResults: Int?
    /// For search: channels and playlists the page listed (they are not videos).
    public var channelIds: [String] = []
    public var playlistIds: [String] = []
    /// For playlists: "Private video"/"Deleted video" entries skipped.
    public var placeholders = 0

    public init(items: [Element], nextPageToken: String? = nil, totalResults: Int? = nil) {
        self.items = items
        self.nextPageToken = nextPageToken
        self.totalResults = totalResults
    }
}
