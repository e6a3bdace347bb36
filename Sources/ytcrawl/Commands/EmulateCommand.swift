import Emulator
import Foundation
import StreamingJSON
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ytcrawl emulate`: the offline YouTube Data API, until SIGINT/SIGTERM.
struct EmulateCommand: Command {
    static let port = Option<Int>(
        "--port", help: "port to listen on", default: 0, shownDefault: "default 0: a free one", range: 0...65_535)
    static let keys = Option<[String]>(
        "--keys", "K1,K2", help: "the keys accepted", default: [], shownDefault: "default: any non-empty key"
    ) { _, text in text.split(separator: ",").map(String.init) }
    static let noGzip = Flag("--no-gzip", help: "send responses uncompressed even to clients that accept gzip")
    static let maxConnections = Option<Int>(
        "--max-connections",
        help: "connections open at once, idle ones included; beyond them a client gets 503 backendError and a close",
        default: EmulatorServer.defaultMaximumConnections, range: 1...100_000)
    static let idleTimeout = Option<Int>(
        "--idle-timeout", "SECONDS",
        help:
            "an idle connection is closed after it; a request head stalled or still trickling in after it gets 408",
        default: 10, range: 1...3600)
    static let dumpTruth = Option<String?>(
        "--dump-truth", "DIR",
        help:
            "write every video (as it stands on the emulator's day), channel and comment as records to DIR/videos.jsonl, DIR/channels.jsonl and DIR/comments.jsonl, every live chat and its messages to DIR/chats.jsonl and DIR/chat.jsonl, and every channel link (featured channel or subscription: from, to, relation, sectionTitle) to DIR/links.jsonl, then serve"
    )
    static let dumpTruthKinds = Option<[RecordKind]>.list(
        "--dump-truth-kinds", "LIST",
        help: "which of videos,channels,comments,chat to dump (comments and chat of a large corpus take gigabytes)",
        shownDefault: "default all", allowed: EmulatorService.truthKinds)
    static let dumpTruthSeeds = Option<String?>(
        "--dump-truth-seeds", "FILE",
        help:
            "with --dump-truth: also write, for each search seed (but split=time ones) and chart seed of FILE, what the emulator answers to the crawl's request on its day, page by page, to DIR/results.jsonl (seed, request, page, rank, id)"
    )
    static let verbose = Flag("-v", "--verbose", help: "log one line per request on stderr (keys are never logged)")

    static let configuration = CommandConfiguration(
        name: "emulate", synopsis: "emulate [options]",
        summary: "run the offline YouTube Data API emulator on 127.0.0.1",
        discussion: """
            Run the offline YouTube Data API v3 emulator on 127.0.0.1. The first line printed is its base
            URL (give it to --api-base); the API lives under /youtube/v3. Serves until Ctrl-C or SIGTERM.
            """,
        groups: [
            OptionGroup("Corpus (same flags, same bytes)", [port.spec] + EmulatorOptions.direct.corpus),
            OptionGroup("Keys and quota", [keys.spec, APIOptions.quotaModel.spec] + EmulatorOptions.direct.quota),
            OptionGroup("Faults", EmulatorOptions.direct.faultOptions + [noGzip.spec]),
            OptionGroup("Connections", [maxConnections.spec, idleTimeout.spec]),
            OptionGroup("Other", [dumpTruth.spec, dumpTruthKinds.spec, dumpTruthSeeds.spec, verbose.spec]),
        ],
        epilogue: """
            Example:
              ytcrawl emulate --channels 50 --fault-rate 0.05 --faults 500,reset
            """, arguments: .none)

    var emulator: EmulatorConfiguration
    var port: Int
    var maximumConnections: Int
    var idleTimeout: Int
    var dumpTruth: String?
    var truthKinds: Set<RecordKind>
    var truthSeeds: String?

    init(_ scanner: ArgumentScanner) throws {
        if let extra = scanner.positional.first {
            throw UsageError("ytcrawl emulate takes no arguments, got \"\(extra)\"; see ytcrawl emulate --help")
        }
        let log: (@Sendable (String) -> Void)? =
            scanner[Self.verbose] ? { @Sendable line in writeStderr("emulate: " + line) } : nil
        emulator = try EmulatorOptions.direct.configuration(
            scanner, model: try scanner[APIOptions.quotaModel], log: log)
        emulator.keys = try scanner[Self.keys]
        emulator.compressesResponses = !scanner[Self.noGzip]
        port = try scanner[Self.port]
        maximumConnections = try scanner[Self.maxConnections]
        idleTimeout = try scanner[Self.idleTimeout]
        dumpTruth = try scanner[Self.dumpTruth]
        truthKinds = Set(try scanner[Self.dumpTruthKinds])
        truthSeeds = try scanner[Self.dumpTruthSeeds]
        if truthSeeds != nil, dumpTruth == nil {
            throw UsageError("--dump-truth-seeds FILE writes into the --dump-truth DIR: give --dump-truth DIR too")
        }
    }

    /// Set to a process id in its environment (the process that starts it), the emulator stops
    /// once it is no longer that process's child: the process ended, cleanup or not. Tests start
    /// it so, and a test process killed before its cleanup leaves no server behind.
    static let exitWithParent = "YTCRAWL_EMULATE_EXIT_WITH_PARENT"

    /// Watches the parent: once the emulator is not `parent`'s child (adopted after it ended, or
    /// already when it started), SIGTERM to itself, which stops it as Ctrl-C does.
    static func stop(whenNotChildOf parent: pid_t) {
        let watcher = Thread {
            while getppid() == parent { Thread.sleep(forTimeInterval: 0.5) }
            kill(getpid(), SIGTERM)
        }
        watcher.start()
    }

    /// Serves until SIGINT/SIGTERM, waiting for them on the main thread.
    @MainActor
    func run() async throws -> Int32 {
        // Block the stop signals in every thread; this thread waits for them below.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let server: EmulatorServer
        do {
            server = try EmulatorServer(
                emulator, port: UInt16(port), idleTimeoutSeconds: idleTimeout, maximumConnections: maximumConnections)
        } catch {
            throw RuntimeFailure("cannot start the emulator on 127.0.0.1:\(port): \(error); choose another --port")
        }
        if let dumpTruth {
            do {
                try server.dumpTruth(to: dumpTruth, kinds: truthKinds)
                if let truthSeeds { try TruthAnswers.write(seedsFile: truthSeeds, server: server, to: dumpTruth) }
            } catch let failure as RuntimeFailure {
                throw failure
            } catch {
                throw RuntimeFailure("cannot write the ground truth to \(dumpTruth): \(error)")
            }
        }
        FileHandle.standardOutput.write(Data((server.start() + "\n").utf8))
        writeStderr(
            "ytcrawl emulate: \(server.channelCount) channels, \(server.videoCount) videos, quota model \(emulator.quotaModel.rawValue); Ctrl-C stops"
        )
        if let parent = ProcessInfo.processInfo.environment[Self.exitWithParent].flatMap({ pid_t($0) }) {
            Self.stop(whenNotChildOf: parent)
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        writeStderr("ytcrawl emulate: stopped")
        return 0
    }
}
