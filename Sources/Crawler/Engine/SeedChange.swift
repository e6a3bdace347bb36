/// How the seeds of a rerun differ from those its checkpoint was written for, seed by seed (the
/// trimmed line without its comment, so comments, blank lines and moved lines change nothing).
///
/// A seed kept continues where it was; a seed added starts; a seed removed has its pending work
/// dropped. Equal lines are matched in order (the second `search cats` of the old file is the
/// second of the new one).
struct SeedChange: Sendable, Hashable {
    /// For each seed of the checkpoint, its index among the new seeds; `nil` when it was removed.
    var newIndex: [Int?]
    /// The new seeds the checkpoint did not have, by index.
    var added: [Int]
    /// The checkpoint's seeds the new file no longer has, as written.
    var removed: [String]

    init(old: [String], new: [String]) {
        var unmatched: [String: [Int]] = [:]
        for (index, text) in new.enumerated().reversed() { unmatched[text, default: []].append(index) }
        newIndex = old.map { unmatched[$0]?.popLast() }
        removed = zip(old, newIndex).compactMap { $1 == nil ? $0 : nil }
        added = unmatched.values.flatMap { $0 }.sorted()
    }

    /// The same seeds in the same order.
    var isNone: Bool { added.isEmpty && removed.isEmpty && newIndex.enumerated().allSatisfy { $0 == $1 } }

    /// A seed's new index.
    func callAsFunction(_ oldIndex: Int) -> Int? {
        oldIndex >= 0 && oldIndex < newIndex.count ? newIndex[oldIndex] : nil
    }
}

extension FrontierState {
    /// The state for the new seeds: items and found videos of kept seeds renumbered, those of
    /// removed seeds dropped (and counted).
    func reseeded(_ change: SeedChange) -> (state: FrontierState, droppedItems: Int, droppedVideos: Int) {
        let kept = items.compactMap { $0.work.reseeded(change) }
        let videos = pending.compactMap { video -> PendingVideo? in
            guard let seed = change(video.seed) else { return nil }
            var moved = video
            moved.seed = seed
            return moved
        }
        var state = self
        state.items = kept
        state.pending = videos
        // Links kept for a `depth=0` seed's channels go with their seed, or are dropped with it.
        state.links?.beyond = links?.beyond?.compactMap { link in
            guard let seed = change(link.seed) else { return nil }
            var moved = link
            moved.seed = seed
            return moved
        }
        return (state, items.count - kept.count, pending.count - videos.count)
    }
}

extension SeedChange {
    /// What a resumed run says about it.
    func report(kept: Int, dropped: (items: Int, videos: Int)) -> String {
        var parts = ["the seeds changed since the last run: \(kept) kept (they continue)"]
        if !added.isEmpty { parts.append("\(added.count) added (they start now)") }
        if !removed.isEmpty {
            let shown = removed.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = removed.count > 3 ? " and \(removed.count - 3) more" : ""
            parts.append(
                "\(removed.count) removed (\(shown)\(more): \(dropped.items) pending requests and \(dropped.videos) found videos not yet written dropped)"
            )
        }
        return parts.joined(separator: ", ") + "; nothing already written is written again"
    }
}

extension FrontierState {
    /// A finished crawl's state in checkpoints of earlier versions (`"[]"`): nothing pending, seeds
    /// unknown.
    static let finished = FrontierState(items: [], pending: [])
}
