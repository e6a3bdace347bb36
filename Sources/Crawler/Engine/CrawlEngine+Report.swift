import Archive

extension CrawlEngine {
    /// Everything the driving actor reads of the engine, as one value: the progress line, the
    /// summary, the metrics and the provenance derive from it, so the engine's parts stay its own.
    struct Report: Sendable {
        var counters: Counters
        var runKind: RunKind
        var conclusion: CrawlEnding
        /// Work items waiting or in flight.
        var waiting: Int
        /// Videos found and not yet written (waiting for their videos.list batch).
        var pendingVideos: Int
        /// The videos a statistics snapshot covers.
        var snapshotVideos: Int
        var warnings: [String]
        var channelGaps: [String]
        var threadsCapped: Int
        var commentsDisabled: [String]
        var windowsLeft: Int
        /// Work that failed for good, described.
        var left: [String]
        var searchesWaiting: [String]
        var unresolvedChannels: Int
        var unresolvedVideos: Int
        var seedOutcomes: [SeedOutcome]
        var subscriptionsPrivate: Int
        var linksCapped: Int
        var linkedChannelsGone: Int
        var channelsWatched: Int
        /// The live chats asked for, as they stand (empty when no seed asks for one).
        var chats: [ChatCapture]
    }

    /// The crawl's state (an empty one in a snapshot), for reading.
    var discovery: Discovery { mode.discovery ?? Discovery(seeds: seeds, options: options) }

    /// The snapshot's state (an empty one in a crawl), for reading.
    var snapshot: SnapshotQueue { mode.snapshot ?? SnapshotQueue() }

    /// Where the engine stands now (cheap enough for a progress line a few times a second: it
    /// walks the pending work once, for the seeds' outcomes).
    var report: Report {
        Report(
            counters: counters, runKind: run.kind, conclusion: conclusion, waiting: frontier.count + tickets.count,
            pendingVideos: mode.pendingVideos, snapshotVideos: snapshot.targets, warnings: findings.warnings,
            channelGaps: findings.channelGaps, threadsCapped: findings.threadsCapped,
            commentsDisabled: discovery.comments.disabled, windowsLeft: windowsLeft, left: left,
            searchesWaiting: searchesWaiting,
            unresolvedChannels: discovery.unresolvedChannels, unresolvedVideos: discovery.unresolvedVideos,
            seedOutcomes: seedOutcomes,
            subscriptionsPrivate: discovery.links.privateCount, linksCapped: discovery.links.capped,
            linkedChannelsGone: discovery.links.gone, channelsWatched: discovery.watch.count,
            chats: discovery.chats.captures)
    }
}
