import Archive
import Foundation

/// `ytcrawl compare DIR [--seed N] [--format text|csv|json]`: how a search's answers changed
/// between runs, from the output's `results` lines.
struct CompareCommand: Command {
    enum Format: String, CaseIterable, Sendable {
        case text, csv, json
    }

    static let format = Option<Format>("--format", "F", help: "text, csv or json", default: .text)
    static let seed = Option<Int?>(
        "--seed", help: "only the seed of this number (as compare lists them, from 1)", range: 1...1_000_000)

    static let configuration = CommandConfiguration(
        name: "compare", synopsis: "compare DIR", summary: "how each search's answers changed between runs",
        usage: "compare DIR [--seed N] [--format text|csv|json]",
        discussion: """
            Compare the answers each search or chart seed got in each run of the output directory DIR
            (its results lines: every item of every search and chart page, with its rank). Runs are
            numbered in the order they were answered (a merged output's runs from each input count
            apart); only the runs that asked what the seed's first run asked are compared (an
            update's window since the last run is listed, not compared). For each seed and each
            pair of those runs: the results of each, their Jaccard overlap (shared ids over all ids), their
            rank-biased overlap (RBO, extrapolated, p = 0.9: agreement weighted to the top ranks),
            and the ids that entered and left. The share of video results whose title, description
            or tags hold every term of q (case and diacritics ignored) is given per run. For searches
            by date windows (split=time, or an update's windows), the decay table: of the first
            run's video results, the share each later run still returned, by days since publication
            at that run (buckets of 10 days; 120 holds every older one). Repeat a search with
            repeat=yes on its seed and ytcrawl update --every 1d to collect what this compares
            (docs/auditing-search.md). The csv form is one table with a first column saying which
            rows are which: runs, pairs or decay. A request answered with no item leaves no line: a
            run whose every page was empty is not listed.
            """,
        groups: [OptionGroup("Options", [format.spec, seed.spec])],
        epilogue: """
            Examples:
              ytcrawl compare ytcrawl-out
              ytcrawl compare ytcrawl-out --seed 2 --format csv > overlap.csv
            """)

