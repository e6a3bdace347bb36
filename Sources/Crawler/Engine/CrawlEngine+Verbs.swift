import Foundation
import StreamingJSON
import YouTubeKit

/// What work kinds do to the plan: the verbs their ``CrawlWork/apply(_:to:_:)`` calls, each
/// with the event's ``EventOutput`` for what it writes and says.
extension CrawlEngine {
    /// Queues an item.
    mutating func enqueue(_ item: WorkItem) { frontier.append(item) }

    /// Puts back hydration ids whose batch was not answered; nothing more is hydrated this run.
    mutating func hydrationRefused(_ ids: [String]) {
        hydration.putBack(ids)
        stops.stopHydration()
    }

    /// Puts back a snapshot's ids whose batch was not answered.
    mutating func snapshotRefused(_ ids: [String]) { snapshot.putBack(ids) }

    /// Tells the user (through the actor's log) and counts it.
    /// The channels the videos name, as channels.list returned them: each written once (never
    /// walked); one not returned stays dangling.
    mutating func resolvedReferences(_ records: [DecodedRecord], asked: [String], _ out: inout EventOutput) {
        var found: Set<String> = []
        for case .channel(var channel) in records {
            found.insert(channel.channelId)
            guard seen.insertChannel(channel.channelId) else { continue }
            channel.fetchedAt = out.wallClock
            write(.channel(channel), &out)
        }
        for id in asked where !found.contains(id) && !seen.hasChannel(id) { references.notFound(id) }
    }

    /// A batch of the channels the videos name, not answered: its ids wait again.
    mutating func putBackReferences(_ ids: [String]) { references.putBack(ids) }

    /// Channel ids the written videos name without a record in the output.
    var unresolvedChannels: Int {
        references.unresolved(known: seen.hasChannel, resolving: options.resolveChannels)
    }

    /// A thread's replies stopped at `--max-reply-pages` (its seed is capped).
    mutating func capThread(_ seed: Int) { findings.capThread(seed) }

    mutating func warn(_ message: String, _ out: inout EventOutput) {
        findings.warn(message)
        out.warn(message)
    }

    /// A video id seen in a page: queued for hydration (or written as found) the first time.
    ///
    /// A video found without its data (a video seed) is asked of videos.list even with
    /// `--no-hydrate`: every seed yields its videos.
    /// A video held for its channel (`heldFor`) waits for that channel's walk to end, even with
    /// `--no-hydrate`: the walk writes it when it lists it, videos.list when it does not.
    ///
    /// - Returns: whether the video was new.
    @discardableResult
    mutating func discover(
        _ id: String, seed: Int, endpoint method: APIMethod, rank: Int, partial: Video?, format: VideoFormat? = nil,
        heldFor: String? = nil, _ out: inout EventOutput
    ) -> Bool {
        guard SearchQuery.isIdentifier(id) else {
            // Sent on, it would fail its whole videos.list batch of 50, at every rerun too.
            warn(
                "\(method.quotaName) sent a video id that is not one (\"\(id.prefix(40))\"): skipped; the rest of its page is kept",
                &out)
            return false
        }
        if options.selection.comments || seeds[seed].comments { wantComments(of: id, seed: seed) }
        guard seen.insertVideo(id) else { return false }
        if options.selection.hydrate || partial == nil || heldFor != nil {
            hydration.add(
                PendingVideo(
                    videoId: id, seed: seed, endpoint: method.quotaName, rank: rank, format: format, heldFor: heldFor))
        } else if var video = partial {
            video.format = format
            video.source = source(seed, endpoint: method.quotaName, rank: rank)
            video.fetchedAt = out.wallClock
            write(.video(video), &out)
        }
        return true
    }

    /// A video found by a search: discovered, and with `walk=channels` its channel walked. With
    /// format labels on, it is held until that walk ends, which labels it (see ``HydrationQueue``).
    ///
    /// - Returns: whether the video was new.
    mutating func found(bySearch video: Video, seed: Int, rank: Int, walkChannel: Bool, _ out: inout EventOutput)
        -> Bool
    {
        let channel = walkChannel ? video.channelId.flatMap { $0.isEmpty ? nil : $0 } : nil
        if let channel { walk(channel: channel, seed: seed) }
        let labelled = channel != nil && (options.selection.formats || seeds[seed].formats)
        return discover(
            video.videoId, seed: seed, endpoint: .search, rank: rank, partial: video,
            heldFor: labelled ? channel : nil, &out)
    }

    /// A walk of a channel's lists found a video already found: a video still waiting for
    /// hydration takes the walk's label. One held for this walk is written now with
    /// `--no-hydrate` (the walk's page carries its data), where it was first found.
    mutating func foundAgain(_ id: String, format: VideoFormat?, partial: Video?, _ out: inout EventOutput) {
        guard let waiting = hydration.pending[id] else { return }
        if let format { hydration.label(id, format) }
        guard waiting.heldFor != nil, !options.selection.hydrate, var video = partial, let origin = hydration.remove(id)
        else {
            return
        }
        video.format = origin.format
        video.source = source(origin.seed, endpoint: origin.endpoint, rank: origin.rank)
        video.fetchedAt = out.wallClock
        write(.video(video), &out)
    }

    /// The walk of a channel's uploads ended: the search results held for it go to hydration.
    mutating func uploadsWalked(_ channelId: String, labelLongBefore: Int64? = nil) {
        hydration.release(channel: channelId, labelLongBefore: labelLongBefore)
    }

