/// How the emulated search.list forgets and wobbles from day to day, after what two 2025 audits
/// found of the real one (Rieder, Padilla & Coromina, "Forgetful by Design?", arXiv 2506.11727;
/// Efstratiou, "I'm Sorry Dave…", IMC '25): identical queries return different sets on different
/// days, a video becomes hard to find 20 to 60 days after publication, and relevance leans to
/// short, popular videos. Everything is drawn from the corpus seed, the video and the day, so a
/// day's answers are the same whenever they are asked (tests replay them).
///
/// Off unless asked (`ytcrawl emulate --search-drift`, `--emulator-search-drift`): the other
/// tests' searches find every match, as the emulator always did.
public struct SearchDrift: Sendable, Hashable {
    /// Days after publication during which every video is findable (the head).
    public var headDays: Double = 20
    /// Days after the head over which findability falls to ``tailShare`` (the middle).
    public var middleDays: Double = 40
    /// The share of videos findable at every age past the middle (the flat tail).
    public var tailShare: Double = 0.35
    /// The share of a day's findable results left out that day (each result drawn on its own):
    /// what is swapped for results further down.
    public var dailySwap: Double = 0.1
    /// The most a day's noise moves a relevance score (a matched term is worth 100).
    public var rankJitter = 40

    public init() {}

    /// The share of videos `ageDays` old still findable: 1 in the head, falling linearly over the
    /// middle, ``tailShare`` after.
    public func findableShare(ageDays: Double) -> Double {
        if ageDays <= headDays { return 1 }
        if ageDays >= headDays + middleDays { return tailShare }
        return 1 - (1 - tailShare) * (ageDays - headDays) / middleDays
    }

    /// Whether video `index`, published at `published`, is among `day`'s results (the day begins
    /// at `now`): its own draw, fixed for the video, against the share of its age — so a video
    /// forgotten stays forgotten — and the day's swap.
    public func findable(_ index: Int, published: Int64, now: Int64, day: Int, salt: UInt64) -> Bool {
        let age = Double(max(0, now - published)) / 86_400
        guard Self.unit(UInt64(index) ^ salt ^ 0xF0_F0_F0) < findableShare(ageDays: age) else { return false }
        return Self.unit(UInt64(index) ^ salt ^ (UInt64(day) &* 0x9E37_79B9_7F4A_7C15)) >= dailySwap
    }

    /// What relevance adds to a video's score on `day`: short (under 4 minutes) and popular
    /// videos first, and the day's noise.
    public func relevanceBonus(_ index: Int, views: Int, durationSeconds: Int, day: Int, salt: UInt64) -> Int {
        var digits = 0
        var rest = views
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let short = durationSeconds > 0 && durationSeconds < 240 ? 30 : 0
        let noise = Int(
            Self.unit(UInt64(index) ^ salt ^ 0xA5A5 ^ (UInt64(day + 1) &* 0xD1B5_4A32_D192_ED03))
                * Double(rankJitter + 1))
        return digits * 6 + short + noise
    }

    /// A number in [0, 1) drawn from `value`.
    static func unit(_ value: UInt64) -> Double {
        var random = CorpusRandom(seed: value)
        return Double(random.next() >> 11) / Double(1 << 53)
    }
}
