/// How the corpus changes as the emulator's days pass: channels upload (see ``Corpus/newUploads(ofChannel:before:)``),
/// every video's statistics grow (most slowly, some steadily, a few go viral for a while; likes and
/// comments track views) and a few videos vanish (made private or deleted) on a day of their own.
/// Day 0 is the corpus as ``Corpus/video(_:)`` makes it; everything is a pure function of the seed,
/// the video and the day.
///
/// Days are whole: a new upload appears on the first day that begins after the UTC day it was
/// published on ends, so day *d* shows the uploads published before `present + d × 86,400`
/// (midnight UTC) and nothing on day 0. Its days of growth and its vanishing count from that day.
struct CorpusTimeline: Sendable {
    let seed: UInt64
    /// The corpus's present (midnight UTC of day 0).
    let present: Int64

    /// What becomes of one video: its growth and the day it vanishes, if it does.
    struct Fate: Sendable, Hashable {
        enum Growth: Sendable, Hashable {
            case flat
            case steady
            /// Peaks on `peakDay`, fading over a few days on either side.
            case viral(peakDay: Int)
        }

        var growth: Growth
        var vanishesOn: Int?
    }

    /// One in 25 videos vanishes, each on a day from 1 to 60 (counted from its first day).
    static let vanishingPerMille: UInt64 = 40
    static let vanishingDays: UInt64 = 60

    func fate(ofVideo index: Int) -> Fate {
        var random = CorpusRandom(seed: seed, stream: 0x5000_0000_0000 + UInt64(index))
        let tier = random.next() % 100
        let growth: Fate.Growth =
            tier < 2 ? .viral(peakDay: 1 + Int(random.next() % 5)) : tier < 20 ? .steady : .flat
        let vanishes = random.next() % 1000 < Self.vanishingPerMille
        let day = 1 + Int(random.next() % Self.vanishingDays)
        return Fate(growth: growth, vanishesOn: vanishes ? day : nil)
    }

    /// The day a video first exists: 0 for a day-0 video, the day after its UTC day for a new upload.
    func firstDay(ofVideo index: Int, publishedAt: Int64) -> Int {
        Corpus.isUpload(index) ? Int((publishedAt - present) / 86_400) + 1 : 0
    }

    /// Whether a video exists on `day`: published (for a new upload) and not vanished.
    func exists(_ index: Int, publishedAt: Int64, onDay day: Int) -> Bool {
        let first = firstDay(ofVideo: index, publishedAt: publishedAt)
        guard day >= first else { return false }
        guard day > 0, let vanishes = fate(ofVideo: index).vanishesOn else { return true }
        return day < first + vanishes
    }

    /// The video as it stands on `day`; `nil` before it is published and once it has vanished.
    func video(_ video: CorpusVideo, onDay day: Int) -> CorpusVideo? {
        guard day > 0 else { return Corpus.isUpload(video.index) ? nil : video }
        guard exists(video.index, publishedAt: video.publishedAt, onDay: day) else { return nil }
        let days = day - firstDay(ofVideo: video.index, publishedAt: video.publishedAt)
        guard days > 0 else { return video }
        let fate = fate(ofVideo: video.index)
        let views = video.viewCount + Self.viewsAdded(base: max(video.viewCount, 1000), growth: fate.growth, days: days)
        var grown = video
        grown.viewCount = views
        let added = views - video.viewCount
        if let likes = video.likeCount {
            grown.likeCount = likes + added / max(1, video.viewCount / max(likes, 1))
        }
        if let comments = video.commentCount {
            grown.commentCount = comments + added / max(200, video.viewCount / max(comments, 1))
        }
        return grown
    }

    /// Views added over days 1…`days` to a video of `base` views.
    static func viewsAdded(base: Int, growth: Fate.Growth, days: Int) -> Int {
        // Every video gains 0.2% of its base a day; steady ones 3%.
        var added = base / 500 * days
        switch growth {
        case .flat: break
        case .steady: added += base * 3 / 100 * days
        case .viral(let peak):
            // Four times the base on the peak day, halving each day away from it.
            for day in 1...min(days, peak + 32) { added += base * 4 >> min(abs(day - peak), 62) }
        }
        return added
    }
}
