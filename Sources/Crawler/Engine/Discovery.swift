import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// A crawl's state (``CrawlEngine/Mode/crawl(_:)``): what it has seen, the videos waiting for
/// videos.list, the comments, the channels it watches and the channels the videos name, and the
/// channel links. It is what kinds of work see of the engine (``CrawlVerbs``): its parts change
/// only through the verbs below, which keep their invariants; the work they queue, what they
/// report and what they count go to the event's ``EventOutput``, which the engine takes back.
struct Discovery: CrawlVerbs {
    let seeds: [Seed]
    let options: CrawlEngine.Options
    /// Changed only by the verbs (here and in `Discovery+Ids.swift`).
    var seen = SeenSets()
    private(set) var hydration = HydrationQueue()
    private(set) var comments = CommentLedger()
    private(set) var watch = ChannelWatch()
    private(set) var references = ChannelReferences()
    private(set) var links = LinkLedger()
    /// Every item of every search page this run received (``ResultLedger``).
    private(set) var results = ResultLedger()
    /// The playlists written and the entries this run wrote (``PlaylistLedger``); changed only
    /// by the playlist verbs (`Discovery+Playlists.swift`).
    var playlists = PlaylistLedger()
    /// The live chats: messages written, captures and their gaps (``ChatLedger``); changed only
    /// by the chat verbs (`Discovery+Chat.swift`).
    var chats = ChatLedger()
    /// When the run began (Unix seconds; an update resumed keeps its first start): a channel
    /// walked is noted as walked by this run.
    private(set) var startedAt: Int64 = 0

    init(seeds: [Seed], options: CrawlEngine.Options) {
        self.seeds = seeds
        self.options = options
    }

    // MARK: Beginning

    /// The run begins at `startedAt`, in an output that holds `point`'s comments; it is `run` of
    /// the output's runs history (the first when the sink keeps none).
    mutating func begin(at startedAt: Int64, from point: ResumePoint?, run: (number: Int, key: String)?) {
        self.startedAt = startedAt
        if let point { comments = CommentLedger(written: point.commentIds) }
        results = ResultLedger(
            run: run?.number ?? 1, key: run?.key ?? String(startedAt), written: point?.resultIds ?? [],
            categories: point?.categoryKeys ?? [])
        playlists = PlaylistLedger(
            written: point?.playlistIds ?? [], members: point?.membershipIds ?? [],
            runPrefix: "\(results.run)@\(results.runKey)/")
        results.noteMissing(point?.missingIds ?? [])
        if let point {
            chats = ChatLedger(
                written: point.chatIds, latest: point.chatLatest, counts: point.chatCounts, gaps: point.chatGaps,
                chatOfVideo: point.chatOfVideo, captures: point.chats)
        }
        wantPlaylistRecords()
    }

    /// The output holds records but no checkpoint for these seeds: what it holds is never
    /// written again, and every seed starts.
    mutating func startOver(_ point: ResumePoint, _ out: inout EventOutput) {
        seen = SeenSets(videoIds: point.videoIds, channelIds: point.channelIds, walked: false)
        links = LinkLedger(nil, written: point.linkKeys)
        noteReferences(point)
        for index in seeds.indices { startSeed(index, &out) }
    }

    /// Continues from a checkpoint and what the output already holds. The shards are the truth:
    /// a shard closed after the checkpoint (rotation, then a crash) may hold videos the
    /// checkpoint still lists as waiting.
    mutating func restore(_ state: FrontierState, from point: ResumePoint, startedAt: Int64) {
        self.startedAt = startedAt
        watch = ChannelWatch(state.channels ?? [])
        seen = SeenSets(
            videoIds: point.videoIds, channelIds: point.channelIds, walked: true, walkedIds: state.channels?.map(\.id))
        // An id no request can carry (a checkpoint written before such ids were refused) would
        // fail its whole batch at every rerun.
        for video in state.pending
        where !point.videoIds.contains(video.videoId) && SearchQuery.isIdentifier(video.videoId) {
            hydration.add(video)
            _ = seen.insertVideo(video.videoId)
        }
        markMissingTaken(point)
        comments.follow(state.commentVideos)
        links = LinkLedger(state.links, written: point.linkKeys)
        references = ChannelReferences(waiting: state.referencedChannels, dangling: state.danglingChannels)
        noteReferences(point)
        for item in state.items { item.work.markQueued(in: &seen) }
    }

