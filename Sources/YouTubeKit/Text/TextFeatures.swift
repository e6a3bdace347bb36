/// What a title, description or comment already holds that the API does not hand out: the links,
/// hashtags and `@handles` in it, and the chapters a description's timestamps make. Computed
/// from the text alone, so any record can get them again (`ytcrawl upgrade`). The rules are those
/// of docs/reference/records.md "Derived fields"; each result keeps the text as written and lists
/// each distinct value once, in order of first appearance.
public enum TextFeatures {
    /// An `http(s)` URL as written and its host, lowercased, without user, port or a final dot.
    public struct Link: Sendable, Hashable {
        public var url: String
        public var host: String

        public init(url: String, host: String) {
            self.url = url
            self.host = host
        }
    }

    /// Every `http://` or `https://` URL (any case) that begins a word: it runs to the next
    /// whitespace, `<`, `>` or `"`, then loses trailing punctuation (`.,;:!?'*`) and closing
    /// brackets it does not open. A URL without a host is not one.
    public static func links(in text: String) -> [Link] {
        var found: [Link] = []
        var seen: Set<Link> = []
        // Each `://` with up to five ASCII bytes before it (`https`) and what follows it up to the
        // next ASCII space, control, `<`, `>` or `"` holds every URL around it; the rest of the
        // text is never decoded.
        for window in schemeWindows(in: text) {
            let (previous, scalars) = Self.scalars(of: text, from: window.lowerBound, to: window.upperBound)
            var index = 0
            while index + 7 <= scalars.count {
                let before = index == 0 ? previous : scalars[index - 1]
                guard scalars[index] == "h" || scalars[index] == "H", !(before.map(isWordScalar) ?? false),
                    let afterScheme = schemeEnd(scalars, index)
                else {
                    index += 1
                    continue
                }
                var end = afterScheme
                while end < scalars.count, !endsURL(scalars[end]) { end += 1 }
                end = trimmedURLEnd(scalars, from: index, to: end)
                let host = hostOf(scalars[afterScheme..<end])
                if !host.isEmpty {
                    let link = Link(url: string(scalars[index..<end]), host: host)
                    if seen.insert(link).inserted { found.append(link) }
                }
                index = max(end, index + 1)
            }
        }
        return found
    }

    /// Hashtags in each text, in order: `#` at the start of a word, then letters, combining marks,
    /// digits or `_` in any script, at least one of them a letter. Listed without the `#`.
    public static func hashtags(in texts: String?...) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        for case let text? in texts {
            for tag in words(after: "#", in: text, body: isHashtagScalar, trailing: { _ in false })
            where tag.unicodeScalars.contains(where: isLetter) && seen.insert(tag).inserted {
                found.append(tag)
            }
        }
        return found
    }

    /// `@handles`: `@` at the start of a word, then 3 to 30 letters, marks, digits, `_`, `-`
    /// or `.` (a final `.` or `-` is punctuation, not part of it). Listed without the `@`.
    public static func mentions(in text: String?) -> [String] {
        guard let text else { return [] }
        var found: [String] = []
        var seen: Set<String> = []
        let handles = words(
            after: "@", in: text, body: { isHashtagScalar($0) || $0 == "-" || $0 == "." },
            trailing: { $0 == "." || $0 == "-" })
        for handle in handles where (3...30).contains(handle.unicodeScalars.count) && seen.insert(handle).inserted {
            found.append(handle)
        }
        return found
    }

    // MARK: Scanning

    /// Letters, combining marks, decimal digits and `_`: what a hashtag is made of.
    static func isHashtagScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// What a word is made of, for "at the start of a word": a sign after one of these is inside
    /// a word (`C#`, `me@example.com`, `&#39;`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        isHashtagScalar(scalar) || scalar == "&" || scalar == "/" || scalar == "."
    }

    /// The words that follow `sign` at the start of a word, made of `body` scalars, less the
    /// `trailing` ones at their end.
    private static func words(
        after sign: Unicode.Scalar, in text: String, body: (Unicode.Scalar) -> Bool,
        trailing: (Unicode.Scalar) -> Bool
    ) -> [String] {
        // A sign followed by a space (`C# is`, `a @ b`) starts nothing: decoding starts at the
        // first that may.
        guard
            let first = firstSign(
                UInt8(ascii: sign), in: text,
                followedBy: {
                    $0 >= 0x80 || isHashtagScalar(Unicode.Scalar($0)) || (sign == "@" && ($0 == 0x2D || $0 == 0x2E))
                })
        else { return [] }
        let (previous, scalars) = Self.scalars(of: text, from: first)
        var words: [String] = []
        var index = 0
        while index < scalars.count {
            let before = index == 0 ? previous : scalars[index - 1]
            guard scalars[index] == sign, !(before.map(isWordScalar) ?? false) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, body(scalars[end]) { end += 1 }
            var kept = end
            while kept > index + 1, trailing(scalars[kept - 1]) { kept -= 1 }
            if kept > index + 1 { words.append(string(scalars[(index + 1)..<kept])) }
            index = end
        }
        return words
    }

    /// The index after `http://` or `https://` (any case) at `start`, if one is there.
    private static func schemeEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        func matches(_ word: String, at offset: Int) -> Bool {
            var position = offset
            for expected in word.unicodeScalars {
                guard position < scalars.count else { return false }
                let actual = scalars[position]
                let lowered =
                    actual.isASCII && (0x41...0x5A).contains(actual.value) ? actual.value + 0x20 : actual.value
                guard lowered == expected.value else { return false }
                position += 1
            }
            return true
        }
        if matches("https://", at: start) { return start + 8 }
        if matches("http://", at: start) { return start + 7 }
        return nil
    }

    private static func endsURL(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "<" || scalar == ">" || scalar == "\"" || scalar.value < 0x20
            || scalar.value == 0x7F
    }

    /// `end` moved back over trailing punctuation and closing brackets the URL does not open.
    private static func trimmedURLEnd(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            let last = scalars[end - 1]
            if ".,;:!?'*".unicodeScalars.contains(last) {
                end -= 1
                continue
            }
            let pairs: [Unicode.Scalar: Unicode.Scalar] = [")": "(", "]": "[", "}": "{"]
            if let open = pairs[last] {
                let slice = scalars[start..<end]
                let opened = slice.filter { $0 == open }.count
                let closed = slice.filter { $0 == last }.count
                if closed > opened {
                    end -= 1
                    continue
                }
            }
            break
        }
        return end
    }

    /// The host of what follows a URL's `://`: up to `/`, `?` or `#`, after any `user@`, before
    /// any `:port`, lowercased, without a final dot. Empty when there is none.
    private static func hostOf(_ rest: ArraySlice<Unicode.Scalar>) -> String {
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        if let at = authority.lastIndex(of: "@") { authority = authority[(at + 1)...] }
        if authority.first == "[" {
            // An IPv6 literal: up to its `]`.
            guard let close = authority.firstIndex(of: "]") else { return "" }
            return string(authority[...close]).lowercased()
        }
        if let colon = authority.firstIndex(of: ":") { authority = authority[..<colon] }
        while authority.last == "." { authority = authority.dropLast() }
        return string(authority).lowercased()
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