    /// A channel's Shorts or live list was not read whole: its labels prove nothing of the rest.
    mutating func labelListsCut(_ channelId: String) { hydration.labelListsCut(channelId) }

    /// A hydrated video: written with where it was first found.
    ///
    /// - Returns: whether it was waiting (a video the batch did not ask for is ignored).
    mutating func hydrated(_ found: Video, _ out: inout EventOutput) -> Bool {
        guard let origin = hydration.remove(found.videoId) else { return false }
        if let count = found.commentCount { comments.noteCount(count, of: found.videoId) }
        var video = found
        video.format = origin.format ?? hydration.longForm(found)
        video.source = source(origin.seed, endpoint: origin.endpoint, rank: origin.rank)
        video.fetchedAt = out.wallClock
        write(.video(video), &out)
        return true
    }

    /// A found video that did not come back from videos.list (deleted or private since).
    mutating func forget(_ id: String) { _ = hydration.remove(id) }

    /// A channel found: written once, watched (for `ytcrawl update`), and its uploads playlist
    /// queued for walking.
    mutating func resolved(_ found: Channel, seed: Int, _ out: inout EventOutput) {
        if !followLinks(of: found, seed: seed, &out), seen.insertChannel(found.channelId) {
            var channel = found
            channel.fetchedAt = out.wallClock
            write(.channel(channel), &out)
        }
        guard let uploads = found.derivedUploadsPlaylistId else { return }
        watch.watch(found.channelId, seed: seed, videoCount: found.videoCount)
        walkUploads(uploads, of: found.channelId, expected: found.videoCount, seed: seed, until: nil, &out)
    }

    /// A watched channel's `videoCount` now (an update's check): its uploads are walked again —
    /// every channel by default, since a count left as it was by an upload beside a deletion
    /// hides the upload; with `--by-count` only when the count changed or was never known —
    /// newest first, down to
    /// the page that reaches its newest upload the last walk saw, or the start of the run that
    /// last walked it (`since` when no run says), whichever is later. A channel an update skipped
    /// is walked back to its last walk, so uploads of the skipped days are not lost.
    mutating func checked(_ id: String, videoCount: Int?, seed: Int, since: Int64, _ out: inout EventOutput) {
        let before = watch.entries[id]?.videoCount
        let floor = watch.entries[id]?.walkedAt.map { min($0, since) } ?? since
        let until = max(floor, watch.entries[id]?.newest ?? floor)
        watch.note(id, videoCount: videoCount)
        counters.channelsChecked += 1
        let changed = before == nil || videoCount == nil || before != videoCount
        guard changed || options.update?.byCount != true, id.hasPrefix("UC") else { return }
        counters.channelsWalked += 1
        walkUploads("UU" + id.dropFirst(2), of: id, expected: nil, seed: seed, until: until, &out)
    }

    /// Queues the walk of a channel's uploads (after its Shorts and live lists with
    /// `formats=yes`), once per run; with `until`, newest first down to that date.
    private mutating func walkUploads(
        _ uploads: String, of channelId: String, expected: Int?, seed: Int, until: Int64?, _ out: inout EventOutput
    ) {
        guard seen.queuePlaylist(uploads) else { return }
        watch.walked(channelId, at: run.startedAt)
        var walk = PlaylistPage(
            seed: seed, playlistId: uploads, page: 0, rank: 0, uploads: true, channelId: channelId,
            expected: expected)
        walk.until = until
        if options.selection.formats || seeds[seed].formats, let shorts = walk.formatWalk(.shorts, at: out.wallClock) {
            // Its Shorts and its live streams are walked first, each video labelled by the list
            // it is in; the uploads walk after labels the rest (already seen: not again).
            walk = shorts
        }
        enqueue(.playlist(walk))
    }

    /// A channel's uploads playlist ended short of its `videoCount` (it lists about 20,000 at
    /// most): the gap is reported, and with `complete=search` (or `--complete-channels`) the rest
    /// is searched for by date windows older than the oldest upload found.
    mutating func uploadsEnded(channelId: String, expected: Int, found: Int, oldest: Int64?, seed: Int) {
        findings.gap("\(channelId): videoCount \(expected), its uploads playlist listed \(found)")
        guard options.selection.completeChannels || seeds[seed].completeBySearch else { return }
        enqueue(
            .window(
                SearchWindow(
                    seed: seed, channelId: channelId, before: oldest, page: 0, rank: found, results: 0, windows: 0)))
    }

    /// A window of a `split=time` search is finished.
    mutating func windowDone() { counters.searchWindows += 1 }

    /// A channel a search found, walked once (`walk=channels`).
    mutating func walk(channel id: String, seed: Int) {
        // With `links=`, one of the seed's channels (depth 0) from now on, before its lookup.
        if !id.isEmpty, !seeds[seed].links.isEmpty { _ = links.reach(id, depth: 0) }
        guard !id.isEmpty, seen.queueChannel(id) else { return }
        enqueue(.channel(ChannelLookup(seed: seed, id: id)))
    }

    /// Counts a record and hands it to the output.
    mutating func write(_ record: DecodedRecord, _ out: inout EventOutput) {
        if case .video(let video) = record, let channel = video.channelId, SearchQuery.isChannelId(channel),
            !seen.hasChannel(channel)
        {
            references.note(channel)
        }
        counters.written[record.kind, default: 0] += 1
        out.write(record)
    }

    private func source(_ seed: Int, endpoint: String, rank: Int) -> VideoSource {
        VideoSource(kind: seeds[seed].kind, seed: seeds[seed].text, endpoint: endpoint, rank: rank)
    }
}
