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
    /// An update needs a finished run to start from, or an update of its own to continue.
    func checkUpdatable(_ decision: ResumeDecision, finished: Bool) throws {
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
            // A hydrated output was started by `ytcrawl hydrate`: that is the command to rerun.
            var rerun = "ytcrawl --seeds FILE --out \(options.output)"
            if seeds.count == 1, case .ids(let file) = seeds[0].target {
                rerun =
                    "ytcrawl hydrate \(file.path) --kind \(file.kind.rawValue)s --out \(options.output) --budget UNITS"
            }
            throw CrawlSetupError(
                "\(options.output): its crawl has not finished (\(state.items.count) requests and \(state.pending.count) videos pending); finish it first by rerunning it (\(rerun)), then update"
            )
        }
    }
}

/// The crawl could not start: its output cannot be resumed.
public struct CrawlSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
