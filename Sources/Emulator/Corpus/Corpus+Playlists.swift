/// A channel's curated playlists, beside the ordinary ones (``Corpus/playlists``, about one for
/// every three channels, which search finds): about half the channels have one to three more,
/// drawn on demand from the channel's own generator — some longer than a page of 50, some empty,
/// some private (never listed, never readable with a key), some podcasts, some reordered every
/// day. Their ids are the playlist codec's indices past the ordinary ones
/// (``curatedSlots`` per channel), so a lookup by id needs no table. Search does not find them:
/// the search index and its answers stay as they were before they existed.
extension Corpus {
    /// Curated playlists a channel may have at most.
    static let curatedSlots = 4

    /// The curated playlists of `channel`, private ones included, in the order the channel made
    /// them.
    func curatedPlaylists(ofChannel channel: Int) -> [CorpusPlaylist] {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x3800_0000 + UInt64(channel))
        let count = [0, 0, 0, 0, 0, 1, 1, 2, 2, 3][Int(random.next() % 10)]
        let owner = channels[channel]
        return (0..<count).map { slot in
            let index = playlists.count + channel * Self.curatedSlots + slot
            let encoded = playlistCodec.encode(index)
            let titleWords = Self.words(&random, count: 1 + Int(random.next() % 3))
            let shape = random.next() % 12
            let length: Int
            switch shape {
            case 0: length = 0
            case 1: length = 51 + Int(random.next() % 130)
            default: length = 3 + Int(random.next() % 40)
            }
            let entries = (0..<length).map { _ -> CorpusPlaylist.Entry in
                switch random.next() % 16 {
                case 0: return .privateVideo(videoIds.id(videoCount + Int(random.next() % 1_000_000)))
                case 1: return .deletedVideo(videoIds.id(videoCount + Int(random.next() % 1_000_000)))
                case 2, 3: return .video(Int(random.next() % UInt64(max(1, videoCount))))
                default: return .video(owner.firstVideo + Int(random.next() % UInt64(owner.videoCount)))
                }
            }
            var playlist = CorpusPlaylist(
                index: index, id: "PL" + encoded + playlistCodec.padding(for: encoded, count: 21), channel: channel,
                title: titleWords.map { Vocabulary.words[$0] }.joined(separator: " "), titleWords: titleWords,
                publishedAt: owner.publishedAt + Int64(random.next() % 86_400_000), entries: entries)
            playlist.isPrivate = shape == 2
            playlist.isPodcast = shape == 3
            playlist.reorders = length > 1 && random.next() % 2 == 0
            return playlist
        }
    }

    /// The playlists playlists.list lists for `channel` with a key: its ordinary ones, then its
    /// curated ones but the private.
    func listedPlaylists(ofChannel channel: Int) -> [CorpusPlaylist] {
        playlists.filter { $0.channel == channel } + curatedPlaylists(ofChannel: channel).filter { !$0.isPrivate }
    }

    /// The playlist `id` names, ordinary or curated (private ones too: callers decide).
    func playlist(id: Substring) -> CorpusPlaylist? {
        if let index = playlistIndex(id: id) { return playlists[index] }
        guard id.hasPrefix("PL"), id.count == 34, let index = playlistCodec.decode(id.dropFirst(2).prefix(11)),
            index >= playlists.count
        else { return nil }
        let channel = (index - playlists.count) / Self.curatedSlots
        guard channel < channels.count else { return nil }
        return curatedPlaylists(ofChannel: channel).first { $0.id == id }
    }

    /// The entries of `playlist` on `day`, in order, each with when it was added: a video vanished
    /// by the day shows as the API shows a deleted one; a reordering playlist is shuffled by the
    /// day (the same all day, another the next).
    func entries(of playlist: CorpusPlaylist, onDay day: Int) -> [(entry: CorpusPlaylist.Entry, addedAt: Int64)] {
        var entries = playlist.entries.enumerated().map { position, entry -> (CorpusPlaylist.Entry, Int64) in
            var entry = entry
            if day > 0, case .video(let index) = entry, !exists(index, onDay: day) {
                entry = .deletedVideo(videoId(index))
            }
            return (entry, playlist.publishedAt + Int64(position) * 3600)
        }
        if playlist.reorders, day > 0 {
            var random = CorpusRandom(
                seed: configuration.seed, stream: 0x3900_0000_0000 + UInt64(playlist.index) << 16 + UInt64(day))
            for position in stride(from: entries.count - 1, to: 0, by: -1) {
                entries.swapAt(position, Int(random.next() % UInt64(position + 1)))
            }
        }
        return entries.map { (entry: $0.0, addedAt: $0.1) }
    }
}
