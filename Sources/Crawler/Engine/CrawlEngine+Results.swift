import Foundation
import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// Folds in the result of the item started under `ticket`.
    ///
    /// - Parameters:
    ///   - now: the crawl's monotonic clock, for the checkpoint interval.
    ///   - wallClock: the time written as records' `fetchedAt`.
    /// - Returns: what the actor must do, in order.
    mutating func finish(_ ticket: Int, _ result: FetchResult, now: Duration, wallClock: Date) -> [Action] {
        guard let item = inFlight.removeValue(forKey: ticket) else { return [] }
        self.wallClock = wallClock
        counters.unitsByMethod.merge(result.charged) { $0 + $1 }
        counters.retries += result.retries
        counters.retriesByCause.merge(result.retriesByCause) { $0 + $1 }
        counters.requests += result.requests
        var checkpointDue = false
        switch result.outcome {
        case .page(let records, let summary):
            counters.pages += 1
            item.work.apply(FetchedPage(records: records, summary: summary), to: &self)
            checkpointDue =
                counters.pages - pagesAtCheckpoint >= options.checkpointEvery
                && now - lastCheckpoint >= options.checkpointInterval
        case .stop(let stop) where item.work.isCostly && [.budgetSpent, .quotaSpent].contains(stop.cause):
            // Search's own bucket is spent: searches wait, hydration and walks go on.
            if searchesStopped == nil {
                searchesStopped = stop
                warn(
                    "searches stop here (\(stop.detail)); the rest of the crawl goes on, and the searches wait for a rerun"
                )
            }
            waitingSearches.append(item)
        case .stop(let stop):
            putBack(item)
            stopTaking(stop)
        case .gaveUp(let reason):
            let failure = Failure(item: item, reason: reason)
            failures.append(failure)
            warn("\(item.work.describe(seeds: seeds)) failed for good, left for a rerun: \(reason)")
        case .skip(let reason) where item.isHydration:
            // Its videos stay found (a rerun asks again); the run ends incomplete, not "budget".
            failures.append(Failure(item: item, reason: reason))
            warn("\(item.work.describe(seeds: seeds)): \(reason); its videos are left for a rerun")
        case .skip(let reason):
            warn("\(item.work.describe(seeds: seeds)): \(reason); skipped")
        case .unavailable(let reasons, let message):
            if !item.work.unavailable(reasons, to: &self) {
                warn("\(item.work.describe(seeds: seeds)): \(message); skipped")
            }
        case .restartPaging:
            if let restarted = item.work.restartedPaging() {
                warn(
                    "\(item.work.describe(seeds: seeds)): the page token expired (invalidPageToken); paging starts over"
                )
                enqueue(restarted)
            } else {
                warn("\(item.work.describe(seeds: seeds)): the page token expired again; the rest of it is skipped")
            }
        }
        for notice in result.notices { warn(notice) }
        if checkpointDue {
            pagesAtCheckpoint = counters.pages
            lastCheckpoint = now
        }
        return drainActions(checkpoint: checkpointDue)
    }

    /// Ends the crawl for `ending` unless something ended it already (the first cause wins).
    mutating func stopTaking(_ ending: CrawlEnding) {
        if self.ending == nil { self.ending = ending }
    }

    /// A record could not be written: the crawl stops; the last checkpoint stays as it was.
    mutating func writeFailed(_ detail: String) {
        if ending?.cause != .writeFailed { ending = CrawlEnding(.writeFailed, detail) }
    }

    /// Puts an item whose request was not answered back where it came from.
    private mutating func putBack(_ item: WorkItem) {
        switch item {
        case .hydrate(let batch):
            pendingOrder.insert(contentsOf: batch.ids, at: pendingHead)
            hydrationStopped = true
        case .stats(let batch): snapshot.putBack(batch.ids)
        default: frontier.append(item)
        }
    }

    private mutating func drainActions(checkpoint: Bool) -> [Action] {
        var actions: [Action] = notes.map { .warn($0) }
        notes.removeAll()
        if !outbox.isEmpty {
            actions.append(.write(outbox))
            outbox.removeAll()
        }
        if !disabledOutbox.isEmpty {
            actions.append(.commentsDisabled(disabledOutbox))
            disabledOutbox.removeAll()
        }
        if checkpoint { actions.append(.checkpoint) }
        return actions
    }

    /// How the run ends, once it is over: the first stop, else incomplete when work failed for
    /// good, else budget when found videos wait, else completed.
    var conclusion: CrawlEnding {
        if let ending { return ending }
        if !failures.isEmpty {
            let count = failures.count
            return CrawlEnding(
                .incomplete,
                "\(count) work item\(count == 1 ? "" : "s") failed after every retry (first: \(failures[0].reason))")
        }
        if let searchesStopped, !waitingSearches.isEmpty {
            return CrawlEnding(
                searchesStopped.cause,
                "\(searchesStopped.detail); \(searchesWaiting.count) search seed\(searchesWaiting.count == 1 ? "" : "s") wait, everything else is done"
            )
        }
        if !pending.isEmpty {
            return CrawlEnding(.budgetSpent, "the budget ran out before every found video was hydrated")
        }
        if snapshot.unwritten > 0 {
            let count = snapshot.unwritten
            return CrawlEnding(
                .incomplete, "\(count) video\(count == 1 ? "" : "s") of the snapshot got no answer; a rerun asks again")
        }
        return .completed
    }

    /// Whether the output can be closed for good: everything found is written and nothing is left.
    var isFinished: Bool {
        conclusion == .completed && frontier.isEmpty && pending.isEmpty && inFlight.isEmpty && snapshot.unwritten == 0
    }

    /// Windows of `split=time` searches still to do (a rerun continues them).
    var windowsLeft: Int {
        var count = 0
        forEachCheckpointItem { if case .window = $0 { count += 1 } }
        return count
    }

    /// The search seeds whose searches wait for their bucket (a rerun continues them), as written.
    var searchesWaiting: [String] {
        var seen = Set<Int>()
        return waitingSearches.compactMap { item in
            guard let seed = item.seed, seen.insert(seed).inserted else { return nil }
            return seeds[seed].text
        }
    }

    /// What is left, for the summary: each failed item and why.
    var left: [String] { failures.map { "\($0.item.work.describe(seeds: seeds)): \($0.reason)" } }
}

