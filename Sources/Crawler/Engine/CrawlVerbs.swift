import Archive
import StreamingJSON
import YouTubeKit

/// What a kind of work reads of the crawl to build its request: the seeds and options.
protocol CrawlSetup {
    var seeds: [Seed] { get }
    var options: CrawlEngine.Options { get }
}

extension CrawlSetup {
    /// The page cap of seed `seed`: its own `maxPages=`, else `--max-pages`.
    func maxPages(_ seed: Int) -> Int? { seeds[seed].maxPages ?? options.maxPages }

    /// The page cap of a playlist walked for `seed`: a search's walked channels go to their end
    /// unless it says `walkPages=N` (its `maxPages` is the search's own); other seeds' own cap.
    func playlistPages(_ seed: Int) -> Int? {
        if case .search = seeds[seed].target { return seeds[seed].walkPages }
        return maxPages(seed)
    }

    /// The page cap for the comments of a video found by `seed`.
    func maxCommentPages(_ seed: Int) -> Int? {
        if case .comments = seeds[seed].target, let pages = seeds[seed].maxPages { return pages }
        return options.selection.maxCommentPages
    }
}

/// What a kind of work may see and do of a crawl: the seeds and options, read-only, and the
/// crawl's verbs. Kinds of work (``CrawlWork``) receive the crawl's state as `some CrawlVerbs`,
/// never the engine, so its parts (queues, ledgers) change only through the verbs, which keep
/// their invariants; the work a kind queues, what it reports and counts go to the event's
/// ``EventOutput``. ``Discovery`` is the one conforming type.
protocol CrawlVerbs: CrawlSetup {
    func commentCount(of videoId: String) -> Int?

    mutating func walk(channel id: String, seed: Int, _ out: inout EventOutput)

    // Videos.
    @discardableResult
    mutating func discover(
        _ id: String, seed: Int, endpoint method: APIMethod, rank: Int, partial: Video?, format: VideoFormat?,
        heldFor: String?, _ out: inout EventOutput
    ) -> Bool
    mutating func found(bySearch video: Video, seed: Int, rank: Int, walkChannel: Bool, _ out: inout EventOutput)
        -> Bool
    mutating func foundAgain(_ id: String, format: VideoFormat?, partial: Video?, _ out: inout EventOutput)
    mutating func hydrated(_ found: Video, _ out: inout EventOutput) -> Bool
    mutating func hydrationRefused(_ ids: [String], _ out: inout EventOutput)
    mutating func forget(_ id: String, _ out: inout EventOutput)

    /// A video of a chart: written as it came (videos.list gave it whole) when new.
    mutating func found(byChart video: Video, seed: Int, rank: Int, _ out: inout EventOutput)
    /// A region's video category: written once per (region, id).
    mutating func found(_ category: VideoCategory, _ out: inout EventOutput)
    /// A search page received (its `results` lines).
    mutating func observed(_ fetched: FetchedPage, as observation: SearchObservation, _ out: inout EventOutput)

    // Playlists.
    mutating func found(_ found: Playlist, seed: Int, rank: Int, walk: Bool, _ out: inout EventOutput)
    mutating func member(_ found: PlaylistMembership, of playlistId: String, _ out: inout EventOutput)
    mutating func playlistsNotFound(_ ids: [String], seed: Int, _ out: inout EventOutput)
    mutating func putBackPlaylistLookups(_ lookups: [PlaylistLedger.Lookup])

    // Ids files (`ids` seeds).
    mutating func takeIds(_ cursor: IdFileCursor, _ out: inout EventOutput) -> (start: WorkItem?, next: WorkItem?)
    mutating func foundById(_ record: DecodedRecord, seed: Int, rank: Int, _ out: inout EventOutput)
    mutating func wasMissing(_ kind: MissingItem.Kind, _ id: String, seed: Int, _ out: inout EventOutput)

    // Channels and their uploads.
    mutating func resolved(_ found: Channel, seed: Int, _ out: inout EventOutput)
    mutating func resolvedReferences(_ records: [DecodedRecord], asked: [String], _ out: inout EventOutput)
    mutating func putBackReferences(_ ids: [String])
    mutating func checked(_ id: String, videoCount: Int?, seed: Int, since: Int64, _ out: inout EventOutput)
    mutating func uploadsWalked(_ channelId: String, labelLongBefore: Int64?)
    func uploadsEnded(channelId: String, expected: Int, found: Int, oldest: Int64?, seed: Int, _ out: inout EventOutput)
    mutating func labelListsCut(_ channelId: String)
    /// An upload of a watched channel, published at `published` (Unix seconds).
    mutating func upload(of channelId: String, published: Int64)

    // Comments.
    @discardableResult
    mutating func found(_ found: Comment, seed: Int, endpoint method: APIMethod, rank: Int, _ out: inout EventOutput)
        -> Bool
    mutating func commentsAreDisabled(on videoId: String, _ out: inout EventOutput)

    // Live chats.
    /// A `live` seed's video: written when new, its chat captured when live (or soon).
    mutating func liveVideo(_ video: Video, seed: Int, _ out: inout EventOutput)
    /// A `live` seed's video videos.list did not return.
    mutating func liveVideoMissing(_ videoId: String, seed: Int, _ out: inout EventOutput)
    /// An answer of a chat: its messages written, its next poll queued or its end noted.
    mutating func chatAnswered(_ poll: ChatPoll, _ fetched: FetchedPage, _ out: inout EventOutput)
    /// A chat the API will not (or no longer) give: ended, disabled, members only, unknown.
    mutating func chatClosed(_ poll: ChatPoll, status: ChatCapture.Status, _ out: inout EventOutput)

    // Channel links.
    mutating func linked(
        _ found: ChannelLink, from: String, depth: Int, seed: Int, endpoint method: APIMethod, rank: Int,
        _ out: inout EventOutput)
    mutating func resolvedLinked(_ records: [DecodedRecord], asked: [String], _ out: inout EventOutput)
    mutating func subscriptionsAnswered(_ id: String, isPrivate: Bool?, seed: Int, _ out: inout EventOutput)
}

extension CrawlVerbs {
    @discardableResult
    mutating func discover(
        _ id: String, seed: Int, endpoint method: APIMethod, rank: Int, partial: Video?, _ out: inout EventOutput
    ) -> Bool {
        discover(id, seed: seed, endpoint: method, rank: rank, partial: partial, format: nil, heldFor: nil, &out)
    }

    mutating func uploadsWalked(_ channelId: String) { uploadsWalked(channelId, labelLongBefore: nil) }
}
