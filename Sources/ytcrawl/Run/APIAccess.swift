import Archive
import Crawler
import Emulator
import Foundation
import Transport
import YouTubeKit

/// What a run talks to, from the options every API command shares: the API (`--api-base`, or the
/// built-in emulator with `--emulator` and its `--emulator-X` options) and the keys
/// (`YOUTUBE_API_KEY` or `--key-file`); and the limiter and crawler over them.
struct APIAccess {
    var emulator: EmulatorServer?
    var apiBase: String
    var keys: [APIKey]

    /// The key the built-in emulator accepts.
    static let emulatorKey = "emulator-key"

    /// Starts the emulator when `options` ask for it; else loads the keys.
    ///
    /// - Throws: ``UsageError`` when no key is given or a key cannot be used.
    init(_ options: APIOptions) throws {
        apiBase = options.apiBase
        if let configuration = options.emulator {
            let server = try EmulatorServer(configuration)
            apiBase = server.start()
            emulator = server
            keys = [APIKey(value: Self.emulatorKey, label: "the emulator's key")]
        } else {
            guard let loaded = try KeySource.load(keyFile: options.keyFile) else { throw UsageError(KeySource.missing) }
            keys = loaded
        }
        for key in keys { TerminalText.redact(key.value, as: key.label) }
    }

    /// A limiter over the keys, its daily counts kept in the ledger of `stateDirectory`.
    func limiter(_ configuration: RateLimiterConfiguration, stateDirectory: String) throws -> RateLimiter<
        ContinuousClock
    > {
        let ledger: QuotaLedger
        do {
            ledger = try QuotaLedger(directory: stateDirectory)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        return try RateLimiter(
            configuration: configuration, keys: keys, clock: ContinuousClock(),
            utcNow: { Int64(Date().timeIntervalSince1970) }, ledger: ledger, apiBase: apiBase)
    }

    /// A crawler (or snapshot) writing to `configuration.out`, logging to stderr unless `quiet`.
    func crawler(_ configuration: CrawlConfiguration, limiter: RateLimiter<ContinuousClock>, quiet: Bool) throws
        -> Crawler<ContinuousClock>
    {
        do {
            let output = try configuration.openOutput(startedAt: limiter.utcNow())
            return Crawler(
                configuration: configuration, transport: try CurlTransport(), limiter: limiter, sink: output,
                log: { @Sendable line in if !quiet { writeStderr("ytcrawl: " + line) } })
        } catch let busy as OutputInUse {
            throw UsageError(busy.description)
        } catch let mismatch as AuthorPseudonymsMismatch {
            // Nothing written, no request made: the command line asks for what the output refuses.
            throw UsageError(mismatch.description)
        } catch {
            throw RuntimeFailure("cannot open \(configuration.out): \(error)")
        }
    }
}