// MARK: What work kinds do to the plan

extension CrawlEngine {
    /// Queues an item.
    mutating func enqueue(_ item: WorkItem) { frontier.append(item) }

    /// Tells the user (once, through the actor's log) and counts it.
    mutating func warn(_ message: String) {
        warnings.append(message)
        notes.append(message)
    }

    /// A video id seen in a page: queued for hydration (or written as found) the first time.
    ///
    /// A video found without its data (a video seed) is asked of videos.list even with
    /// `--no-hydrate`: every seed yields its videos.
    ///
    /// - Returns: whether the video was new.
    @discardableResult
    mutating func discover(_ id: String, seed: Int, endpoint: String, rank: Int, partial: Video?) -> Bool {
        if options.comments || seeds[seed].comments { wantComments(of: id, seed: seed) }
        guard seenVideos.insert(id) else { return false }
        if options.hydrate || partial == nil {
            pending[id] = PendingVideo(videoId: id, seed: seed, endpoint: endpoint, rank: rank)
            pendingOrder.append(id)
        } else if var video = partial {
            video.source = source(seed, endpoint: endpoint, rank: rank)
            video.fetchedAt = wallClock
            write(.video(video))
        }
        return true
    }

    /// A hydrated video: written with where it was first found.
    ///
    /// - Returns: whether it was waiting (a video the batch did not ask for is ignored).
    mutating func hydrated(_ found: Video) -> Bool {
        guard let origin = pending.removeValue(forKey: found.videoId) else { return false }
        noteCommentCount(of: found)
        var video = found
        video.source = source(origin.seed, endpoint: origin.endpoint, rank: origin.rank)
        video.fetchedAt = wallClock
        write(.video(video))
        return true
    }

    /// A found video that did not come back from videos.list (deleted or private since).
    mutating func forget(_ id: String) { pending.removeValue(forKey: id) }

    /// A channel found: written once, and its uploads playlist queued for walking.
    mutating func resolved(_ found: Channel, seed: Int) {
        if seenChannels.insert(found.channelId) {
            var channel = found
            channel.fetchedAt = wallClock
            write(.channel(channel))
        }
        if let uploads = found.derivedUploadsPlaylistId, queuedPlaylists.insert(uploads) {
            enqueue(
                .playlist(
                    PlaylistPage(
                        seed: seed, playlistId: uploads, page: 0, rank: 0, uploads: true, channelId: found.channelId,
                        expected: found.videoCount)))
        }
    }

    /// A channel's uploads playlist ended short of its `videoCount` (it lists about 20,000 at
    /// most): the gap is reported, and with `complete=search` (or `--complete-channels`) the rest
    /// is searched for by date windows older than the oldest upload found.
    mutating func uploadsEnded(channelId: String, expected: Int, found: Int, oldest: Int64?, seed: Int) {
        channelGaps.append("\(channelId): videoCount \(expected), its uploads playlist listed \(found)")
        guard options.completeChannels || seeds[seed].completeBySearch else { return }
        enqueue(
            .window(
                SearchWindow(
                    seed: seed, channelId: channelId, before: oldest, page: 0, rank: found, results: 0, windows: 0)))
    }

    /// A window of a `split=time` search is finished.
    mutating func windowDone() { counters.searchWindows += 1 }

    /// A channel a search found, walked once (`walk=channels`).
    mutating func walk(channel id: String, seed: Int) {
        guard !id.isEmpty, queuedChannels.insert(id) else { return }
        enqueue(.channel(ChannelLookup(seed: seed, id: id)))
    }

    mutating func write(_ record: DecodedRecord) {
        switch record {
        case .video: counters.videosWritten += 1
        case .channel: counters.channelsWritten += 1
        case .comment: counters.commentsWritten += 1
        case .stats: counters.statsWritten += 1
        }
        outbox.append(record)
    }

    private func source(_ seed: Int, endpoint: String, rank: Int) -> VideoSource {
        VideoSource(kind: seeds[seed].kind, seed: seeds[seed].text, endpoint: endpoint, rank: rank)
    }
}
