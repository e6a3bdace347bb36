import Foundation
import YouTubeKit

/// Seeds from pasted YouTube URLs.
enum YouTubeURL {
    static func target(_ url: String) -> Seed.Target? {
        var rest = Substring(url)
        for prefix in ["https://", "http://"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        for prefix in ["www.", "m.", "music."] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        let query =
            rest.split(separator: "?", maxSplits: 1).dropFirst().first.flatMap { PercentEncoding.parseQuery($0) } ?? []
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        let path = rest.split(separator: "?", maxSplits: 1).first ?? ""
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