    /// The channels the output's videos name without a channel record in it (videos a killed
    /// run wrote after its last checkpoint included): asked at the end, as this run's own.
    private mutating func noteReferences(_ point: ResumePoint) {
        for id in point.videoChannelIds.sorted() where SearchQuery.isChannelId(id) && !seen.hasChannel(id) {
            references.note(id)
        }
    }

    /// An update begins from a finished run's state (``beginUpdate(_:change:from:since:added:_:)``
    /// in `Discovery+Update.swift` says what it asks again).
    mutating func beginUpdate(
        _ state: FrontierState, change: SeedChange?, from point: ResumePoint, since: Int64, added: Set<Int>,
        _ out: inout EventOutput
    ) {
        restore(state, from: point, startedAt: startedAt)
        if let change { watch.reseed(change) }
        // An output of an earlier version has no watch list: its channels are adopted.
        if state.channels == nil {
            for (id, seed) in adoptions(of: point.channelIds) { watch.watch(id, seed: seed, videoCount: nil) }
        }
        for item in updateWork(since: since, added: added, commentVideos: state.commentVideos, &out) {
            item.work.markQueued(in: &seen)
            out.enqueue(item)
        }
        for index in added.sorted() { startSeed(index, &out) }
    }

    /// Queues the first work of seed `index` (a fresh crawl, or a seed added to a resumed one); a
    /// channel, playlist or video already queued or written is not queued again.
    mutating func startSeed(_ index: Int, _ out: inout EventOutput) {
        let seed = seeds[index]
        switch seed.target {
        case .search where seed.splitTime:
            out.enqueue(.window(SearchWindow(seed: index, page: 0, rank: 0, results: 0, windows: 0)))
        case .search: out.enqueue(.search(SearchPage(seed: index, page: 0, rank: 0)))
        case .channel(.id(let id)):
            // Known as a seed's channel from the start: a link from another seed that arrives
            // before its own lookup does not take it for a channel one hop away.
            if !seed.links.isEmpty { _ = links.reach(id, depth: 0) }
            if seen.queueChannel(id) {
                out.enqueue(.channel(ChannelLookup(seed: index, id: id)))
            } else if !seed.links.isEmpty, seen.hasChannel(id), links.expand(id) {
                // Its channel is in the output already (links= added to a crawled seed): its links
                // are asked all the same, without looking it up or walking its uploads again.
                links.askLinks(of: id, depth: 0, seed: index, seeds: seeds, &out)
            }
        case .channel(.handle(let handle)): out.enqueue(.channel(ChannelLookup(seed: index, handle: handle)))
        case .playlist(let id): walkPlaylist(id, seed: index, &out)
        case .ids: out.enqueue(.idFile(IdFileCursor(seed: index, offset: 0, rank: 0)))
        // A video seed yields its video: asked of videos.list even with --no-hydrate.
        case .video(let id): discover(id, seed: index, endpoint: .videos, rank: 0, partial: nil, &out)
        case .comments(let comments): wantComments(of: comments.videoId, seed: index, &out)
        // Its video first (videos.list), even when written already: whether it is live, and its
        // chat's id.
        case .live(let id): out.enqueue(.liveLookup(LiveLookup(seed: index, videoId: id)))
        case .chart(let chart):
            out.enqueue(.chart(ChartPage(seed: index, page: 0, rank: 0)))
            if results.askCategories(of: chart.regionCode) {
                out.enqueue(.categories(CategoryList(seed: index, regionCode: chart.regionCode)))
            }
        }
    }

    // MARK: What the engine takes next

    /// Lets go of every video held for a channel walk (nothing is left that could release them).
    mutating func releaseHeldVideos() { hydration.releaseAll() }

    /// The next videos.list batch of waiting ids.
    mutating func nextHydrationBatch() -> [String] { hydration.nextBatch() }

    /// The next batch of channels the videos name (those written since left out).
    mutating func nextReferencedChannels() -> [String] { references.nextBatch(known: seen.hasChannel) }

    // MARK: Videos

