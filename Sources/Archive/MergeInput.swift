import Foundation
import StreamingJSON

/// One input of a merge, checked before anything is written: it verifies against its manifest
/// (``ArchiveVerifier``), and the merge reads only the shards its manifest lists and, for a run
/// that has not finished, the committed part of the open shards its checkpoint counts. Each of
/// those must be a regular file; any other shard file in it is left out, and named.
struct MergeInput {
    let directory: String
    /// Closed shards manifest.json lists, by kind, in its order.
    private let listed: [RecordKind: [String]]
    /// Open shards checkpoint.json counts (an unfinished run): the file and what it committed.
    private let open: [RecordKind: [(file: String, commit: ShardWriter.Commit)]]
    /// Shard files in the directory neither lists: not read.
    let unlisted: [String]

    /// Checks `directory`.
    ///
    /// - Throws: ``ArchiveError`` naming the input, the shard and the fix when a shard it lists is
    ///   not a regular file or the input does not verify.
    init(directory: String) throws {
        self.directory = directory
        guard let manifest = try Manifest.load(directory: directory) else {
            throw ArchiveError("\(directory) has no manifest.json: not a ytcrawl output directory")
        }
        let checkpoint = try Checkpoint.load(directory: directory)
        var listed: [RecordKind: [String]] = [:]
        var read: Set<String> = []
        for shard in manifest.shards {
            guard let name = ShardName(fileName: shard.name), name.fileName == shard.name else {
                throw ArchiveError(
                    "\(directory)/manifest.json lists \(shard.name), which is not a shard name; "
                        + Self.fix(directory))
            }
            try Self.requireRegularFile(directory, shard.name)
            listed[name.kind, default: []].append(shard.name)
            read.insert(shard.name)
        }
        var open: [RecordKind: [(file: String, commit: ShardWriter.Commit)]] = [:]
        if let checkpoint, !checkpoint.finished {
            for commit in checkpoint.openShards where commit.records > 0 {
                guard let name = ShardName(fileName: commit.name), commit.name == name.partFileName else {
                    throw ArchiveError(
                        "\(directory)/checkpoint.json counts records in \(commit.name), which is not an open shard's name; "
                            + Self.fix(directory))
                }
                // A run killed between closing a shard and its next checkpoint left it renamed.
                let file = [commit.name, name.fileName].first { Self.exists(directory, $0) } ?? commit.name
                guard !read.contains(file) else { continue }
                try Self.requireRegularFile(directory, file)
                open[name.kind, default: []].append((file, commit))
                read.insert(file)
            }
        }
        let verified = ArchiveVerifier.verify(directory: directory, ignoringUnlisted: true)
        if let problem = verified.problem {
            throw ArchiveError("\(directory) does not verify: \(problem); " + Self.fix(directory))
        }
        self.listed = listed
        self.open = open
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        unlisted = names.filter { ShardName(fileName: $0) != nil && !read.contains($0) }.sorted()
    }

    /// What to do about an input that does not verify: nothing was merged.
    static func fix(_ directory: String) -> String {
        "nothing was merged: run ytcrawl verify \(directory), repair or re-crawl that output, then rerun the merge "
            + "(or leave \(directory) out of it)"
    }

    private static func exists(_ directory: String, _ name: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)) != nil
    }

    /// Refuses a shard that is a symbolic link, a directory or a device: merge reads the files a
    /// crawl wrote, never what a link points to.
    private static func requireRegularFile(_ directory: String, _ name: String) throws {
        let path = directory + "/" + name
        // attributesOfItem does not follow a symbolic link: it describes the link itself.
        guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        else {
            return  // Missing: the verifier names it.
        }
        if type == .typeSymbolicLink {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw ArchiveError(
                "\(path) is a symbolic link (to \(target)): merge reads only the regular files a crawl wrote; "
                    + "replace the link with the shard itself (cp --remove-destination \"$(readlink -f \(path))\" \(path)), "
                    + "check it with ytcrawl verify \(directory), then rerun the merge")
        }
        guard type == .typeRegular else {
            throw ArchiveError(
                "\(path) is not a regular file: merge reads only the shard files a crawl wrote; "
                    + Self.fix(directory))
        }
    }

    /// Calls `body` with each record line of `kind` merge reads from this input, in shard order.
    func forEachLine(kind: RecordKind, _ body: ([UInt8]) throws -> Void) throws {
        for name in listed[kind] ?? [] {
            try ArchiveReader.forEachLine(path: directory + "/" + name) { line, _ in try body(Array(line)) }
        }
        for (file, commit) in open[kind] ?? [] {
            let lines = ShardSalvage.records(path: directory + "/" + file, kind: kind, upTo: commit.committedBytes)
            for line in lines.prefix(commit.records) { try body(Array(line.dropLast())) }
        }
    }
}
