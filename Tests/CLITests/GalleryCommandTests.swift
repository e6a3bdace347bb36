import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing
import YouTubeKit

@Suite("ytcrawl gallery")
struct GalleryCommandTests {
    static let hostile = "</script><script>document.title='pwned'</script> cats & <b>bold</b>"

    /// 90 videos, one newer than the other; every third title has "cats"; one title tries to end
    /// the page's script.
    static func directory() throws -> (String, cats: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-gallery-\(UUID())").path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        var cats = 0
        for index in 0..<90 {
            let title =
                index == 45 ? hostile : index % 3 == 0 ? "video \(index) about cats" : "video \(index) about dogs"
            if title.contains("cats") { cats += 1 }
            try writer.append(
                Video(
                    videoId: String(format: "gal%08d", index), title: title, channelId: "UCg\(index % 4)",
                    channelTitle: "Channel \(index % 4)",
                    publishedAt: Date(timeIntervalSince1970: TimeInterval(1_600_000_000 + index * 3600)),
                    thumbnails: Thumbnails([
                        (
                            "high",
                            Thumbnail(url: "https://i.ytimg.com/vi/gal\(index)/hqdefault.jpg", width: 480, height: 360)
                        )
                    ])))
        }
        try writer.finish(unitsByMethod: ["videos.list": 2])
        return (directory, cats)
    }

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The page's DOM after its script ran, from headless Chromium (no network: every host name
    /// fails to resolve locally).
    /// Chromium's DOM of `url` after its scripts ran, rendered off the cooperative pool.
    static func renderedDOM(_ url: String) async throws -> String? {
        try await offThePool { try renderedDOMBlocking(url) }
    }

