extension ChannelKeywords {
    /// A channel's keywords as a record holds them: the text the API sent, split when read, or a
    /// list set by code.
    ///
    /// Kept as sent, a channel's keywords cost one String where the split list cost an array and
    /// a String for every keyword (about 2,500 instructions a channel, a sixth of a channels
    /// page's decoding); the JSON-lines encoder writes the list straight from the text's bytes.
    /// Equal and hashed as the list they split to, whichever the form.
    package enum Form: Sendable {
        case text(String)
        case list([String])

        /// The keywords, split from the text when that is the form.
        package var keywords: [String] {
            switch self {
            case .text(let text): ChannelKeywords.split(text)
            case .list(let list): list
            }
        }
    }
}

extension ChannelKeywords.Form: Hashable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        if case .text(let left) = lhs, case .text(let right) = rhs, left == right { return true }
        return lhs.keywords == rhs.keywords
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(keywords)
    }
}
