import YouTubeKit

/// One line of a seeds file: where a crawl starts.
public struct Seed: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// Boxed: a `SearchQuery` holds every search.list filter (hundreds of bytes), and a seeds
        /// file of 25,000 channels would otherwise carry that much for each line.
        indirect case search(SearchQuery)
        case channel(ChannelReference)
        case playlist(String)
        case video(String)
        /// `comments VIDEO_ID`: one video's comment threads and every reply. Boxed too: the
        /// largest of the others is a channel reference, and a crawl keeps every seed (96 → 80
        /// bytes a seed).
        indirect case comments(CommentsSeed)
        /// `chart REGION [videoCategoryId=N]`: a region's most popular videos (of a category).
        /// Boxed: its two strings would make every seed 16 bytes larger.
        indirect case chart(ChartSeed)
        /// `ids FILE kind=videos|channels|playlists|comments` (`ytcrawl hydrate`): every id of a file of ids
        /// or URLs, streamed, each once; those that do not come back written as `missing`.
        indirect case ids(IdsSeed)
        /// `live VIDEO_ID`: the chat of a live or upcoming stream, captured while it happens.
        case live(String)
    }

    /// What an `ids` seed asks for: the records of every id in a file.
    public struct IdsSeed: Sendable, Hashable {
        /// The file, as given (a relative path is the working directory's).
        public var path: String
        public var kind: MissingItem.Kind

        public init(path: String, kind: MissingItem.Kind) {
            self.path = path
            self.kind = kind
        }
    }

    /// What a `chart` seed asks for: videos.list `chart=mostPopular` of a region (and category).
    public struct ChartSeed: Sendable, Hashable {
        public var regionCode: String
        public var videoCategoryId: String?
    }

    /// What a `comments` seed asks for.
    public struct CommentsSeed: Sendable, Hashable {
        public var videoId: String
        public var order: APIRequest.CommentOrder
        /// Only threads matching these words (`searchTerms=`).
        public var searchTerms: String?
    }

    public enum ChannelReference: Sendable, Hashable {
        case id(String)
        case handle(String)
    }

    public var target: Target
    /// The line as written (trimmed, comment removed): recorded as each video's `source.seed`.
    public var text: String
    // A crawl keeps every seed (tens of thousands of channels): the numbers are stored in 32
    // bits (72 bytes a seed instead of 104), read and written as `Int`.
    private var storedLine: Int32
    private var storedMaxPages: Int32?
    private var storedWalkPages: Int32?
    private var storedLinkDepth: Int8 = 1
    /// `walk=channels`: also walk the uploads of every channel a search finds.
    public var walkChannels: Bool

    public init(target: Target, text: String, lineNumber: Int, maxPages: Int?, walkChannels: Bool) {
        self.target = target
        self.text = text
        storedLine = Int32(clamping: lineNumber)
        storedMaxPages = maxPages.map { Int32(clamping: $0) }
        self.walkChannels = walkChannels
    }

    public var lineNumber: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// Pages to fetch at most (`maxPages=N`); `nil` pages until the results end or the budget does.
    public var maxPages: Int? {
        get { storedMaxPages.map { Int($0) } }
        set { storedMaxPages = newValue.map { Int32(clamping: $0) } }
    }
    /// `walkPages=N`: pages of each walked channel's uploads at most (`maxPages` is the search's
    /// own); `nil` walks each to its end.
    public var walkPages: Int? {
        get { storedWalkPages.map { Int($0) } }
        set { storedWalkPages = newValue.map { Int32(clamping: $0) } }
    }
    /// `comments=yes` (and every `comments` seed): the comments of every video the seed yields.
    public var comments = false
    /// `split=time` on a search: its date range is walked in windows past the ~500-result cap.
    public var splitTime = false
    /// `repeat=yes` on a search: every `ytcrawl update` asks it again unchanged (its parameters,
    /// its windows from the range's start, as many pages), each answer written as `results`
    /// lines, instead of asking only what was published since the last run.
    public var repeats = false
    /// `complete=search` on a channel: videos its uploads playlist does not list are searched for.
    public var completeBySearch = false
    /// `formats=yes`: the videos of every channel whose uploads the seed walks are labelled
    /// short, live or long from the channel's `UUSH…`/`UULV…` playlists.
    public var formats = false
    /// `playlists=yes|walk` on a channel seed: its playlists (playlists.list, every page) are
    /// written as `playlists` records; with `walk`, each is walked too (its videos found, its
    /// entries written as `memberships`).
    public var playlists: PlaylistsOption?
    /// `live=yes` on a search or channel seed: the chat of every video it finds that is live, or
    /// scheduled to start within `--live-wait`, is captured (as a `live` seed's is).
    public var live = false

    /// What a channel seed's `playlists=` asks.
    public enum PlaylistsOption: String, Sendable, Hashable {
        /// `playlists=yes`: the playlist records.
        case list
        /// `playlists=walk`: the records, and every playlist walked.
        case walk
    }

    /// `links=featured|subscriptions|all`: the channel links of every channel the seed resolves
    /// (its shelves of featured channels, its public subscriptions), followed to `linkDepth`.
    public var links: LinkRelations = []
    /// `depth=N` (0–3, default 1): how far links are followed from the seed's channels (depth 0);
    /// 0 keeps only the links among them.
    public var linkDepth: Int {
        get { Int(storedLinkDepth) }
        set { storedLinkDepth = Int8(clamping: newValue) }
    }

    /// The deepest `depth=` a seed may ask for: each hop multiplies the channels by tens.
    public static let maximumLinkDepth = 3

    /// Which channel links a `links=` seed follows.
    public struct LinkRelations: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The channels of its `multiplechannels` shelves (channelSections.list).
        public static let featured = LinkRelations(rawValue: 1)
        /// Its public subscriptions (subscriptions.list).
        public static let subscriptions = LinkRelations(rawValue: 2)
        public static let all: LinkRelations = [.featured, .subscriptions]

        /// `featured`, `subscriptions` or `all`.
        public init?(_ text: String) {
            switch text {
            case "featured": self = .featured
            case "subscriptions": self = .subscriptions
            case "all": self = .all
            default: return nil
            }
        }
    }

    /// A `comments VIDEO_ID` seed.
    public var isCommentsSeed: Bool {
        if case .comments = target { return true }
        return false
    }

    public var kind: VideoSource.Kind {
        switch target {
        case .search: return .search
        case .channel: return .channel
        case .playlist: return .playlist
        case .video, .comments, .ids, .live: return .video
        case .chart: return .chart
        }
    }
}

/// A seeds line that cannot be used: the file, line and column, what was found and what was expected.
public struct SeedError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
