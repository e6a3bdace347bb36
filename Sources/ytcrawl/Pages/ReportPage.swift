import Foundation
import YouTubeKit

/// The HTML of `ytcrawl report`: one self-contained page (inline SVG charts and CSS; no script,
/// font or image from anywhere) with a section per question and a line of numbers under each.
/// Each heading says what the bars or lines are, and each axis what it counts.
enum ReportPage {
    static func html(title: String, directory: String, data: ReportData) -> String {
        var sections: [String] = []
        sections.append(publishedPerMonth(data))
        sections.append(viewsDistribution(data))
        sections.append(formats(data))
        sections.append(topChannels(data))
        sections.append(comments(data))
        sections.append(snapshots(data))
        if data.chatMessages > 0 { sections.append(chat(data)) }
        sections += categories(data) + searchAcrossRuns(data)
        var summary =
            "\(data.videos) videos, \(data.channels.count) channels (\(data.channelsResolved) resolved), \(data.comments) comments, \(data.snapshots.count) statistics snapshots"
        if data.chatMessages > 0 { summary += ", \(data.chatMessages) live chat messages" }
        if data.statusKnown > 0 {
            summary +=
                "; of the \(data.statusKnown) videos whose status was read, \(data.madeForKids) made for kids and \(data.creativeCommons) under a Creative Commons license"
        }
        return ReportStyle.page(
            title: title, directory: directory, summary: summary, maxWidth: 760,
            css: """
                  svg.chart { max-width: 100%; height: auto; display: block; }
                  svg.chart text { fill: #374151; font-family: system-ui, sans-serif; }
                  svg.chart line.grid { stroke: #e5e7eb; }
                  svg.chart text.unit { fill: #6b7280; }
                """, body: sections.joined(separator: "\n"))
    }

    static func section(_ id: String, _ heading: String, _ chart: String, _ note: String) -> String {
        "<section id=\"\(id)\"><h2>\(heading)</h2>\n\(chart)\n<p class=\"note\">\(SVGChart.escape(note))</p></section>"
    }

    private static func publishedPerMonth(_ data: ReportData) -> String {
        let months = data.perMonth.keys.sorted()
        var bars: [SVGChart.Bar] = []
        var note = "no videos"
        var heading = "Videos by month published"
        if let first = months.first, let last = months.last {
            // Every month from the first to the last, empty ones too; by year past ten years.
            let all = Self.months(from: first, to: last)
            if all.count > 120 {
                var years: [String: Int] = [:]
                for (month, count) in data.perMonth { years[String(month.prefix(4)), default: 0] += count }
                bars = years.keys.sorted().map { SVGChart.Bar(label: $0, value: Double(years[$0] ?? 0)) }
                note = "by year, \(first.prefix(4))–\(last.prefix(4))"
                heading = "Videos by year published"
            } else {
                bars = all.map { SVGChart.Bar(label: $0, value: Double(data.perMonth[$0] ?? 0)) }
                note = "by month, \(first) to \(last)"
            }
        }
        let chart = SVGChart.columns(bars, unit: "videos", labelEvery: max(1, bars.count / 12), id: "chart-published")
        return section("published", heading, chart, note + "; each bar: the videos crawled that were published then")
    }

    private static func viewsDistribution(_ data: ReportData) -> String {
        let labels = [
            "0", "1–9", "10–99", "100–999", "1k–10k", "10k–100k", "100k–1M", "1M–10M", "10M–100M",
            "100M–1B", "1B–10B", "10B+",
        ]
        let last = data.viewsByDigits.lastIndex { $0 > 0 } ?? 0
        let bars = (0...last).map { SVGChart.Bar(label: labels[$0], value: Double(data.viewsByDigits[$0])) }
        let chart = SVGChart.columns(data.videos > 0 ? bars : [], unit: "videos", id: "chart-views")
        return section(
            "views", "Videos by view count (bands of ten: 0, 1–9, 10–99, …)", chart,
            "each bar: how many videos have a view count in that band (each band ten times as wide as the last); \(data.videos - data.viewsUnknown) videos with a view count, \(data.viewsUnknown) without (hidden or not read)"
        )
    }

