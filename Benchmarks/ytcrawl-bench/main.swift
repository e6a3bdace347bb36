import Foundation

/// ytcrawl-bench: the benchmarks of DESIGN.md "Benchmarks".
///
///     swift run -c release ytcrawl-bench [decode|transport|emulator|archive|crawl|hydrate|all] [--runs N] [--json] [--quick]
let usage = """
    Usage: ytcrawl-bench [SUITE ...] [--runs N] [--json] [--quick] [--filter TEXT] [--ytcrawl PATH]

    Suites: decode, transport, emulator, archive, crawl, hydrate; all (the default) runs every suite
      but hydrate.
      --runs N   timed runs per case after one warm-up; the median is reported (default 5)
      --json     one JSON object per line and case
      --quick    a smaller corpus, for a fast look
      --filter T only the cases whose name contains T (ratios need their baseline selected too)
      --videos N corpus size of the crawl suite (default 200000; --quick 20000) and of the hydrate
                 suite (default 1000000; --quick 20000)
      --ytcrawl PATH  the ytcrawl binary the crawl and hydrate suites run (default: the one
                 beside ytcrawl-bench; `make bench` passes the static build, as shipped)
      --dump-corpus DIR  write the decode suite's pages to DIR/<case>.pages (pages separated by a
                 NUL byte), for other parsers to read the same bytes (Benchmarks/simdjson_gap.py)
    """

var suites: [String] = []
var runs = 5
var json = false
var quick = false
var filter: String?
var crawlVideos: Int?
var dumpDirectory: String?
var ytcrawlPath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--runs":
        guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else {
            FileHandle.standardError.write(Data("ytcrawl-bench: --runs needs a positive number\n".utf8))
            exit(2)
        }
        runs = value
    case "--json": json = true
    case "--quick": quick = true
    case "--filter": filter = arguments.next()
    case "--dump-corpus": dumpDirectory = arguments.next()
    case "--ytcrawl": ytcrawlPath = arguments.next()
    case "--videos":
        guard let value = arguments.next().flatMap({ Int($0) }), value >= 1000 else {
            FileHandle.standardError.write(Data("ytcrawl-bench: --videos needs a number of at least 1000\n".utf8))
            exit(2)
        }
        crawlVideos = value
    case "-h", "--help":
        print(usage)
        exit(0)
    case "decode", "emulator", "transport", "archive", "crawl", "hydrate", "all": suites.append(argument)
    default:
        FileHandle.standardError.write(Data("ytcrawl-bench: unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}
if suites.isEmpty || suites.contains("all") { suites = ["decode", "transport", "emulator", "archive", "crawl"] }

#if DEBUG
    FileHandle.standardError.write(
        Data(
            """
            ************************************************************************
            WARNING: ytcrawl-bench was built without optimization; its figures mean
            nothing. Run: swift run -c release ytcrawl-bench
            ************************************************************************

            """.utf8))
#endif

var harness = Harness(runs: runs)
if let ytcrawlPath { harness.ytcrawl = ytcrawlPath }
for suite in suites {
    let results: [BenchmarkResult]
    switch suite {
    case "decode":
        results = try DecodeSuite.run(harness: harness, quick: quick, filter: filter, dumpDirectory: dumpDirectory)
    case "emulator": results = try EmulatorSuite.run(harness: harness, quick: quick, filter: filter)
    case "archive": results = try ArchiveSuite.run(harness: harness, quick: quick, filter: filter)
    case "transport": results = try await TransportSuite.run(harness: harness, quick: quick, filter: filter)
    case "crawl":
        results = try await CrawlSuite.run(harness: harness, quick: quick, videos: crawlVideos, filter: filter)
    case "hydrate":
        results = try await HydrateSuite.run(harness: harness, quick: quick, videos: crawlVideos, filter: filter)
    default: continue
    }
    if !json { print("== \(suite) (median of \(runs) runs; * marks the headline)") }
    for result in results { print(json ? result.jsonLine : result.textLine) }
}
