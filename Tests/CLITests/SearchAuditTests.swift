import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// Search as an instrument: every item of every search page kept as a `results` line, searches
/// with `repeat=yes` asked again by every update, and `ytcrawl compare` — checked against what the
/// emulator (with its audited drift) answers to each request on each day, against pandas, and
/// through kills.
@Suite("Search audits: results, repeats, compare")
struct SearchAuditTests {
    typealias Row = [String: Any]

    /// The days the crawl and its updates run on.
    static let days = [0, 10, 20, 35, 50, 75]

    static func lines(_ out: String) throws -> [Row] {
        var rows: [Row] = []
        try ArchiveReader.forEachCompleteLine(directory: out, kind: .results) { line in
            rows.append(try #require(try JSONSerialization.jsonObject(with: Data(line)) as? Row))
        }
        return rows
    }

    /// The ids the emulator answers to `request` (a results line's, page 0 to `pages`−1), page
    /// by page, following its tokens: search.list, or videos.list for a chart.
    static func replay(_ request: [String: String], pages: Int, base: String) throws -> [[String]] {
        let path = request["chart"] == nil ? "/youtube/v3/search?" : "/youtube/v3/videos?"
        let client = LoopbackHTTPClient(baseURL: base)
        defer { client.close() }
        var answered: [[String]] = []
        var token: String?
        for _ in 0..<pages {
            var parameters = request.filter { $0.key != "page" }
            if let token { parameters["pageToken"] = token }
            let query = parameters.sorted { $0.key < $1.key }.map { name, value in
                name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
            }.joined(separator: "&")
            let response = try client.get(path + query, headers: ["X-Goog-Api-Key": "replay-key"])
            #expect(response.status == 200, "\(response.text.prefix(300))")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? Row)
            let items = page["items"] as? [Row] ?? []
            answered.append(
                items.compactMap { item in
                    if let video = item["id"] as? String { return video }
                    let id = item["id"] as? Row
                    return (id?["videoId"] ?? id?["channelId"] ?? id?["playlistId"]) as? String
                })
            token = page["nextPageToken"] as? String
            if token == nil { break }
        }
        return answered
    }

    /// Every line of run `run` is what the emulator at `base` answers to its request, at its
    /// page and rank; none is missing from the pages asked, none is there twice. Returns the
    /// search.list pages the lines show.
    static func checkRun(_ run: Int, lines: [Row], base: String) throws -> Int {
        let mine = lines.filter { $0["run"] as? Int == run }
        var groups: [String: [Row]] = [:]
        for line in mine {
            var request = try #require(line["request"] as? [String: String])
            request["page"] = nil
            let key = (line["seed"] as? String ?? "") + "|" + request.sorted { $0.key < $1.key }.description
            groups[key, default: []].append(line)
        }
        var pagesAsked = 0
        for (_, group) in groups {
            var request = try #require(group[0]["request"] as? [String: String])
            request["page"] = nil
            let pages = (group.compactMap { $0["page"] as? Int }.max() ?? 0) + 1
            if request["chart"] == nil { pagesAsked += Set(group.compactMap { $0["page"] as? Int }).count }
            let answered = try replay(request, pages: pages, base: base)
            var expected: [String: String] = [:]
            var rank = 0
            for (page, ids) in answered.enumerated() {
                for id in ids {
                    expected["\(page)/\(rank)"] = id
                    rank += 1
                }
            }
            let written = Dictionary(
                group.map { ("\($0["page"] as? Int ?? -1)/\($0["rank"] as? Int ?? -1)", $0["id"] as? String ?? "") },
                uniquingKeysWith: { first, _ in first })
            #expect(written.count == group.count, "run \(run): a (request, rank) twice in \(group[0]["seed"] ?? "")")
            let differing = Set(written.keys).union(expected.keys).filter { written[$0] != expected[$0] }.sorted()
            #expect(
                differing.isEmpty,
                "run \(run), \(group[0]["seed"] ?? "") \(request): \(written.count) lines, the emulator answers \(expected.count); page/rank differing: \(differing.prefix(5)), e.g. \(differing.first.map { "\(written[$0] ?? "none") vs \(expected[$0] ?? "none")" } ?? "")"
            )
        }
        return pagesAsked
    }

