import Archive
import Foundation

/// The seeds an output's last run was given, as its checkpoint keeps them: `ytcrawl update DIR`
/// runs them again.
public enum SavedSeeds {
    private struct Listed: Decodable {
        var seeds: [String]?
        var options: SavedCrawlOptions?
    }

    /// The seed lines (trimmed, comments removed); `nil` when the output has no checkpoint, or
    /// one of an earlier version that did not keep them.
    ///
    /// - Throws: ``ArchiveError`` when the checkpoint cannot be read.
    public static func lines(directory: String) throws -> [String]? {
        try listed(directory: directory)?.seeds
    }

    /// The options the last run collected with; `nil` when its checkpoint does not say.
    public static func options(directory: String) throws -> SavedCrawlOptions? {
        try listed(directory: directory)?.options
    }

    private static func listed(directory: String) throws -> Listed? {
        guard let frontier = try Checkpoint.load(directory: directory)?.frontier else { return nil }
        // A checkpoint of the earliest versions holds a bare list of items.
        return try? JSONDecoder().decode(Listed.self, from: Data(frontier))
    }
}
