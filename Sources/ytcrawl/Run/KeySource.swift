import Crawler
import Foundation

/// Where the API keys come from: `--key-file FILE` (a pool), else `YOUTUBE_API_KEY`. The one
/// place keys are loaded; never from a flag's value.
enum KeySource {
    /// The keys, or `nil` when none is given.
    ///
    /// - Throws: ``UsageError`` for a key file that cannot be used.
    static func load(
        keyFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> [APIKey]? {
        if let keyFile {
            do {
                return try APIKey.load(file: keyFile)
            } catch {
                throw UsageError("\(error)")
            }
        }
        if let key = environment["YOUTUBE_API_KEY"], !key.isEmpty {
            if let problem = APIKey.problem(in: key) {
                throw UsageError("YOUTUBE_API_KEY cannot be used: \(problem); set it to the key alone")
            }
            return [APIKey(value: key, label: "YOUTUBE_API_KEY")]
        }
        return nil
    }

    static let missing = "no API key: set YOUTUBE_API_KEY or pass --key-file FILE (or --emulator to crawl offline)"
}
