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
struct IdBatch: SeededWork {
    static let tag = "idBatch"
    var seed: Int
    var kind: MissingItem.Kind
    var ids: [String]
    /// The first id's place among the file's ids.
    var rank: Int

    var page: Int { 0 }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        switch kind {
        case .channel: try APIRequest.channels(.ids(ids), part: plan.options.selection.channelParts)
        case .playlist: try APIRequest.playlists(.ids(ids), part: plan.playlistParts)
        case .video, .comment:
            // Video ids go through the hydration queue; comment ids are not read by id.
            throw YouTubeError.invalidParameter(
                name: "kind", value: kind.rawValue, allowed: "channel or playlist ids in a batch")
        }
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var found: Set<String> = []
        for record in fetched.records {
            guard let id = record.listedId, let position = ids.firstIndex(of: id), found.insert(id).inserted
            else { continue }
            plan.foundById(record, seed: seed, rank: rank + position, &out)
        }
        for id in ids where !found.contains(id) { plan.wasMissing(kind, id, seed: seed, &out) }
    }

    /// On a resume: its ids are taken from the file already.
    func markQueued(in seen: inout SeenSets) {
        for id in ids {
            switch kind {
            case .channel: _ = seen.queueChannel(id)
            case .playlist: _ = seen.queuePlaylist(id)
            case .video, .comment: break
            }
        }
    }

    var item: WorkItem { .idBatch(self) }

    func describe(seeds: [Seed]) -> String {
        "\(kind.rawValue) ids \(rank + 1)–\(rank + ids.count) of \(seeds[seed].text)"
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
