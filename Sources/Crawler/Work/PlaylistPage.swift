import Foundation
import StreamingJSON
import YouTubeKit

/// A playlistItems.list page: a channel's uploads or any other playlist.
///
/// Stored compactly, 88 bytes instead of 160: a crawl of every channel of a large seeds file
/// keeps one per channel in its frontier (and a copy while a checkpoint is written), and a
/// ``WorkItem`` is as large as its largest kind. The counters are 32-bit, and the fields only
/// format walks, updates and restarted walks set share one optional box (``Rare``). The
/// checkpoint's form is the plain one (``CodingKeys``).
struct PlaylistPage: PagedWork {
    static let tag = "playlist"
    var playlistId: String
    var pageToken: String?
    /// An uploads playlist's channel and its `videoCount`: a walk that ends short of it reports
    /// the gap (and, with `complete=search`, searches for the rest).
    var channelId: String?
    /// The oldest upload found so far.
    var oldest: Int64?
    private var storedSeed: Int32
    private var storedPage: Int32
    private var storedRank: Int32
    private var storedExpected: Int32?
    var uploads: Bool
    private var rare: Rare?

    init(
        seed: Int, playlistId: String, pageToken: String? = nil, page: Int, rank: Int, uploads: Bool,
        restarts: Int? = nil, channelId: String? = nil, expected: Int? = nil, oldest: Int64? = nil,
        formatWalk: FormatWalk? = nil, labelBefore: Int64? = nil, until: Int64? = nil
    ) {
        self.playlistId = playlistId
        self.pageToken = pageToken
        self.channelId = channelId
        self.oldest = oldest
        storedSeed = Int32(clamping: seed)
        storedPage = Int32(clamping: page)
        storedRank = Int32(clamping: rank)
        storedExpected = expected.map { Int32(clamping: $0) }
        self.uploads = uploads
        rare = Rare.boxing(.init(restarts: restarts, formatWalk: formatWalk, labelBefore: labelBefore, until: until))
    }

    var seed: Int {
        get { Int(storedSeed) }
        set { storedSeed = Int32(clamping: newValue) }
    }
    var page: Int {
        get { Int(storedPage) }
        set { storedPage = Int32(clamping: newValue) }
    }
    var rank: Int {
        get { Int(storedRank) }
        set { storedRank = Int32(clamping: newValue) }
    }
    var expected: Int? {
        get { storedExpected.map { Int($0) } }
        set { storedExpected = newValue.map { Int32(clamping: $0) } }
    }
    /// Times this item started over after `invalidPageToken` (absent in older checkpoints).
    var restarts: Int? {
        get { rare?.fields.restarts }
        set { change { $0.restarts = newValue } }
    }
    /// Which list of a `formats=yes` walk this is (absent for every other walk).
    var formatWalk: FormatWalk? {
        get { rare?.fields.formatWalk }
        set { change { $0.formatWalk = newValue } }
    }
    /// With ``formatWalk``: a video that no format list names is long-form when published before
    /// this (Unix seconds, a week before the walk began: the lists lag uploads by up to a week).
    var labelBefore: Int64? {
        get { rare?.fields.labelBefore }
        set { change { $0.labelBefore = newValue } }
    }
    /// An update's walk (`ytcrawl update`): the list is newest first, so the walk ends at the
    /// page that holds an upload published at or before this (Unix seconds): the channel's newest
    /// upload the last run saw, or the last run's start less the overlap.
    var until: Int64? {
        get { rare?.fields.until }
        set { change { $0.until = newValue } }
    }

    /// The fields most walks leave unset, boxed (immutable: a change makes a new box; none when
    /// every field is unset, so that equal pages compare equal).
    private final class Rare: Hashable, Sendable {
        struct Fields: Hashable {
            var restarts: Int?
            var formatWalk: FormatWalk?
            var labelBefore: Int64?
            var until: Int64?
        }

        let fields: Fields

        private init(_ fields: Fields) { self.fields = fields }

        /// A box of `fields`, or `nil` when every one is unset.
        static func boxing(_ fields: Fields) -> Rare? { fields == Fields() ? nil : Rare(fields) }

        static func == (left: Rare, right: Rare) -> Bool { left.fields == right.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }

    private mutating func change(_ body: (inout Rare.Fields) -> Void) {
        var fields = rare?.fields ?? Rare.Fields()
        body(&fields)
        rare = Rare.boxing(fields)
    }

