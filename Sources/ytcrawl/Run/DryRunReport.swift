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
}
