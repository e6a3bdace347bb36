/// What real descriptions and comments hold and the derived fields read: links (some with
/// brackets, ports and trailing punctuation), hashtags in several scripts, `@handles`, chapter
/// blocks that YouTube accepts and some it does not. Drawn from streams of their own, so the rest
/// of a record is what it was without them.
extension Corpus {
    static let hashtagSamples = [
        "#music", "#音楽", "#музыка", "#موسيقى", "#संगीत", "#música_en_vivo", "#Live2024", "#한국어", "#ελληνικά",
    ]

    /// Lines added to video `index`'s description (empty for most videos).
    func descriptionExtras(ofVideo index: Int, channel: Int, durationSeconds: Int) -> String {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x7100_0000_0000 + UInt64(index))
        var lines: [String] = []
        if random.next() % 5 == 0 {
            let variants = [
                "Shop: https://shop.example.com/item?id=\(index)&ref=yt.",
                "Sources (see http://wiki.example.org/Topic_(\(index))), and HTTPS://Blog.Example.net:8443/p/\(index)!",
                "Links: <https://links.example.com/\(index)> https://user@media.example.org/v/\(index)",
            ]
            lines.append(variants[Int(random.next() % UInt64(variants.count))])
        }
        if random.next() % 4 == 0 {
            let count = 1 + Int(random.next() % 3)
            lines.append(
                (0..<count).map { _ in Self.hashtagSamples[Int(random.next() % UInt64(Self.hashtagSamples.count))] }
                    .joined(separator: " "))
        }
        if random.next() % 8 == 0, channels.count > 1 {
            let other = channels[Int(random.next() % UInt64(channels.count))]
            lines.append("Thanks to \(other.handle)_studio. Contact: team@example.com")
        }
        if random.next() % 6 == 0, durationSeconds >= 120 {
            lines.append(chapterBlock(&random, durationSeconds: durationSeconds))
        }
        return lines.isEmpty ? "" : "\n\n" + lines.joined(separator: "\n")
    }

    /// A chapter block: usually valid, sometimes broken as people break them (no 0:00, a chapter
    /// under 10 s, only two).
    private func chapterBlock(_ random: inout CorpusRandom, durationSeconds: Int) -> String {
        let count = 3 + Int(random.next() % 5)
        var starts = [0]
        let step = max(10, (durationSeconds - 10) / count)
        for _ in 1..<count { starts.append(starts[starts.count - 1] + 10 + Int(random.next() % UInt64(step - 9))) }
        starts = starts.filter { $0 <= durationSeconds - 10 }
        switch random.next() % 5 {
        case 0: starts[0] = 5  // does not start at 0:00
        case 1 where starts.count > 2: starts[2] = starts[1] + 4  // a chapter under 10 s
        case 2: starts = Array(starts.prefix(2))  // too few
        default: break
        }
        func stamp(_ seconds: Int) -> String {
            let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
            let mmss = (hours > 0 && minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
            return hours > 0 ? "\(hours):" + mmss : mmss
        }
        let titles = ["Intro", "The setup", "Première partie", "実験", "Results", "Q&A", "Outro", "Bonus"]
        var lines = ["Chapters:"]
        for (number, start) in starts.enumerated() {
            let title = titles[number % titles.count]
            switch random.next() % 4 {
            case 0: lines.append("\(title) - \(stamp(start))")
            case 1: lines.append("(\(stamp(start))) \(title)")
            default: lines.append("\(stamp(start)) \(title)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What is added to channel `index`'s description (empty for most channels).
    static func descriptionExtras(seed: UInt64, channel index: Int, handle: String) -> String {
        var random = CorpusRandom(seed: seed, stream: 0x7200_0000_0000 + UInt64(index))
        guard random.next() % 3 == 0 else { return "" }
        let tag = Self.hashtagSamples[Int(random.next() % UInt64(Self.hashtagSamples.count))]
        return "\nMore at https://www.example.com/c/\(index) \(tag) (business: \(handle)_team)"
    }

    /// An author index that stands for the channel of video `video`'s channel (a channel-owner
    /// reply): negative, so never one of the commenters' pool.
    static func ownerAuthor(channel: Int) -> Int { -1 - channel }

    /// The channel an author index stands for, when it is a channel owner.
    static func ownerChannel(ofAuthor author: Int) -> Int? { author < 0 ? -1 - author : nil }
}