    private static func formats(_ data: ReportData) -> String {
        let labelled = ReportData.formatLabels.reduce(0) { $0 + (data.formats[$1] ?? 0) }
        let names = ["short": "Shorts", "live": "Live streams", "long": "Long-form"]
        let bars =
            ReportData.formatLabels.map { SVGChart.Bar(label: names[$0] ?? $0, value: Double(data.formats[$0] ?? 0)) }
            + [SVGChart.Bar(label: "Not labelled", value: Double(data.videos - labelled))]
        let chart = SVGChart.rows(data.videos > 0 ? bars : [], unit: "videos", id: "chart-formats")
        return section(
            "formats", "Shorts, live and long-form (videos by format label)", chart,
            "\(labelled) of \(data.videos) videos labelled. Labels come only from crawls with formats=yes on a channel seed (the channel's Shorts, live and long-form playlists); videos from other seeds, and uploads of the last week (those lists lag), are not labelled"
        )
    }

    private static func topChannels(_ data: ReportData) -> String {
        let byVideos = data.channels.sorted { ($0.value.videos, $1.key) > ($1.value.videos, $0.key) }.prefix(12)
        let byViews = data.channels.sorted { ($0.value.views, $1.key) > ($1.value.views, $0.key) }.prefix(12)
        func label(_ entry: (key: String, value: ReportData.ChannelTotals)) -> String {
            entry.value.title.isEmpty ? entry.key : entry.value.title
        }
        return section(
            "channels-videos", "Channels with the most videos crawled (videos per channel, top 12)",
            SVGChart.rows(
                byVideos.map { SVGChart.Bar(label: label($0), value: Double($0.value.videos)) }, unit: "videos",
                id: "chart-channels-videos"),
            "\(data.channels.count) channels")
            + "\n"
            + section(
                "channels-views", "Channels with the most views (views summed over their crawled videos, top 12)",
                SVGChart.rows(
                    byViews.map { SVGChart.Bar(label: label($0), value: Double($0.value.views)) }, unit: "views",
                    id: "chart-channels-views"),
                "a channel's views are those of its videos in this crawl, not the channel's total")
    }

    private static func comments(_ data: ReportData) -> String {
        guard data.comments > 0 else {
            return section(
                "comments", "Videos by comments crawled", SVGChart.columns([], unit: "videos", id: "chart-comments"),
                "no comments crawled (crawl with --comments, comments=yes on a seed, or comments VIDEO_ID seeds)")
        }
        let labels = ["1", "2–9", "10–99", "100–999", "1k–10k", "10k+"]
        var buckets = Array(repeating: 0, count: labels.count)
        for count in data.commentsPerVideo.values {
            buckets[count == 1 ? 0 : min(String(count).count, labels.count - 1)] += 1
        }
        let bars = zip(labels, buckets).map { SVGChart.Bar(label: $0.0, value: Double($0.1)) }
        return section(
            "comments", "Videos by comments crawled (bands: 1, 2–9, 10–99, …)",
            SVGChart.columns(bars, unit: "videos", id: "chart-comments"),
            "each bar: how many videos have that many comments in this crawl (videos without any are left out); \(data.comments) comments on \(data.commentsPerVideo.count) videos; comments disabled on \(data.commentsDisabled)"
                + (data.authorPseudonyms.map { "; authors \($0): no names, ids as keyed hashes, @mentions replaced" }
                    ?? "; authors in clear (names and channel ids as the API gave them)")
        )
    }

