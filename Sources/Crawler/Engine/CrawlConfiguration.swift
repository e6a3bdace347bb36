import Archive
import StreamingJSON
import YouTubeKit

/// Everything a crawl needs besides its transport and rate limiter.
public struct CrawlConfiguration: Sendable {
    public var seeds: [Seed]
    /// SHA-256 of the seeds file: a checkpoint is resumed only for the same seeds.
    public var seedsDigest: String
    /// `http://127.0.0.1:PORT` for the emulator, `https://www.googleapis.com` for the real API.
    public var apiBase: String
    public var out: String
    public var concurrency: Int
    /// What the crawl collects: records, parts, comments, labels (``CrawlSelection``).
    public var selection = CrawlSelection()
    /// A page cap for every seed without its own `maxPages`.
    public var maxPages: Int?
    public var shardOptions: ShardWriter.Options
    /// Checkpoint after this many pages…
    public var checkpointEvery: Int
    /// …but not sooner than this after the last one: a checkpoint flushes and fsyncs the shards and
    /// writes the whole frontier, which at a thousand pages a second would be most of the work.
    public var checkpointInterval: Duration
    public var quotaModel: QuotaModel
    public var toolVersion: String
    /// Log every retry and its cause.
    public var verbose: Bool
    /// Waits between retries of one request, and how many retries before its item is left for a
    /// rerun.
    public var backoff = Backoff(base: .milliseconds(200), cap: .seconds(20), maxRetries: 6)
    /// `--max-reply-pages N`: comments.list pages of one thread's replies at most (a thread that
    /// reaches it is reported in the summary and its seed's outcome).
    public var maxReplyPages = Self.defaultMaxReplyPages
    /// No real thread needs more than about 100 pages of replies; one that claims 10^9 replies
    /// with fresh ids on every page would otherwise spend the whole budget.
    public static let defaultMaxReplyPages = 100
    /// `--pseudonymize-authors`: comment authors as keyed hashes, without names or images.
    public var pseudonymizer: AuthorPseudonymizer?
    /// A statistics snapshot instead of a crawl (`ytcrawl refresh`): `out` is the snapshot's
    /// directory, and the seeds are empty.
    public var snapshot: SnapshotPlan?
    /// Checks the engine's invariants before every action (tests of in-process crawls).
    var checksInvariants = false
    /// `ytcrawl update`: what is new since the output's last run, for its seeds.
    public var update: UpdateOptions?
    /// The seeds file as given, for the output's provenance; `nil` when the seeds are the
    /// output's own (an update without `--seeds`).
    public var seedsFile: String?
    /// The files of the `ids` seeds, by seed text, as read when the run began (their provenance).
    public var idFiles: [String: IdFileSummary] = [:]
    /// The API revision the tool follows (`ytcrawl --version`), for the output's provenance.
    public var apiRevision: String?
    /// `--max-link-channels N`: channels the links of `links=` seeds may reach beyond the seeds'.
    public var maxLinkChannels: Int?
    /// Ask channels.list (50 a unit) for the channels the videos name that the output has no
    /// record of, so the data package's foreign key holds; `--no-resolve-channels` turns it off.
    public var resolveChannels = true
    /// `--chat-units N`: units one stream's chat capture may spend at most (5 a call); `nil`: no cap.
    public var chatUnits: Int?
    /// `--chat-interval MS`: the least wait between two polls of one chat; the API's
    /// `pollingIntervalMillis` is honoured whatever this says.
    public var chatInterval = 0
    /// `--live-wait SECONDS`: an upcoming stream is captured when it is scheduled to start within
    /// this of the moment its video is read (default one hour).
    public var liveWait: Int64 = 3600

    public init(
        seeds: [Seed], seedsDigest: String, apiBase: String, out: String, concurrency: Int = 8,
        selection: CrawlSelection = CrawlSelection(), maxPages: Int? = nil, shardOptions: ShardWriter.Options = .init(),
        checkpointEvery: Int = 25,
        checkpointInterval: Duration = .seconds(1),
        quotaModel: QuotaModel = .buckets, toolVersion: String = "dev", verbose: Bool = false
    ) {
        self.seeds = seeds
        self.seedsDigest = seedsDigest
        self.apiBase = apiBase
        self.out = out
        self.concurrency = concurrency
        self.selection = selection
        self.maxPages = maxPages
        self.shardOptions = shardOptions
        self.checkpointEvery = checkpointEvery
        self.checkpointInterval = checkpointInterval
        self.quotaModel = quotaModel
        self.toolVersion = toolVersion
        self.verbose = verbose
    }

