import Crawler
import Foundation
import YouTubeKit

/// `--dry-run`: what each seed will request and cost, and the quota left today; nothing is sent.
enum DryRunReport {
    /// Today's quota left per key, from the ledger (nothing is sent).
    static func quotaLeft(_ options: APIOptions, dailySearches searches: Int) -> String {
        let keys = (try? KeySource.load(keyFile: options.keyFile)) ?? []
        guard !keys.isEmpty, let ledger = try? QuotaLedger(directory: options.stateDirectory) else {
            return "daily quota left: unknown (no key given; set YOUTUBE_API_KEY or --key-file)"
        }
        let model = options.model
        let units = options.dailyUnits
        let today = PacificTime.day(atUTC: Int64(Date().timeIntervalSince1970))
        var lines = ["daily quota left today (\(today), Pacific), from the ledger in \(ledger.directory):"]
        for key in keys {
            let used =
                (try? ledger.usage(
                    fingerprint: ledger.fingerprint(key, apiBase: options.apiBase),
                    day: today))
                ?? QuotaLedger.Usage()
            var line = "  \(key.label): \(max(0, units - used.units)) of \(units) units"
            if model == .buckets { line += ", \(max(0, searches - used.searches)) of \(searches) search calls" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func dryRun(_ seeds: [Seed], model: QuotaModel, hydrate: Bool, maxPages: Int?, budget: Int) -> String {
        let entries = CrawlPlan.entries(seeds, model: model, hydrate: hydrate, maxPages: maxPages)
        var lines = ["plan (\(model.rawValue) quota model; nothing is sent):"]
        for entry in entries {
            lines.append("  line \(entry.seed.lineNumber): \(entry.seed.text)")
            for step in entry.steps { lines.append("    - \(step)") }
            lines.append(
                "    at least \(entry.minimumUnits) units"
                    + (entry.minimumSearches > 0 ? " and \(entry.minimumSearches) search calls" : ""))
        }
        let units = entries.reduce(0) { $0 + $1.minimumUnits }
        let searches = entries.reduce(0) { $0 + $1.minimumSearches }
        lines.append(
            "every seed's first page: at least \(units) units" + (searches > 0 ? " and \(searches) search calls" : "")
                + " of the budget of \(budget) units")
        if units > budget {
            lines.append("the budget does not cover every seed's first page: raise --budget or remove seeds")
        }
        return lines.joined(separator: "\n")
    }

    /// New channels a channel's links reach, on average, as the estimate assumes: a few featured
    /// channels on its shelves, a few tens of public subscriptions (a third are private).
    static let featuredPerChannel = 4
    static let subscriptionsPerChannel = 20

    /// What the `links=` seeds will cost, depth by depth: every expanded channel asks its sections
    /// (1 unit) and its subscriptions (1 unit a page of 50), every channel reached is resolved (1
    /// unit per 50). The seeds' own channels are counted once; how many links each channel has is
    /// not known before asking, so deeper levels are estimates.
    static func links(_ seeds: [Seed], maxLinkChannels: Int?) -> String {
        var lines = [
            "channel links (links= seeds): per channel followed, channelSections 1 unit, subscriptions 1 unit per 50; channels reached resolved 50 a unit"
        ]
        var total = 0
        for seed in seeds where !seed.links.isEmpty {
            let isSearch: Bool
            if case .search = seed.target { isSearch = true } else { isSearch = false }
            let perChannel = (seed.links.contains(.featured) ? 1 : 0) + (seed.links.contains(.subscriptions) ? 1 : 0)
            let branching =
                (seed.links.contains(.featured) ? featuredPerChannel : 0)
                + (seed.links.contains(.subscriptions) ? subscriptionsPerChannel : 0)
            var level = 1
            var reached = 0
            var parts: [String] = []
            var units = 0
            for depth in 0...max(seed.linkDepth, 0) {
                guard depth == 0 || depth <= seed.linkDepth else { break }
                let followed = depth < max(seed.linkDepth, 1)
                var cost = followed ? level * perChannel : 0
                if depth > 0 { cost += (level + 49) / 50 }
                units += cost
                parts.append(
                    "depth \(depth): \(depth == 0 ? (isSearch ? "each channel found" : "1 channel") : "~\(level) channels"), ~\(cost) units"
                )
                guard followed else { break }
                var next = level * branching
                if let cap = maxLinkChannels { next = min(next, max(0, cap - reached)) }
                reached += next
                level = next
                if level == 0 { break }
            }
            total += units
            lines.append(
                "  line \(seed.lineNumber): " + parts.joined(separator: "; ")
                    + (isSearch ? " (per channel the search finds)" : ""))
        }
        lines.append(
            "  about \(total) units in all (assuming ~\(featuredPerChannel) featured channels and ~\(subscriptionsPerChannel) public subscriptions per channel"
                + (maxLinkChannels.map { "; --max-link-channels \($0) caps the channels reached" }
                    ?? "; --max-link-channels N caps the channels reached") + ")")
        return lines.joined(separator: "\n")
    }
}