    enum CodingKeys: String, CodingKey {
        case seed, playlistId, pageToken, page, rank, uploads, restarts, channelId, expected, oldest, formatWalk
        case labelBefore, until
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            seed: try container.decode(Int.self, forKey: .seed),
            playlistId: try container.decode(String.self, forKey: .playlistId),
            pageToken: try container.decodeIfPresent(String.self, forKey: .pageToken),
            page: try container.decode(Int.self, forKey: .page), rank: try container.decode(Int.self, forKey: .rank),
            uploads: try container.decode(Bool.self, forKey: .uploads),
            restarts: try container.decodeIfPresent(Int.self, forKey: .restarts),
            channelId: try container.decodeIfPresent(String.self, forKey: .channelId),
            expected: try container.decodeIfPresent(Int.self, forKey: .expected),
            oldest: try container.decodeIfPresent(Int64.self, forKey: .oldest),
            formatWalk: try container.decodeIfPresent(FormatWalk.self, forKey: .formatWalk),
            labelBefore: try container.decodeIfPresent(Int64.self, forKey: .labelBefore),
            until: try container.decodeIfPresent(Int64.self, forKey: .until))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(playlistId, forKey: .playlistId)
        try container.encodeIfPresent(pageToken, forKey: .pageToken)
        try container.encode(page, forKey: .page)
        try container.encode(rank, forKey: .rank)
        try container.encode(uploads, forKey: .uploads)
        try container.encodeIfPresent(restarts, forKey: .restarts)
        try container.encodeIfPresent(channelId, forKey: .channelId)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(oldest, forKey: .oldest)
        try container.encodeIfPresent(formatWalk, forKey: .formatWalk)
        try container.encodeIfPresent(labelBefore, forKey: .labelBefore)
        try container.encodeIfPresent(until, forKey: .until)
    }

    /// Whether a walk of `playlistId` writes its entries (`memberships`): every playlist but a
    /// channel's uploads and its format lists (`UU…`), whose entries are its videos in upload
    /// order, which the videos records hold already. Such a walk asks for the snippet, whatever
    /// else is asked: the entries' positions and dates are there.
    static func recordsMemberships(_ playlistId: String) -> Bool { !playlistId.hasPrefix("UU") }

    /// Hydrated videos come from videos.list: the page need only say which they are and when
    /// they were published (`contentDetails`), a tenth of the bytes of the snippet (same unit).
    /// Without a snippet, a private or deleted entry cannot be told from a video here; it goes
    /// to videos.list, which does not return it. When the seed wants comments the snippet stays:
    /// its title tells a placeholder apart before a commentThreads call is spent on it.
    func request(for plan: some CrawlSetup) throws -> APIRequest {
        guard !Self.recordsMemberships(playlistId), plan.options.selection.hydrate, !plan.options.selection.comments,
            !plan.seeds[seed].comments
        else {
            return try APIRequest.playlistItems(playlistId: playlistId, pageToken: pageToken)
        }
        return try APIRequest.playlistItems(
            playlistId: playlistId, part: APIRequest.Parts.playlistItemIds, pageToken: pageToken)
    }

