import Digest
import Foundation
import Gzip
import StreamingJSON
import YouTubeKit

/// Reads the records of an output directory: every shard, every gzip member, line by line.
public enum ArchiveReader {
    /// Shard file names of `kind` in order; open (`.part`) shards too when `includeOpen`.
    public static func shardNames(directory: String, kind: RecordKind, includeOpen: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (ShardName, String)? in
            guard let shard = ShardName(fileName: name), shard.kind == kind, includeOpen || !name.hasSuffix(".part")
            else {
                return nil
            }
            return (shard, name)
        }.sorted { ($0.0.index, $0.1) < ($1.0.index, $1.1) }.map(\.1)
    }

    /// Calls `body` with each line (without its `\n`) of a gzip JSON-lines file, streaming.
    ///
    /// - Throws: ``ArchiveError`` for a file that is not complete gzip, naming it.
    public static func forEachLine(
        path: String, _ body: (_ line: UnsafeRawBufferPointer, _ number: Int) throws -> Void
    ) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ArchiveError("cannot read \(path)") }
        defer { try? handle.close() }
        let decompressor = try GzipDecompressor()
        var pending: [UInt8] = []
        var output: [UInt8] = []
        var number = 0
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            output.removeAll(keepingCapacity: true)
            do {
                try chunk.withUnsafeBytes { try decompressor.decompress($0, into: &output) }
            } catch {
                throw ArchiveError("\((path as NSString).lastPathComponent) is not valid gzip: \(error)")
            }
            pending.append(contentsOf: output)
            var start = 0
            try pending.withUnsafeBytes { bytes in
                for index in 0..<bytes.count where bytes[index] == 0x0A {
                    number += 1
                    try body(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), number)
                    start = index + 1
                }
            }
            pending.removeFirst(start)
        }
        guard decompressor.isAtMemberBoundary else {
            throw ArchiveError("\((path as NSString).lastPathComponent) ends inside a gzip member (truncated)")
        }
        if !pending.isEmpty {
            throw ArchiveError(
                "\((path as NSString).lastPathComponent) line \(number + 1): the last line has no newline (truncated)")
        }
    }

    /// Records, compressed size and SHA-256 of a closed shard.
    public static func describe(directory: String, name: String) throws -> ShardWriter.ClosedShard {
        let path = directory + "/" + name
        var records = 0
        var content = SHA256()
        try forEachLine(path: path) { line, _ in
            records += 1
            content.update(line)
            content.update([0x0A])
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ArchiveError("cannot read \(path)") }
        var hasher = SHA256()
        data.withUnsafeBytes { hasher.update($0) }
        return ShardWriter.ClosedShard(
            name: name, records: records, bytes: data.count, sha256: hasher.hexDigest(),
            contentSha256: content.hexDigest())
    }

    /// Every `videoId` in the directory's video shards (open ones included): what a resumed run has.
    public static func videoIds(directory: String) throws -> Set<String> {
        try ids(directory: directory, kind: .videos)
    }

    /// Every `videoId` of the directory's video shards (open ones included) and every channel
    /// id they name, in one pass: what a resumed run has, and the channels its videos refer to.
    public static func videoIdsAndChannels(directory: String) throws -> (videos: Set<String>, channels: Set<String>) {
        var videos: Set<String> = []
        var channels: Set<String> = []
        // The top-level member: inside a string a quote is always escaped, so these bytes
        // start a member, and the record's own comes before any nested object's.
        let key = Array(#","channelId":""#.utf8)
        for name in shardNames(directory: directory, kind: .videos, includeOpen: true) {
            do {
                try forEachLine(path: directory + "/" + name) { line, _ in
                    if let id = RecordKind.videos.id(inLine: line) { videos.insert(id) }
                    if let start = firstIndex(of: key, in: line) {
                        let value = line[(start + key.count)...]
                        if let end = value.firstIndex(of: UInt8(ascii: "\"")) {
                            channels.insert(String(decoding: value[..<end], as: UTF8.self))
                        }
                    }
                }
            } catch let error as ArchiveError {
                throw ArchiveError("\(error); \(unreadableShardFix)")
            }
        }
        return (videos, channels)
    }

    /// Where `needle` first starts in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= needle.count, let first = needle.first else { return nil }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Every `channelId` in the directory's channel shards (open ones included).
    public static func channelIds(directory: String) throws -> Set<String> {
        try ids(directory: directory, kind: .channels)
    }

    /// The first column of every line (the encoder writes the id first) of every shard of `kind`
    /// but those named in `except`.
    ///
    /// - Throws: ``ArchiveError`` naming a shard that cannot be read (damaged on disk), with
    ///   ``unreadableShardFix``.
    static func ids(directory: String, kind: RecordKind, except: Set<String> = [], prefix: String = "") throws
        -> Set<String>
    {
        var ids: Set<String> = []
        for name in shardNames(directory: directory, kind: kind, includeOpen: true) where !except.contains(name) {
            do {
                try forEachLine(path: directory + "/" + name) { line, _ in
                    if let id = kind.id(inLine: line), id.hasPrefix(prefix) { ids.insert(id) }
                }
            } catch let error as ArchiveError {
                throw ArchiveError("\(error); \(unreadableShardFix)")
            }
        }
        return ids
    }

    /// What to do about a shard a resumed run cannot read: its records are fetched again once it
    /// and the checkpoint that counts them are out of the way.
    public static let unreadableShardFix =
        "move it and checkpoint.json out of the directory and rerun the same command (it starts over and writes only what the other shards do not hold)"

    /// Every complete record line of `kind` in `directory` (without its `\n`): closed shards, and
    /// the complete gzip members of open ones, so a directory a crawl is writing (or a killed
    /// crawl left) reads without error.
    public static func forEachCompleteLine(
        directory: String, kind: RecordKind, _ body: ([UInt8]) throws -> Void
    ) throws {
        for name in shardNames(directory: directory, kind: kind, includeOpen: true) {
            let path = directory + "/" + name
            if name.hasSuffix(".part") {
                for line in ShardSalvage.records(path: path, kind: kind) { try body(Array(line.dropLast())) }
            } else {
                try forEachLine(path: path) { line, _ in try body(Array(line)) }
            }
        }
    }
}