    /// A video id seen in a page: queued for hydration (or written as found) the first time.
    ///
    /// A video found without its data (a video seed) is asked of videos.list even with
    /// `--no-hydrate`: every seed yields its videos. A video held for its channel (`heldFor`)
    /// waits for that channel's walk to end, even with `--no-hydrate`: the walk writes it when
    /// it lists it, videos.list when it does not.
    ///
    /// - Returns: whether the video was new.
    @discardableResult
    mutating func discover(
        _ id: String, seed: Int, endpoint method: APIMethod, rank: Int, partial: Video?, format: VideoFormat? = nil,
        heldFor: String? = nil, _ out: inout EventOutput
    ) -> Bool {
        guard SearchQuery.isIdentifier(id) else {
            // Sent on, it would fail its whole videos.list batch of 50, at every rerun too.
            out.warn(
                "\(method.quotaName) sent a video id that is not one (\"\(id.prefix(40))\"): skipped; the rest of its page is kept"
            )
            return false
        }
        if options.selection.comments || seeds[seed].comments { wantComments(of: id, seed: seed, &out) }
        guard seen.insertVideo(id) else { return false }
        if options.selection.hydrate || partial == nil || heldFor != nil {
            hydration.add(
                PendingVideo(
                    videoId: id, seed: seed, endpoint: method, rank: rank, format: format, heldFor: heldFor))
        } else if var video = partial {
            video.format = format
            video.source = source(seed, endpoint: method, rank: rank)
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
        if let channel { walk(channel: channel, seed: seed, &out) }
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
        considerLive(video, seed: origin.seed, &out)
        return true
    }

    /// A video videos.list did not return: deleted or made private since it was found. One a
    /// `video` seed named is written as `missing`: the seed asked for it.
    mutating func forget(_ id: String, _ out: inout EventOutput) {
        guard let video = hydration.remove(id) else { return }
        switch seeds[video.seed].target {
        case .video, .ids: wasMissing(.video, id, seed: video.seed, &out)
        default: break
        }
    }

    /// An id asked for that did not come back: a `missing` line, once per run.
    mutating func wasMissing(_ kind: MissingItem.Kind, _ id: String, seed: Int, _ out: inout EventOutput) {
        let item = MissingItem(
            run: results.run, runKey: results.runKey, kind: kind, id: id, seed: seeds[seed].text,
            fetchedAt: out.wallClock)
        if results.insertMissing(item.missingId) { out.write(.missing(item)) }
    }

    /// Puts back hydration ids whose batch was not answered; nothing more is hydrated this run.
    mutating func hydrationRefused(_ ids: [String], _ out: inout EventOutput) {
        hydration.putBack(ids)
        out.stopHydration()
    }

    // MARK: Search results

    /// A search page received: each of its items written as a `results` line, once per run,
    /// window and rank, new to the output or not.
    mutating func observed(_ fetched: FetchedPage, as observation: SearchObservation, _ out: inout EventOutput) {
        for result in observation.results(of: fetched, seeds: seeds, ledger: results)
        where results.insert(result.resultId) {
            out.write(.result(result))
        }
    }

    mutating func found(byChart found: Video, seed: Int, rank: Int, _ out: inout EventOutput) {
        if options.selection.comments || seeds[seed].comments { wantComments(of: found.videoId, seed: seed, &out) }
        guard seen.insertVideo(found.videoId) else { return }
        var video = found
        video.source = source(seed, endpoint: .videos, rank: rank)
        video.fetchedAt = out.wallClock
        write(.video(video), &out)
    }

    mutating func found(_ found: VideoCategory, _ out: inout EventOutput) {
        guard results.insertCategory(found.categoryId + " " + found.regionCode) else { return }
        var category = found
        category.fetchedAt = out.wallClock
        out.write(.category(category))
    }

    // MARK: Channels and their uploads

    /// A channel a search found, walked once (`walk=channels`).
    mutating func walk(channel id: String, seed: Int, _ out: inout EventOutput) {
        // With `links=`, one of the seed's channels (depth 0) from now on, before its lookup.
        if !id.isEmpty, !seeds[seed].links.isEmpty { _ = links.reach(id, depth: 0) }
        guard !id.isEmpty, seen.queueChannel(id) else { return }
        out.enqueue(.channel(ChannelLookup(seed: seed, id: id)))
    }

    /// A channel found: written once, watched (for `ytcrawl update`), and its uploads playlist
    /// queued for walking.
    mutating func resolved(_ found: Channel, seed: Int, _ out: inout EventOutput) {
        if !links.followLinks(of: found, seed: seed, seeds: seeds, seen: &seen, &out),
            seen.insertChannel(found.channelId)
        {
            var channel = found
            channel.fetchedAt = out.wallClock
            write(.channel(channel), &out)
        }
        listPlaylists(of: found.channelId, seed: seed, &out)
        guard let uploads = found.derivedUploadsPlaylistId else { return }
        watch.watch(found.channelId, seed: seed, videoCount: found.videoCount)
        walkUploads(uploads, of: found.channelId, expected: found.videoCount, seed: seed, until: nil, &out)
    }

    /// A watched channel's `videoCount` now (an update's check): its uploads are walked again —
    /// every channel by default, since a count left as it was by an upload beside a deletion
    /// hides the upload; with `--by-count` only when the count changed or was never known —
    /// newest first, down to the page that reaches its newest upload the last walk saw, or the
    /// start of the run that last walked it (`since` when no run says), whichever is later. A
    /// channel an update skipped is walked back to its last walk, so uploads of the skipped days
    /// are not lost.
    mutating func checked(_ id: String, videoCount: Int?, seed: Int, since: Int64, _ out: inout EventOutput) {
        let before = watch.entries[id]?.videoCount
        let floor = watch.entries[id]?.walkedAt.map { min($0, since) } ?? since
        let until = max(floor, watch.entries[id]?.newest ?? floor)
        watch.note(id, videoCount: videoCount)
        out.count(.channelsChecked)
        let changed = before == nil || videoCount == nil || before != videoCount
        guard changed || options.update?.byCount != true, id.hasPrefix("UC") else { return }
        out.count(.channelsWalked)
        walkUploads("UU" + id.dropFirst(2), of: id, expected: nil, seed: seed, until: until, &out)
    }

    /// Queues the walk of a channel's uploads (after its Shorts and live lists with
    /// `formats=yes`), once per run; with `until`, newest first down to that date.
    private mutating func walkUploads(
        _ uploads: String, of channelId: String, expected: Int?, seed: Int, until: Int64?, _ out: inout EventOutput
    ) {
        guard seen.queuePlaylist(uploads) else { return }
        watch.walked(channelId, at: startedAt)
        var walk = PlaylistPage(
            seed: seed, playlistId: uploads, page: 0, rank: 0, uploads: true, channelId: channelId,
            expected: expected)
        walk.until = until
        if options.selection.formats || seeds[seed].formats, let shorts = walk.formatWalk(.shorts, at: out.wallClock) {
            // Its Shorts and its live streams are walked first, each video labelled by the list
            // it is in; the uploads walk after labels the rest (already seen: not again).
            walk = shorts
        }
        out.enqueue(.playlist(walk))
    }

    /// Queues the walk of playlist `id` for `seed`, once per run.
    mutating func walkPlaylist(_ id: String, seed: Int, _ out: inout EventOutput) {
        guard seen.queuePlaylist(id) else { return }
        out.enqueue(.playlist(PlaylistPage(seed: seed, playlistId: id, page: 0, rank: 0, uploads: id.hasPrefix("UU"))))
    }

    /// A channel's uploads playlist ended short of its `videoCount` (it lists about 20,000 at
    /// most): the gap is reported, and with `complete=search` (or `--complete-channels`) the rest
    /// is searched for by date windows older than the oldest upload found.
    func uploadsEnded(channelId: String, expected: Int, found: Int, oldest: Int64?, seed: Int, _ out: inout EventOutput)
    {
        out.gap("\(channelId): videoCount \(expected), its uploads playlist listed \(found)")
        guard options.selection.completeChannels || seeds[seed].completeBySearch else { return }
        out.enqueue(
            .window(
                SearchWindow(
                    seed: seed, channelId: channelId, before: oldest, page: 0, rank: found, results: 0, windows: 0)))
    }

    /// An upload of a watched channel, published at `published` (Unix seconds).
    mutating func upload(of channelId: String, published: Int64) {
        watch.noteUpload(of: channelId, published: published)
    }

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

    /// Videos a `comments` seed read the threads of (it does not ask for the video) that the
    /// output holds no record of: while any, the data package declares no comments→videos key.
    var unresolvedVideos: Int {
        var ids: Set<String> = []
        for seed in seeds {
            if case .comments(let asked) = seed.target, !seen.hasVideo(asked.videoId) { ids.insert(asked.videoId) }
        }
        return ids.count
    }

    /// A batch of the channels the videos name, not answered: its ids wait again.
    mutating func putBackReferences(_ ids: [String]) { references.putBack(ids) }

    /// Channel ids the written videos name without a record in the output.
    var unresolvedChannels: Int {
        references.unresolved(known: seen.hasChannel, resolving: options.resolveChannels)
    }

    // MARK: Channel links (``LinkLedger``)

    /// A link a channel's sections or subscriptions listed (`from` at `depth`).
    mutating func linked(
        _ found: ChannelLink, from: String, depth: Int, seed: Int, endpoint method: APIMethod, rank: Int,
        _ out: inout EventOutput
    ) {
        links.linked(
            found, from: from, depth: depth, seed: seed, endpoint: method, rank: rank, seeds: seeds,
            maxChannels: options.maxLinkChannels, &out)
    }

    /// The first page of a channel's subscriptions answered (``LinkLedger/subscriptionsAnswered(_:isPrivate:seed:known:_:)``).
    mutating func subscriptionsAnswered(_ id: String, isPrivate: Bool?, seed: Int, _ out: inout EventOutput) {
        links.subscriptionsAnswered(id, isPrivate: isPrivate, seed: seed, known: seen.hasChannel(id), &out)
    }

    /// Linked channels resolved: each written once, with what its subscriptions said; never walked.
    mutating func resolvedLinked(_ records: [DecodedRecord], asked: [String], _ out: inout EventOutput) {
        links.resolvedLinked(records, asked: asked, seen: &seen, &out)
    }

    // MARK: Comments

    /// Queues the comments of `videoId` once per crawl (across seeds, runs and resumes).
    private mutating func wantComments(of videoId: String, seed: Int, _ out: inout EventOutput) {
        guard comments.want(videoId) else { return }
        out.enqueue(.commentThreads(CommentThreadsPage(seed: seed, videoId: videoId, page: 0, rank: 0)))
    }

    /// A comment from a page: written the first time its id is seen, with where it was found,
    /// pseudonymized when asked.
    ///
    /// - Returns: whether it was new.
    @discardableResult
    mutating func found(_ found: Comment, seed: Int, endpoint method: APIMethod, rank: Int, _ out: inout EventOutput)
        -> Bool
    {
        guard comments.insert(found.commentId) else { return false }
        var comment = found
        comment.source = CommentSource(seed: seeds[seed].text, endpoint: method.quotaName, rank: rank)
        comment.fetchedAt = out.wallClock
        comment.isChannelOwner = comment.isChannelOwner ?? comment.authorIsVideoChannel
        if let pseudonymizer = options.pseudonymizer {
            comments.scrubMentions(&comment, pseudonymizer: pseudonymizer)
            pseudonymizer.apply(to: &comment)
        }
        write(.comment(comment), &out)
        return true
    }

    /// A video whose comments are disabled: counted, listed in the summary and the manifest.
    mutating func commentsAreDisabled(on videoId: String, _ out: inout EventOutput) {
        comments.disable(videoId)
        out.disabled(videoId)
    }

    /// The `commentCount` of a video whose comments are followed, when known.
    func commentCount(of videoId: String) -> Int? { comments.counts[videoId] }

    // MARK: Writing

    /// Hands a record to the output; a video naming a channel the output lacks notes it.
    mutating func write(_ record: DecodedRecord, _ out: inout EventOutput) {
        if case .video(let video) = record, let channel = video.channelId, SearchQuery.isChannelId(channel),
            !seen.hasChannel(channel)
        {
            references.note(channel)
        }
        out.write(record)
    }

    private func source(_ seed: Int, endpoint: APIMethod, rank: Int) -> VideoSource {
        VideoSource(kind: seeds[seed].kind, seed: seeds[seed].text, endpoint: endpoint.quotaName, rank: rank)
    }
}
