import Archive
import Foundation
import TestSupport
import Testing
import YouTubeKit

@Suite("ytcrawl report and the gallery's sparklines")
struct ReportCommandTests {
    static let start = Date(timeIntervalSince1970: 1_793_523_600)

    /// 60 videos on 5 channels over 30 months (one channel title tries to inject markup), with
    /// comments on some and, when asked, three statistics snapshots where video 3 goes viral and
    /// video 7 vanishes.
    static func output(comments: Bool, snapshots: Bool, snapshotsFrom first: Date = start) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-report-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        let ids = (0..<60).map { String(format: "rep%08d", $0) }
        for (index, id) in ids.enumerated() {
            try writer.append(
                Video(
                    videoId: id, title: "video \(index)", channelId: "UCrep\(index % 5)",
                    channelTitle: index % 5 == 4 ? "<script>alert(1)</script> & co" : "Channel \(index % 5)",
                    publishedAt: Date(timeIntervalSince1970: 1_600_000_000 + TimeInterval(index) * 15 * 86_400),
                    viewCount: index * index * 1000))
        }
        if comments {
            for (index, id) in ids.prefix(20).enumerated() {
                for number in 0..<(index * 7 + 1) {
                    try writer.append(
                        YouTubeKit.Comment(
                            commentId: "c\(index)x\(number)", videoId: id, text: "c", likeCount: 0,
                            publishedAt: start, updatedAt: start))
                }
            }
        }
        try writer.finish(unitsByMethod: ["videos.list": 2])
        guard snapshots else { return directory }
        for (day, name) in ["20261101T090000Z", "20261102T090000Z", "20261105T090000Z"].enumerated() {
            let path = SnapshotDirectory.root(of: directory) + "/" + name
            try SnapshotDirectory.writeIds(ids, to: path)
            let snapshot = try ArchiveWriter(
                directory: path, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-01T09:00:00Z"),
                kinds: [.stats])
            let fetched = first.addingTimeInterval(Double([0, 1, 4][day]) * 86_400)
            for (index, id) in ids.enumerated() {
                if index == 7, day > 0 {
                    try snapshot.append(VideoStats.gone(id, fetchedAt: fetched))
                    continue
                }
                let perDay = index == 3 ? 50_000 : index * 10
                try snapshot.append(
                    VideoStats(
                        videoId: id, fetchedAt: fetched, viewCount: index * index * 1000 + perDay * [0, 1, 4][day],
                        duration: "PT1M"))
            }
            try snapshot.finish(unitsByMethod: ["videos.batchGetStats": 2])
        }
        return directory
    }

    static let charts = [
        "chart-published", "chart-views", "chart-formats", "chart-channels-videos", "chart-channels-views",
        "chart-comments", "chart-growth", "chart-gone",
    ]

    /// What each chart's value axis counts.
    static let units = [
        "chart-published": "videos", "chart-views": "videos", "chart-formats": "videos",
        "chart-channels-videos": "videos", "chart-channels-views": "views", "chart-comments": "videos",
        "chart-growth": "views", "chart-gone": "videos",
    ]

    /// A fresh output directory whose video records are `lines`, exactly as written.
    static func handWritten(_ lines: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-pages-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        for line in lines { try writer.append(line: Array(line.utf8), kind: .videos) }
        try writer.finish(unitsByMethod: ["videos.list": 1])
        return directory
    }

    /// A video line with the schema-1 fields, then `extra` (`,"format":"short"…`, or nothing for
    /// a schema-1 line).
    static func videoLine(_ id: String, title: String = "", views: Int? = 100, _ extra: String = "") -> String {
        #"{"videoId":"\#(id)","title":"\#(title.isEmpty ? "video " + id : title)","description":null,"channelId":"UCpages","channelTitle":"Pages","publishedAt":"2026-10-0\#(id.count % 9 + 1)T12:00:00Z","thumbnailUrl":"https://i.ytimg.com/vi/\#(id)/hqdefault.jpg","thumbnails":{},"liveBroadcastContent":"none","viewCount":\#(views.map(String.init) ?? "null"),"likeCount":null,"commentCount":null,"embedURL":"https://www.youtube.com/embed/\#(id)","source":{"kind":"channel","seed":"channel UCpages formats=yes","endpoint":"playlistItems.list","rank":0},"fetchedAt":"2026-11-29T00:00:00Z"\#(extra)}"#
    }

    /// The schema-2 fields of a video line: a format label and the status part.
    static func schemaTwo(format: String?, madeForKids: Bool?, license: String?) -> String {
        func json(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
        return
            #","format":\#(json(format)),"madeForKids":\#(madeForKids.map(String.init) ?? "null"),"license":\#(json(license)),"definition":"hd","caption":false,"contentRating":{},"regionRestriction":null,"liveStreamingDetails":null"#
    }

    /// The tick labels of a chart's value axis, and its caption.
    static func axis(_ chart: String, in html: String) -> (ticks: [String], unit: String?)? {
        guard let start = html.range(of: "<svg id=\"\(chart)\""),
            let end = html.range(of: "</svg>", range: start.upperBound..<html.endIndex)
        else { return nil }
        let svg = html[start.lowerBound..<end.upperBound]
        func texts(_ marker: String) -> [String] {
            svg.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        let unit = texts("class=\"unit\"").first.map { String($0.drop { $0 != ">" }.dropFirst()) }
        return (texts("class=\"tick\">"), unit)
    }

    /// `1.5k` as 1500.
    static func tickValue(_ label: String) -> Double? {
        let scale: [Character: Double] = ["k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12]
        if let last = label.last, let factor = scale[last] { return Double(label.dropLast()).map { $0 * factor } }
        return Double(label)
    }

    @Test func everyAxisIsTickedAtRoundNumbersAndSaysWhatItCounts() async throws {
        let directory = try Self.output(comments: true, snapshots: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await CLIRunner.run(["report", directory]).status == 0)
        let html = String(
            decoding: FileManager.default.contents(atPath: directory + "/report.html") ?? Data(), as: UTF8.self)
        for chart in Self.charts {
            let axis = try #require(Self.axis(chart, in: html), "\(chart)")
            #expect(axis.unit == Self.units[chart], "\(chart) says what it counts")
            #expect((3...7).contains(axis.ticks.count), "\(chart): \(axis.ticks)")
            for label in axis.ticks {
                // Counts: whole numbers, or compact past a thousand (1.5k), never 306.5.
                #expect(!label.contains(".") || "kMBT".contains(label.last ?? " "), "\(chart): \(label)")
            }
            let values = axis.ticks.compactMap(Self.tickValue)
            #expect(values.count == axis.ticks.count && values.first == 0, "\(chart): \(axis.ticks)")
            guard values.count >= 2 else { continue }
            let step = values[1]
            let power = pow(10, log10(step).rounded(.down))
            #expect([1, 2, 5].contains((step / power * 1e6).rounded() / 1e6), "\(chart): step \(step)")
            for (index, value) in values.enumerated() {
                #expect(abs(value - step * Double(index)) <= step * 1e-9, "\(chart): \(axis.ticks)")
            }
        }
        // Views bands: 1 video at 0, 3 at 1k–10k, 6 at 10k–100k, 22 at 100k–1M, 28 at 1M–10M.
        #expect(Self.axis("chart-views", in: html)?.ticks == ["0", "10", "20", "30"])
        #expect(html.contains("<title>1M–10M: 28</title>"))
        // Channel views: channel 4 sums the views of videos 4, 9, … 59.
        let channelViews = stride(from: 4, to: 60, by: 5).reduce(0) { $0 + $1 * $1 * 1000 }
        let views = try #require(Self.axis("chart-channels-views", in: html)?.ticks.compactMap(Self.tickValue))
        #expect((views.last ?? 0) >= Double(channelViews), "the axis reaches the longest bar: \(views)")
        #expect((views.dropLast().last ?? .infinity) < Double(channelViews), "and no further than a tick: \(views)")
        // The headings say what the bars are.
        #expect(html.contains("<h2>Videos by view count (bands of ten: 0, 1–9, 10–99, …)</h2>"))
        #expect(html.contains("<h2>Videos by comments crawled (bands: 1, 2–9, 10–99, …)</h2>"))
        #expect(!html.contains("log scale"), "no chart calls counts of videos views")
    }

    @Test func theReportCountsFormatsAndStatusFromSchemaTwoLines() async throws {
        var lines: [String] = []
        for index in 0..<4 {
            lines.append(
                Self.videoLine(
                    "short\(index)", Self.schemaTwo(format: "short", madeForKids: index < 2, license: "youtube")))
        }
        for index in 0..<2 {
            lines.append(
                Self.videoLine("live\(index)", Self.schemaTwo(format: "live", madeForKids: false, license: "youtube")))
        }
        for index in 0..<3 {
            lines.append(
                Self.videoLine(
                    "long\(index)",
                    Self.schemaTwo(
                        format: "long", madeForKids: false, license: index == 0 ? "creativeCommon" : "youtube")))
        }
        // Schema 2 without a label (too recent, or no formats=yes), one with a label the page does not
        // know, one without the status part, and three schema-1 lines, one with hidden views.
        lines.append(Self.videoLine("nolabel0", Self.schemaTwo(format: nil, madeForKids: false, license: "youtube")))
        lines.append(Self.videoLine("odd0", Self.schemaTwo(format: "</script>", madeForKids: true, license: "youtube")))
        lines.append(Self.videoLine("nostatus0", Self.schemaTwo(format: "short", madeForKids: nil, license: nil)))
        lines += ["old0", "old1"].map { Self.videoLine($0) } + [Self.videoLine("old2", views: nil)]
        let directory = try Self.handWritten(lines)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CLIRunner.run(["report", directory, "--out", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("report: 15 videos"))
        let html = result.stdout
        #expect(html.contains("<h2>Shorts, live and long-form (videos by format label)</h2>"))
        #expect(html.contains("<svg id=\"chart-formats\" class=\"chart\""))
        for (label, count) in [("Shorts", 5), ("Live streams", 2), ("Long-form", 3), ("Not labelled", 5)] {
            #expect(html.contains("<title>\(label): \(count)</title>"), "\(label)")
        }
        #expect(html.contains("10 of 15 videos labelled. Labels come only from crawls with formats=yes"))
        #expect(
            html.contains(
                "of the 11 videos whose status was read, 3 made for kids and 1 under a Creative Commons license"))
        #expect(!html.contains("</script>"), "an unknown label is counted, never shown")
        #expect(Self.axis("chart-formats", in: html)?.ticks == ["0", "1", "2", "3", "4", "5"])
        #expect(html.contains("14 videos with a view count, 1 without"))
    }

    @Test func theReportHasEveryChartAndNothingFromElsewhere() async throws {
        let directory = try Self.output(comments: true, snapshots: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CLIRunner.run(["report", directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("report: 60 videos, \(Self.comments) comments, 3 snapshots"))
        let html = String(
            decoding: FileManager.default.contents(atPath: directory + "/report.html") ?? Data(), as: UTF8.self)
        for chart in Self.charts {
            #expect(html.contains("<svg id=\"\(chart)\" class=\"chart\""), "\(chart) drawn")
        }
        #expect(!html.contains("<script"), "no script at all: an uploader's markup stays text")
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        #expect(
            !html.contains("src=") && !html.contains("@import") && !html.contains("url("),
            "nothing loaded from elsewhere")
        // The viral video leads the growth chart; the vanished one is counted.
        let growth = try #require(html.range(of: "id=\"chart-growth\""))
        #expect(html[growth.upperBound...].contains("video 3 (rep00000003, +50.0k views a day)"))
        #expect(html.contains("1 gone in the latest snapshot"))
    }

    /// The days YouTube changed how views are counted are dashed lines on the growth chart where
    /// its snapshots span them, and its caption says so either way.
    @Test func theGrowthChartMarksTheDaysViewsWereCountedAnew() async throws {
        let spanning = try Self.output(
            comments: false, snapshots: true, snapshotsFrom: try #require(RFC3339.parseDate("2026-08-25T09:00:00Z")))
        let before = try Self.output(comments: false, snapshots: true)
        defer { for path in [spanning, before] { try? FileManager.default.removeItem(atPath: path) } }
        for (directory, marked) in [(spanning, true), (before, false)] {
            let result = try await CLIRunner.run(["report", directory, "--out", "-"])
            #expect(result.status == 0, "\(result.stderr)")
            let chart = try #require(result.stdout.range(of: "id=\"chart-growth\""))
            let rest = result.stdout[chart.upperBound...]
            let end = try #require(rest.range(of: "</svg>"))
            let drawn = rest[..<end.lowerBound]
            #expect(drawn.contains("<title>2026-08-27: views counted anew</title>") == marked)
            #expect(!drawn.contains("2025-03-31"), "outside the chart's span")
            #expect(result.stdout.contains("YouTube changed how views are counted on 2025-03-31"))
        }
    }

    static var comments: Int { (0..<20).reduce(0) { $0 + $1 * 7 + 1 } }

    @Test func aCrawlWithoutCommentsOrSnapshotsStillHasItsReport() async throws {
        let directory = try Self.output(comments: false, snapshots: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/r.html"
        let result = try await CLIRunner.run(["report", directory, "--out", page, "--title", "Cats & dogs"])
        #expect(result.status == 0, "\(result.stderr)")
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        #expect(html.contains("<title>Cats &amp; dogs</title>"))
        #expect(html.contains("<svg id=\"chart-published\" class=\"chart\""))
        #expect(html.contains("<svg id=\"chart-comments\" class=\"chart empty\""))
        #expect(html.contains("no comments crawled"))
        #expect(html.contains("no statistics snapshots (take them with ytcrawl refresh DIR"))
        // Schema-1 records: every video counted as not labelled, no status numbers.
        #expect(html.contains("<title>Not labelled: 60</title>") && html.contains("0 of 60 videos labelled"))
        #expect(!html.contains("whose status was read"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cli-report-empty-\(UUID())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try await CLIRunner.run(["report", empty])
        #expect(none.status == 2 && none.stderr.contains("holds no records"))
    }

    /// Headless Chromium renders the page: a screenshot with content, every chart in the DOM, and
    /// no console message.
    /// Chromium's rendering of `page` (DOM, screenshot, console), off the cooperative pool.
    static func render(_ page: String) async throws -> (dom: String, screenshot: Data, console: [String])? {
        try await offThePool { try renderBlocking(page) }
    }

    private static func renderBlocking(_ page: String) throws -> (dom: String, screenshot: Data, console: [String])? {
        guard let chromium = GalleryCommandTests.chromium else { return nil }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID())").path
        let png = profile + ".png"
        defer { for path in [profile, png] { try? FileManager.default.removeItem(atPath: path) } }
        func chrome(_ extra: [String]) throws -> (String, String) {
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: chromium)
            process.arguments =
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
                    "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=3000", "--enable-logging=stderr",
                    "--v=0", "--window-size=900,2600",
                ] + extra + ["file://\(page)"]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
            let stderrData = err.fileHandleForReading.readDataToEndOfFile()
            let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.cancel()
            return (String(decoding: stdoutData, as: UTF8.self), String(decoding: stderrData, as: UTF8.self))
        }
        let (dom, domLog) = try chrome(["--dump-dom"])
        let (_, shotLog) = try chrome(["--screenshot=\(png)"])
        let console = (domLog + shotLog).split(separator: "\n").filter { $0.contains("CONSOLE") }.map(String.init)
        return (dom, FileManager.default.contents(atPath: png) ?? Data(), console)
    }

    @Test(
        .enabled(
            if: GalleryCommandTests.chromium != nil, "no chromium (Debian package `chromium`, installed by .ci/run)"))
    func chromiumRendersTheReportWithoutErrors() async throws {
        for (comments, snapshots) in [(true, true), (false, false)] {
            let directory = try Self.output(comments: comments, snapshots: snapshots)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            #expect(try await CLIRunner.run(["report", directory]).status == 0)
            let rendered = try #require(try await Self.render(directory + "/report.html"))
            #expect(rendered.screenshot.count > 20_000, "a screenshot with content: \(rendered.screenshot.count) bytes")
            #expect(rendered.screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            #expect(rendered.console.isEmpty, "\(rendered.console)")
            for chart in Self.charts where snapshots || chart != "chart-gone" {
                #expect(rendered.dom.contains("id=\"\(chart)\""), "\(chart)")
            }
            #expect(rendered.dom.contains("<rect"), "bars drawn")
            if snapshots { #expect(rendered.dom.contains("<polyline")) }
        }
    }

    @Test(
        .enabled(
            if: GalleryCommandTests.chromium != nil, "no chromium (Debian package `chromium`, installed by .ci/run)"))
    func theGalleryShowsEachVideosViewsAsASparkline() async throws {
        let directory = try Self.output(comments: false, snapshots: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/gallery.html"
        #expect(try await CLIRunner.run(["gallery", directory, "--out", page]).status == 0)
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        #expect(html.contains("\"views\":[9000,59000,209000]"), "video 3's views at each snapshot")
        let rendered = try #require(try await Self.render(page))
        // Video 7 vanished after the first snapshot: one point is no line.
        #expect(GalleryCommandTests.occurrences(of: "class=\"sparkline\"", in: rendered.dom) == 59)
        #expect(rendered.console.isEmpty, "\(rendered.console)")
        let plain = try Self.output(comments: false, snapshots: false)
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(try await CLIRunner.run(["gallery", plain, "--out", plain + "/g.html"]).status == 0)
        let without = String(decoding: FileManager.default.contents(atPath: plain + "/g.html") ?? Data(), as: UTF8.self)
        #expect(!without.contains("\"views\":"), "no snapshots, no sparklines")
    }
}
