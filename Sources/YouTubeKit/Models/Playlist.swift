import Foundation

/// A playlist as playlists.list describes it (record kind `playlists`): written once per
/// output, by a `playlist` seed, by a channel seed's `playlists=yes|walk`, or by `hydrate`.
public struct Playlist: Sendable, Hashable {
    public var playlistId: String
    /// The channel that owns it.
    public var channelId: String?
    public var title: String?
    public var description: String?
    public var publishedAt: Date?
    /// Its entries when asked (`contentDetails.itemCount`), placeholders of private or deleted
    /// videos included.
    public var itemCount: Int?
    /// `public` or `unlisted` (a key reads no private playlist).
    public var privacyStatus: String?
    /// `enabled` when the playlist is a podcast, else `disabled` (`status.podcastStatus`).
    public var podcastStatus: String?
    public var defaultLanguage: String?
    /// The largest thumbnail's URL (the first video's frame).
    public var thumbnailUrl: String?
    /// Titles and descriptions by language, as sent (only when `localizations` is asked).
    public var localizations: JSONValue?
    public var fetchedAt: Date?
    /// The seed, the list method that found it and its position in that list.
    public var source: CommentSource?

    public init(playlistId: String) { self.playlistId = playlistId }
}

/// One entry of a playlist as one walk saw it (record kind `memberships`): written once per
/// (run, playlist, position, video), so a playlist reordered between runs shows its new
/// positions under the new run while the earlier run's lines stay.
public struct PlaylistMembership: Sendable, Hashable {
    /// The run's number in the output's runs history (from 1).
    public var run: Int
    /// The run's key (its random id in the manifest), which keeps merged outputs' runs apart.
    public var runKey: String
    public var playlistId: String
    public var videoId: String
    /// From 0, as the playlist orders its entries.
    public var position: Int
    /// When the video was added to the playlist (the playlist item's `snippet.publishedAt`).
    public var addedAt: Date?
    /// The channel of the video (`snippet.videoOwnerChannelId`); null for a private or deleted
    /// video's placeholder, which the API sends without one.
    public var videoOwnerChannelId: String?
    /// The playlist owner's note on the entry (`contentDetails.note`).
    public var note: String?
    public var fetchedAt: Date?

    public init(
        run: Int, runKey: String, playlistId: String, videoId: String, position: Int, addedAt: Date? = nil,
        videoOwnerChannelId: String? = nil, note: String? = nil, fetchedAt: Date? = nil
    ) {
        self.run = run
        self.runKey = runKey
        self.playlistId = playlistId
        self.videoId = videoId
        self.position = position
        self.addedAt = addedAt
        self.videoOwnerChannelId = videoOwnerChannelId
        self.note = note
        self.fetchedAt = fetchedAt
    }

    /// `run@runkey/playlistId/position/videoId`: the line's key, unique across runs and merged
    /// outputs (``SearchResult/resultId`` begins the same way).
    public var membershipId: String { "\(run)@\(runKey)/\(playlistId)/\(position)/\(videoId)" }
}
