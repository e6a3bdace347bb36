import Archive
import Foundation

/// The output directory a command reads (stats, verify, gallery, report, export, merge).
enum OutputDirectory {
    /// Refuses a path that is not a directory, naming it and what to give instead.
    ///
    /// - Throws: ``UsageError``.
    static func require(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("\(directory) is not a directory; give the --out directory of a crawl")
        }
    }

    /// Refuses an output a prune was interrupted in (`prune-journal.json`): some of its shards
    /// are the pruned ones and some not yet, so reading it would show (or snapshot, or export)
    /// videos being removed. `ytcrawl prune DIR` finishes it.
    ///
    /// - Throws: ``RuntimeFailure`` naming the journal and the command that finishes it.
    static func requireNoInterruptedPrune(_ directory: String) throws {
        if let interrupted = ArchivePruner.interrupted(directory) { throw RuntimeFailure(interrupted) }
    }
}
