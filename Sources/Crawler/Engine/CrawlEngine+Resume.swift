import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// How a run begins in its output, decided from what the sink reports (``ResumePoint``) alone:
/// tested without files.
enum ResumeDecision: Sendable {
    /// Nothing there: every seed starts.
    case fresh
    /// Records but no checkpoint for these seeds (a run killed before its first, or an earlier
    /// version's for another seeds file): every seed starts, and what the shards hold is never
    /// written again.
    case startOver
    /// A checkpoint to continue, its seeds matched to the new ones.
    case resume(FrontierState, SeedChange?)
    /// A checkpoint with pending work this version cannot read.
    case unreadable

    init(_ point: ResumePoint?, seeds: [Seed], seedsDigest: String) {
        guard let point, !point.holdsNothing else {
            self = .fresh
            return
        }
        guard let frontier = point.frontier else {
            self = .startOver
            return
        }
        // Read once, by the same per-kind code that writes it (``WorkItem``'s `Codable` form).
        let decoded = try? JSONDecoder().decode(FrontierState.self, from: Data(frontier))
        guard decoded?.seeds != nil || point.seedsDigest == seedsDigest else {
            self = .startOver
            return
        }
        let emptyFinished = point.finished && frontier.elementsEqual("[]".utf8)
        guard var state = decoded ?? (emptyFinished ? FrontierState.finished : nil) else {
            self = .unreadable
            return
        }
        if point.finished {
            state.items = []
            state.pending = []
        }
        let change = state.seeds.map { SeedChange(old: $0, new: seeds.map(\.text)) }
        self = .resume(state, change.flatMap { $0.isNone ? nil : $0 })
    }
}

extension CrawlEngine {
    /// The run begins: from the seeds, or from what the output holds (``ResumeDecision``).
    ///
    /// - Throws: ``CrawlSetupError`` when the checkpoint holds pending work this version cannot read.
    mutating func begin(from point: ResumePoint?, wallClock: Date) throws -> [Action] {
        var out = EventOutput(wallClock: wallClock)
        run = (options.update == nil ? .crawl : .update, Int64(wallClock.timeIntervalSince1970))
        if let point {
            comments = CommentLedger(written: point.commentIds)
            counters.start(.comments, at: point.commentIds.count)
            counters.startUnits(at: point.unitsByMethod)
        }
        let decision = ResumeDecision(point, seeds: seeds, seedsDigest: options.seedsDigest)
        if options.update != nil { try checkUpdatable(decision, finished: point?.finished ?? false) }
        switch decision {
        case .resume(let state, let change) where options.update != nil && point?.finished == true:
            beginUpdate(state, change: change, from: point ?? ResumePoint.empty, &out)
        case .fresh:
            startSeeds(seeds.indices, &out)
        case .startOver:
            let point = point ?? ResumePoint.empty
            seen = SeenSets(videoIds: point.videoIds, channelIds: point.channelIds, walked: false)
            links = LinkLedger(nil, written: point.linkKeys)
            noteReferences(point)
            countWritten(point)
            out.log(
                "\(options.output) holds \(point.videoIds.count) videos but no checkpoint for these seeds: starting from the seeds; videos and channels already there are not written again"
            )
            startSeeds(seeds.indices, &out)
        case .unreadable:
            throw CrawlSetupError(
                "the checkpoint in \(options.output) holds pending work this version cannot read; move checkpoint.json away to start from the seeds (videos already there are not written again)"
            )
        case .resume(var state, let change):
            let point = point ?? ResumePoint.empty
            var dropped = (items: 0, videos: 0)
            if let change { (state, dropped.items, dropped.videos) = state.reseeded(change) }
            restore(state, from: point)
            if let change, !change.added.isEmpty || !change.removed.isEmpty {
                startSeeds(change.added, &out)
                out.log(change.report(kept: seeds.count - change.added.count, dropped: dropped))
            }
            out.log(
                "resuming \(options.output): \(point.videoIds.count) videos already there, \(frontier.count) item\(frontier.count == 1 ? "" : "s") pending"
            )
        }
        return out.actions
    }

    /// Queues the first work of the seeds at `indices` (``CrawlEngine/startSeed(_:_:)``).
    private mutating func startSeeds(_ indices: some Sequence<Int>, _ out: inout EventOutput) {
        for index in indices { startSeed(index, &out) }
    }

    /// Continues from a checkpoint and what the output already holds. The shards are the truth:
    /// a shard closed after the checkpoint (rotation, then a crash) may hold videos the
    /// checkpoint still lists as waiting.
    mutating func restore(_ state: FrontierState, from point: ResumePoint) {
        frontier = Frontier(state.items)
        watch = ChannelWatch(state.channels ?? [])
        // A run resumed goes on as the run it was; a finished one rerun keeps its start (an
        // update looks for what is newer than the last run that looked at everything).
        run = (state.run, state.startedAt ?? point.startedAt ?? run.startedAt)
        seen = SeenSets(
            videoIds: point.videoIds, channelIds: point.channelIds, walked: true, walkedIds: state.channels?.map(\.id))
        // An id no request can carry (a checkpoint written before such ids were refused) would
        // fail its whole batch at every rerun.
        for video in state.pending
        where !point.videoIds.contains(video.videoId) && SearchQuery.isIdentifier(video.videoId) {
            hydration.add(video)
            _ = seen.insertVideo(video.videoId)
        }
        comments.follow(state.commentVideos)
        links = LinkLedger(state.links, written: point.linkKeys)
        references = ChannelReferences(
            waiting: state.referencedChannels, dangling: state.danglingChannels)
        noteReferences(point)
        for item in state.items { item.work.markQueued(in: &seen) }
        countWritten(point)
    }

    /// The channels the output's videos name without a channel record in it (videos a killed
    /// run wrote after its last checkpoint included): asked at the end, as this run's own.
    private mutating func noteReferences(_ point: ResumePoint) {
        for id in point.videoChannelIds.sorted() where SearchQuery.isChannelId(id) && !seen.hasChannel(id) {
            references.note(id)
        }
    }

    /// An update needs a finished run to start from, or an update of its own to continue.
    private func checkUpdatable(_ decision: ResumeDecision, finished: Bool) throws {
        switch decision {
        case .fresh:
            throw CrawlSetupError(
                "\(options.output) holds no crawl to update; crawl into it first (ytcrawl --seeds FILE --budget UNITS --out \(options.output))"
            )
        case .startOver, .unreadable:
            throw CrawlSetupError(
                "\(options.output) has no checkpoint for these seeds to update from; rerun its crawl to its end first, or give its seeds file with --seeds"
            )
        case .resume(let state, _):
            guard !finished, state.run != .update else { return }
            throw CrawlSetupError(
                "\(options.output): its crawl has not finished (\(state.items.count) requests and \(state.pending.count) videos pending); finish it first by rerunning it (ytcrawl --seeds FILE --out \(options.output)), then update"
            )
        }
    }

    private mutating func countWritten(_ point: ResumePoint) {
        counters.start(.videos, at: point.videoRecords)
        counters.start(.channels, at: point.channelRecords)
        counters.start(.links, at: point.linkKeys.count)
    }
}

/// The crawl could not start: its output cannot be resumed.
public struct CrawlSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
