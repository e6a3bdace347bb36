import Archive
import Crawler
import Foundation
import StreamingJSON

/// Which videos a snapshot covers and where it goes: an unfinished snapshot of DIR is completed
/// with the ids it was started with; a new one takes `--ids FILE`, else every video DIR holds.
enum SnapshotTargets {
    struct Scope {
        var ids: [String]
        var source: String
    }

    /// What a new snapshot covers, read again for each (DIR may have grown between two); checked
    /// once now, so bad input fails before anything is spent.
    static func fresh(_ options: RefreshCommand) throws -> () throws -> Scope {
        let directory = options.directory
        if let path = options.idsPath {
            let scope = Scope(ids: try read(idsFile: path), source: "ids from \(path)")
            return { scope }
        }
        func videos() throws -> Scope {
            var ids: Set<String> = []
            do {
                // Closed shards and the complete part of open ones: a crawl may be writing there.
                try ArchiveReader.forEachCompleteLine(directory: directory, kind: .videos) { line in
                    if let id = RecordKind.videos.id(inLine: line) { ids.insert(id) }
                }
            } catch {
                throw RuntimeFailure("cannot read the videos of \(directory): \(error)")
            }
            return Scope(ids: ids.sorted(), source: "the videos of \(directory)")
        }
        let now = try videos()
        guard !now.ids.isEmpty else {
            throw UsageError(
                "\(directory) holds no videos (videos-*.jsonl.gz): crawl into it first, or pass --ids FILE with the videos to refresh"
            )
        }
        return videos
    }

    /// The snapshot to write now: the unfinished one, else a new one (its `ids.txt` written first).
    static func next(_ options: RefreshCommand, fresh: () throws -> Scope) throws -> (String, SnapshotPlan) {
        let root = SnapshotDirectory.root(of: options.directory)
        let unfinished: String?
        do {
            unfinished = try SnapshotDirectory.unfinished(in: options.directory)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        if let name = unfinished, let ids = SnapshotDirectory.ids(of: root + "/" + name) {
            if !options.shared.run.quiet {
                writeStderr(
                    "ytcrawl: completing the unfinished snapshot \(name) first (\(ids.count) videos)"
                        + (options.idsPath == nil ? "" : "; --ids applies to the next one"))
            }
            return (root + "/" + name, SnapshotPlan(ids: ids, method: options.method, source: "snapshot \(name)"))
        }
        let name =
            unfinished ?? SnapshotDirectory.newName(in: options.directory, atUTC: Int64(Date().timeIntervalSince1970))
        let scope = try fresh()
        let path = root + "/" + name
        do {
            try SnapshotDirectory.writeIds(scope.ids, to: path)
        } catch {
            throw RuntimeFailure(
                "cannot write \(path)/\(SnapshotDirectory.idsFile): \(error); free space (or fix permissions) and rerun the same command: it starts this snapshot again"
            )
        }
        return (path, SnapshotPlan(ids: scope.ids, method: options.method, source: scope.source))
    }

    /// The ids of an `--ids` file: one id or watch URL a line; blank lines and `#` comments skipped.
    static func read(idsFile path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--ids \(path): no such file or not readable")
        }
        var ids: [String] = []
        for (index, rawLine) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            guard let id = SeedsParser.videoId(text) else {
                throw UsageError(
                    "\(path):\(index + 1): found \"\(TerminalText.line(String(text.prefix(80))))\"; expected an 11-character video id or a watch URL; fix or remove the line"
                )
            }
            ids.append(id)
        }
        guard !ids.isEmpty else { throw UsageError("--ids \(path) lists no video ids") }
        return ids
    }
}
