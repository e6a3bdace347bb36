import Foundation
import YouTubeKit

/// Seeds from pasted YouTube URLs.
enum YouTubeURL {
    /// Whether `text` looks like a YouTube URL (youtube.com, youtu.be or the privacy-enhanced
    /// embeds' youtube-nocookie.com) rather than an id.
    static func isURL(_ text: String) -> Bool {
        text.contains("youtube.com") || text.contains("youtu.be") || text.contains("youtube-nocookie.com")
    }

    /// The URL without its scheme and `www.`/`m.`/`music.`, the privacy-enhanced embed's host read
    /// as youtube.com; and its query's parameters.
    private static func parts(_ url: String) -> (path: Substring, query: [(name: String, value: String)]) {
        var rest = Substring(url)
        for prefix in ["https://", "http://"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        for prefix in ["www.", "m.", "music."] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        if rest.hasPrefix("youtube-nocookie.com/") {
            rest = "youtube.com/" + rest.dropFirst("youtube-nocookie.com/".count)
        }
        let query =
            rest.split(separator: "?", maxSplits: 1).dropFirst().first.flatMap { PercentEncoding.parseQuery($0) } ?? []
        return (rest.split(separator: "?", maxSplits: 1).first ?? "", query.map { ($0.name, $0.value) })
    }

    /// The playlist a YouTube URL names in its `list=` (a video watched within a playlist,
    /// `watch?v=…&list=PL…`, or the playlist's own page).
    static func playlist(_ url: String) -> String? {
        let (path, query) = parts(url)
        guard path.hasPrefix("youtube.com"), let list = query.first(where: { $0.name == "list" })?.value,
            list.count >= 12, SearchQuery.isIdentifier(list)
        else { return nil }
        return list
    }

    static func target(_ url: String) -> Seed.Target? {
        let (path, query) = parts(url)
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        if path.hasPrefix("youtu.be/") {
            let id = String(path.dropFirst("youtu.be/".count).prefix(11))
            return id.count == 11 && SearchQuery.isIdentifier(id) ? .video(id) : nil
        }
        guard path.hasPrefix("youtube.com") else { return nil }
        let segments = path.split(separator: "/").dropFirst().map(String.init)
        if segments.first == "watch", let id = parameter("v"), id.count == 11, SearchQuery.isIdentifier(id) {
            return .video(id)
        }
        if segments.first == "shorts" || segments.first == "embed" || segments.first == "live", segments.count > 1,
            segments[1].count == 11, SearchQuery.isIdentifier(segments[1])
        {
            return .video(segments[1])
        }
        if segments.first == "playlist", let list = parameter("list"), SearchQuery.isIdentifier(list) {
            return .playlist(list)
        }
        if segments.first == "channel", segments.count > 1, segments[1].hasPrefix("UC"), segments[1].count == 24 {
            return .channel(.id(segments[1]))
        }
        if let handle = segments.first, handle.hasPrefix("@"), handle.count > 1 {
            return .channel(.handle(PercentEncoding.decode(Substring(handle)) ?? handle))
        }
        return nil
    }
}
