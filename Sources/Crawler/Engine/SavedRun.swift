import Archive
import Foundation

/// What an output's last run was given, as its checkpoint keeps it: its seeds and the options
/// that say what it collects. `ytcrawl update DIR` runs them again.
public struct SavedRun: Decodable, Sendable {
    /// The seed lines (trimmed, comments removed); `nil` in a checkpoint of an earlier version
    /// that did not keep them.
    public var seeds: [String]?
    /// The options the run collected with; `nil` when its checkpoint does not say.
    public var options: CrawlSelection?

    /// The last run of the output in `directory`, read once; `nil` when it has no checkpoint (or
    /// one of the earliest versions, a bare list of items).
    ///
    /// - Throws: ``ArchiveError`` when the checkpoint cannot be read.
    public static func read(directory: String) throws -> SavedRun? {
        guard let frontier = try Checkpoint.load(directory: directory)?.frontier else { return nil }
        return try? JSONDecoder().decode(SavedRun.self, from: Data(frontier))
    }
}
