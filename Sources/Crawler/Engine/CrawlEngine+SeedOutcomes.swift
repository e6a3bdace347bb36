import Archive

extension CrawlEngine {
    /// What this run did with each seed so far, in seed order: its pages, the work of it left
    /// and failed, the cap that ended it, and what stopped the run while work of it was left.
    var seedOutcomes: [SeedOutcome] { seedOutcomes(first: seeds.count).outcomes }

    /// The outcomes of the first `count` seeds, and every seed's counted by status: what a
    /// checkpoint of a large seeds file keeps (a manifest lists the first seeds only), without an
    /// outcome built for each of tens of thousands of seeds once a second.
    func seedOutcomes(first count: Int) -> (outcomes: [SeedOutcome], counts: [String: Int]) {
        var left = [Int](repeating: 0, count: seeds.count)
        var failed = [Int](repeating: 0, count: seeds.count)
        forEachCheckpointItem { item in
            if let seed = item.seed, seed < seeds.count { left[seed] += 1 }
        }
        for failure in findings.failures {
            if let seed = failure.item.seed, seed < seeds.count { failed[seed] += 1 }
        }
        func status(_ seed: Int) -> SeedOutcome.Status {
            if failed[seed] > 0 { return .failed }
            if left[seed] > 0 { return .stopped }
            return findings.capped[seed] != nil ? .capped : .done
        }
        var counts: [String: Int] = [:]
        for seed in seeds.indices { counts[status(seed).rawValue, default: 0] += 1 }
        let stoppedBy = stops.ending.map(\.cause.rawValue)
        let outcomes = seeds.indices.prefix(count).map { seed in
            SeedOutcome(
                status: status(seed), pages: counters.pagesBySeed[seed, default: 0],
                itemsLeft: left[seed] - failed[seed], errors: failed[seed], cappedBy: findings.capped[seed],
                stoppedBy: left[seed] > 0 ? stoppedBy : nil)
        }
        return (outcomes, counts)
    }
}
