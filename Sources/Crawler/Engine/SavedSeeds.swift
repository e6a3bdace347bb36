import Archive
import Foundation

/// The seeds an output's last run was given, as its checkpoint keeps them: `ytcrawl update DIR`
/// runs them again.
public enum SavedSeeds {
    private struct Listed: Decodable {
        var seeds: [String]?
    }

    /// The seed lines (trimmed, comments removed); `nil` when the output has no checkpoint, or
    /// one of an earlier version that did not keep them.
    ///
    /// - Throws: ``ArchiveError`` when the checkpoint cannot be read.
    public static func lines(directory: String) throws -> [String]? {
        guard let frontier = try Checkpoint.load(directory: directory)?.frontier else { return nil }
        do {
            return try JSONDecoder().decode(Listed.self, from: Data(frontier)).seeds
        } catch {
            // A checkpoint of the earliest versions holds a bare list of items.
            return nil
        }
    }
}
