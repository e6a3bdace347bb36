/// The channels whose uploads the crawl walked, with the seed each was walked for and its
/// `videoCount` when last looked at: what `ytcrawl update` checks for new uploads (a changed
/// count is a channel worth walking again). Kept in the checkpoint from run to run.
struct ChannelWatch: Sendable {
    struct Entry: Sendable, Hashable {
        var seed: Int
        var videoCount: Int?
    }

    private(set) var entries: [String: Entry] = [:]

    init() {}

    init(_ channels: [WatchedChannel]) {
        for channel in channels {
            entries[channel.id] = Entry(seed: channel.seed, videoCount: channel.videoCount)
        }
    }

    var count: Int { entries.count }

    /// A channel walked for `seed` (the first seed that walked it keeps it), with the count it
    /// showed then.
    mutating func watch(_ id: String, seed: Int, videoCount: Int?) {
        if let known = entries[id] {
            entries[id] = Entry(seed: known.seed, videoCount: videoCount ?? known.videoCount)
        } else {
            entries[id] = Entry(seed: seed, videoCount: videoCount)
        }
    }

    /// The count a check found now.
    mutating func note(_ id: String, videoCount: Int?) {
        guard let videoCount, entries[id] != nil else { return }
        entries[id]?.videoCount = videoCount
    }

    /// The entries of kept seeds, renumbered; those of removed seeds dropped.
    mutating func reseed(_ change: SeedChange) {
        entries = entries.compactMapValues { entry in
            change(entry.seed).map { Entry(seed: $0, videoCount: entry.videoCount) }
        }
    }

    /// The entries in a stable order (by id), as a checkpoint lists them.
    var listed: [WatchedChannel] {
        entries.sorted { $0.key < $1.key }.map {
            WatchedChannel(id: $0.key, seed: $0.value.seed, videoCount: $0.value.videoCount)
        }
    }
}

/// One watched channel as a checkpoint keeps it.
struct WatchedChannel: Codable, Sendable, Hashable {
    var id: String
    var seed: Int
    var videoCount: Int?
}