    private static func snapshots(_ data: ReportData) -> String {
        guard !data.snapshots.isEmpty else {
            return section(
                "growth", "Views over time", SVGChart.lines([], unit: "views", id: "chart-growth"),
                "no statistics snapshots (take them with ytcrawl refresh DIR, e.g. daily)")
        }
        let series = data.growth.map { entry in
            SVGChart.Series(
                name: (data.titles[entry.videoId] ?? entry.videoId)
                    + " (\(entry.videoId), +\(SVGChart.number(entry.perDay)) views a day)",
                points: entry.points)
        }
        let gone = data.snapshots.map { SVGChart.Bar(label: Self.shortTime($0.name), value: Double($0.gone)) }
        return section(
            "growth",
            "Views of the fastest-growing videos at each snapshot (top \(ReportData.topGrowing) by views gained a day)",
            SVGChart.lines(
                series, unit: "views", id: "chart-growth",
                markers: ViewCountChange.all.map { (Double($0.seconds), "\($0.day): views counted anew") }),
            "one line per video; \(data.snapshots.count) snapshots, \(data.snapshots.first?.name ?? "") to \(data.snapshots.last?.name ?? ""). "
                + ViewCountChange.note + " A dashed line marks such a day where the chart spans it."
        )
            + "\n"
            + section(
                "gone", "Videos gone (deleted or made private) at each snapshot",
                SVGChart.columns(gone, unit: "videos", labelEvery: max(1, gone.count / 10), id: "chart-gone"),
                "\(data.goneLatest) gone in the latest snapshot")
    }

    /// Live chat: messages per minute of the busiest streams (minutes since each one's first
    /// message captured), and super chats and stickers by currency.
    private static func chat(_ data: ReportData) -> String {
        var totalsByStream: [(video: String, messages: Int)] = []
        for (video, minutes) in data.chatPerStream {
            totalsByStream.append((video, minutes.values.reduce(0, +)))
        }
        totalsByStream.sort { $0.messages != $1.messages ? $0.messages > $1.messages : $0.video < $1.video }
        let busiest = totalsByStream.prefix(ReportData.topGrowing)
        var series: [SVGChart.Series] = []
        for (video, messages) in busiest {
            let minutes = (data.chatPerStream[video] ?? [:]).sorted { $0.key < $1.key }
            let points: [(x: Double, y: Double)] = minutes.map { (x: Double($0.key), y: Double($0.value)) }
            let title: String = data.titles[video] ?? video
            series.append(SVGChart.Series(name: title + " (\(video), \(messages) messages)", points: points))
        }
        var currencies: [(code: String, count: Int, amount: Double)] = []
        for (code, total) in data.superChats {
            currencies.append((code, total.count, Double(total.micros) / 1_000_000))
        }
        currencies.sort { $0.count != $1.count ? $0.count > $1.count : $0.code < $1.code }
        let bars = currencies.map { SVGChart.Bar(label: $0.code, value: $0.amount) }
        let totals = currencies.map { "\($0.code) \(SVGChart.number($0.amount)) (\($0.count))" }
        return section(
            "chat",
            "Live chat messages per minute of the busiest streams (minutes since each one's first message captured)",
            SVGChart.lines(series, unit: "messages a minute", id: "chart-chat"),
            "\(data.chatMessages) messages of \(data.chatPerStream.count) streams; one line per stream (top \(busiest.count) by messages)"
        )
            + "\n"
            + section(
                "superchats", "Super chats and super stickers by currency (total amount, in the currency's units)",
                SVGChart.rows(bars, unit: "amount", id: "chart-superchats"),
                totals.isEmpty
                    ? "no super chats or stickers captured" : "totals (messages): " + totals.joined(separator: ", "))
    }

    /// `11-30 21:37` for the snapshot `20261130T213710Z`.
    static func shortTime(_ name: String) -> String {
        let characters = Array(name)
        guard characters.count >= 13 else { return name }
        return String(characters[4..<6]) + "-" + String(characters[6..<8]) + " " + String(characters[9..<11]) + ":"
            + String(characters[11..<13])
    }

    /// `yyyy-MM` months from `first` to `last`, both included.
    static func months(from first: String, to last: String) -> [String] {
        func parts(_ month: String) -> (Int, Int)? {
            let pieces = month.split(separator: "-").compactMap { Int($0) }
            return pieces.count == 2 ? (pieces[0], pieces[1]) : nil
        }
        guard var (year, month) = parts(first), let end = parts(last), (year, month) <= end else { return [first] }
        var months: [String] = []
        while (year, month) <= end, months.count < 2400 {
            months.append(String(format: "%04d-%02d", year, month))
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return months
    }
}
