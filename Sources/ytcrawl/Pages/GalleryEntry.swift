import Archive
import Foundation
import StreamingJSON

/// One video's card on the gallery page, taken from a record only when its id and thumbnail are
/// safe to put in a page. Schema-2 fields give it a badge and labels; a schema-1 line, which lacks
/// them, reads as if they were null.
struct GalleryEntry {
    /// What kind of video it is, shown over the thumbnail: at most one.
    enum Badge: String, CaseIterable {
        /// `liveBroadcastContent` is `live`.
        case live = "LIVE"
        /// `liveBroadcastContent` is `upcoming`.
        case upcoming = "Upcoming"
        /// An ended live stream: `liveStreamingDetails.actualEndTime` is set (or `format` is
        /// `live` and it is not on now).
        case streamed = "Streamed"
        /// `format` is `short`.
        case short = "Short"
    }

    /// A small label under the title; a card has any of them.
    enum Label: String, CaseIterable {
        /// `madeForKids` is true.
        case madeForKids = "Made for kids"
        /// `license` is `creativeCommon`.
        case creativeCommons = "Creative Commons"
        /// `contentRating.ytRating` is `ytAgeRestricted`.
        case ageRestricted = "Age-restricted"
    }

    var id: String
    var title: String
    var channel: String
    var published: String
    var thumbnail: String?
    var embed: String
    /// Views at each statistics snapshot, oldest first (empty without snapshots).
    var views: [Int] = []
    var badge: Badge?
    var labels: [Label] = []

    /// The card of a video record; `nil` when its id is not a well-formed video id.
    init?(_ record: JSONValue) {
        func text(_ key: String) -> String? {
            if case .string(let value)? = record[key] { return value }
            return nil
        }
        // A shard is data, not code: the player URL is built from a well-formed id, and images
        // come only from YouTube's image hosts over https.
        guard let id = text("videoId"), Self.isVideoId(id) else { return nil }
        self.id = id
        title = text("title") ?? ""
        channel = text("channelTitle") ?? ""
        published = text("publishedAt") ?? ""
        thumbnail = text("thumbnailUrl").flatMap(Self.trustedImage)
        embed = "https://www.youtube.com/embed/" + id
        badge = Self.badge(record)
        if case .bool(true)? = record["madeForKids"] { labels.append(.madeForKids) }
        if text("license") == "creativeCommon" { labels.append(.creativeCommons) }
        if case .string("ytAgeRestricted")? = record["contentRating"]?["ytRating"] { labels.append(.ageRestricted) }
    }

    /// The badge of a record: live now or upcoming first, then an ended stream, then a Short.
    private static func badge(_ record: JSONValue) -> Badge? {
        let broadcast: String?
        if case .string(let value)? = record["liveBroadcastContent"] { broadcast = value } else { broadcast = nil }
        let format: String?
        if case .string(let value)? = record["format"] { format = value } else { format = nil }
        if broadcast == "live" { return .live }
        if broadcast == "upcoming" { return .upcoming }
        if case .string? = record["liveStreamingDetails"]?["actualEndTime"] { return .streamed }
        if format == "live" { return .streamed }
        if format == "short" { return .short }
        return nil
    }

    /// Each entry's views at each statistics snapshot of `directory` (a sparkline on its card).
    static func addViews(to entries: inout [GalleryEntry], directory: String) throws {
        let names = SnapshotDirectory.names(in: directory)
        guard !names.isEmpty else { return }
        var position: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { position[entry.id] = index }
        for name in names {
            try ArchiveReader.forEachRecord(
                directory: SnapshotDirectory.root(of: directory) + "/" + name, kind: .stats, includeOpen: true
            ) { record, _ in
                guard case .string(let id)? = record["videoId"], let index = position[id],
                    case .number(let text)? = record["viewCount"], let views = Int(text)
                else { return }
                entries[index].views.append(views)
            }
        }
    }

    /// Letters, digits, `-` and `_`: what a video id is made of.
    static func isVideoId(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }

    static let imageHosts: Set<String> = ["i.ytimg.com", "i9.ytimg.com", "img.youtube.com", "yt3.ggpht.com"]

    /// `url` when it is https on one of YouTube's image hosts, else `nil`.
    static func trustedImage(_ url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme == "https",
            let host = components.host?.lowercased(), imageHosts.contains(host), components.user == nil
        else { return nil }
        return url
    }

    /// The videos as a JSON array that is safe inside a `<script>` element: every `<` is written
    /// `\u003c`, so no title can close the element.
    static func islandJSON(_ entries: [GalleryEntry]) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "{" : ",{")
            writer.key("id")
            writer.string(entry.id)
            writer.member("title", entry.title)
            writer.member("channel", entry.channel)
            writer.member("published", entry.published)
            writer.member("thumbnail", entry.thumbnail)
            writer.member("embed", entry.embed)
            if let badge = entry.badge {
                writer.memberKey("badge")
                writer.string(badge.rawValue)
            }
            if !entry.labels.isEmpty {
                writer.memberKey("labels")
                writer.stringArray(entry.labels.map(\.rawValue))
            }
            if !entry.views.isEmpty {
                writer.memberKey("views")
                writer.intArray(entry.views)
            }
            writer.raw("}")
        }
        writer.raw("]")
        return String(decoding: writer.bytes, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
