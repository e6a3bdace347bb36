/// How the corpus changes as the emulator's days pass: every video's statistics grow (most
/// slowly, some steadily, a few go viral for a while; likes and comments track views) and a few
/// videos vanish (made private or deleted) on a day of their own. Day 0 is the corpus as
/// ``Corpus/video(_:)`` makes it; everything is a pure function of the seed, the video and the day.
struct CorpusTimeline: Sendable {
    let seed: UInt64

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

    /// One in 25 videos vanishes, each on a day from 1 to 60.
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

    /// The video as it stands on `day`; `nil` once it has vanished.
    func video(_ video: CorpusVideo, onDay day: Int) -> CorpusVideo? {
        guard day > 0 else { return video }
        let fate = fate(ofVideo: video.index)
        if let vanishes = fate.vanishesOn, day >= vanishes { return nil }
        let views = video.viewCount + Self.viewsAdded(base: max(video.viewCount, 1000), growth: fate.growth, days: day)
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
