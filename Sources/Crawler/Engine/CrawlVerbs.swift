import StreamingJSON
import YouTubeKit

/// What a kind of work may see and do of the engine: the seeds and options, read-only, and the
/// engine's verbs. Kinds of work (``CrawlWork``) receive the engine as `some CrawlVerbs`, never
/// as the engine itself, so its parts (frontier, queues, ledgers, counters) change only through
/// the verbs, which keep their invariants. ``CrawlEngine`` is the one conforming type.
protocol CrawlVerbs {
    var seeds: [Seed] { get }
    var options: CrawlEngine.Options { get }

    // Pages and their limits.
    func maxPages(_ seed: Int) -> Int?
    func playlistPages(_ seed: Int) -> Int?
    func maxCommentPages(_ seed: Int) -> Int?
    func commentCount(of videoId: String) -> Int?

    // Work.
    mutating func enqueue(_ item: WorkItem)
    mutating func walk(channel id: String, seed: Int)
    mutating func warn(_ message: String, _ out: inout EventOutput)
    /// `seed` stopped short of its end: by `cap` (`maxPages`, `search limit`).
    mutating func capped(_ seed: Int, by cap: String)
    mutating func capThread(_ seed: Int)
    mutating func windowDone()

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
    mutating func hydrationRefused(_ ids: [String])
    mutating func forget(_ id: String)
    mutating func snapshot(_ stats: VideoStats, _ out: inout EventOutput)
    mutating func snapshotRefused(_ ids: [String])

    // Channels and their uploads.
    mutating func resolved(_ found: Channel, seed: Int, _ out: inout EventOutput)
    mutating func resolvedReferences(_ records: [DecodedRecord], asked: [String], _ out: inout EventOutput)
    mutating func putBackReferences(_ ids: [String])
    mutating func checked(_ id: String, videoCount: Int?, seed: Int, since: Int64, _ out: inout EventOutput)
    mutating func uploadsWalked(_ channelId: String, labelLongBefore: Int64?)
    mutating func uploadsEnded(channelId: String, expected: Int, found: Int, oldest: Int64?, seed: Int)
    mutating func labelListsCut(_ channelId: String)
    /// A page of a format list (`UUSH…`, `UULV…`) was read or found missing: the units labels cost.
    mutating func formatPageRead()
    /// An upload of a watched channel, published at `published` (Unix seconds).
    mutating func upload(of channelId: String, published: Int64)
    /// An update found a new upload of the channel.
    mutating func newUpload(of channelId: String)

    // Comments.
    @discardableResult
    mutating func found(_ found: Comment, seed: Int, endpoint method: APIMethod, rank: Int, _ out: inout EventOutput)
        -> Bool
    mutating func commentsAreDisabled(on videoId: String, _ out: inout EventOutput)

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

extension CrawlEngine: CrawlVerbs {
    mutating func capped(_ seed: Int, by cap: String) { findings.cap(seed, cap) }

    mutating func formatPageRead() { counters.formatPages += 1 }

    mutating func upload(of channelId: String, published: Int64) {
        watch.noteUpload(of: channelId, published: published)
    }

    mutating func newUpload(of channelId: String) { counters.channelsWithNew.insert(channelId) }
}
