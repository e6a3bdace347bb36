/// What the crawl has seen, so nothing is written or queued twice: videos found (written or
/// pending), channels written, and channels and playlists queued for walking.
struct SeenSets: Sendable {
    private(set) var videos = VideoIdSet()
    private(set) var channels = CompactStringSet()
    private(set) var queuedChannels = CompactStringSet()
    private(set) var queuedPlaylists = CompactStringSet()
    /// Comment ids an `ids` seed took (``IdBatch``): each asked once.
    private(set) var queuedComments = CompactStringSet()
    /// Videos whose live chat capture was asked for: each captured once.
    private(set) var queuedChats: Set<String> = []

    init() {}

    /// An output that already holds `videoIds` and `channelIds`: never written again. With
    /// `walked`, those channels count as queued too (a checkpoint holds their walks); a start
    /// over walks them again. `walkedIds` names them when the checkpoint does (its watch list):
    /// a channel written without its walk (one a link reached, one the videos name) may then be
    /// walked for a seed added later; without it every channel written counts as walked.
    init(videoIds: Set<String>, channelIds: Set<String>, walked: Bool, walkedIds: [String]? = nil) {
        videos = VideoIdSet(videoIds)
        channels = CompactStringSet(channelIds)
        guard walked else { return }
        if let walkedIds {
            for id in walkedIds { _ = queuedChannels.insert(id) }
        } else {
            queuedChannels = channels
        }
    }

    /// Whether `id` is new (and now seen).
    mutating func insertVideo(_ id: String) -> Bool { videos.insert(id) }
    mutating func insertChannel(_ id: String) -> Bool { channels.insert(id) }
    /// Whether video `id` is written (or pending).
    func hasVideo(_ id: String) -> Bool { videos.contains(id) }
    /// Whether channel `id` is written (or held to be).
    func hasChannel(_ id: String) -> Bool { channels.contains(id) }
    mutating func queueChannel(_ id: String) -> Bool { queuedChannels.insert(id) }
    mutating func queuePlaylist(_ id: String) -> Bool { queuedPlaylists.insert(id) }
    mutating func queueComment(_ id: String) -> Bool { queuedComments.insert(id) }
    mutating func queueChat(_ videoId: String) -> Bool { queuedChats.insert(videoId).inserted }
}
