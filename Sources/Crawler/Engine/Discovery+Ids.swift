import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// `ids` seeds (`ytcrawl hydrate`): a file of ids read a little at a time, each id asked once,
/// its record written once or a `missing` line. Video ids join the hydration queue as video
/// seeds' do (50 to a videos.list call, the pending ones in the checkpoint); channel, playlist
/// and comment ids go out 50 to an ``IdBatch``.
extension Discovery {
    /// Ids taken from the file at a time for the hydration queue, per request in flight: enough
    /// to keep every connection busy, few enough to keep the pending list small.
    static let idsPerTake = HydrationQueue.batchSize

    /// The next ids of `cursor`'s file: video ids into the hydration queue (50 for each request
    /// that may be in flight), or the next 50 channel or playlist ids as a batch; an id the file
    /// named before (or the output holds) is not taken again. Returns the batch to start, and the
    /// cursor past what was read (`nil` at the end of the file).
    mutating func takeIds(_ cursor: IdFileCursor, _ out: inout EventOutput) -> (start: WorkItem?, next: WorkItem?) {
        guard case .ids(let file) = seeds[cursor.seed].target else { return (nil, nil) }
        let wanted = file.kind == .video ? Self.idsPerTake * max(1, options.concurrency) : IdBatch.batchSize
        var next = cursor
        var taken: [String] = []
        var ended = true
        do {
            try IdFile.read(path: file.path, from: cursor.offset) { line, end in
                next.offset = end
                if case .id(let id) = IdFile.parse(line, kind: file.kind), take(id, file.kind) {
                    if file.kind == .video {
                        discover(id, seed: cursor.seed, endpoint: .videos, rank: next.rank, partial: nil, &out)
                    }
                    taken.append(id)
                    next.rank += 1
                }
                if taken.count >= wanted {
                    ended = false
                    return false
                }
                return true
            }
        } catch {
            // The file went away or cannot be read: what was taken goes on, the rest waits for a
            // rerun.
            out.warn("\(seeds[cursor.seed].text): \(error); the rest of the file is left for a rerun")
            return (batch(taken, of: file.kind, cursor: cursor), nil)
        }
        return (batch(taken, of: file.kind, cursor: cursor), ended ? nil : .idFile(next))
    }

    /// Whether `id` is new to the crawl (and is taken from now on).
    private mutating func take(_ id: String, _ kind: MissingItem.Kind) -> Bool {
        switch kind {
        case .video: !seen.videos.contains(id)
        case .channel: !seen.hasChannel(id) && seen.queueChannel(id)
        case .playlist: !playlists.holds(id) && seen.queuePlaylist(id)
        case .comment: !comments.written.contains(id) && seen.queueComment(id)
        }
    }

    private func batch(_ ids: [String], of kind: MissingItem.Kind, cursor: IdFileCursor) -> WorkItem? {
        guard kind != .video, !ids.isEmpty else { return nil }
        return .idBatch(IdBatch(seed: cursor.seed, kind: kind, ids: ids, rank: cursor.rank))
    }

    /// A record of an ids batch: written once per output.
    mutating func foundById(_ record: DecodedRecord, seed: Int, rank: Int, _ out: inout EventOutput) {
        switch record {
        case .channel(var channel):
            guard seen.insertChannel(channel.channelId) else { return }
            channel.fetchedAt = out.wallClock
            write(.channel(channel), &out)
        case .playlist(let playlist):
            found(playlist, seed: seed, rank: rank, walk: false, &out)
        default:
            break
        }
    }

    /// On a resume: the ids this run found missing were taken already.
    mutating func markMissingTaken(_ point: ResumePoint) {
        for missingId in point.missingIds {
            let parts = missingId.split(separator: "/", maxSplits: 2)
            guard parts.count == 3, let kind = MissingItem.Kind(rawValue: String(parts[1])) else { continue }
            let id = String(parts[2])
            switch kind {
            case .video: _ = seen.insertVideo(id)
            case .channel: _ = seen.queueChannel(id)
            case .playlist: _ = seen.queuePlaylist(id)
            case .comment: _ = seen.queueComment(id)
            }
        }
    }
}

extension IdBatch {
    /// Ids to a channels.list or playlists.list call.
    static let batchSize = 50
}
