import Archive
import Digest
import Foundation
import YouTubeKit

/// A file of ids or URLs for an `ids` seed (`ytcrawl hydrate`): one a line, any mix of ids and
/// pasted URLs, `#` comments and blank lines ignored. It is read in small pieces from a byte
/// offset, never held: a crawl keeps only where it is in the file.
public enum IdFile {
    /// What one line says.
    public enum Line: Sendable, Hashable {
        /// Blank or a comment.
        case empty
        case id(String)
        /// Neither an id nor a URL of the kind.
        case invalid
    }

    /// What `line` says for ids of `kind`: a video id (11 characters) or watch, youtu.be, shorts,
    /// embed or live URL; a channel id (`UC…`) or /channel/ URL; a playlist id or playlist URL; a
    /// comment id (a thread's, or a reply's `thread.reply`) or a URL with `lc=` (a comment's link).
    /// A `#` at the start, or after a space, begins a comment.
    public static func parse(_ line: Substring, kind: MissingItem.Kind) -> Line {
        var text = line
        // A byte-order mark (a file saved by a Windows editor) before the first id.
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        if let hash = text.firstIndex(of: "#"), hash == text.startIndex || text[text.index(before: hash)].isWhitespace {
            text = text[..<hash]
        }
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return .empty }
        // A pasted URL's fragment (`#t=30`) is not part of what it names.
        if value.contains("youtu"), let fragment = value.firstIndex(of: "#") { value = String(value[..<fragment]) }
        if kind == .comment { return commentId(value).map(Line.id) ?? .invalid }
        switch (kind, SeedsParser.reference(kind: kind.seedKind, value)) {
        case (.video, .video(let id)?), (.playlist, .playlist(let id)?), (.channel, .channel(.id(let id))?):
            return .id(id)
        default:
            return .invalid
        }
    }

    /// The comment id `value` is or links to (`watch?v=…&lc=ID`, the link YouTube gives a
    /// comment): a thread's id, or a reply's `threadId.replyId`, of id characters.
    static func commentId(_ value: String) -> String? {
        var id = Substring(value)
        if YouTubeURL.isURL(value) {
            guard let query = value.firstIndex(of: "?") else { return nil }
            let lc = value[value.index(after: query)...].split(separator: "&").first { $0.hasPrefix("lc=") }
            guard let lc else { return nil }
            id = lc.dropFirst(3)
        }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (16...64).contains(parts[0].count),
            parts.dropFirst().allSatisfy({ (8...64).contains($0.count) }),
            parts.allSatisfy({ SearchQuery.isIdentifier(String($0)) })
        else { return nil }
        return String(id)
    }

    /// Reads `path` from byte `offset`, line by line: `body` gets each line (without its end) and
    /// the offset just past it, and returns whether to go on. A last line without a newline is
    /// read too.
    ///
    /// - Throws: ``IdFileError`` when the file cannot be opened or read.
    public static func read(path: String, from offset: Int64, _ body: (Substring, Int64) throws -> Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw IdFileError("the ids file \(path) is a directory; give a file of ids, one a line")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IdFileError("cannot open the ids file \(path): no such file or not readable")
        }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: UInt64(max(0, offset)))
            var position = offset
            var carried: [UInt8] = []
            while true {
                let chunk = try handle.read(upToCount: 16 << 10) ?? Data()
                if chunk.isEmpty {
                    if !carried.isEmpty {
                        _ = try body(
                            Substring(String(decoding: carried, as: UTF8.self)), position + Int64(carried.count))
                    }
                    return
                }
                carried.append(contentsOf: chunk)
                var start = 0
                while let end = carried[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: carried[start..<end], as: UTF8.self)
                    position += Int64(end - start + 1)
                    start = end + 1
                    guard try body(Substring(line), position) else { return }
                }
                carried.removeFirst(start)
            }
        } catch let error as IdFileError {
            throw error
        } catch {
            throw IdFileError("cannot read the ids file \(path): \(error)")
        }
    }

    /// The whole file's facts for its provenance entry: its SHA-256, lines, ids (each once),
    /// duplicates and invalid lines. Reads it once; holds only its ids (packed, about 9 bytes a
    /// video id).
    public static func summarize(path: String, kind: MissingItem.Kind) throws -> IdFileSummary {
        var lines = 0
        var duplicates = 0
        var invalid: [Int] = []
        var invalidCount = 0
        var videos = VideoIdSet()
        var others = CompactStringSet()
        try read(path: path, from: 0) { line, _ in
            lines += 1
            switch parse(line, kind: kind) {
            case .empty: break
            case .invalid:
                invalidCount += 1
                if invalid.count < 20 { invalid.append(lines) }
            case .id(let id):
                let new = kind == .video ? videos.insert(id) : others.insert(id)
                if !new { duplicates += 1 }
            }
            return true
        }
        return IdFileSummary(
            name: path, sha256: try fileDigest(path), lines: lines, ids: videos.count + others.count,
            duplicates: duplicates, invalid: invalidCount, invalidLines: invalid)
    }

    /// The SHA-256 of the file's bytes (hex).
    public static func fileDigest(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IdFileError("cannot open the ids file \(path): no such file or not readable")
        }
        defer { try? handle.close() }
        var digest = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
        }
        return digest.hexDigest()
    }
}

/// An ids file that cannot be read.
public struct IdFileError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension MissingItem.Kind {
    /// The seed kind whose ids it names (`video`, `channel`, `playlist`).
    var seedKind: String { rawValue }
}
