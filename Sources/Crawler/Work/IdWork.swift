import StreamingJSON
import YouTubeKit

/// Where an `ids` seed is in its file: the byte offset of the next line to read and the number
/// of ids taken so far (the next one's `source.rank`). Never sent: the engine unfolds it
/// (``CrawlWork/unfold(_:_:)``) into the work its next ids make, and it waits in the frontier
/// again, further on, until the file ends. A checkpoint keeps it, so a killed run reads on from
/// where its last checkpoint was; what it had taken since waits in the checkpoint too (pending
/// videos, batches), or is in the output.
struct IdFileCursor: SeededWork {
    static let tag = "idFile"
    var seed: Int
    var offset: Int64
    var rank: Int

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        throw YouTubeError.invalidParameter(
            name: "ids", value: plan.seeds[seed].text, allowed: "a cursor is unfolded, never sent")
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {}

    func unfold(_ plan: inout some CrawlVerbs, _ out: inout EventOutput) -> (start: WorkItem?, next: WorkItem?)? {
        plan.takeIds(self, &out)
    }

    var item: WorkItem { .idFile(self) }

    func describe(seeds: [Seed]) -> String { "\(seeds[seed].text) from byte \(offset)" }
}

/// channels.list or playlists.list of up to 50 ids of an `ids` seed's file (1 unit): each record
/// written once, each id not returned a `missing` line. (Video ids go through the hydration
/// queue, as video seeds' do.)
///
/// Comment ids take one call or two: commentThreads.list of the threads the ids name (a
/// top-level comment's id is its thread's; a reply's begins with it), which writes the asked
/// top-level comments with their video and reply count; then, when the batch names replies of
/// threads that came back, comments.list of those replies, written with their thread's video and
/// channel (comments.list gives a reply neither).
struct IdBatch: SeededWork {
    static let tag = "idBatch"
    var seed: Int
    var kind: MissingItem.Kind
    var ids: [String]
    /// The first id's place among the file's ids.
    var rank: Int
    /// A comment batch's second call: the replies' threads (their video and channel), and each
    /// reply's place among `ids` of the first call (its rank is `rank` plus that).
    var threads: [String: CommentHome]?
    var positions: [Int]?

    /// The video and channel of a comment thread.
    struct CommentHome: Codable, Hashable, Sendable {
        var videoId: String?
        var channelId: String?
    }

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        switch kind {
        case .channel: try APIRequest.channels(.ids(ids), part: plan.options.selection.channelParts)
        case .playlist: try APIRequest.playlists(.ids(ids), part: plan.playlistParts)
        case .comment:
            threads == nil
                ? try APIRequest.commentThreads(ids: Self.threadIds(of: ids)) : try APIRequest.comments(ids: ids)
        case .video:
            // Video ids go through the hydration queue.
            throw YouTubeError.invalidParameter(
                name: "kind", value: kind.rawValue, allowed: "channel, playlist or comment ids in a batch")
        }
    }

    /// The thread a comment id names: a top-level comment's id is its thread's; a reply's is
    /// `THREAD.REPLY`.
    static func threadId(of id: String) -> Substring { id.prefix { $0 != "." } }

    /// The threads `ids` name, each once, in order.
    static func threadIds(of ids: [String]) -> [String] {
        var seen: Set<Substring> = []
        return ids.compactMap { id in
            let thread = Self.threadId(of: id)
            return seen.insert(thread).inserted ? String(thread) : nil
        }
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        if kind == .comment {
            if let threads {
                applyReplies(fetched, threads: threads, to: &plan, &out)
            } else {
                applyThreads(fetched, to: &plan, &out)
            }
            return
        }
        var found: Set<String> = []
        for record in fetched.records {
            guard let id = record.listedId, let position = ids.firstIndex(of: id), found.insert(id).inserted
            else { continue }
            plan.foundById(record, seed: seed, rank: rank + position, &out)
        }
        for id in ids where !found.contains(id) { plan.wasMissing(kind, id, seed: seed, &out) }
    }

    /// The threads' answer: the asked top-level comments written; the replies of threads that
    /// came back asked next; the rest missing (a reply of a thread gone is gone too).
    private func applyThreads(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var homes: [String: CommentHome] = [:]
        for case .comment(let comment) in fetched.records where comment.parentId == nil {
            guard homes[comment.commentId] == nil else { continue }
            homes[comment.commentId] = CommentHome(videoId: comment.videoId, channelId: comment.channelId)
            if let position = ids.firstIndex(of: comment.commentId) {
                plan.found(comment, seed: seed, endpoint: .commentThreads, rank: rank + position, &out)
            }
        }
        var replies: [String] = []
        var places: [Int] = []
        var wanted: [String: CommentHome] = [:]
        for (position, id) in ids.enumerated() {
            let thread = String(Self.threadId(of: id))
            if thread == id {
                if homes[id] == nil { plan.wasMissing(.comment, id, seed: seed, &out) }
            } else if let home = homes[thread] {
                replies.append(id)
                places.append(position)
                wanted[thread] = home
            } else {
                plan.wasMissing(.comment, id, seed: seed, &out)
            }
        }
        guard !replies.isEmpty else { return }
        out.enqueue(
            .idBatch(
                IdBatch(seed: seed, kind: .comment, ids: replies, rank: rank, threads: wanted, positions: places)))
    }

    /// The replies' answer: each written with its thread's video and channel, or missing.
    private func applyReplies(
        _ fetched: FetchedPage, threads: [String: CommentHome], to plan: inout some CrawlVerbs,
        _ out: inout EventOutput
    ) {
        var found: Set<String> = []
        for case .comment(var reply) in fetched.records {
            guard let position = ids.firstIndex(of: reply.commentId), found.insert(reply.commentId).inserted
            else { continue }
            let thread = String(Self.threadId(of: reply.commentId))
            let home = threads[thread]
            if reply.videoId == nil { reply.videoId = home?.videoId }
            if reply.channelId == nil { reply.channelId = home?.channelId }
            if reply.parentId == nil { reply.parentId = thread }
            reply.threadId = thread
            reply.totalReplyCount = nil
            let place = positions.flatMap { $0.indices.contains(position) ? $0[position] : nil } ?? position
            plan.found(reply, seed: seed, endpoint: .comments, rank: rank + place, &out)
        }
        for id in ids where !found.contains(id) { plan.wasMissing(.comment, id, seed: seed, &out) }
    }

    /// On a resume: its ids are taken from the file already.
    func markQueued(in seen: inout SeenSets) {
        for id in ids {
            switch kind {
            case .channel: _ = seen.queueChannel(id)
            case .playlist: _ = seen.queuePlaylist(id)
            case .comment: _ = seen.queueComment(id)
            case .video: break
            }
        }
    }

    var item: WorkItem { .idBatch(self) }

    func describe(seeds: [Seed]) -> String {
        let what = threads == nil ? "\(kind.rawValue) ids" : "replies among comment ids"
        return "\(what) \(rank + 1)–\(rank + (positions?.last.map { $0 + 1 } ?? ids.count)) of \(seeds[seed].text)"
    }
}

extension DecodedRecord {
    /// The id of a record a list method returns by id.
    var listedId: String? {
        switch self {
        case .video(let video): video.videoId
        case .channel(let channel): channel.channelId
        case .playlist(let playlist): playlist.playlistId
        case .comment(let comment): comment.commentId
        default: nil
        }
    }
}
