import Synchronization

/// One channel's uploads as they stand on a day: the new uploads published by then, newest first,
/// above its day-0 uploads, the videos vanished by then left out. What its `UU…` playlist lists
/// and its `videoCount` counts.
struct ChannelUploads: Sendable {
    /// New uploads that exist on the day, newest first, with their dates and formats.
    var recent: [Int] = []
    var recentDates: [Int64] = []
    var recentFormats: [CorpusVideo.Format] = []
    /// Ranks (0 the newest) among the channel's day-0 uploads of those vanished by the day, ascending.
    var goneRanks: [Int] = []
    var firstVideo: Int
    var dayZeroCount: Int

    /// How many uploads the channel has on the day.
    var count: Int { recent.count + dayZeroCount - goneRanks.count }

    /// The video at `position` of the uploads, newest first (`position` < ``count``).
    ///
    /// - Complexity: O(*g*) for the *g* vanished day-0 uploads.
    func video(at position: Int) -> Int {
        if position < recent.count { return recent[position] }
        var rank = position - recent.count
        for gone in goneRanks {
            guard gone <= rank else { break }
            rank += 1
        }
        return firstVideo + dayZeroCount - 1 - rank
    }
}

/// The new uploads of every channel that exist on a day, for search: in channel order, each
/// channel's newest first, with the postings of their title words.
struct RecentUploads: Sendable {
    var videos: [Int] = []
    var dates: [Int64] = []
    /// Positions in `videos` of each vocabulary word's uploads.
    var postings: [[UInt32]] = Array(repeating: [], count: Vocabulary.words.count)
    /// Positions in `videos` of each channel's uploads.
    var channels: [Int: Range<Int>] = [:]
}

/// Channels' uploads and the recent uploads' search postings of the day last asked, made on first
/// use (a new day starts them afresh). Day 0 needs none of it.
final class UploadDays: Sendable {
    private struct State {
        var day = -1
        var channels: [Int: ChannelUploads] = [:]
        var recent: RecentUploads?
    }

    private let state = Mutex(State())

    /// `channel`'s uploads on `day`.
    ///
    /// - Complexity: O(*n* + *s*) the first time on a day, for a channel of *n* day-0 uploads and *s*
    ///   slots of its schedule by then; O(1) after.
    func uploads(ofChannel channel: Int, onDay day: Int, in corpus: Corpus) -> ChannelUploads {
        let record = corpus.channels[channel]
        guard day > 0 else { return ChannelUploads(firstVideo: record.firstVideo, dayZeroCount: record.videoCount) }
        if let known = state.withLock({ $0.day == day ? $0.channels[channel] : nil }) { return known }
        let timeline = corpus.timeline
        var uploads = ChannelUploads(firstVideo: record.firstVideo, dayZeroCount: record.videoCount)
        for (index, date) in corpus.newUploads(ofChannel: channel, before: corpus.present + Int64(day) * 86_400)
            .reversed() where timeline.exists(index, publishedAt: date, onDay: day)
        {
            uploads.recent.append(index)
            uploads.recentDates.append(date)
            uploads.recentFormats.append(corpus.video(index).format)
        }
        for rank in 0..<record.videoCount
        where !timeline.exists(record.firstVideo + record.videoCount - 1 - rank, publishedAt: 0, onDay: day) {
            uploads.goneRanks.append(rank)
        }
        state.withLock { state in
            if state.day != day { state = State(day: day) }
            state.channels[channel] = uploads
        }
        return uploads
    }

    /// Every channel's new uploads that exist on `day` (none on day 0).
    ///
    /// - Complexity: O(*c* + *u*) the first time on a day, for *c* channels and *u* uploads.
    func recentUploads(onDay day: Int, in corpus: Corpus) -> RecentUploads {
        guard day > 0 else { return RecentUploads() }
        if let known = state.withLock({ $0.day == day ? $0.recent : nil }) { return known }
        var recent = RecentUploads()
        for channel in corpus.channels.indices where corpus.channels[channel].uploads.slotSeconds > 0 {
            let uploads = uploads(ofChannel: channel, onDay: day, in: corpus)
            let start = recent.videos.count
            for (index, date) in zip(uploads.recent, uploads.recentDates) {
                var random = CorpusRandom(seed: corpus.configuration.seed, stream: 0x1_0000_0000 + UInt64(index))
                var seen: [Int] = []
                for word in Corpus.titleWords(&random) where !seen.contains(word) {
                    seen.append(word)
                    recent.postings[word].append(UInt32(recent.videos.count))
                }
                recent.videos.append(index)
                recent.dates.append(date)
            }
            if recent.videos.count > start { recent.channels[channel] = start..<recent.videos.count }
        }
        state.withLock { state in
            if state.day != day { state = State(day: day) }
            state.recent = recent
        }
        return recent
    }
}

extension Corpus {
    /// How the corpus changes with the days.
    var timeline: CorpusTimeline { CorpusTimeline(seed: configuration.seed, present: present) }

    /// `channel`'s uploads on `day` (see ``ChannelUploads``).
    func uploads(ofChannel channel: Int, onDay day: Int) -> ChannelUploads {
        uploadDays.uploads(ofChannel: channel, onDay: day, in: self)
    }
}
