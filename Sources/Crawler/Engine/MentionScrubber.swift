import YouTubeKit

/// With `--pseudonymize-authors`, the `@mentions` in comment and live chat text: a reply begins
/// with the `@name` of the author it answers, which would sit in clear beside that author's
/// pseudonym.
///
/// Every `@` that starts a word is a mention. One that names an author already seen among the
/// same video's comments (or the same chat's messages) (the longest such name, so `@Ann Lee` wins over `@Ann`) becomes
/// `@<that author's pseudonym>` (or `@[author]` for an author without a channel); any other becomes
/// `@[author]` up to the next space. What stays: names typed without `@`, and the words after the
/// first of a several-word name that was never seen as an author (its first word is replaced).
struct MentionScrubber: Sendable {
    /// Per video (or chat: `chat:<liveChatId>`): authors' display names (without a leading `@`) by their first word, each with
    /// its pseudonym (`nil` for an author without a channel id).
    private var authors: [String: [String: [(name: String, pseudonym: String?)]]] = [:]

    static let unknown = "@[author]"

    /// Learns `comment`'s author (before it is pseudonymized), then rewrites its text.
    mutating func scrub(_ comment: inout Comment, pseudonymizer: AuthorPseudonymizer) {
        let video = comment.videoId ?? ""
        learn(comment.authorDisplayName, channel: comment.authorChannelId, in: video, pseudonymizer: pseudonymizer)
        if let text = comment.text, text.contains(where: Self.isMentionSign) {
            comment.text = rewrite(text, known: authors[video] ?? [:])
        }
    }

    /// Learns `message`'s author (before it is pseudonymized), then rewrites its text: a chat's
    /// mentions name the chat's authors.
    mutating func scrub(_ message: inout ChatMessage, pseudonymizer: AuthorPseudonymizer) {
        let chat = "chat:" + message.liveChatId
        learn(message.authorDisplayName, channel: message.authorChannelId, in: chat, pseudonymizer: pseudonymizer)
        if let text = message.text, text.contains(where: Self.isMentionSign) {
            message.text = rewrite(text, known: authors[chat] ?? [:])
        }
    }

    private mutating func learn(
        _ display: String?, channel: String?, in scope: String, pseudonymizer: AuthorPseudonymizer
    ) {
        guard let display else { return }
        let name = display.hasPrefix("@") ? String(display.dropFirst()) : display
        let first = Self.firstWord(name[...]).lowercased()
        guard !first.isEmpty else { return }
        var known = authors[scope, default: [:]][first, default: []]
        guard !known.contains(where: { $0.name == name }) else { return }
        let channel = channel.flatMap { $0.isEmpty ? nil : $0 }
        known.append((name, channel.map(pseudonymizer.pseudonym)))
        // Longest first: the most specific name matches.
        known.sort { $0.name.count > $1.name.count }
        authors[scope, default: [:]][first] = known
    }

    private func rewrite(_ text: String, known: [String: [(name: String, pseudonym: String?)]]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            guard Self.isMentionSign(character), previous.map(Self.endsWord) ?? true else {
                result.append(character)
                previous = character
                index = text.index(after: index)
                continue
            }
            // `@@name`, `@` + an invisible character + name: the name starts after them.
            var start = text.index(after: index)
            while start < text.endIndex, Self.isMentionSign(text[start]) || Self.isInvisible(text[start]) {
                start = text.index(after: start)
            }
            let rest = text[start...]
            let token = Self.firstWord(rest)
            guard !token.isEmpty else {
                result.append(character)
                previous = character
                index = text.index(after: index)
                continue
            }
            let candidates = known[token.lowercased()] ?? known[Self.trimmed(token).lowercased()] ?? []
            if let match = candidates.first(where: { Self.starts(rest, with: $0.name) }) {
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

    /// `@`, or the fullwidth `＠` some keyboards type.
    private static func isMentionSign(_ character: Character) -> Bool { character == "@" || character == "＠" }

    /// Characters that show nothing (zero-width spaces and joiners, a byte order mark).
    private static func isInvisible(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF].contains($0.value) }
    }

    /// Whether `rest` starts with `name`, letter case aside, and the name ends a word there.
    private static func starts(_ rest: Substring, with name: String) -> Bool {
        let head = rest.prefix(name.count)
        return head.count == name.count && folded(head) == folded(name[...]) && boundary(after: name, in: rest)
    }

    /// Lower case, every white space a plain space (`Ann\u{A0}Lee` is `ann lee`).
    private static func folded(_ text: Substring) -> String {
        String(text.lowercased().map { $0.isWhitespace ? " " : $0 })
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
