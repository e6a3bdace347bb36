import Archive

extension CrawlEngine {
    /// What this run did with each seed so far, in seed order: its pages, the work of it left
    /// and failed, the cap that ended it, and what stopped the run while work of it was left.
    var seedOutcomes: [SeedOutcome] {
        var left = [Int](repeating: 0, count: seeds.count)
        var failed = [Int](repeating: 0, count: seeds.count)
        forEachCheckpointItem { item in
            if let seed = item.seed, seed < seeds.count { left[seed] += 1 }
        }
        for failure in findings.failures {
            if let seed = failure.item.seed, seed < seeds.count { failed[seed] += 1 }
        }
        let stoppedBy = stops.ending.map(\.cause.rawValue)
        return seeds.indices.map { seed in
            let pages = counters.pagesBySeed[seed, default: 0]
            let status: SeedOutcome.Status =
                if failed[seed] > 0 {
                    .failed
                } else if left[seed] > 0 {
                    .stopped
                } else if findings.capped[seed] != nil {
                    .capped
                } else {
                    .done
                }
            return SeedOutcome(
                status: status, pages: pages, itemsLeft: left[seed] - failed[seed], errors: failed[seed],
                cappedBy: findings.capped[seed], stoppedBy: left[seed] > 0 ? stoppedBy : nil)
        }
    }
}
