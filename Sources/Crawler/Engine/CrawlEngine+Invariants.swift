/// The engine's invariants, checked after every event by the engine tests and by in-process
/// crawls that ask for it (as swift-collections' `_checkInvariants`): cheap enough for tests of
/// a few thousand items, not for a million-video crawl.
extension CrawlEngine {
    /// What is wrong with the state; empty when every invariant holds.
    var invariantViolations: [String] {
        let (hydration, seen, comments, snapshot) = (
            discovery.hydration, discovery.seen, discovery.comments, snapshot
        )
        var problems = frontier.invariantViolations + hydration.invariantViolations + tickets.invariantViolations
        if tickets.count > options.concurrency {
            problems.append("\(tickets.count) items in flight, more than the concurrency \(options.concurrency)")
        }
        for id in hydration.pending.keys where !seen.videos.contains(id) {
            problems.append("video \(id) is pending but not seen")
            break
        }
        if stops.hydration, stops.ending == nil { problems.append("hydration stopped but the crawl was not") }
        if !stops.waitingSearches.isEmpty, stops.searches == nil {
            problems.append("searches wait but nothing stopped them")
        }
        if let waiting = stops.waitingSearches.first(where: { !$0.work.isCostly }) {
            problems.append("\(waiting.work.describe(seeds: seeds)) waits with the searches")
        }
        let counts = counters
        if counts.videosWritten < counts.videosBefore || counts.channelsWritten < counts.channelsBefore
            || counts.commentsWritten < counts.commentsBefore || counts.statsWritten < counts.statsBefore
        {
            problems.append("fewer records written than the output held at the start: \(counts)")
        }
        if comments.written.count != counts.commentsWritten {
            problems.append("\(comments.written.count) comment ids seen, \(counts.commentsWritten) written")
        }
        if snapshot.written.count != counts.statsWritten, snapshot.targets > 0 {
            problems.append("\(snapshot.written.count) snapshot ids written, \(counts.statsWritten) counted")
        }
        if snapshot.written.count > snapshot.targets {
            problems.append("\(snapshot.written.count) snapshot lines for \(snapshot.targets) videos")
        }
        return problems
    }

    /// Stops the process when an invariant is broken (tests and debug builds).
    func checkInvariants() {
        let problems = invariantViolations
        precondition(problems.isEmpty, "crawl engine invariants broken: \(problems.joined(separator: "; "))")
    }
}
