import Foundation
import YouTubeKit

/// The statistics snapshots of an output directory: `DIR/snapshots/<UTC time>/`, each with its
/// stats shards, manifest, checkpoint and `ids.txt` (the videos it covers, one id a line).
public enum SnapshotDirectory {
    public static let folder = "snapshots"
    public static let idsFile = "ids.txt"

    /// `DIR/snapshots`.
    public static func root(of directory: String) -> String { directory + "/" + folder }

    /// The output a snapshot directory (`OUT/snapshots/NAME`) belongs to; `nil` for a path not
    /// of that form.
    public static func owner(of snapshot: String) -> String? {
        var parts = snapshot.split(separator: "/", omittingEmptySubsequences: false)
        while parts.last == "" { parts.removeLast() }
        guard parts.count >= 3, parts[parts.count - 2] == Substring(folder) else { return nil }
        let owner = parts.dropLast(2).joined(separator: "/")
        return owner.isEmpty ? "/" : owner
    }

    /// The snapshots' folder names, oldest first (their names sort by time).
    public static func names(in directory: String) -> [String] {
        let root = root(of: directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { isSnapshotName($0) && isDirectory(root + "/" + $0) }.sorted()
    }

    /// A snapshot's folder name for a UTC second: `20261130T204500Z`.
    public static func name(atUTC seconds: Int64) -> String {
        String(RFC3339.format(seconds: seconds).filter { $0 != "-" && $0 != ":" })
    }

    /// The UTC second a snapshot's folder name says it began (`nil` for another name).
    public static func time(ofName name: String) -> Int64? {
        let stamp = Array(name.prefix(16))
        guard stamp.count == 16 else { return nil }
        let text =
            String(stamp[0..<4]) + "-" + String(stamp[4..<6]) + "-" + String(stamp[6..<8]) + "T"
            + String(stamp[9..<11]) + ":" + String(stamp[11..<13]) + ":" + String(stamp[13..<15]) + "Z"
        return RFC3339.parseSeconds(text)
    }

    /// Whether a folder name is one ``name(atUTC:)`` gives (with a `-2`, `-3`… suffix when two
    /// snapshots began within one second).
    static func isSnapshotName(_ name: String) -> Bool {
        let base = name.split(separator: "-", maxSplits: 1).first ?? ""
        return base.count == 16 && base.hasSuffix("Z") && base.dropLast().allSatisfy { $0.isNumber || $0 == "T" }
    }

    /// The newest snapshot not finished (no `finishedAt` in its manifest), if any: a refresh
    /// completes it instead of starting another.
    public static func unfinished(in directory: String) throws -> String? {
        for name in names(in: directory).reversed() {
            let path = root(of: directory) + "/" + name
            let manifest = try Manifest.load(directory: path)
            if manifest?.finishedAt == nil { return name }
        }
        return nil
    }

    /// A new snapshot folder's name at `seconds`, not yet taken.
    public static func newName(in directory: String, atUTC seconds: Int64) -> String {
        let base = name(atUTC: seconds)
        let taken = Set(names(in: directory))
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = base + "-\(suffix)"
            suffix += 1
        }
        return name
    }

    /// The ids a snapshot covers, as its `ids.txt` lists them; `nil` when it has none yet.
    public static func ids(of snapshot: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: snapshot + "/" + idsFile) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Writes `ids.txt` atomically: the snapshot's scope, fixed before its first request.
    public static func writeIds(_ ids: [String], to snapshot: String) throws {
        try FileManager.default.createDirectory(atPath: snapshot, withIntermediateDirectories: true)
        try AtomicFile.write(Array((ids.joined(separator: "\n") + "\n").utf8), to: snapshot + "/" + idsFile)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