    /// What the plan needs of this.
    var engineOptions: CrawlEngine.Options {
        CrawlEngine.Options(
            selection: selection, maxPages: maxPages, concurrency: concurrency, checkpointEvery: checkpointEvery,
            checkpointInterval: checkpointInterval, maxReplyPages: maxReplyPages, pseudonymizer: pseudonymizer,
            seedsDigest: seedsDigest, output: out,
            update: update, maxLinkChannels: maxLinkChannels, resolveChannels: resolveChannels, chatUnits: chatUnits,
            chatInterval: chatInterval, liveWait: liveWait)
    }
}

/// What a statistics snapshot covers and how it asks.
public struct SnapshotPlan: Sendable {
    /// The video ids, in the order they are asked (duplicates count once).
    public var ids: [String]
    public var method: StatsMethod
    /// Where the ids came from, for the manifest (`the videos of out/`, `ids.txt`).
    public var source: String

    public init(ids: [String], method: StatsMethod, source: String) {
        self.ids = ids
        self.method = method
        self.source = source
    }
}

/// How a crawl ended, and what it did.
public struct CrawlSummary: Sendable {
    public var ending: CrawlEnding
    /// Videos and channels in the output at the end, earlier runs' included.
    public var videosWritten: Int
    public var channelsWritten: Int
    /// Of those, what the output held when this run started (a resumed crawl).
    public var videosBefore = 0
    public var channelsBefore = 0
    /// Comments in the output at the end, and of those, what it held when this run started.
    public var commentsWritten = 0
    public var commentsBefore = 0
    /// Videos whose comments are disabled, found this run.
    public var commentsDisabled: [String] = []
    /// Windows of `split=time` searches finished this run, and windows still to do.
    public var searchWindows = 0
    /// Units spent on format labels (`formats=yes`): pages of `UUSH…`/`UULV…` lists and their 404s.
    public var formatUnits = 0
    public var windowsLeft = 0
    /// Channels whose uploads playlist listed fewer videos than their `videoCount`: channel,
    /// expected, found.
    public var channelGaps: [String] = []
    public var pages: Int
    public var retries: Int
    /// Comment threads whose replies stopped at `--max-reply-pages`.
    public var threadsCapped = 0
    /// Channel ids the written videos name without a channel record in the output.
    public var unresolvedChannels = 0
    /// Videos a `comments` seed read the threads of without a video record in the output.
    public var unresolvedVideos = 0
    /// The live chats asked for, as they stand at the end (their status, messages, calls, gaps).
    public var chats: [ChatCapture] = []
    /// Units this run spent, by method (the manifest keeps the output's whole spending).
    public var unitsByMethod: [String: Int]
    public var warnings: [String]
    /// Work that failed for good and is kept for a rerun, each with why.
    public var left: [String] = []
    /// Search seeds whose searches wait for their bucket (the day's search calls or
    /// `--search-budget`); everything else went on. A rerun continues them.
    public var searchesWaiting: [String] = []
    /// Units spent in the shared bucket (search calls excluded in the buckets model).
    public var units: Int
    /// search.list calls made (they draw on their own bucket in the buckets model).
    public var searches = 0
    /// Requests that reached the server, retries included.
    public var requests = 0
    /// A snapshot's lines at the end (earlier runs' included), what it held when this run started,
    /// the `gone` lines of this run, the distinct videos it covers, and the units spent on
    /// `videos:batchGetStats`'s own bucket.
    public var statsWritten = 0
    public var statsBefore = 0
    public var statsGone = 0
    public var snapshotVideos = 0
    public var statsUnits = 0
    /// Channel links (`links=` seeds): links in the output at the end and when this run started,
    /// channels whose subscriptions are private, links not followed past `--max-link-channels`,
    /// and linked channels channels.list no longer returns.
    public var linksWritten = 0
    public var linksBefore = 0
    public var subscriptionsPrivate = 0
    public var linksCapped = 0
    public var linkedChannelsGone = 0
    /// Records of each kind this run wrote.
    public var recordsThisRun: [RecordKind: Int] = [:]

    /// Videos per 1,000 units: how well the budget was used.
    /// What an update looked at (`ytcrawl update`); `nil` for other runs.
    public var update: UpdateSummary?

    public var videosPerThousandUnits: Double { units > 0 ? Double(videosThisRun) * 1000 / Double(units) : 0 }

    /// Videos this run wrote.
    public var videosThisRun: Int { videosWritten - videosBefore }
}

/// What an update (`ytcrawl update`) looked at.
public struct UpdateSummary: Sendable, Hashable {
    /// Channels watched, checked by channels.list this run, walked again, and those with new uploads.
    public var channelsWatched: Int
    public var channelsChecked: Int
    public var channelsWalked: Int
    public var channelsWithNew: Int
    /// Searches asked for what was published since, playlists walked again, followed videos
    /// whose comments were read again.
    public var searches: Int
    public var playlists: Int
    public var commentVideos: Int
}
