import Archive
import Crawler
import Foundation

/// `--dry-run` with comments: what they cost, from the `commentCount` of the videos the output
/// directory already holds (a crawl to continue, or one run before without comments).
struct CommentCostEstimate {
    /// Videos whose comments the crawl would fetch, with their commentCount when known.
    var known: [Int] = []
    var unknown = 0

    /// The estimate for `seeds` (and `--comments`) against what `out` holds.
    init(seeds: [Seed], allVideos: Bool, maxPages: Int?, out: String) {
        let wanted = Set(seeds.filter(\.comments).map(\.text))
        var counts: [String: Int?] = [:]
        try? ArchiveReader.forEachRecord(directory: out, kind: .videos, includeOpen: true) { record, _ in
            guard case .string(let id)? = record["videoId"] else { return }
            var seed = ""
            if case .object(let source)? = record["source"],
                case .string(let text)? = source.first(where: {
                    $0.key == "seed"
                })?.value
            {
                seed = text
            }
            guard allVideos || wanted.contains(seed) else { return }
            if case .number(let text)? = record["commentCount"], let count = Int(text) {
                counts[id] = .some(count)
            } else {
                counts[id] = .some(nil)
            }
        }
        for seed in seeds {
            if case .comments(let asked) = seed.target, counts[asked.videoId] == nil {
                counts[asked.videoId] = .some(nil)
            }
        }
        for (_, count) in counts {
            if let count { known.append(maxPages.map { min(count, $0 * 100) } ?? count) } else { unknown += 1 }
        }
    }

    /// Units at the least: one commentThreads page per 100 comments (threads and replies alike
    /// come at up to 100 a call), at least one per video.
    var leastUnits: Int { known.reduce(0) { $0 + max(1, ($1 + 99) / 100) } + unknown }

    var text: String? {
        guard !known.isEmpty || unknown > 0 else { return nil }
        let comments = known.reduce(0, +)
        var line =
            "comments: \(known.count + unknown) video\(known.count + unknown == 1 ? "" : "s") known so far"
        if !known.isEmpty { line += ", \(comments) comments by their commentCount" }
        line += "; at least \(leastUnits) units (1 per 100 comments, at least 1 per video"
        if unknown > 0 { line += "; \(unknown) without a known commentCount counted at 1" }
        return line + "); videos found by this run add theirs"
    }
}
