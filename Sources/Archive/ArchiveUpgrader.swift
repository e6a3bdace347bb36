import Digest
import Foundation
import Gzip
import StreamingJSON
import YouTubeKit

/// `ytcrawl upgrade DIR`: brings the records of an output written by an older ytcrawl to the
/// schema this one writes, the derived columns of version 3 computed from each line's own text
/// (``RecordEncoder/version3Columns(of:record:answer:)``) and, for comments, from their threads
/// (``ReplyInference``), so an upgraded output holds what a fresh crawl of the same answers would.
///
/// Crash-safe as a prune is, with the same journal (``ArchivePruner``): every rewritten shard is
/// written beside itself, the journal names them, then they are renamed into place; a kill before
/// the journal leaves the output as it was, one after it is finished by the next `upgrade` or
/// `prune`. The upgrade is one more run in the manifest's history.
public enum ArchiveUpgrader {
    public struct Report: Sendable {
        /// Records rewritten, by kind.
        public var upgraded: [RecordKind: Int] = [:]
        /// The schema versions the kinds had.
        public var fromVersions: [RecordKind: Int] = [:]
        public var shards = 0
        /// An interrupted prune or upgrade was found and finished first.
        public var finishedInterrupted = false
    }

    /// The kinds whose columns depend on their version.
    static let kinds: [RecordKind] = [.videos, .channels, .comments]

    public static func upgrade(directory: String, dryRun: Bool, now: Date = Date()) throws -> Report {
        let lock = try OutputLock(directory: directory)
        defer { lock.release() }
        var report = Report()
        if FileManager.default.fileExists(atPath: directory + "/" + ArchivePruner.journalName) {
            guard !dryRun else {
                throw ArchiveError(
                    "\(directory) holds an interrupted prune or upgrade (\(ArchivePruner.journalName)); rerun ytcrawl upgrade without --dry-run to finish it first"
                )
            }
            try ArchivePruner.finish(directory: directory)
            report.finishedInterrupted = true
        }
        var manifest = try ArchivePruner.rewritableManifest(directory, before: "upgrading")
        let stale = kinds.filter { $0.schemaVersion(in: manifest) < $0.schema.version }
        for kind in stale { report.fromVersions[kind] = kind.schemaVersion(in: manifest) }
        guard !stale.isEmpty else { return report }
        let answers = stale.contains(.comments) ? try replyAnswers(directory, manifest) : [:]
        var journal = ArchivePruner.Journal(replacements: [], manifests: [:])
        var shards: [Manifest.Shard] = []
        for var shard in manifest.shards {
            guard let kind = RecordKind(rawValue: shard.kind), stale.contains(kind) else {
                shards.append(shard)
                continue
            }
            let version = kind.schemaVersion(in: manifest)
            var lines: [UInt8] = []
            var count = 0
            try ArchiveReader.forEachLine(path: directory + "/" + shard.name) { line, _ in
                let bytes = Array(line)
                let answer = kind == .comments ? kind.id(inLine: bytes).flatMap { answers[$0] } : nil
                lines.append(contentsOf: try kind.upgraded(line: bytes, fromVersion: version, answer: answer))
                lines.append(UInt8(ascii: "\n"))
                count += 1
            }
            report.upgraded[kind, default: 0] += count
            let compressed = try GzipCompressor.member(of: lines, level: 6)
            if !dryRun {
                try AtomicFile.write(compressed, to: directory + "/" + shard.name + ArchivePruner.pendingSuffix)
            }
            journal.replacements.append(.init(path: shard.name, delete: false))
            shard.bytes = compressed.count
            shard.sha256 = SHA256.hex(SHA256.hash(compressed))
            shard.contentSha256 = SHA256.hex(SHA256.hash(lines))
            shards.append(shard)
        }
        report.shards = journal.replacements.count
        guard !dryRun else { return report }
        manifest.shards = shards
        var versions = manifest.schemaVersions ?? [:]
        for kind in stale { versions[kind.rawValue] = kind.schema.version }
        manifest.schemaVersions = versions
        let stamp = RFC3339.format(seconds: Int64(now.timeIntervalSince1970))
        manifest.runs = (manifest.runs ?? []) + [Manifest.Run(kind: "upgrade", startedAt: stamp, finishedAt: stamp)]
        journal.manifests[""] = manifest
        try JSONFile.write(journal, to: directory + "/" + ArchivePruner.journalName, pretty: false)
        try AtomicFile.syncDirectory(directory)
        try ArchivePruner.finish(directory: directory)
        return report
    }

    /// Whom each reply of the output answers, thread by thread (by comment id).
    static func replyAnswers(_ directory: String, _ manifest: Manifest) throws -> [String: ReplyInference.Answer] {
        var threads: [String: [Comment]] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments) { record, _ in
            func text(_ key: String) -> String? {
                if case .string(let value)? = record[key] { return value }
                return nil
            }
            guard let id = text("commentId") else { return }
            let author = text("authorChannelId")
            // In a pseudonymized output the name is gone and a mention is the author's pseudonym.
            let pseudonymized = author?.hasPrefix(AuthorPseudonyms.pseudonymPrefix) ?? false
            var comment = Comment(
                commentId: id, threadId: text("threadId"), parentId: text("parentId"),
                authorDisplayName: pseudonymized ? author : text("authorDisplayName"), authorChannelId: author,
                text: text("text").map { String($0.unicodeScalars.prefix(200)) })
            comment.publishedAt = text("publishedAt").flatMap(RFC3339.parseSeconds).map {
                Date(timeIntervalSince1970: TimeInterval($0))
            }
            threads[comment.threadId, default: []].append(comment)
        }
        var answers: [String: ReplyInference.Answer] = [:]
        for (threadId, comments) in threads {
            let topLevel = comments.first { $0.commentId == threadId && $0.parentId == nil }
            let replies = comments.filter { $0.parentId != nil }
            for (reply, answer) in zip(replies, ReplyInference.answers(topLevel: topLevel, replies: replies)) {
                answers[reply.commentId] = answer
            }
        }
        return answers
    }
}