    /// Marks its playlist as queued (a format list's channel uploads too).
    func markQueued(in seen: inout SeenSets) {
        _ = seen.queuePlaylist(playlistId)
        if let uploads = formatWalk.map({ _ in uploadsPlaylistId }) { _ = seen.queuePlaylist(uploads) }
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var position = rank
        var oldest = self.oldest
        var reachedKnown = false
        if formatWalk?.isLabelList == true { out.count(.formatPages) }
        for case .membership(let membership) in fetched.records { plan.member(membership, of: playlistId, &out) }
        for case .video(let video) in fetched.records {
            let published = video.publishedAt.map { Int64($0.timeIntervalSince1970) }
            let label = format(published: published)
            let new = plan.discover(
                video.videoId, seed: seed, endpoint: .playlistItems, rank: position, partial: video,
                format: label, heldFor: nil, &out)
            if !new { plan.foundAgain(video.videoId, format: label, partial: video, &out) }
            if let published { oldest = min(oldest ?? published, published) }
            if let until, let published, published <= until { reachedKnown = true }
            if let published, let channelId, formatWalk?.isLabelList != true {
                plan.upload(of: channelId, published: published)
            }
            if new, until != nil, let channelId { out.newUpload(of: channelId) }
            position += 1
        }
        guard let token = fetched.summary.nextPageToken, page + 1 < (plan.playlistPages(seed) ?? .max), !reachedKnown
        else {
            if fetched.summary.nextPageToken != nil, !reachedKnown, formatWalk?.isLabelList != true {
                out.cap(seed, by: "maxPages")
            }
            if fetched.summary.nextPageToken == nil, formatWalk?.isLabelList != true, let channelId, let expected,
                expected > position
            {
                plan.uploadsEnded(
                    channelId: channelId, expected: expected, found: position, oldest: oldest, seed: seed, &out)
            }
            return walkEnded(&plan, whole: fetched.summary.nextPageToken == nil, &out)
        }
        if token == pageToken {
            out.warn(
                "\(describe(seeds: plan.seeds)): the API sent the same nextPageToken again; this playlist ends here")
            return walkEnded(&plan, whole: false, &out)
        }
        if page > 0, fetched.records.isEmpty, fetched.summary.itemCount == 0 {
            out.warn(
                "\(describe(seeds: plan.seeds)): a page without entries but with a next page; this playlist ends here")
            return walkEnded(&plan, whole: false, &out)
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = position
        next.oldest = oldest
        out.enqueue(.playlist(next))
    }

    /// The walk starts over: its rank and oldest upload too (the channel and its `videoCount` stay).
    mutating func startOver() {
        rank = 0
        oldest = nil
    }

    var item: WorkItem { .playlist(self) }

    func describe(seeds: [Seed]) -> String {
        let what =
            switch formatWalk {
            case .shorts?: "Shorts list"
            case .live?: "live streams list"
            default: uploads ? "uploads playlist" : "playlist"
            }
        return "\(what) \(playlistId) (page \(page + 1))"
    }

    // MARK: Format labels (`formats=yes`)

    /// The channel's uploads list (`UU…`), whichever list of it this walk reads.
    var uploadsPlaylistId: String {
        formatWalk?.isLabelList == true ? "UU" + playlistId.dropFirst(4) : playlistId
    }

    /// The walk of the channel's `kind` list, from its first page, labelling what it finds;
    /// `nil` when the uploads list is not a `UU…` one (no format lists derive from it).
    func formatWalk(_ kind: FormatWalk, at now: Date) -> PlaylistPage? {
        let uploads = uploadsPlaylistId
        guard uploads.hasPrefix("UU"), uploads.count > 2 else { return nil }
        var walk = self
        walk.formatWalk = kind
        walk.labelBefore = labelBefore ?? Int64(now.timeIntervalSince1970) - FormatWalk.listLag
        walk.playlistId = kind.prefix + uploads.dropFirst(2)
        walk.pageToken = nil
        walk.page = 0
        walk.rank = 0
        walk.restarts = nil
        walk.oldest = nil
        return walk
    }

    /// The label of a video this walk found: its list's, or for the uploads list after them
    /// `long` when it is older than the lists' lag (and `nil`, unknown, when younger).
    func format(published: Int64?) -> VideoFormat? {
        switch formatWalk {
        case .shorts?: return .short
        case .live?: return .live
        case .rest?:
            guard let published, let labelBefore else { return nil }
            return published < labelBefore ? .long : nil
        case nil: return nil
        }
    }

    /// This list is walked (`whole`: to its last page): the next of the chain (Shorts, then live,
    /// then the uploads) is queued. When it was the channel's uploads, the search results held
    /// for its labels are released; with the Shorts and live lists read whole, a held result the
    /// uploads walk did not list (`walkPages` cut it) is long-form when older than the lists' lag.
    func walkEnded(_ plan: inout some CrawlVerbs, whole: Bool, _ out: inout EventOutput) {
        let next: FormatWalk
        switch formatWalk {
        case .shorts?: next = .live
        case .live?: next = .rest
        default:
            if uploads, let channelId {
                plan.uploadsWalked(channelId, labelLongBefore: formatWalk == .rest ? labelBefore : nil)
            }
            return
        }
        if !whole, let channelId { plan.labelListsCut(channelId) }
        if let walk = formatWalk(next, at: out.wallClock) { out.enqueue(.playlist(walk)) }
    }

    /// A format list that does not exist (404 `playlistNotFound`) has no video of its kind: the
    /// chain goes on (the 404 cost its unit).
    func unavailable(_ reasons: [APIErrorReason], to plan: inout some CrawlVerbs, _ out: inout EventOutput) -> Bool {
        guard formatWalk?.isLabelList == true, reasons.contains(.playlistNotFound) else { return false }
        out.count(.formatPages)
        walkEnded(&plan, whole: true, &out)
        return true
    }
}

/// Which list of a channel a `formats=yes` walk reads, in the order they are walked.
enum FormatWalk: String, Codable, Sendable, Hashable {
    /// `UUSH…`: the channel's Shorts.
    case shorts
    /// `UULV…`: its live streams, past and present.
    case live
    /// `UU…`, after both: every upload; those not seen in either list are long-form.
    case rest

    /// The lists lag uploads by up to a week: a video younger than that, in neither, is unknown.
    static let listLag: Int64 = 7 * 86_400

    var prefix: String {
        switch self {
        case .shorts: "UUSH"
        case .live: "UULV"
        case .rest: "UU"
        }
    }

    /// A list of one format (whose pages are the labels' cost).
    var isLabelList: Bool { self != .rest }
}
