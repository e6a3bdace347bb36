/// The channels whose uploads the crawl walked, with the seed each was walked for, its
/// `videoCount` when last looked at and its newest upload seen: what `ytcrawl update` checks for
/// new uploads (a changed count is a channel worth walking again, down to that newest upload).
/// Kept in the checkpoint from run to run.
struct ChannelWatch: Sendable {
    /// 24 bytes, not 48: a crawl of every channel of a large corpus keeps tens of thousands of
    /// entries for its whole run (a `nil` is kept as a value no count or date takes).
    struct Entry: Sendable, Hashable {
        private var storedSeed: Int32
        private var storedCount: Int32
        private var storedNewest: Int64
        private var storedWalkedAt: Int64

        init(seed: Int, videoCount: Int?, newest: Int64? = nil, walkedAt: Int64? = nil) {
            storedSeed = Int32(clamping: seed)
            storedCount = videoCount.map { Int32(clamping: max($0, 0)) } ?? -1
            storedNewest = newest ?? .min
            storedWalkedAt = walkedAt ?? .min
        }

        var seed: Int {
            get { Int(storedSeed) }
            set { storedSeed = Int32(clamping: newValue) }
        }

        var videoCount: Int? {
            get { storedCount < 0 ? nil : Int(storedCount) }
            set { storedCount = newValue.map { Int32(clamping: max($0, 0)) } ?? -1 }
        }

        /// The publication date of its newest upload a walk saw (Unix seconds).
        var newest: Int64? {
            get { storedNewest == .min ? nil : storedNewest }
            set { storedNewest = newValue ?? .min }
        }

        /// When the run that last walked its uploads began (Unix seconds): a walk sees every
        /// upload older than that, so the next walk need reach no further back. An update that
        /// skips the channel (its count unchanged) leaves it, and a later walk reaches back to it.
        var walkedAt: Int64? {
            get { storedWalkedAt == .min ? nil : storedWalkedAt }
            set { storedWalkedAt = newValue ?? .min }
        }
    }

    private(set) var entries: [String: Entry] = [:]

    init() {}

    init(_ channels: [WatchedChannel]) {
        for channel in channels {
            entries[channel.id] = Entry(
                seed: channel.seed, videoCount: channel.videoCount, newest: channel.newest, walkedAt: channel.walkedAt)
        }
    }

    var count: Int { entries.count }

    /// A channel walked for `seed` (the first seed that walked it keeps it), with the count it
    /// showed then.
    mutating func watch(_ id: String, seed: Int, videoCount: Int?) {
        if let known = entries[id] {
            entries[id]?.videoCount = videoCount ?? known.videoCount
        } else {
            entries[id] = Entry(seed: seed, videoCount: videoCount)
        }
    }

    /// The count a check found now.
    mutating func note(_ id: String, videoCount: Int?) {
        guard let videoCount, entries[id] != nil else { return }
        entries[id]?.videoCount = videoCount
    }

    /// A watched channel's uploads are walked by the run that began at `started`.
    mutating func walked(_ id: String, at started: Int64) {
        guard entries[id] != nil else { return }
        entries[id]?.walkedAt = started
    }

    /// An upload of a watched channel a walk saw, published at `published`.
    mutating func noteUpload(of id: String, published: Int64) {
        guard let known = entries[id] else { return }
        if known.newest.map({ published > $0 }) ?? true { entries[id]?.newest = published }
    }

    /// The entries of kept seeds, renumbered; those of removed seeds dropped.
    mutating func reseed(_ change: SeedChange) {
        entries = entries.compactMapValues { entry in
            guard let seed = change(entry.seed) else { return nil }
            var moved = entry
            moved.seed = seed
            return moved
        }
    }

    /// The entries in a stable order (by id), as a checkpoint lists them.
    var listed: [WatchedChannel] {
        entries.sorted { $0.key < $1.key }.map {
            WatchedChannel(
                id: $0.key, seed: $0.value.seed, videoCount: $0.value.videoCount, newest: $0.value.newest,
                walkedAt: $0.value.walkedAt)
        }
    }
}

/// One watched channel as a checkpoint keeps it.
struct WatchedChannel: Codable, Sendable, Hashable {
    var id: String
    var seed: Int
    var videoCount: Int?
    var newest: Int64?
    /// Absent in checkpoints of earlier versions: the last run's start stands for it.
    var walkedAt: Int64?
}
