import Foundation
import StreamingJSON

/// `ytcrawl merge A B … --out C`: one record per id per kind from several output directories, the
/// newest `fetchedAt` winning (the first input on a tie), into fresh shards of C with a manifest
/// that lists its inputs. Two passes over the inputs' lines: the first keeps, per id, which input
/// holds the newest version; the second copies those lines as they are. Memory is bounded by the
/// id sets, not the data. Statistics snapshots are copied whole.
///
/// The inputs are not trusted: each must verify against its manifest before anything is
/// written, and only the shards its manifest (and an unfinished run's checkpoint) lists are
/// read, never a stray file or what a symbolic link points to.
public enum ArchiveMerger {
    public struct Report: Sendable {
        /// Records written per kind, and lines read per kind (the difference: older versions).
        public var written: [RecordKind: Int] = [:]
        public var read: [RecordKind: Int] = [:]
        public var snapshots = 0
        /// Shard files an input holds but does not list (`input/name`): left out, not read.
        public var unlisted: [String] = []
    }

    /// Why `out` cannot take a merge (which writes a fresh directory), or `nil` when it is empty or
    /// missing. Shards alone, without a manifest or a checkpoint, are what an interrupted merge
    /// leaves.
    public static func notFresh(_ out: String) -> String? {
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter {
            $0 != OutputLock.fileName
        }
        guard !existing.isEmpty else { return nil }
        if existing.allSatisfy({ ShardName(fileName: $0) != nil }) {
            return "\(out) holds only shards, no manifest or checkpoint, as an interrupted merge leaves them: "
                + "if that is what it is, remove it and rerun the merge"
        }
        return "\(out) is not empty: merge writes a fresh output; give a new --out"
    }

    /// Merges `inputs` into `out`, which must be empty or absent; `out` is not created or touched
    /// when an input is refused.
    ///
    /// - Throws: ``ArchiveError`` naming the directory or file and what to do (an input that does
    ///   not verify, a shard that is a symbolic link, the same input twice, `out` inside an
    ///   input); ``OutputInUse`` when a crawl is writing to an input or to `out`.
    public static func merge(
        _ inputs: [String], into out: String, options: ShardWriter.Options = .init(), toolVersion: String,
        startedAt: String
    ) throws -> Report {
        if let problem = pathProblem(inputs: inputs, out: out) { throw ArchiveError(problem) }
        var manifests: [Manifest] = []
        // Held until the end: no crawl writes to an input while it is checked and read.
        var locks: [OutputLock] = []
        for input in inputs {
            guard let manifest = try Manifest.load(directory: input) else {
                throw ArchiveError("\(input) has no manifest.json: not a ytcrawl output directory")
            }
            manifests.append(manifest)
            locks.append(try OutputLock(directory: input))
        }
        let sources = try inputs.map { try MergeInput(directory: $0) }
        if let problem = notFresh(out) { throw ArchiveError(problem) }
        var manifest = Manifest(toolVersion: toolVersion, startedAt: startedAt)
        manifest.inputs = inputs
        var units: [String: Int] = [:]
        var disabled: [String] = []
        for input in manifests {
            units.merge(input.unitsByMethod) { $0 + $1 }
            disabled += input.commentsDisabled ?? []
        }
        manifest.unitsByMethod = units
        // Each input's captures as it recorded them (a gap one input has, another may have filled:
        // the merged messages are the union, each once).
        let chats = manifests.flatMap { $0.chats ?? [] }
        manifest.chats = chats.isEmpty ? nil : chats
        // The seeds of every input, each with its file and line.
        let seeds = manifests.flatMap { $0.provenance?.seeds ?? [] }
        manifest.provenance = manifests.compactMap(\.provenance).first.map {
            Provenance(apiBase: $0.apiBase, apiRevision: $0.apiRevision, seeds: seeds.isEmpty ? nil : seeds)
        }
        manifest.authorPseudonyms = try AuthorPseudonyms.common(of: inputs, manifests: manifests)
        let writer = try ArchiveWriter(directory: out, options: options, manifest: manifest, runKind: "merge")
        writer.noteCommentsDisabled(disabled)
        var report = Report()
        report.unlisted = sources.flatMap { source in source.unlisted.map { source.directory + "/" + $0 } }
        for kind in RecordKind.crawlKinds {
            // Pass 1: the input holding each id's newest version.
            var newest: [String: (fetchedAt: String, input: Int)] = [:]
            for (index, input) in sources.enumerated() {
                try input.forEachLine(kind: kind) { line in
                    report.read[kind, default: 0] += 1
                    guard let id = kind.id(inLine: line) else { return }
                    let fetched = fetchedAt(inLine: line) ?? ""
                    if let best = newest[id], best.fetchedAt >= fetched { return }
                    newest[id] = (fetched, index)
                }
            }
            // Pass 2: those lines, once each, each brought to the current schema (an older input's
            // records get the columns added since as null).
            for (index, input) in sources.enumerated() {
                let version = kind.schemaVersion(in: manifests[index])
                guard version <= kind.schema.version else {
                    throw ArchiveError(
                        "\(inputs[index]) holds \(kind) of schema version \(version), newer than this ytcrawl "
                            + "writes (\(kind.schema.version)): merge with a newer ytcrawl")
                }
                try input.forEachLine(kind: kind) { line in
                    guard let id = kind.id(inLine: line), newest[id]?.input == index else { return }
                    newest[id] = nil
                    try writer.append(line: kind.upgraded(line: line, fromVersion: version), kind: kind)
                    report.written[kind, default: 0] += 1
                }
            }
        }
        _ = try writer.finish(unitsByMethod: units)
        writer.releaseOutput()
        report.snapshots = try copySnapshots(inputs, into: out)
        // The package lists the snapshots too.
        try DataPackage.write(for: out)
        _ = locks
        return report
    }

    /// The `fetchedAt` of a record line: its first `"fetchedAt":"…"` member. Every column the
    /// encoder writes before it is text (whose quotes are escaped), a number, or an object whose
    /// values are objects or fixed members, so the first match is the column itself; columns after
    /// it (schema 2's `localizations`, kept as sent) may hold any key.
    static func fetchedAt(inLine line: [UInt8]) -> String? {
        let key = Array(#""fetchedAt":""#.utf8)
        guard line.count > key.count else { return nil }
        var start = 0
        while start + key.count <= line.count {
            if line[start] == key[0], line[start..<(start + key.count)].elementsEqual(key) {
                let value = line[(start + key.count)...]
                guard let end = value.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return String(decoding: value[..<end], as: UTF8.self)
            }
            start += 1
        }
        return nil
    }

    /// Copies each input's snapshots into `out/snapshots`, renaming one whose name is taken.
    private static func copySnapshots(_ inputs: [String], into out: String) throws -> Int {
        var copied = 0
        for input in inputs {
            for name in SnapshotDirectory.names(in: input) {
                var target = name
                var suffix = 2
                while FileManager.default.fileExists(atPath: SnapshotDirectory.root(of: out) + "/" + target) {
                    target = name + "-\(suffix)"
                    suffix += 1
                }
                try FileManager.default.createDirectory(
                    atPath: SnapshotDirectory.root(of: out), withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    atPath: SnapshotDirectory.root(of: input) + "/" + name,
                    toPath: SnapshotDirectory.root(of: out) + "/" + target)
                try? FileManager.default.removeItem(
                    atPath: SnapshotDirectory.root(of: out) + "/" + target + "/" + OutputLock.fileName)
                copied += 1
            }
        }
        return copied
    }
}
