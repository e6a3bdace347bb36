import YouTubeKit

/// A plain-text table of videos: title, channel, date, embed URL.
enum VideoTable {
    static func render(_ videos: [Video]) -> String {
        let rows = videos.map { video in
            [
                clip(video.title ?? "-", 48), clip(video.channelTitle ?? "-", 24),
                video.publishedAt.map { String(RFC3339.format($0).prefix(10)) } ?? "-", video.embedURLString,
            ]
        }
        let header = ["TITLE", "CHANNEL", "DATE", "EMBED URL"]
        let widths = (0..<header.count).map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// At most `width` characters, with an ellipsis when cut; line breaks become spaces.
    static func clip(_ text: String, _ width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= width ? flat : String(flat.prefix(width - 1)) + "…"
    }
}
