/// The emulator's synthetic YouTube: channels, their uploads, ordinary playlists and a search
/// index, all derived from ``CorpusConfiguration``. Videos are generated on demand from their
/// index, so a corpus of millions of videos costs only its search index in memory.
final class Corpus: Sendable {
    let configuration: CorpusConfiguration
    let channels: [CorpusChannel]
    let playlists: [CorpusPlaylist]
    /// `firstVideo` of each channel, plus the total at the end: channel of a video by binary search.
    let videoStarts: [Int]
    let handles: [String: Int]
    let videoIds: VideoIdentifiers
    let channelCodec: IdentifierCodec
    let playlistCodec: IdentifierCodec
    let commentCodec: IdentifierCodec
    /// Publication dates, for date-windowed searches.
    let dates = VideoDates()
    let index: SearchIndex
    /// The UTC second the corpus stands at (midnight of the emulator's day 0): active channels'
    /// newest uploads, live streams and upcoming ones are dated around it.
    let present: Int64
    /// The second the emulator's day 0 began, uncut (``present`` is its midnight): streams live
    /// now end, and half the upcoming ones start, within hours of it, so an emulator started at
    /// any time of day has chats running. Equal to ``present`` for a present given at midnight.
    let origin: Int64
    /// Each channel's format lists, made on first use.
    let formatLists = FormatLists()
    /// Channels' uploads on the day last asked, made on first use.
    let uploadDays = UploadDays()

    var videoCount: Int { videoStarts.last ?? 0 }

    /// The present when none is given: 2026-01-01T00:00:00Z.
    static let defaultPresent: Int64 = 1_767_225_600

    /// - Parameters:
    ///   - configuration: what the corpus holds.
    ///   - present: the UTC second it stands at, cut to its day's midnight (the emulator passes
    ///     its day 0, so emulators started on the same UTC day serve the same bytes).
    init(_ configuration: CorpusConfiguration, present: Int64 = Corpus.defaultPresent) {
        self.configuration = configuration
        origin = present
        let present = present - ((present % 86_400) + 86_400) % 86_400
        self.present = present
        let seed = configuration.seed
        videoIds = VideoIdentifiers(seed: seed)
        channelCodec = IdentifierCodec(seed: seed, domain: 2)
        playlistCodec = IdentifierCodec(seed: seed, domain: 3)
        commentCodec = IdentifierCodec(seed: seed, domain: 4)
        var channels: [CorpusChannel] = []
        var starts: [Int] = []
        var handles: [String: Int] = [:]
        var next = 0
        let mean = max(1, configuration.videosPerChannel)
        for index in 0..<max(0, configuration.channels) {
            var random = CorpusRandom(seed: seed, stream: 0x2000_0000 + UInt64(index))
            let count = 1 + Int(random.next() % UInt64(2 * mean))
            let titleWords = Self.words(&random, count: 1 + Int(random.next() % 3))
            let title = titleWords.map { Vocabulary.words[$0] }.joined(separator: " ")
            let encoded = channelCodec.encode(index)
            let padding: String = channelCodec.padding(for: encoded, count: 11)
            let id: String = index == 0 ? Landmarks.channelId : "UC" + encoded + padding
            let handleBase: String = Self.handleBase(titleWords)
            let handle: String = index == 0 ? Landmarks.channelHandle : "@" + handleBase + String(index)
            let publishedRange: UInt64 = 12 * 365 * 86_400
            let published: Int64 = 1_199_145_600 + Int64(random.next() % publishedRange)
            let countries = ["US", "GB", "FR", "JP", "EG", "ES", "DE", "IN", "BR"]
            channels.append(
                CorpusChannel(
                    index: index, id: id, handle: handle, title: title, titleWords: titleWords,
                    description: Self.sentence(&random, words: 12 + Int(random.next() % 20))
                        + Self.descriptionExtras(seed: seed, channel: index, handle: handle),
                    publishedAt: published,
                    country: random.next() % 5 == 0 ? nil : countries[Int(random.next() % UInt64(countries.count))],
                    viewCount: Int(random.next() % 50_000_000),
                    subscriberCount: random.next() % 7 == 0 ? nil : Int(random.next() % 2_000_000),
                    videoCount: count, firstVideo: next,
                    uploadInterval: Int64(3600 + random.next() % (9 * 86_400))))
            Self.activity(of: &channels[channels.count - 1], seed: seed, present: present)
            channels[channels.count - 1].uploads = Self.uploadSchedule(of: channels[channels.count - 1], seed: seed)
            handles[handle.lowercased()] = index
            starts.append(next)
            next += count
        }
        starts.append(next)
        self.channels = channels
        self.videoStarts = starts
        self.handles = handles
        // Ordinary playlists: about one for every three channels.
        var playlists: [CorpusPlaylist] = []
        for channel in channels {
            var random = CorpusRandom(seed: seed, stream: 0x3000_0000 + UInt64(channel.index))
            guard random.next() % 3 == 0 else { continue }
            let index = playlists.count
            let encoded = playlistCodec.encode(index)
            let titleWords = Self.words(&random, count: 2 + Int(random.next() % 3))
            var entries: [CorpusPlaylist.Entry] = []
            let length = 3 + Int(random.next() % 40)
            for _ in 0..<length {
                switch random.next() % 12 {
                case 0: entries.append(.privateVideo(videoIds.id(next + Int(random.next() % 1_000_000))))
                case 1: entries.append(.deletedVideo(videoIds.id(next + Int(random.next() % 1_000_000))))
                case 2 where next > 0: entries.append(.video(Int(random.next() % UInt64(next))))
                default: entries.append(.video(channel.firstVideo + Int(random.next() % UInt64(channel.videoCount))))
                }
            }
            playlists.append(
                CorpusPlaylist(
                    index: index,
                    id: index == 0
                        ? Landmarks.playlistId : "PL" + encoded + playlistCodec.padding(for: encoded, count: 21),
                    channel: channel.index, title: titleWords.map { Vocabulary.words[$0] }.joined(separator: " "),
                    titleWords: titleWords, publishedAt: channel.publishedAt + Int64(random.next() % 86_400_000),
                    entries: entries))
        }
        self.playlists = playlists
        index = SearchIndex(videoCount: next, channels: channels, playlists: playlists) { [seed] video in
            var random = CorpusRandom(seed: seed, stream: 0x1_0000_0000 + UInt64(video))
            return Self.titleWords(&random)
        }
    }

