/// A channel's sections (channelSections.list) and subscriptions (subscriptions.list): the
/// featured-channel shelves and the subscribed channels a channel-link crawl follows. Drawn from
/// a generator of their own, so everything else about the corpus is as it was without them.
struct CorpusChannelLinks: Sendable {
    /// A section's `snippet.type`, in the lowercase the API has sent since 2024.
    enum SectionType: String, Sendable {
        case recentUploads = "recentuploads"
        case popularUploads = "popularuploads"
        case singlePlaylist = "singleplaylist"
        case multiplePlaylists = "multipleplaylists"
        case multipleChannels = "multiplechannels"
        case allPlaylists = "allplaylists"
        case subscriptions
        case liveEvents = "liveevents"
        case completedEvents = "completedevents"
        /// Undocumented in this spelling, yet sent by the real API.
        case undefined = "channelsectiontypeundefined"

        /// Whether the section has a title (the others have none in the snippet).
        var hasTitle: Bool { self == .multipleChannels || self == .multiplePlaylists }
    }

    struct Section: Sendable {
        var type: SectionType
        var title: String?
        /// `contentDetails.channels`: some ids name no channel.
        var channels: [String] = []
        /// `contentDetails.playlists`.
        var playlists: [String] = []
    }

    /// A subscribed channel: one of the corpus, or an id no channel has (with the title the
    /// subscription shows for it).
    enum Target: Sendable, Hashable {
        case channel(Int)
        case missing(id: String, title: String)
    }

    struct Subscription: Sendable {
        var target: Target
        /// Seconds since 1970, and the microseconds the API adds to them.
        var publishedAt: Int64
        var microseconds: Int
    }

    /// In position order.
    var sections: [Section]
    /// In the order subscriptions.list pages them by default; `nil` when they are private.
    var subscriptions: [Subscription]?
}

extension Corpus {
    static let shelfTitles = [
        "Featured channels", "Featured channels", "Featured channels", "Friends", "Our other channels",
        "Collaborators", "Recommended channels", "Chaînes à découvrir", "おすすめのチャンネル", "Channels we ❤️",
    ]
    static let playlistShelfTitles = ["Playlists", "Created playlists", "Series", "Start here", "Best of"]

