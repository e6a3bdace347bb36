import StreamingJSON

extension CrawlEngine {
    /// Pending work for a checkpoint: the frontier, what is in flight and what failed for good (a
    /// crash or a rerun must not lose either), and every found video not yet written. Hydration
    /// batches are not listed: their ids are among the pending videos; nor are a snapshot's
    /// batches: its ids and its shards say what is left.
    func checkpointState() -> FrontierState {
        var items: [WorkItem] = []
        forEachCheckpointItem { items.append($0) }
        return FrontierState(
            items: items, pending: pendingInCheckpointOrder, unitsByMethod: counters.unitsByMethod,
            seeds: seeds.map(\.text), commentVideos: commentVideos.isEmpty ? nil : commentVideos.members)
    }

    /// ``checkpointState()`` as the JSON a checkpoint keeps, written from the engine's own state:
    /// at a million videos the frontier holds tens of thousands of items, and an array of them
    /// made once a second only to be written was part of the crawl's peak memory.
    func checkpointJSON() -> JSONWriter {
        FrontierState.encodedJSON(
            itemCount: frontier.count + inFlight.count + failures.count, items: forEachCheckpointItem,
            pending: pendingInCheckpointOrder, unitsByMethod: counters.unitsByMethod,
            seeds: seeds.lazy.map(\.text), commentVideos: commentVideos.isEmpty ? nil : commentVideos.members)
    }

    /// The items a checkpoint lists, in its order: the frontier, then what is in flight (by
    /// ticket), then what failed for good.
    func forEachCheckpointItem(_ body: (WorkItem) -> Void) {
        func visit(_ item: WorkItem) {
            switch item {
            case .hydrate, .stats: break
            default: body(item)
            }
        }
        frontier.forEach(visit)
        for (_, item) in inFlight.sorted(by: { $0.key < $1.key }) { visit(item) }
        for failure in failures { visit(failure.item) }
        for search in waitingSearches { visit(search) }
    }

    private var pendingInCheckpointOrder: [PendingVideo] {
        pending.values.sorted { ($0.seed, $0.rank, $0.videoId) < ($1.seed, $1.rank, $1.videoId) }
    }

    /// Continues a crawl from its checkpoint and what its output already holds.
    ///
    /// - Parameters:
    ///   - state: the checkpoint's pending work.
    ///   - videoIds: every video already written (the shards are the truth).
    ///   - channelIds: every channel already written.
    ///   - written: records already written, for the counters.
    mutating func restore(
        _ state: FrontierState, videoIds: Set<String>, channelIds: Set<String>,
        written: (videos: Int, channels: Int)
    ) {
        frontier = Frontier(state.items)
        // The shards are the truth: a shard closed after the checkpoint (rotation, then a crash)
        // may hold videos the checkpoint still lists as waiting.
        for video in state.pending where pending[video.videoId] == nil && !videoIds.contains(video.videoId) {
            pending[video.videoId] = video
            pendingOrder.append(video.videoId)
        }
        counters.unitsByMethod = state.unitsByMethod
        for id in state.commentVideos ?? [] { commentVideos.insert(id) }
        seenVideos = VideoIdSet(videoIds)
        for id in pendingOrder { seenVideos.insert(id) }
        seenChannels = CompactStringSet(channelIds)
        queuedChannels = seenChannels
        for item in state.items {
            switch item {
            case .channel(let lookup): if let id = lookup.id { queuedChannels.insert(id) }
            case .channels(let batch): for id in batch.ids { queuedChannels.insert(id) }
            case .playlist(let page): queuedPlaylists.insert(page.playlistId)
            default: break
            }
        }
        counters.videosWritten = written.videos
        counters.channelsWritten = written.channels
        counters.videosBefore = written.videos
        counters.channelsBefore = written.channels
    }

    /// Comments the output already holds: never written again.
    mutating func restoreComments(_ ids: Set<String>) {
        seenComments = CompactStringSet(ids)
        counters.commentsWritten = ids.count
        counters.commentsBefore = ids.count
    }

    /// Starts from the seeds in an output that already holds records (no checkpoint, or one for
    /// other seeds): what the shards hold is seen and never written again; every seed is walked.
    mutating func startOver(videoIds: Set<String>, channelIds: Set<String>, written: (videos: Int, channels: Int)) {
        seenVideos = VideoIdSet(videoIds)
        seenChannels = CompactStringSet(channelIds)
        counters.videosWritten = written.videos
        counters.channelsWritten = written.channels
        counters.videosBefore = written.videos
        counters.channelsBefore = written.channels
        seedFrontier()
    }
}
