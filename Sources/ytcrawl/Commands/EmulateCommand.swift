import Emulator
import Foundation
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `ytcrawl emulate`: the offline YouTube Data API, until SIGINT/SIGTERM.
enum EmulateCommand {
    static let help = """
        Usage: ytcrawl emulate [options]

        Run the offline YouTube Data API v3 emulator on 127.0.0.1. The first line printed is its base
        URL (give it to --api-base); the API lives under /youtube/v3. Serves until Ctrl-C or SIGTERM.

        Corpus (same flags, same bytes):
          --port N                 port to listen on (default 0: a free one)
          --corpus-seed N          seed of the synthetic corpus (default 1)
          --channels N             channels (default 300)
          --videos-per-channel N   mean uploads per channel; each has 1 to twice this (default 40)
        Keys and quota:
          --keys K1,K2             the keys accepted (default: any non-empty key)
          --quota-model M          buckets (default) or classic
          --daily-units N          units a key may spend per Pacific day (default 10000)
          --daily-searches N       search.list calls per Pacific day, buckets model (default 100)
          --daily-stats-units N    videos:batchGetStats units per Pacific day, buckets model (default 10000)
          --rps-limit N            requests per second per key before 403 rateLimitExceeded (default: none)
          --clock-offset SECONDS   shift the emulator's clock, e.g. to cross a Pacific midnight (default 0).
                                   The corpus changes with its days: the emulator starts on day 0;
                                   each day later, statistics grow and a few videos vanish
                                   (--clock-offset 172800 serves day 2)
        Faults:
          --fault-rate R           probability of a fault per request, 0 to 1 (default 0)
          --faults LIST            kinds: 500,503,429,rateLimit,reset,truncate,garbage,slow (default: all)
          --latency-ms N           delay added to every response (default 0)
          --no-gzip                send responses uncompressed even to clients that accept gzip
        Connections:
          --max-connections N      connections open at once, idle ones included (default 256);
                                   beyond them a client gets 503 backendError and a close
          --idle-timeout SECONDS   an idle connection is closed after it (default 10); a request
                                   head stalled or still trickling in after it gets 408
        Other:
          --dump-truth DIR         write every video (as it stands on the emulator's day),
                                   channel and comment as records to DIR/videos.jsonl,
                                   DIR/channels.jsonl and DIR/comments.jsonl, then serve
          --dump-truth-kinds LIST  which of videos,channels,comments to dump (default all; comments
                                   of a large corpus take gigabytes)
          -v, --verbose            log one line per request on stderr (keys are never logged)
          -h, --help               show this help

        Example:
          ytcrawl emulate --channels 50 --fault-rate 0.05 --faults 500,reset
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ArgumentScanner(
            command: "emulate",
            valued: [
                "--port", "--corpus-seed", "--channels", "--videos-per-channel", "--keys", "--quota-model",
                "--daily-units", "--daily-searches", "--daily-stats-units", "--rps-limit", "--clock-offset",
                "--fault-rate", "--faults", "--dump-truth-kinds",
                "--latency-ms", "--dump-truth", "--max-connections", "--idle-timeout",
            ],
            flags: ["-v", "--verbose", "--no-gzip"], arguments: arguments)
        if options.wantsHelp {
            print(help)
            return 0
        }
        if let extra = options.positional.first {
            throw UsageError("ytcrawl emulate takes no arguments, got \"\(extra)\"; see ytcrawl emulate --help")
        }
        let configuration = try configuration(options)
        let port = try options.integer("--port", default: 0, range: 0...65_535)
        let maximumConnections = try options.integer(
            "--max-connections", default: EmulatorServer.defaultMaximumConnections, range: 1...100_000)
        let idleTimeout = try options.integer("--idle-timeout", default: 10, range: 1...3600)
        // Block the stop signals in every thread; the main thread waits for them below.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let emulator: EmulatorServer
        do {
            emulator = try EmulatorServer(
                configuration, port: UInt16(port), idleTimeoutSeconds: idleTimeout,
                maximumConnections: maximumConnections)
        } catch {
            throw RuntimeFailure("cannot start the emulator on 127.0.0.1:\(port): \(error); choose another --port")
        }
        if let directory = options.string("--dump-truth") {
            do {
                try emulator.dumpTruth(to: directory, kinds: try truthKinds(options))
            } catch {
                throw RuntimeFailure("cannot write the ground truth to \(directory): \(error)")
            }
        }
        FileHandle.standardOutput.write(Data((emulator.start() + "\n").utf8))
        writeStderr(
            "ytcrawl emulate: \(emulator.channelCount) channels, \(emulator.videoCount) videos, quota model \(configuration.quotaModel.rawValue); Ctrl-C stops"
        )
        var received: Int32 = 0
        sigwait(&signals, &received)
        emulator.stop()
        writeStderr("ytcrawl emulate: stopped")
        return 0
    }

    /// `--dump-truth-kinds videos,channels,comments` (default all three).
    static func truthKinds(_ options: ArgumentScanner) throws -> Set<TruthKind> {
        guard let list = options.string("--dump-truth-kinds") else { return Set(TruthKind.allCases) }
        return Set(
            try list.split(separator: ",").map { name in
                guard let kind = TruthKind(rawValue: String(name)) else {
                    throw UsageError(
                        "--dump-truth-kinds: unknown kind \"\(name)\"; use \(TruthKind.allCases.map(\.rawValue).joined(separator: ","))"
                    )
                }
                return kind
            })
    }

    static func configuration(_ options: ArgumentScanner) throws -> EmulatorConfiguration {
        let seed = try options.integer("--corpus-seed", default: 1)
        let channels = try options.integer("--channels", default: 300, range: 1...10_000_000)
        let perChannel = try options.integer("--videos-per-channel", default: 40, range: 1...100_000)
        var faults = FaultKind.allCases
        if let list = options.string("--faults") {
            faults = try list.split(separator: ",").map { name in
                guard let kind = FaultKind(rawValue: String(name)) else {
                    throw UsageError(
                        "--faults: unknown kind \"\(name)\"; use \(FaultKind.allCases.map(\.rawValue).joined(separator: ","))"
                    )
                }
                return kind
            }
        }
        let verbose = options.flag("-v") || options.flag("--verbose")
        let offset = try options.integer("--clock-offset", default: 0, range: -100 * 365 * 86_400...100 * 365 * 86_400)
        let keys = options.string("--keys").map { $0.split(separator: ",").map(String.init) } ?? []
        let model: QuotaModel = try options.choice("--quota-model", default: QuotaModel.buckets)
        let units = try options.integer("--daily-units", default: 10_000)
        let searches = try options.integer("--daily-searches", default: 100)
        var rpsLimit: Int?
        if options.string("--rps-limit") != nil {
            rpsLimit = try options.integer("--rps-limit", default: 0, range: 1...1_000_000)
        }
        let faultRate = try options.double("--fault-rate", default: 0, range: 0...1)
        let latency = try options.integer("--latency-ms", default: 0, range: 0...600_000)
        let corpus = CorpusConfiguration(seed: UInt64(seed), channels: channels, videosPerChannel: perChannel)
        let log: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in writeStderr("emulate: " + line) } : nil
        var configuration = EmulatorConfiguration(
            corpus: corpus, keys: keys, quotaModel: model, dailyUnits: units, dailySearches: searches,
            rpsLimit: rpsLimit, faultRate: faultRate, faults: faults, latencyMilliseconds: latency,
            clock: EmulatorConfiguration.systemClock(offsetSeconds: Int64(offset)),
            log: log)
        configuration.compressesResponses = !options.flag("--no-gzip")
        configuration.dailyStatsUnits = try options.integer("--daily-stats-units", default: 10_000)
        // Day 0 begins when the emulator starts, before the offset: an offset of a day serves day 1.
        configuration.dayZero = EmulatorConfiguration.systemClock(offsetSeconds: 0)()
        return configuration
    }
}