    var directory: String
    var format: Format
    var seedNumber: Int?

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        format = try scanner[Self.format]
        seedNumber = try scanner[Self.seed]
    }

    func run() async throws -> Int32 {
        var comparison: SearchComparison
        do {
            try StatsCommand.checkIsOutput(directory)
            comparison = try SearchComparison.compute(directory: directory)
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
        guard !comparison.seeds.isEmpty else {
            throw RuntimeFailure(
                "\(directory) holds no search results (results-*.jsonl.gz): crawl search seeds into it with this version, and repeat them with repeat=yes and ytcrawl update"
            )
        }
        if let seedNumber {
            guard let chosen = comparison.seeds.first(where: { $0.number == seedNumber }) else {
                throw UsageError(
                    "--seed \(seedNumber): \(directory) has search seeds 1 to \(comparison.seeds.count); run ytcrawl compare \(directory) to list them"
                )
            }
            comparison.seeds = [chosen]
        }
        switch format {
        case .text: print(Self.text(comparison), terminator: "")
        case .csv: print(Self.csv(comparison), terminator: "")
        case .json: print(String(decoding: Self.json(comparison), as: UTF8.self))
        }
        return 0
    }

    static func number(_ value: Double) -> String { String(format: "%.4f", value) }

    static func text(_ comparison: SearchComparison) -> String {
        var lines: [String] = []
        for seed in comparison.seeds {
            lines.append("seed \(seed.number): \(seed.seed)")
            for run in seed.runs {
                let share = run.matchesQueryShare.map { ", matching the query \(Int(($0 * 100).rounded()))%" } ?? ""
                let asked =
                    run.comparable
                    ? "" : "; asked other than the first run (an update's window since the last run): not compared"
                lines.append(
                    "  run \(run.run) (\(run.runId), \(run.sentAt ?? "time unknown")): \(run.ids.count) results\(share)\(asked)"
                )
            }
            if !seed.pairs.isEmpty {
                lines.append("  runs     results       jaccard  rbo     entered  left")
                for pair in seed.pairs {
                    lines.append(
                        "  "
                            + [
                                "\(pair.runA)-\(pair.runB)".padding(toLength: 8, withPad: " ", startingAt: 0),
                                "\(pair.resultsA)/\(pair.resultsB)".padding(toLength: 13, withPad: " ", startingAt: 0),
                                number(pair.jaccard).padding(toLength: 8, withPad: " ", startingAt: 0),
                                number(pair.rbo).padding(toLength: 7, withPad: " ", startingAt: 0),
                                String(pair.entered).padding(toLength: 8, withPad: " ", startingAt: 0),
                                String(pair.left),
                            ].joined(separator: " "))
                }
            }
            if !seed.decay.isEmpty {
                lines.append("  decay: of run \(seed.runs[0].run)'s videos, still returned, by days since publication")
                for row in seed.decay {
                    let age =
                        row.ageDays >= SearchComparison.lastBucket
                        ? "\(row.ageDays)+" : "\(row.ageDays)-\(row.ageDays + SearchComparison.bucketDays - 1)"
                    lines.append(
                        "    run \(row.run), \(age) days: \(row.stillReturned) of \(row.firstRun) (\(Int((row.share * 100).rounded()))%)"
                    )
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let csvColumns = [
        "table", "seedNumber", "seed", "runA", "runB", "resultsA", "resultsB", "jaccard", "rbo", "entered", "left",
        "ageDays", "firstRun", "stillReturned", "share", "runId", "sentAt", "comparable", "matchesQueryShare",
    ]

    static func csv(_ comparison: SearchComparison) -> String {
        func cell(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
        }
        var rows = [csvColumns.joined(separator: ",")]
        for seed in comparison.seeds {
            let head = ["\(seed.number)", cell(seed.seed)]
            for run in seed.runs {
                rows.append(
                    (["runs"] + head + ["\(run.run)", "", "\(run.ids.count)"] + Array(repeating: "", count: 10) + [
                        run.runId, run.sentAt ?? "", run.comparable ? "true" : "false",
                        run.matchesQueryShare.map(number) ?? "",
                    ]).joined(separator: ","))
            }
            for pair in seed.pairs {
                rows.append(
                    (["pairs"] + head + [
                        "\(pair.runA)", "\(pair.runB)", "\(pair.resultsA)", "\(pair.resultsB)", number(pair.jaccard),
                        number(pair.rbo), "\(pair.entered)", "\(pair.left)", "", "", "", "", "", "", "", "",
                    ]).joined(separator: ","))
            }
            for row in seed.decay {
                rows.append(
                    (["decay"] + head + [
                        "\(seed.runs[0].run)", "\(row.run)", "", "", "", "", "", "", "\(row.ageDays)",
                        "\(row.firstRun)",
                        "\(row.stillReturned)", number(row.share), "", "", "", "",
                    ]).joined(separator: ","))
            }
        }
        return rows.joined(separator: "\r\n") + "\r\n"
    }

    static func json(_ comparison: SearchComparison) -> Data {
        let seeds: [[String: Any]] = comparison.seeds.map { seed in
            [
                "number": seed.number, "seed": seed.seed, "windowed": seed.windowed,
                "runs": seed.runs.map { run -> [String: Any] in
                    [
                        "run": run.run, "runId": run.runId, "comparable": run.comparable,
                        "sentAt": run.sentAt ?? NSNull(), "results": run.ids.count,
                        "matchesQueryShare": run.matchesQueryShare ?? NSNull(),
                    ]
                },
                "pairs": seed.pairs.map { pair -> [String: Any] in
                    [
                        "runA": pair.runA, "runB": pair.runB, "resultsA": pair.resultsA, "resultsB": pair.resultsB,
                        "jaccard": pair.jaccard, "rbo": pair.rbo, "entered": pair.entered, "left": pair.left,
                    ]
                },
                "decay": seed.decay.map { row -> [String: Any] in
                    [
                        "run": row.run, "ageDays": row.ageDays, "firstRun": row.firstRun,
                        "stillReturned": row.stillReturned, "share": row.share,
                    ]
                },
            ]
        }
        return
            (try? JSONSerialization.data(
                withJSONObject: ["seeds": seeds], options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
            ?? Data()
    }
}