    /// The sections and subscriptions of the channel at `index`: a pure function of the seed and
    /// the channel.
    func links(ofChannel index: Int) -> CorpusChannelLinks {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x7600_0000_0000 + UInt64(index))
        func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool { random.next() % denominator < numerator }
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }

        let channel = channels[index]
        let playlists = playlistIds(ofChannel: index) + [channel.uploadsPlaylistId]
        var sections: [CorpusChannelLinks.Section] = []
        let shelves = chance(3, in: 5) ? (chance(1, in: 4) ? 2 : 1) : 0
        var shelfTitle = below(Self.shelfTitles.count)
        for _ in 0..<shelves {
            let size = chance(3, in: 10) ? 5 + below(8) : 1 + below(4)
            var taken: Set<String> = [channel.id]
            var ids: [String] = []
            for _ in 0..<size {
                if let id = linkedChannelId(&random, avoiding: &taken) { ids.append(id) }
            }
            sections.append(.init(type: .multipleChannels, title: Self.shelfTitles[shelfTitle], channels: ids))
            let previous = Self.shelfTitles[shelfTitle]
            while Self.shelfTitles[shelfTitle] == previous { shelfTitle = below(Self.shelfTitles.count) }
        }
        if chance(2, in: 5) { sections.append(.init(type: .popularUploads)) }
        for _ in 0..<below(4) {
            sections.append(.init(type: .singlePlaylist, playlists: [playlists[below(playlists.count)]]))
        }
        if chance(1, in: 5) {
            let count = min(playlists.count, 2 + below(3))
            let first = below(playlists.count)
            sections.append(
                .init(
                    type: .multiplePlaylists, title: Self.playlistShelfTitles[below(Self.playlistShelfTitles.count)],
                    playlists: (0..<count).map { playlists[(first + $0) % playlists.count] }))
        }
        if chance(1, in: 6) { sections.append(.init(type: .subscriptions)) }
        if chance(3, in: 20) { sections.append(.init(type: .undefined)) }
        if chance(1, in: 8) { sections.append(.init(type: .allPlaylists)) }
        if chance(1, in: 10) { sections.append(.init(type: chance(1, in: 2) ? .liveEvents : .completedEvents)) }
        // A few channels have more than the 10 sections the documentation allows.
        if chance(1, in: 12) {
            let target = 10 + 1 + below(4)
            while sections.count + 1 < target {
                sections.append(.init(type: .singlePlaylist, playlists: [playlists[below(playlists.count)]]))
            }
        }
        for position in sections.indices.reversed() where position > 0 {
            sections.swapAt(position, below(position + 1))
        }
        if chance(9, in: 10) { sections.insert(.init(type: .recentUploads), at: 0) }
        return CorpusChannelLinks(sections: sections, subscriptions: subscriptions(of: channel, &random))
    }

    /// ~30% private, ~30% public and empty, the rest 1 to 120 (tiered so that some need three
    /// pages of 50), mostly channels of the corpus.
    private func subscriptions(of channel: CorpusChannel, _ random: inout CorpusRandom)
        -> [CorpusChannelLinks.Subscription]?
    {
        let privacy = random.next() % 100
        if privacy < 30 { return nil }
        if privacy < 60 { return [] }
        let tier = random.next() % 100
        let count =
            tier < 60
            ? 1 + Int(random.next() % 20) : tier < 85 ? 21 + Int(random.next() % 40) : 61 + Int(random.next() % 60)
        var taken: Set<String> = [channel.id]
        var subscriptions: [CorpusChannelLinks.Subscription] = []
        let end = present - 86_400
        for _ in 0..<count {
            guard let id = linkedChannelId(&random, avoiding: &taken) else { continue }
            let target: CorpusChannelLinks.Target
            var start = channel.publishedAt
            if let index = channelIndex(id: Substring(id)) {
                target = .channel(index)
                start = max(start, channels[index].publishedAt)
            } else {
                let words = 1 + Int(random.next() % 3)
                target = .missing(id: id, title: Self.sentence(&random, words: words))
            }
            let span = max(1, end - start)
            subscriptions.append(
                .init(
                    target: target, publishedAt: min(start, end) + Int64(random.next() % UInt64(span)),
                    microseconds: Int(random.next() % 1_000_000)))
        }
        return subscriptions
    }

    /// A channel a link points at, not yet in `taken`: one of the corpus, or (1 in 15) an id no
    /// channel has. `nil` when the corpus has no channel left to draw.
    private func linkedChannelId(_ random: inout CorpusRandom, avoiding taken: inout Set<String>)
        -> String?
    {
        if random.next() % 15 == 0 || channels.count < 2 {
            var id: String
            repeat {
                id = "UC" + random.identifier(length: 21) + ["A", "Q", "g", "w"][Int(random.next() % 4)]
            } while channelIndex(id: Substring(id)) != nil || taken.contains(id)
            taken.insert(id)
            return id
        }
        // Rejection while most channels are free; past that, a scan from a random start.
        for _ in 0..<8 {
            let id = channels[Int(random.next() % UInt64(channels.count))].id
            if taken.insert(id).inserted { return id }
        }
        let start = Int(random.next() % UInt64(channels.count))
        for step in 0..<channels.count {
            let id = channels[(start + step) % channels.count].id
            if taken.insert(id).inserted { return id }
        }
        return nil
    }

    /// The ordinary playlists of the channel at `index` (they are made in channel order).
    func playlistIds(ofChannel index: Int) -> [String] {
        var low = 0
        var high = playlists.count
        while low < high {
            let middle = (low + high) / 2
            if playlists[middle].channel < index { low = middle + 1 } else { high = middle }
        }
        return playlists[low...].prefix { $0.channel == index }.map(\.id)
    }
}
