/// Which videos, channels and playlists have each vocabulary word in their title.
struct SearchIndex: Sendable {
    let videoPostings: [[UInt32]]
    let channelPostings: [[UInt32]]
    let playlistPostings: [[UInt32]]

    init(
        videoCount: Int, channels: [CorpusChannel], playlists: [CorpusPlaylist],
        titleWords: (Int) -> [Int]
    ) {
        var videos = [[UInt32]](repeating: [], count: Vocabulary.words.count)
        for video in 0..<videoCount {
            var seen: [Int] = []
            for word in titleWords(video) where !seen.contains(word) {
                seen.append(word)
                videos[word].append(UInt32(video))
            }
        }
        var channelLists = [[UInt32]](repeating: [], count: Vocabulary.words.count)
        for channel in channels {
            for word in Set(channel.titleWords) { channelLists[word].append(UInt32(channel.index)) }
        }
        var playlistLists = [[UInt32]](repeating: [], count: Vocabulary.words.count)
        for playlist in playlists {
            for word in Set(playlist.titleWords) { playlistLists[word].append(UInt32(playlist.index)) }
        }
        videoPostings = videos
        channelPostings = channelLists
        playlistPostings = playlistLists
    }

    /// Vocabulary word indices of a query's terms (case-insensitive; unknown terms match nothing).
    static func terms(_ query: String) -> (include: [Int], exclude: [Int], unknown: Int) {
        var include: [Int] = []
        var exclude: [Int] = []
        var unknown = 0
        for raw in query.split(whereSeparator: { $0 == " " || $0 == "|" }) {
            let negated = raw.hasPrefix("-") && raw.count > 1
            let term = (negated ? raw.dropFirst() : raw).lowercased()
            guard let word = Vocabulary.index[term] else {
                unknown += 1
                continue
            }
            if negated { exclude.append(word) } else { include.append(word) }
        }
        return (include, exclude, unknown)
    }
}
