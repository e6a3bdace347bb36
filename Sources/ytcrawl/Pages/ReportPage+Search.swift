import Archive
import YouTubeKit

/// The report's sections that only some outputs have: videos by category (with the titles the
/// output's categories give), and how each search's answers changed across runs.
extension ReportPage {
    static func categories(_ data: ReportData) -> [String] {
        guard !data.categories.isEmpty else { return [] }
        let top = data.categories.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(12)
        let bars = top.map { id, count in
            SVGChart.Bar(
                label: data.categoryTitles[id].map { "\($0) (\(id))" } ?? "category \(id)", value: Double(count))
        }
        let titled =
            data.categoryTitles.isEmpty
            ? "titles come from chart seeds' videoCategories.list; this output has none"
            : "titles from the output's categories (videoCategories.list)"
        return [
            section(
                "categories", "Videos by category (categoryId, top 12)",
                SVGChart.rows(bars, unit: "videos", id: "chart-categories"),
                "\(data.categories.count) categories among \(data.videos) videos; \(titled)")
        ]
    }

    static func searchAcrossRuns(_ data: ReportData) -> [String] {
        guard let search = data.search, !search.seeds.isEmpty else { return [] }
        let repeated = search.seeds.filter { $0.runs.filter(\.comparable).count > 1 }
        let series = repeated.map { seed in
            let runs = seed.runs.filter(\.comparable)
            let first = Set(runs[0].ids)
            let points = runs.compactMap { run -> (x: Double, y: Double)? in
                guard let text = run.sentAt, let sent = RFC3339.parseSeconds(text) else { return nil }
                let union = first.union(run.ids).count
                let shared = first.intersection(run.ids).count
                return (Double(sent), union == 0 ? 100 : 100 * Double(shared) / Double(union))
            }
            return SVGChart.Series(name: seed.seed, points: points)
        }
        let shares = search.seeds.compactMap { seed -> SVGChart.Bar? in
            guard let share = seed.runs.last?.matchesQueryShare else { return nil }
            return SVGChart.Bar(label: seed.seed, value: (share * 100).rounded())
        }
        return [
            section(
                "search-overlap", "Search answers across runs (Jaccard overlap with the first run, %)",
                SVGChart.lines(series, unit: "% shared", id: "chart-search-overlap"),
                repeated.isEmpty
                    ? "no search asked more than once (repeat=yes on a search seed, then ytcrawl update)"
                    : "one line per search seed asked in more than one run; ytcrawl compare gives every pair of runs, rank-biased overlap and the decay by age"
            ),
            section(
                "search-matches", "Results that hold every term of the query (%, latest run)",
                SVGChart.rows(shares, unit: "%", id: "chart-search-matches"),
                "video results whose title, description or tags hold every term of q (case and diacritics ignored)"),
        ]
    }
}