extension ArchiveReader {
    /// Every chat message `directory` holds (complete lines of closed and open shards), and per
    /// chat the latest `publishedAt` among them (microseconds), their count and the gaps their
    /// `gapBefore` columns mark: what a resumed capture must not write again, where a gap after an
    /// expired page token begins, and what the manifest lists (a killed run may have written more
    /// than its last checkpoint counted).
    public static func chatMessages(directory: String) throws -> (
        ids: Set<String>, latest: [String: Int64], counts: [String: Int], gaps: [String: [ChatCapture.Gap]],
        videos: [String: String]
    ) {
        var ids: Set<String> = []
        var latest: [String: Int64] = [:]
        var counts: [String: Int] = [:]
        var gaps: [String: [ChatCapture.Gap]] = [:]
        var videos: [String: String] = [:]
        guard !shardNames(directory: directory, kind: .chat, includeOpen: true).isEmpty else {
            return ([], [:], [:], [:], [:])
        }
        do {
            try forEachCompleteLine(directory: directory, kind: .chat) { line in
                guard let record = try? JSONValue.parse(line), case .string(let id)? = record["messageId"] else {
                    return
                }
                guard ids.insert(id).inserted, case .string(let chat)? = record["liveChatId"] else { return }
                counts[chat, default: 0] += 1
                if case .string(let video)? = record["videoId"] { videos[video] = chat }
                if case .string(let published)? = record["publishedAt"],
                    let micros = RFC3339.parseMicroseconds(published)
                {
                    latest[chat] = max(latest[chat] ?? .min, micros)
                    if case .string(let before)? = record["gapBefore"] {
                        gaps[chat, default: []].append(ChatCapture.Gap(from: before, to: published))
                    }
                }
            }
        } catch let error as ArchiveError {
            throw ArchiveError("\(error); \(unreadableShardFix)")
        }
        return (ids, latest, counts, gaps.mapValues { $0.sorted { $0.from < $1.from } }, videos)
    }
}