    static func words(_ random: inout CorpusRandom, count: Int) -> [Int] {
        (0..<count).map { _ in
            // Mostly plain words, sometimes the unicode / escaping ones.
            random.next() % 5 == 0
                ? Int(random.next() % UInt64(Vocabulary.words.count))
                : Int(random.next() % UInt64(Vocabulary.plainCount))
        }
    }

    /// A video's title words: the first draws of its generator, so the search index and the
    /// video agree.
    static func titleWords(_ random: inout CorpusRandom) -> [Int] {
        words(&random, count: 3 + Int(random.next() % 7))
    }

    static func sentence(_ random: inout CorpusRandom, words count: Int) -> String {
        words(&random, count: count).map { Vocabulary.words[$0] }.joined(separator: " ")
    }

    static func handleBase(_ words: [Int]) -> String {
        let text = words.map { Vocabulary.words[$0] }.joined().lowercased()
        let kept = text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        let base = String(String.UnicodeScalarView(kept.prefix(20)))
        return base.isEmpty ? "channel" : base
    }

    // MARK: Lookups

    func channelIndex(ofVideo video: Int) -> Int {
        if let (channel, _) = Self.uploadSlot(ofIndex: video) { return channel }
        var low = 0
        var high = channels.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if videoStarts[middle] <= video { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The id of the video at `index` (the first one is ``Landmarks/videoId``).
    func videoId(_ index: Int) -> String { videoIds.id(index) }

    /// The index of a day-0 video or of a new upload (published or not yet) `id` names.
    func videoIndex(id: Substring) -> Int? {
        guard let index = videoIds.index(id) else { return nil }
        if index < UInt64(videoCount) { return Int(index) }
        guard index < UInt64(Self.uploadBase) << 1, isRealUpload(Int(index)) else { return nil }
        return Int(index)
    }

    /// Whether the video at `index` exists on `day` (see ``CorpusTimeline/exists(_:publishedAt:onDay:)``).
    func exists(_ index: Int, onDay day: Int) -> Bool {
        timeline.exists(index, publishedAt: Self.isUpload(index) ? publishedAt(ofVideo: index) : 0, onDay: day)
    }

    /// A video's publication date, without generating the video.
    func publishedAt(ofVideo index: Int) -> Int64 {
        if let (channel, slot) = Self.uploadSlot(ofIndex: index) {
            return uploadMoment(channel: channel, slot: slot) ?? present
        }
        return dates.date(of: index, in: self)
    }

    func channelIndex(id: Substring) -> Int? {
        guard id.hasPrefix("UC") || id.hasPrefix("UU"), id.count == 24 else { return nil }
        if id.dropFirst(2) == Landmarks.channelId.dropFirst(2) { return channels.isEmpty ? nil : 0 }
        let encoded = id.dropFirst(2).prefix(11)
        guard let index = channelCodec.decode(encoded), index < channels.count,
            channels[index].id.dropFirst(2) == id.dropFirst(2)
        else { return nil }
        return index
    }

    func playlistIndex(id: Substring) -> Int? {
        if id == Landmarks.playlistId { return playlists.isEmpty ? nil : 0 }
        guard id.hasPrefix("PL"), id.count == 34, let index = playlistCodec.decode(id.dropFirst(2).prefix(11)),
            index < playlists.count, playlists[index].id == id
        else { return nil }
        return index
    }

    // MARK: Videos

    /// Heavy-tailed as on YouTube: most videos have a handful of comments, some thousands;
    /// `nil` (comments disabled) for one in ten.
    static func commentCount(disabled: Bool, draw: UInt64) -> Int? {
        guard !disabled else { return nil }
        let tier = draw % 1000
        let amount = Int(draw >> 10)
        switch tier {
        case 0..<350: return amount % 6
        case 350..<800: return 6 + amount % 55
        case 800..<960: return 60 + amount % 540
        case 960..<996: return 600 + amount % 2400
        default: return 3000 + amount % 9000
        }
    }

    func video(_ index: Int) -> CorpusVideo {
        let seed = configuration.seed
        var random = CorpusRandom(seed: seed, stream: 0x1_0000_0000 + UInt64(index))
        let titleWords = Self.titleWords(&random)
        let upload = Self.uploadSlot(ofIndex: index)
        let channelIndex = channelIndex(ofVideo: index)
        let channel = channels[channelIndex]
        let position = upload.map { channel.videoCount + $0.slot } ?? index - channel.firstVideo
        let moment = upload.map { uploadMoment(channel: $0.channel, slot: $0.slot) ?? present }
        let longDescription = random.next() % 10 == 0
        var description = Self.sentence(&random, words: 8 + Int(random.next() % 40))
        if longDescription {
            for _ in 0..<(20 + Int(random.next() % 60)) {
                description += "\n" + Self.sentence(&random, words: 6 + Int(random.next() % 20))
            }
        }
        let live = random.next() % 100
        // New uploads are never live now or upcoming: those that streamed are past streams.
        let liveBroadcastContent = upload != nil ? "none" : live < 3 ? "live" : live < 5 ? "upcoming" : "none"
        let durations: [(String, Int)] = [
            ("PT1H", 3600), ("PT41S", 41), ("PT1H10S", 3610), ("PT4M13S", 253), ("PT12M", 720), ("PT2H3M4S", 7384),
            ("PT59S", 59), ("PT20M1S", 1201), ("PT3M", 180), ("PT8M30S", 510),
        ]
        let duration =
            liveBroadcastContent == "none" ? durations[Int(random.next() % UInt64(durations.count))] : ("P0D", 0)
        let languages = ["en", "fr", "ja", "ar", "es", "de"]
        let regions = ["US", "GB", "FR", "JP", "EG", "ES", "DE"]
        let language = languages[Int(random.next() % UInt64(languages.count))]
        let hasLocation = random.next() % 5 == 0
        // A new upload is days old: its audience (and its comments) a fraction of an old video's.
        let views = Int(random.next() % (upload == nil ? 5_000_000 : 250_000))
        var video = CorpusVideo(
            index: index, id: videoId(index), channel: channelIndex, position: position,
            title: titleWords.map { Vocabulary.words[$0] }.joined(separator: " "), titleWords: titleWords,
            description: description
                + descriptionExtras(ofVideo: index, channel: channelIndex, durationSeconds: duration.1),
            publishedAt: Self.publishedAt(
                moment, scheduled: channel.publishedAt + channel.uploadShift + Int64(position) * channel.uploadInterval,
                jitter: Int64(random.next() % 3600)),
            tags: (0..<Int(random.next() % 6)).map { _ in
                Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))]
            },
            categoryId: String(1 + random.next() % 29), defaultLanguage: language, defaultAudioLanguage: language,
            region: regions[Int(random.next() % UInt64(regions.count))],
            latitude: hasLocation ? Double(Int(random.next() % 18_000)) / 100 - 90 : nil,
            longitude: hasLocation ? Double(Int(random.next() % 36_000)) / 100 - 180 : nil,
            liveBroadcastContent: liveBroadcastContent, completedLive: live < 10 && (live >= 5 || upload != nil),
            duration: duration.0, durationSeconds: duration.1, viewCount: views,
            likeCount: random.next() % 10 == 0 ? nil : views / (10 + Int(random.next() % 90)),
            commentCount: Self.commentCount(disabled: random.next() % 10 == 0, draw: random.next()).map {
                upload == nil ? $0 : min($0, views / 50)
            },
            hasHighResolutionThumbnails: random.next() % 5 < 3)
        video.format = Self.format(of: video, seed: seed)
        return video
    }

    /// A new upload's moment; a day-0 video's place in its channel's schedule plus `jitter` (drawn
    /// either way, so the draws after it stay where they were).
    private static func publishedAt(_ moment: Int64?, scheduled: Int64, jitter: Int64) -> Int64 {
        moment ?? scheduled + jitter
    }
}
