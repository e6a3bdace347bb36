import Foundation

/// `brandingSettings.channel.keywords`: one string of space-separated keywords in which a
/// quoted phrase is one keyword (`google "google developers" android`).
public enum ChannelKeywords {
    /// The keywords, quotes removed, phrases whole, empty ones dropped. An unclosed quote runs
    /// to the end.
    public static func split(_ text: String) -> [String] {
        var keywords: [String] = []
        var current = ""
        var quoted = false
        func flush() {
            let keyword = current.trimmingCharacters(in: .whitespaces)
            if !keyword.isEmpty { keywords.append(keyword) }
            current = ""
        }
        for character in text {
            if character == "\"" {
                flush()
                quoted.toggle()
            } else if !quoted, character.isWhitespace {
                flush()
            } else {
                current.append(character)
            }
        }
        flush()
        return keywords
    }
}
