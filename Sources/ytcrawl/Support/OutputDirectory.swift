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
}
