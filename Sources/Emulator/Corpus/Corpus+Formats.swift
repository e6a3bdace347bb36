import Synchronization

/// Video formats and the channels' format playlists: `UUSH<rest>` (Shorts), `UULV<rest>` (live
/// streams) and `UULF<rest>` (long-form videos), `<rest>` being the channel id without `UC`.
/// Like the real ones they lag uploads: a video shows up in its list a week after it is published.
extension Corpus {
    /// How long a new upload stays out of its format list.
    static let formatListLag: Int64 = 7 * 86_400

    /// Draws what the channel's generator left alone: whether it is active (one in six: its uploads
    /// shifted so the newest is one hour to four days before `present`) and whether its long-form
    /// list exists (not for one in twelve; always for the landmark channel).
    static func activity(of channel: inout CorpusChannel, seed: UInt64, present: Int64) {
        var random = CorpusRandom(seed: seed, stream: 0x7100_0000_0000 + UInt64(channel.index))
        let longFormMissing = random.next() % 12 == 0
        let active = random.next() % 6 == 0
        let age = 3600 + Int64(random.next() % (4 * 86_400))
        guard channel.index > 0 else { return }
        channel.hasLongFormList = !longFormMissing
        guard active else { return }
        let newest = channel.publishedAt + Int64(channel.videoCount - 1) * channel.uploadInterval + 3600
        channel.uploadShift = max(0, present - age - newest)
    }

    /// A video's format: live for streams (past, live now, upcoming); a Short for three in four
    /// of the videos of three minutes or less; long-form otherwise. Durations are left as they are.
    static func format(of video: CorpusVideo, seed: UInt64) -> CorpusVideo.Format {
        if video.completedLive || video.liveBroadcastContent != "none" { return .live }
        var random = CorpusRandom(seed: seed, stream: 0x7200_0000_0000 + UInt64(video.index))
        return video.durationSeconds <= 180 && random.next() % 4 != 0 ? .short : .long
    }

    /// The channel and format a `UUSH…`/`UULV…`/`UULF…` id names; `nil` for any other id.
    func formatPlaylist(id: Substring) -> (channel: Int, format: CorpusVideo.Format)? {
        guard id.utf8.count == 26,
            let format = CorpusVideo.Format.allCases.first(where: { id.hasPrefix($0.playlistPrefix) }),
            let channel = channelIndex(id: Substring("UC" + id.dropFirst(4)))
        else { return nil }
        return (channel, format)
    }

    /// The videos a format list holds at `now` on `day`, newest first: the channel's uploads (the
    /// newest ``Endpoints/uploadsCap`` of its day-0 ones, and its new ones) of that format, but those
    /// published in the week before `now` and those vanished by `day`. Empty when the list is not
    /// found (no such video yet, or no `UULF…` list).
    ///
    /// - Complexity: O(*n*) for a channel of *n* uploads the first time, then O(*r*) for the *r*
    ///   recent ones skipped (on day 0; O(*n*) on later days).
    func formatList(channel: Int, format: CorpusVideo.Format, now: Int64, day: Int) -> ArraySlice<Int> {
        if format == .long, !channels[channel].hasLongFormList { return [] }
        let lists = formatLists.lists(ofChannel: channel, in: self)
        let which = CorpusVideo.Format.allCases.firstIndex(of: format)!
        let cutoff = now - Self.formatListLag
        let dates = lists.dates[which]
        let first = dates.firstIndex { $0 <= cutoff } ?? dates.count
        guard day > 0 else { return lists.videos[which][first...] }
        let uploads = uploads(ofChannel: channel, onDay: day)
        var videos: [Int] = []
        for (position, index) in uploads.recent.enumerated()
        where uploads.recentFormats[position] == format && uploads.recentDates[position] <= cutoff {
            videos.append(index)
        }
        let timeline = timeline
        videos += lists.videos[which][first...].filter { timeline.exists($0, publishedAt: 0, onDay: day) }
        return videos[...]
    }
}

/// Every channel's uploads sorted by format, made on a channel's first format-list request.
final class FormatLists: Sendable {
    struct Lists: Sendable {
        /// Video indices per format (in `CorpusVideo.Format.allCases` order), newest first.
        var videos: [[Int]]
        /// Their publication dates, newest first.
        var dates: [[Int64]]
    }

    private let table = Mutex<[Int: Lists]>([:])

    func lists(ofChannel index: Int, in corpus: Corpus) -> Lists {
        if let lists = table.withLock({ $0[index] }) { return lists }
        let channel = corpus.channels[index]
        let formats = CorpusVideo.Format.allCases
        var lists = Lists(
            videos: Array(repeating: [], count: formats.count), dates: Array(repeating: [], count: formats.count))
        for position in 0..<min(channel.videoCount, Endpoints.uploadsCap) {
            let video = corpus.video(channel.firstVideo + channel.videoCount - 1 - position)
            let which = formats.firstIndex(of: video.format)!
            lists.videos[which].append(video.index)
            lists.dates[which].append(video.publishedAt)
        }
        table.withLock { $0[index] = lists }
        return lists
    }
}
