/// A channel of the corpus.
struct CorpusChannel: Sendable {
    var index: Int
    var id: String
    var handle: String
    var title: String
    var titleWords: [Int]
    var description: String
    var publishedAt: Int64
    var country: String?
    var viewCount: Int
    /// `nil` when the channel hides it.
    var subscriberCount: Int?
    var videoCount: Int
    var firstVideo: Int
    /// Seconds between uploads.
    var uploadInterval: Int64
    /// Seconds added to every upload's date: a few channels are active, their newest uploads days
    /// before the corpus's present (0 for the others).
    var uploadShift: Int64 = 0
    /// Whether its `UULF…` list answers at all (the real one is not always available).
    var hasLongFormList = true
    /// How often it uploads after day 0 (see ``Corpus/uploadSchedule(of:seed:)``).
    var uploads = UploadSchedule(rate: .dormant, slotSeconds: 0, fillPerMille: 0)

    var uploadsPlaylistId: String { "UU" + id.dropFirst(2) }
}

/// A video of the corpus, with everything any endpoint may show of it.
struct CorpusVideo: Sendable {
    var index: Int
    var id: String
    var channel: Int
    /// Position among its channel's uploads, oldest first (for a new upload: the channel's day-0
    /// count plus its slot).
    var position: Int
    var title: String
    var titleWords: [Int]
    var description: String
    var publishedAt: Int64
    var tags: [String]
    var categoryId: String
    var defaultLanguage: String
    var defaultAudioLanguage: String
    var region: String
    var latitude: Double?
    var longitude: Double?
    /// `none`, `live` or `upcoming`; `completedLive` marks past broadcasts (eventType=completed).
    var liveBroadcastContent: String
    var completedLive: Bool
    var duration: String
    var durationSeconds: Int
    var viewCount: Int
    var likeCount: Int?
    var commentCount: Int?
    var hasHighResolutionThumbnails: Bool
    /// Which of the channel's format lists (`UUSH…`, `UULV…`, `UULF…`) holds it.
    var format: Format = .long

    /// A video's format, as the channel's format playlists sort it.
    enum Format: String, Sendable, Hashable, CaseIterable {
        /// A Short: 3 minutes at most, never live.
        case short
        /// A live stream: past (most), live now or upcoming.
        case live
        /// A long-form video: the rest.
        case long

        /// The playlist id prefix: `UUSH`, `UULV` or `UULF`.
        var playlistPrefix: String {
            switch self {
            case .short: "UUSH"
            case .live: "UULV"
            case .long: "UULF"
            }
        }

        /// What its list is called ("Shorts from …").
        var listTitle: String {
            switch self {
            case .short: "Shorts"
            case .live: "Live streams"
            case .long: "Videos"
            }
        }
    }
}

/// An ordinary playlist: some of a channel's videos (and others'), with placeholders for
/// entries that became private or were deleted.
struct CorpusPlaylist: Sendable {
    enum Entry: Sendable {
        case video(Int)
        case privateVideo(String)
        case deletedVideo(String)
    }

    var index: Int
    var id: String
    var channel: Int
    var title: String
    var titleWords: [Int]
    var publishedAt: Int64
    var entries: [Entry]
    /// Private: playlists.list never lists it, and a key's playlistItems.list gets 404.
    var isPrivate = false
    /// A podcast (`status.podcastStatus` `enabled`).
    var isPodcast = false
    /// Its entries are reordered every day (day 0 keeps the order they were added in).
    var reorders = false
}