    private static func renderedDOMBlocking(_ url: String) throws -> String? {
        guard let chromium else { return nil }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=5000", "--dump-dom", url,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Bounded: a hung browser is killed after 90 s.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: dom, as: UTF8.self)
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func thePageIsWrittenWithItsScriptSafe() async throws {
        let (directory, _) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/page.html"
        let result = try await CLIRunner.run(["gallery", directory, "--out", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("gallery: 90 videos"))
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        #expect(!html.contains("</script><script>document.title"), "a title cannot end the page's script")
        #expect(html.contains("loading = \"lazy\""))
    }

    @Test(.enabled(if: chromium != nil, "no chromium (Debian package `chromium`, installed by .ci/run)"))
    func thePageRendersOneCardPerVideoAndFiltersFromTheAddress() async throws {
        let (directory, cats) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/page.html"
        #expect(try await CLIRunner.run(["gallery", directory, "--out", page]).status == 0)
        let dom = try #require(try await Self.renderedDOM("file://\(page)#q=cats"))
        #expect(Self.occurrences(of: "class=\"card\"", in: dom) == 90, "one card per video")
        #expect(Self.occurrences(of: "hidden=\"\"", in: dom) == 90 - cats, "the #q=cats filter hides the rest")
        #expect(dom.contains("\(cats) of 90 videos"))
        #expect(dom.contains("<title>ytcrawl gallery</title>"), "the hostile title ran no script")
        #expect(dom.contains("&lt;/script&gt;&lt;script&gt;document.title='pwned'"))
        #expect(Self.occurrences(of: "loading=\"lazy\"", in: dom) == 90)
        // Newest first: the first card is the last video published.
        let first = try #require(dom.range(of: "data-video-id=\""))
        #expect(dom[first.upperBound...].hasPrefix("gal00000089"))
    }

    @Test func limitKeepsTheNewestAndAnEmptyDirectoryIsAUsageError() async throws {
        let (directory, _) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CLIRunner.run(["gallery", directory, "--limit", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let html = String(
            decoding: FileManager.default.contents(atPath: directory + "/gallery.html") ?? Data(), as: UTF8.self)
        #expect(Self.occurrences(of: "\"embed\":", in: html) == 10)
        #expect(html.contains("gal00000089") && html.contains("gal00000080") && !html.contains("gal00000079"))

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cli-empty-\(UUID())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try await CLIRunner.run(["gallery", empty])
        #expect(none.status == 2)
        #expect(none.stderr.contains("holds no videos-*.jsonl.gz shard"))
        let missing = try await CLIRunner.run(["gallery", empty + "/nope"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("is not a directory"))
    }

    /// Hand-written video lines: five of schema 2 that earn a badge or labels, one of schema 1
    /// (no schema-2 key at all), one of schema 2 with every field null, and one whose schema-2
    /// fields are hostile or of the wrong type.
    static func schemaTwoDirectory() throws -> String {
        /// A line whose `liveBroadcastContent` is `broadcast`, with the schema-2 fields `extra`.
        func line(_ id: String, _ title: String, broadcast: String = "none", _ extra: String) -> String {
            ReportCommandTests.videoLine(id, title: title, views: 10, extra)
                .replacingOccurrences(
                    of: #""liveBroadcastContent":"none""#, with: #""liveBroadcastContent":"\#(broadcast)""#)
        }
        /// `liveStreamingDetails` with these times set.
        func stream(start: String? = nil, end: String? = nil, scheduled: String? = nil) -> String {
            func time(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
            return
                #""liveStreamingDetails":{"actualStartTime":\#(time(start)),"actualEndTime":\#(time(end)),"scheduledStartTime":\#(time(scheduled)),"scheduledEndTime":null,"concurrentViewers":null,"activeLiveChatId":null}"#
        }
        let status = #""madeForKids":false,"license":"youtube","contentRating":{}"#
        return try ReportCommandTests.handWritten([
            line(
                "live0000001", "on air", broadcast: "live",
                #","format":"live",\#(stream(start: "2026-11-28T10:00:00Z")),\#(status)"#),
            line(
                "upcm0000002", "soon", broadcast: "upcoming",
                #","format":null,\#(stream(scheduled: "2026-12-28T10:00:00Z")),\#(status)"#),
            line(
                "strm0000003", "yesterday's stream",
                #","format":null,\#(stream(start: "2026-11-27T10:00:00Z", end: "2026-11-27T12:00:00Z")),\#(status)"#),
            line(
                "shrt0000004", "a quick one",
                #","format":"short","liveStreamingDetails":null,"madeForKids":true,"license":"youtube","contentRating":{}"#
            ),
            line(
                "ccag0000005", hostile,
                #","format":"long","liveStreamingDetails":null,"madeForKids":false,"license":"creativeCommon","contentRating":{"ytRating":"ytAgeRestricted"}"#
            ),
            ReportCommandTests.videoLine("oldv0000006", title: "schema one"),
            line(
                "null0000007", "all null",
                #","format":null,"liveStreamingDetails":null,"madeForKids":null,"license":null,"contentRating":null,"caption":null,"definition":null"#
            ),
            line(
                "odd00000008", "odd values", broadcast: "</script><b>live</b>",
                #","format":"<img src=x onerror=alert(1)>","liveStreamingDetails":"ended","madeForKids":"true","license":"creativeCommon ","contentRating":{"ytRating":"<b>ytAgeRestricted</b>"}"#
            ),
        ])
    }

    /// The page's JSON island: each video's badge and labels by id.
    static func island(_ html: String) throws -> [String: (badge: String?, labels: [String])] {
        let open = try #require(html.range(of: "<script type=\"application/json\" id=\"videos\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        guard case .array(let videos) = try JSONValue.parse(Array(html[open.upperBound..<close.lowerBound].utf8))
        else {
            Issue.record("the island is not an array")
            return [:]
        }
        var found: [String: (badge: String?, labels: [String])] = [:]
        for video in videos {
            guard case .string(let id)? = video["id"] else { continue }
            var badge: String?
            if case .string(let text)? = video["badge"] { badge = text }
            var labels: [String] = []
            if case .array(let values)? = video["labels"] {
                labels = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
            }
            found[id] = (badge, labels)
        }
        return found
    }

    static let expectedBadges: [String: (badge: String?, labels: [String])] = [
        "live0000001": ("LIVE", []), "upcm0000002": ("Upcoming", []), "strm0000003": ("Streamed", []),
        "shrt0000004": ("Short", ["Made for kids"]), "ccag0000005": (nil, ["Creative Commons", "Age-restricted"]),
        "oldv0000006": (nil, []), "null0000007": (nil, []), "odd00000008": (nil, []),
    ]

    @Test func schemaTwoFieldsBecomeBadgesAndLabelsAndSchemaOneLinesStillRender() async throws {
        let directory = try Self.schemaTwoDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/page.html"
        let result = try await CLIRunner.run(["gallery", directory, "--out", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("gallery: 8 videos"))
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        let island = try Self.island(html)
        #expect(island.count == 8)
        for (id, expected) in Self.expectedBadges {
            let found = try #require(island[id], "\(id) has a card")
            #expect(found.badge == expected.badge, "\(id)")
            #expect(found.labels == expected.labels, "\(id)")
        }
        #expect(!html.contains("</script><script>document.title"), "a title cannot end the page's script")
        for hostile in ["onerror", "<b>live</b>", "<b>ytAgeRestricted"] {
            #expect(!html.contains(hostile), "\(hostile): a field's value is never copied into the page")
        }
    }

    @Test(.enabled(if: chromium != nil, "no chromium (Debian package `chromium`, installed by .ci/run)"))
    func chromiumShowsTheBadgesAndLabelsAsText() async throws {
        let directory = try Self.schemaTwoDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/page.html"
        #expect(try await CLIRunner.run(["gallery", directory, "--out", page]).status == 0)
        let dom = try #require(try await Self.renderedDOM("file://\(page)#q=made%20for%20kids"))
        #expect(Self.occurrences(of: "class=\"card\"", in: dom) == 8, "schema-1 and odd lines render too")
        for badge in [
            "<span class=\"badge live\">LIVE</span>", "<span class=\"badge upcoming\">Upcoming</span>",
            "<span class=\"badge streamed\">Streamed</span>", "<span class=\"badge short\">Short</span>",
        ] {
            #expect(Self.occurrences(of: badge, in: dom) == 1, "\(badge)")
        }
        #expect(Self.occurrences(of: "class=\"badge ", in: dom) == 4)
        #expect(dom.contains("<ul class=\"labels\"><li>Made for kids</li></ul>"))
        #expect(dom.contains("<ul class=\"labels\"><li>Creative Commons</li><li>Age-restricted</li></ul>"))
        #expect(Self.occurrences(of: "class=\"labels\"", in: dom) == 2)
        #expect(dom.contains("<title>ytcrawl gallery</title>"), "the hostile title ran no script")
        #expect(dom.contains("&lt;/script&gt;&lt;script&gt;document.title='pwned'"))
        // The labels are searchable: only the Short made for kids stays shown.
        #expect(Self.occurrences(of: "hidden=\"\"", in: dom) == 7)
        #expect(dom.contains("1 of 8 videos"))
    }

    /// A shard is data: a `javascript:` or `data:` URL in it never reaches the page.
    @Test func thePageTrustsNoURLFromAShard() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-gallery-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-11-29T00:00:00Z"))
        for (index, url) in [
            "javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "http://i.ytimg.com/x.jpg",
            "https://evil.example/x.jpg", "https://i.ytimg.com/vi/ok/hqdefault.jpg",
        ].enumerated() {
            try writer.append(
                Video(
                    videoId: "hostile\(index)", title: "t\(index)",
                    thumbnails: Thumbnails([("high", Thumbnail(url: url, width: 480, height: 360))])))
        }
        try writer.finish(unitsByMethod: [:])
        // The record's embedURL is derived; a hand-edited shard line could say anything else.
        let page = directory + "/page.html"
        #expect(try await CLIRunner.run(["gallery", directory, "--out", page]).status == 0)
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        for bad in ["javascript:", "data:image", "http://i.ytimg.com", "evil.example"] {
            #expect(!html.contains(bad), "\(bad)")
        }
        #expect(html.contains("https://i.ytimg.com/vi/ok/hqdefault.jpg"))
        #expect(html.contains("https://www.youtube.com/embed/hostile4"))
    }
}