    @Test func everyResultIsWhatTheEmulatorAnsweredAndCompareAgreesWithPandas() async throws {
        let root = CrawlCommandTests.temporary("search-audit")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "audit-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let out = root + "/out"
        let since = RFC3339Text.daysAgo(150)
        try [
            "search ocean maxPages=2 repeat=yes", "search music split=time publishedAfter=\(since) repeat=yes",
            "search lofi type=video", "chart US", "chart GB videoCategoryId=10 maxPages=2",
        ].joined(separator: "\n").write(toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        func arguments(_ command: [String], base: String) -> [String] {
            command + [
                "--api-base", base, "--key-file", root + "/key", "--state-dir", root + "/state", "--progress", "never",
                "--summary-json", root + "/summary.json",
            ]
        }
        let emulatorOptions = ["--channels", "400", "--search-drift", "--daily-searches", "100000"]
        for (run, day) in Self.days.enumerated() {
            // The crawl and one update are killed: on those days answers are slow enough for each
            // kill to land mid-run.
            let killedDay = run == 0 || run == 2
            let slow = killedDay ? ["--latency-ms", "250"] : []
            let emulator = try await ExternalEmulator.start(
                emulatorOptions + slow + ["--clock-offset", String(day * 86_400)])
            defer { emulator.stop() }
            let command = run == 0 ? ["--seeds", root + "/seeds.txt", "--out", out] : ["update", out]
            if killedDay {
                // Killed at random moments on this day, then run to its end: one run all the same.
                let killed = try await CLIRunner.killRuns(
                    arguments(command + ["--budget", "5000"], base: emulator.base), times: 3, after: 0.1...0.7
                ) { _ in }
                #expect(killed == 3, "day \(day): every kill landed while the run ran")
            }
            let result = try await CLIRunner.run(arguments(command + ["--budget", "5000"], base: emulator.base))
            #expect(result.status == 0, "day \(day): \(result.stderr)")
            let summary = try RefreshCommandTests.summary(root + "/summary.json")
            let lines = try Self.lines(out)
            let pages = try Self.checkRun(run + 1, lines: lines, base: emulator.base)
            if !killedDay {
                // Every search call's page is in the lines (a window's empty page has none: the
                // last of a walk, a few per seed at most).
                let calls = try #require(summary["searchCalls"] as? Int)
                #expect(pages <= calls && calls <= pages + 6, "day \(day): \(calls) search calls, \(pages) pages kept")
            }
        }
        let lines = try Self.lines(out)
        let ids = lines.compactMap { $0["resultId"] as? String }
        #expect(Set(ids).count == ids.count, "every resultId once")
        #expect(Set(lines.compactMap { $0["run"] as? Int }) == Set(1...Self.days.count), "every run wrote its lines")
        let manifest = try #require(try Manifest.load(directory: out))
        #expect(manifest.runs?.count == Self.days.count, "a run killed and run again is one run")
        let verify = try await CLIRunner.run(["verify", out])
        #expect(verify.status == 0 && verify.stdout.contains("search results"), "\(verify.stdout)\(verify.stderr)")

        // compare, against pandas reading the same shards.
        let compare = try await CLIRunner.run(["compare", out, "--format", "json"])
        #expect(compare.status == 0, "\(compare.stderr)")
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as? Row)
        let seeds = try #require(ours["seeds"] as? [Row])
        #expect(seeds.count == 5, "three searches and two charts")
        // A search without repeat=yes: its updates asked only what was new, so no run is compared.
        let sinceOnly = try #require(seeds.first { $0["seed"] as? String == "search lofi type=video" })
        let sinceRuns = try #require(sinceOnly["runs"] as? [Row])
        #expect(sinceRuns.first?["comparable"] as? Bool == true)
        #expect(sinceRuns.dropFirst().allSatisfy { $0["comparable"] as? Bool == false })
        #expect((sinceOnly["pairs"] as? [Row])?.isEmpty == true)
        try await Self.checkAgainstPandas(ours, out: out)

        // The decay follows the emulator's model: kept while young, mostly forgotten once old.
        let windowed = try #require(seeds.first { ($0["seed"] as? String)?.contains("split=time") == true })
        let decay = try #require(windowed["decay"] as? [Row])
        func share(_ rows: [Row]) -> Double {
            let first = rows.reduce(0) { $0 + ($1["firstRun"] as? Int ?? 0) }
            let still = rows.reduce(0) { $0 + ($1["stillReturned"] as? Int ?? 0) }
            return first == 0 ? .nan : Double(still) / Double(first)
        }
        let young = decay.filter { ($0["ageDays"] as? Int ?? 0) < 20 }
        let lastRun = Self.days.count
        // Young on the first day, 75 days later: past the middle for all of them.
        let forgotten = decay.filter {
            $0["run"] as? Int == lastRun && ($0["ageDays"] as? Int ?? 0) >= 75 && ($0["ageDays"] as? Int ?? 0) < 110
        }
        #expect(share(young) >= 0.75, "in the head: \(share(young)) of \(young.count) buckets")
        #expect(share(forgotten) <= 0.6, "past the middle: \(share(forgotten))")
        let number = try #require(windowed["number"] as? Int)
        let text = try await CLIRunner.run(["compare", out, "--seed", String(number)])
        #expect(text.status == 0 && text.stdout.contains("decay") && text.stdout.contains("jaccard"), "\(text.stdout)")
        let csv = try await CLIRunner.run(["compare", out, "--format", "csv"])
        #expect(csv.stdout.hasPrefix("table,seedNumber,seed,runA,runB"))
        // A shard the manifest lists but the directory lacks: said, not silently left out.
        let copy = root + "/lost"
        try FileManager.default.copyItem(atPath: out, toPath: copy)
        let lost = try #require(
            try FileManager.default.contentsOfDirectory(atPath: copy).filter { $0.hasPrefix("results-") }.sorted().last)
        try FileManager.default.removeItem(atPath: copy + "/" + lost)
        let missing = try await CLIRunner.run(["compare", copy])
        #expect(
            missing.status == 1 && missing.stderr.contains("\(lost) is listed in manifest.json but missing"),
            "\(missing.stderr)")
        let badSeed = try await CLIRunner.run(["compare", out, "--seed", "9"])
        #expect(badSeed.status == 2 && badSeed.stderr.contains("seeds 1 to 5"), "\(badSeed.stderr)")

        // Charts: every run asked both, whole; their categories are there, titled in the export.
        let chartLines = lines.filter { ($0["seed"] as? String)?.hasPrefix("chart") == true }
        for run in 1...Self.days.count {
            let mine = chartLines.filter { $0["run"] as? Int == run }
            #expect(mine.filter { $0["seed"] as? String == "chart US" }.count == 200, "run \(run): the US chart whole")
            #expect(mine.count > 200, "run \(run): the GB music chart too")
        }
        var categories: [String: String] = [:]
        try ArchiveReader.forEachRecord(directory: out, kind: .categories) { record, _ in
            guard case .string(let id)? = record["categoryId"], case .string(let region)? = record["regionCode"],
                case .string(let title)? = record["title"]
            else { return }
            #expect(categories[id + " " + region] == nil, "each category once")
            categories[id + " " + region] = title
        }
        #expect(categories["10 US"] == "Music" && categories["10 GB"] == "Music")
        let videosCSV = root + "/videos.csv"
        let export = try await CLIRunner.run(["export", out, "--csv", videosCSV, "--kind", "videos", "--raw-cells"])
        #expect(export.status == 0, "\(export.stderr)")
        // Every row's categoryTitle is its categoryId's title (read with Python's csv module).
        let check = try SpawnedProcess.runToEnd(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                "import csv, json, sys; rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8'))); print(json.dumps(sorted({(r['categoryId'], r['categoryTitle']) for r in rows})))",
                videosCSV,
            ])
        let pairs = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String]])
        #expect(pairs.count > 3, "videos of several categories")
        for pair in pairs { #expect(pair[1] == (categories[pair[0] + " GB"] ?? ""), "\(pair)") }
    }

    /// `emulate --dump-truth-seeds`: the truth of a day's answers is what a crawl of that day
    /// writes as `results` lines, for searches and charts alike.
    @Test func theTruthOfADaysAnswersIsWhatACrawlWrites() async throws {
        let root = CrawlCommandTests.temporary("audit-truth")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "search ocean maxPages=2 repeat=yes\nchart GB videoCategoryId=10\nsearch \"lofi music\" type=video\n".write(
            toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let emulator = try await ExternalEmulator.start([
            "--search-drift", "--clock-offset", String(3 * 86_400), "--dump-truth", root + "/truth",
            "--dump-truth-kinds", "channels", "--dump-truth-seeds", root + "/seeds.txt",
        ])
        defer { emulator.stop() }
        let crawl = try await CLIRunner.run(
            [
                "--seeds", root + "/seeds.txt", "--out", root + "/out", "--budget", "1000", "--api-base", emulator.base,
                "--state-dir", root + "/state", "--quiet",
            ], environment: ["YOUTUBE_API_KEY": "k-truth"])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        func key(_ row: Row) -> String {
            let request = (row["request"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
            return "\(row["seed"] ?? "") \(request) \(row["page"] ?? "") \(row["rank"] ?? "") \(row["id"] ?? "")"
        }
        let truth = try String(contentsOfFile: root + "/truth/results.jsonl", encoding: .utf8).split(separator: "\n")
            .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? Row) }
        let written = try Self.lines(root + "/out")
        #expect(truth.count > 150, "both searches and the chart")
        #expect(Set(truth.map(key)) == Set(written.map(key)), "every line of the truth written, nothing else")
        #expect(written.count == truth.count)
    }

    static func checkAgainstPandas(_ ours: Row, out: String) async throws {
        guard PythonRunner.canImport("pandas") else {
            Issue.record("pandas is not installed (pip install pandas; make test installs it)")
            return
        }
        let script = SchemaCommandTests.repository.appendingPathComponent("Samples/analysis/compare_check.py").path
        let checked = try await SchemaCommandTests.python([script, out])
        #expect(checked.status == 0, "\(checked.stderr)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? Row)
        let a = try #require(ours["seeds"] as? [Row])
        let b = try #require(theirs["seeds"] as? [Row])
        #expect(a.map { $0["seed"] as? String } == b.map { $0["seed"] as? String })
        for (mine, pandas) in zip(a, b) {
            let runsA = (mine["runs"] as? [Row] ?? []).map {
                "\($0["run"] as? Int ?? -1) \($0["results"] as? Int ?? -1) \($0["comparable"] as? Bool ?? false)"
            }
            let runsB = (pandas["runs"] as? [Row] ?? []).map {
                "\($0["run"] as? Int ?? -1) \($0["results"] as? Int ?? -1) \($0["comparable"] as? Bool ?? false)"
            }
            #expect(runsA == runsB)
            for table in ["pairs", "decay"] {
                let rowsA = mine[table] as? [Row] ?? []
                let rowsB = pandas[table] as? [Row] ?? []
                #expect(rowsA.count == rowsB.count, "\(table) of \(mine["seed"] ?? "")")
                for (x, y) in zip(rowsA, rowsB) {
                    for (key, value) in y {
                        let left = (x[key] as? NSNumber)?.doubleValue ?? .nan
                        let right = (value as? NSNumber)?.doubleValue ?? .infinity
                        #expect(
                            abs(left - right) < 1e-9, "\(table).\(key) of \(mine["seed"] ?? ""): \(left) vs \(right)")
                    }
                }
            }
        }
    }
}

