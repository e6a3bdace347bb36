import YouTubeKit

/// With `--pseudonymize-authors`, the `@mentions` in comment text: a reply begins with the
/// `@name` of the author it answers, which would sit in clear beside that author's pseudonym.
///
/// Every `@` that starts a word is a mention. One that names an author already seen among the
/// same video's comments (the longest such name, so `@Ann Lee` wins over `@Ann`) becomes
/// `@<that author's pseudonym>` (or `@[author]` for an author without a channel); any other becomes
/// `@[author]` up to the next space. What stays: names typed without `@`, and the words after the
/// first of a several-word name that was never seen as an author (its first word is replaced).
struct MentionScrubber: Sendable {
    /// Per video: authors' display names (without a leading `@`) by their first word, each with
    /// its pseudonym (`nil` for an author without a channel id).
    private var authors: [String: [Substring: [(name: String, pseudonym: String?)]]] = [:]

    static let unknown = "@[author]"

    /// Learns `comment`'s author (before it is pseudonymized), then rewrites its text.
    mutating func scrub(_ comment: inout Comment, pseudonymizer: AuthorPseudonymizer) {
        let video = comment.videoId ?? ""
        if let display = comment.authorDisplayName {
            let name = display.hasPrefix("@") ? String(display.dropFirst()) : display
            let first = Self.firstWord(name[...])
            if !first.isEmpty {
                var known = authors[video, default: [:]][first, default: []]
                if !known.contains(where: { $0.name == name }) {
                    known.append((name, comment.authorChannelId.map(pseudonymizer.pseudonym)))
                    // Longest first: the most specific name matches.
                    known.sort { $0.name.count > $1.name.count }
                    authors[video, default: [:]][first] = known
                }
            }
        }
        if let text = comment.text, text.contains("@") {
            comment.text = rewrite(text, known: authors[video] ?? [:])
        }
    }

    private func rewrite(_ text: String, known: [Substring: [(name: String, pseudonym: String?)]]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            guard character == "@", previous.map(Self.endsWord) ?? true else {
                result.append(character)
                previous = character
                index = text.index(after: index)
                continue
            }
            let rest = text[text.index(after: index)...]
            let token = Self.firstWord(rest)
            guard !token.isEmpty else {
                result.append(character)
                previous = character
                index = text.index(after: index)
                continue
            }
            let candidates = known[token] ?? known[Self.trimmed(token)] ?? []
            if let match = candidates.first(where: {
                rest.hasPrefix($0.name) && Self.boundary(after: $0.name, in: rest)
            }) {
                result += "@" + (match.pseudonym ?? "[author]")
                index = rest.index(rest.startIndex, offsetBy: match.name.count)
            } else {
                let word = Self.trimmed(token)
                result += Self.unknown
                index = word.endIndex
            }
            previous = "]"
        }
        return result
    }

    /// The text up to the first white space.
    private static func firstWord(_ text: Substring) -> Substring {
        text.prefix { !$0.isWhitespace }
    }

    /// A word without the punctuation that ends a sentence or a clause after it.
    private static func trimmed(_ word: Substring) -> Substring {
        var end = word.endIndex
        while end > word.startIndex, let last = word[..<end].last, ",.;:!?)]}\"'".contains(last) {
            end = word.index(before: end)
        }
        return word[..<end].isEmpty ? word : word[..<end]
    }

    /// Whether `name` ends at a word's end in `rest` (not `@Ann` inside `@Annabel`).
    private static func boundary(after name: String, in rest: Substring) -> Bool {
        let end = rest.index(rest.startIndex, offsetBy: name.count)
        guard end < rest.endIndex else { return true }
        return endsWord(rest[end])
    }

    /// A character after which (or before which) a word boundary lies.
    private static func endsWord(_ character: Character) -> Bool {
        !(character.isLetter || character.isNumber || character == "_" || character == "-" || character == ".")
    }
}
