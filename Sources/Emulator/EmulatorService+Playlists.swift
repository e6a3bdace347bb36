/// The ground truth of the channels' playlists, for tests that check a crawl wrote exactly the
/// playlists and entries that exist.
extension EmulatorService {
    /// A playlist as a key reads it on the emulator's current day.
    public struct PlaylistTruth: Sendable, Hashable {
        public var id: String
        public var channelId: String
        public var title: String
        public var isPodcast: Bool
        /// Its entries in today's order: each video's id (a placeholder's too) and when it was
        /// added (Unix seconds).
        public var entries: [Entry]

        public struct Entry: Sendable, Hashable {
            public var videoId: String
            public var addedAt: Int64
            /// A private or deleted video's placeholder (its id kept, its channel not sent).
            public var isPlaceholder: Bool
        }
    }

    /// What playlists.list lists for `channelId` today (private playlists left out, as for a
    /// key); `nil` for an unknown channel.
    public func playlists(ofChannel channelId: String) -> [PlaylistTruth]? {
        let corpus = api.corpus
        guard let channel = corpus.channelIndex(id: Substring(channelId)) else { return nil }
        return corpus.listedPlaylists(ofChannel: channel).map { truth($0) }
    }

    /// The playlist `id` as a key reads it today; `nil` when it is private or unknown.
    public func playlist(id: String) -> PlaylistTruth? {
        guard let playlist = api.corpus.playlist(id: Substring(id)), !playlist.isPrivate else { return nil }
        return truth(playlist)
    }

    /// The ids of the private playlists of `channelId` (which a key never reads).
    public func privatePlaylistIds(ofChannel channelId: String) -> [String] {
        guard let channel = api.corpus.channelIndex(id: Substring(channelId)) else { return [] }
        return api.corpus.curatedPlaylists(ofChannel: channel).filter(\.isPrivate).map(\.id)
    }

    private func truth(_ playlist: CorpusPlaylist) -> PlaylistTruth {
        let corpus = api.corpus
        return PlaylistTruth(
            id: playlist.id, channelId: corpus.channels[playlist.channel].id, title: playlist.title,
            isPodcast: playlist.isPodcast,
            entries: corpus.entries(of: playlist, onDay: api.day).map { entry, addedAt in
                switch entry {
                case .video(let index):
                    PlaylistTruth.Entry(videoId: corpus.videoId(index), addedAt: addedAt, isPlaceholder: false)
                case .privateVideo(let id), .deletedVideo(let id):
                    PlaylistTruth.Entry(videoId: id, addedAt: addedAt, isPlaceholder: true)
                }
            })
    }
}