/// RFC 3339 text for test seeds.
enum RFC3339Text {
    static func daysAgo(_ days: Int) -> String {
        let date = Date().addingTimeInterval(-Double(days) * 86_400)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// `results` and `categories` through merge and verify: two outputs' observations stay apart, a
/// copy's are known again, and a line written twice is found.
@Suite("Search audits: merge, verify and reruns")
struct SearchAuditMergeTests {
    static func count(_ out: String, _ kind: RecordKind) throws -> Int {
        var lines = 0
        try ArchiveReader.forEachRecord(directory: out, kind: kind) { _, _ in lines += 1 }
        return lines
    }

    @Test func mergeKeepsEveryObservationOnce() async throws {
        let root = CrawlCommandTests.temporary("audit-merge")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, seeds) in [
            ("a", "search ocean maxPages=2\nchart US maxPages=1\n"), ("b", "search lofi maxPages=1\n"),
        ] {
            try seeds.write(toFile: root + "/\(name).txt", atomically: true, encoding: .utf8)
            let crawl = try await CLIRunner.run([
                "--seeds", root + "/\(name).txt", "--out", root + "/\(name)", "--budget", "500", "--emulator",
                "--state-dir", root + "/state", "--quiet",
            ])
            #expect(crawl.status == 0, "\(crawl.stderr)")
        }
        try FileManager.default.copyItem(atPath: root + "/a", toPath: root + "/a-copy")
        let a = try Self.count(root + "/a", .results)
        let b = try Self.count(root + "/b", .results)
        #expect(a == 150 && b > 0, "a: 100 search results and 50 chart videos; b: \(b)")
        let merged = try await CLIRunner.run([
            "merge", root + "/a", root + "/b", root + "/a-copy", "--out", root + "/m",
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Self.count(root + "/m", .results) == a + b, "both outputs' observations, the copy's once")
        #expect(try Self.count(root + "/m", .categories) == (try Self.count(root + "/a", .categories)))
        let verified = try await CLIRunner.run(["verify", root + "/m"])
        #expect(verified.status == 0 && verified.stdout.contains("\(a + b) search results"), "\(verified.stdout)")

        // Two crawls of the same seeds, merged: two runs of each seed, compared.
        let again = try await CLIRunner.run([
            "--seeds", root + "/a.txt", "--out", root + "/a2", "--budget", "500", "--emulator",
            "--emulator-search-drift",
            "--state-dir", root + "/state", "--quiet",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await CLIRunner.run(["merge", root + "/a", root + "/a2", "--out", root + "/m2"]).status == 0)
        let compare = try await CLIRunner.run(["compare", root + "/m2", "--format", "json"])
        let seeds = try #require(
            (try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as? [String: Any])?["seeds"]
                as? [[String: Any]])
        for seed in seeds {
            #expect((seed["runs"] as? [Any])?.count == 2, "\(seed["seed"] ?? ""): one run from each input")
            #expect((seed["pairs"] as? [Any])?.count == 1)
        }
    }

    /// Runs killed before their first checkpoint, their lines salvaged by the next: one run, under
    /// the id the manifest gives it, each line once.
    @Test func runsKilledBeforeTheirFirstCheckpointAreOneRun() async throws {
        let root = CrawlCommandTests.temporary("audit-early-kills")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "search ocean maxPages=3\nchart US maxPages=2\n".write(
            toFile: root + "/seeds.txt", atomically: true, encoding: .utf8)
        let emulator = try await ExternalEmulator.start(["--latency-ms", "60"])
        defer { emulator.stop() }
        try "early-kill-key\n".write(toFile: root + "/key", atomically: true, encoding: .utf8)
        let arguments = [
            "--seeds", root + "/seeds.txt", "--out", root + "/out", "--budget", "500", "--api-base", emulator.base,
            "--key-file", root + "/key", "--state-dir", root + "/state", "--shard-records", "20", "--progress", "never",
        ]
        _ = try await CLIRunner.killRuns(arguments, times: 4, after: 0.15...0.45) { _ in }
        let last = try await CLIRunner.run(arguments)
        #expect(last.status == 0, "\(last.stderr)")
        let manifest = try #require(try Manifest.load(directory: root + "/out"))
        let first = try #require(manifest.runs?.first?.id)
        var ids: [String] = []
        try ArchiveReader.forEachRecord(directory: root + "/out", kind: .results) { record, _ in
            if case .string(let id)? = record["resultId"] { ids.append(id) }
        }
        #expect(ids.count == 250 && Set(ids).count == 250, "\(ids.count) lines, \(Set(ids).count) distinct")
        #expect(
            Set(ids.map { String($0.split(separator: "/")[0]) }) == ["1@" + first], "every line of run 1, under its id")
    }

    /// A seed added above others while a run is stopped, and a seed on two lines: no seed's lines
    /// are taken for another's, none is written twice.
    @Test func seedsEditedInAStoppedRunAndSeedsTwiceKeepEveryRankOnce() async throws {
        let root = CrawlCommandTests.temporary("audit-reseed")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "search ocean maxPages=3\nchart US maxPages=2\n".write(
            toFile: root + "/one.txt", atomically: true, encoding: .utf8)
        try "search piano maxPages=3\nsearch ocean maxPages=3\nchart US maxPages=2\nsearch  ocean   maxPages=3\n".write(
            toFile: root + "/two.txt", atomically: true, encoding: .utf8)
        let out = root + "/out"
        let common = ["--out", out, "--emulator", "--state-dir", root + "/state", "--progress", "never"]
        // The budget stops the first run after two pages, its run left to go on.
        _ = try await CLIRunner.run(["--seeds", root + "/one.txt", "--budget", "2", "--concurrency", "1"] + common)
        let manifest = try #require(try Manifest.load(directory: out))
        #expect(manifest.runs?.last?.finishedAt == nil, "the run goes on")
        let rerun = try await CLIRunner.run(["--seeds", root + "/two.txt", "--budget", "2000"] + common)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        var ranks: [String: [Int]] = [:]
        try ArchiveReader.forEachRecord(directory: out, kind: .results) { record, _ in
            guard case .string(let seed)? = record["seed"], case .number(let rank)? = record["rank"] else { return }
            ranks[seed, default: []].append(Int(rank) ?? -1)
        }
        #expect(ranks["search ocean maxPages=3"]?.sorted() == Array(0..<150), "every rank once, page 0 too")
        #expect(ranks["chart US maxPages=2"]?.sorted() == Array(0..<100))
        #expect(ranks["search piano maxPages=3"]?.count == Set(ranks["search piano maxPages=3"] ?? []).count)
        let verified = try await CLIRunner.run(["verify", out])
        #expect(verified.status == 0, "\(verified.stderr)")
    }
}
