import YouTubeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ytcrawl's entry point: picks the command, prints its output, maps failures to exit codes
/// (0 done, 1 runtime failure, 2 usage error).
let topHelp = """
    ytcrawl \(ToolInfo.version): harvest YouTube Data API v3 metadata at scale.

    Usage: ytcrawl COMMAND [options]

    Commands:
      [crawl] --seeds FILE --budget UNITS [options]   crawl into gzip shards (the default command)
      url METHOD name=value ...   build one API request; print its URL and quota cost in both models
      decode FILE                 decode a saved API response body into records (JSON lines)
      emulate [options]           run the offline YouTube Data API emulator on 127.0.0.1
      refresh DIR --budget UNITS  a statistics snapshot of DIR's videos (views, likes, comments; gone ones)
      stats DIR                   summarize an output directory
      verify DIR                  check an output directory (checksums, counts, schema, duplicates)
      gallery DIR                 write a static HTML page of the crawled videos (thumbnails, search, player)
      report DIR                  write one HTML page of charts: publishing, views, channels, comments, growth
      schema KIND --format F      a record kind's schema: json-schema, spark, bigquery, duckdb
      export DIR --csv FILE       one kind of record as flat CSV (spreadsheets, network tools)
      merge DIR DIR … --out DIR   combine outputs: one record per id, the newest winning

    Options:
      -h, --help      show this help (ytcrawl COMMAND --help for a command's options)
      --version       print the version

    Examples:
      ytcrawl --seeds Samples/seeds.txt --budget 2000 --emulator
      ytcrawl url search q=programming type=video regionCode=US relevanceLanguage=en maxResults=20
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let commands = [
    "crawl", "url", "decode", "emulate", "stats", "verify", "gallery", "refresh", "report", "schema", "export",
]
do {
    switch arguments.first {
    case nil, "-h", "--help", "help":
        print(topHelp)
    case "--version":
        print("\(ToolInfo.name) \(ToolInfo.version)")
    case "decode":
        let status = try DecodeCommand.run(Array(arguments.dropFirst()))
        if status != 0 { exit(status) }
    case "stats":
        exit(try ArchiveCommands.stats(Array(arguments.dropFirst())))
    case "verify":
        exit(try ArchiveCommands.verify(Array(arguments.dropFirst())))
    case "emulate":
        exit(try EmulateCommand.run(Array(arguments.dropFirst())))
    case "gallery":
        exit(try GalleryCommand.run(Array(arguments.dropFirst())))
    case "merge":
        exit(try MergeCommand.run(Array(arguments.dropFirst())))
    case "export":
        exit(try ExportCommand.run(Array(arguments.dropFirst())))
    case "schema":
        print(try SchemaCommand.run(Array(arguments.dropFirst())))
    case "report":
        exit(try ReportCommand.run(Array(arguments.dropFirst())))
    case "url":
        print(try URLCommand.run(Array(arguments.dropFirst())))
    case "refresh":
        exit(try await RefreshCommand.run(Array(arguments.dropFirst())))
    case "crawl":
        exit(try await CrawlCommand.run(Array(arguments.dropFirst())))
    case let option? where option.hasPrefix("--"):
        // crawl is the default command.
        exit(try await CrawlCommand.run(arguments))
    case let other?:
        let hint =
            Spelling.nearest(to: other, in: commands + ["--help", "--version"]).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown command \"\(other)\"\(hint); run ytcrawl --help for the list")
    }
} catch let error as UsageError {
    writeStderr("ytcrawl: \(error.description)")
    exit(2)
} catch {
    writeStderr("ytcrawl: \(error)")
    exit(1)
}
