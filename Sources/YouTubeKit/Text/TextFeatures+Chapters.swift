extension TextFeatures {
    /// A chapter of a video: where it starts (seconds) and its title.
    public struct Chapter: Sendable, Hashable {
        public var start: Int
        public var title: String

        public init(start: Int, title: String) {
            self.start = start
            self.title = title
        }
    }

    /// The chapters a description makes, by YouTube's rule: the lines that begin (after spaces,
    /// bullets `-–—•*▶►>` and an opening `(` or `[`) or end with a timestamp (`M:SS`, `MM:SS`
    /// or `H:MM:SS`), from the first whose timestamp is 0:00; at least three, each starting at
    /// least 10 seconds after the one before (and, when the duration is known, 10 seconds before
    /// the end). `nil` when the description makes none.
    public static func chapters(in description: String?, durationSeconds: Int? = nil) -> [Chapter]? {
        guard let description, firstOffset(of: UInt8(ascii: ":"), in: description) != nil else { return nil }
        var chapters: [Chapter] = []
        // Only a line with a colon can hold a timestamp.
        for line in lines(of: description, holding: UInt8(ascii: ":")) {
            guard let chapter = chapter(inLine: line) else { continue }
            if chapters.isEmpty, chapter.start != 0 { continue }
            chapters.append(chapter)
        }
        guard chapters.count >= 3 else { return nil }
        for (previous, next) in zip(chapters, chapters.dropFirst()) where next.start - previous.start < 10 {
            return nil
        }
        if let durationSeconds, durationSeconds > 0, durationSeconds - chapters[chapters.count - 1].start < 10 {
            return nil
        }
        return chapters
    }

    private static let leaders: Set<Unicode.Scalar> = [" ", "\t", "-", "–", "—", "•", "*", "▶", "►", ">"]
    private static let separators: Set<Unicode.Scalar> = [" ", "\t", ")", "]", "-", "–", "—", ":", "|", "."]

    /// A line's chapter: a timestamp at its start, the rest the title; or at its end, what comes
    /// before it the title.
    private static func chapter(inLine line: [Unicode.Scalar]) -> Chapter? {
        var start = 0
        while start < line.count, leaders.contains(line[start]) { start += 1 }
        if start < line.count, line[start] == "(" || line[start] == "[" { start += 1 }
        if let (seconds, end) = timestamp(line, at: start), end == line.count || separators.contains(line[end]) {
            var titleStart = end
            while titleStart < line.count, separators.contains(line[titleStart]) { titleStart += 1 }
            return Chapter(start: seconds, title: trimmed(line[titleStart...]))
        }
        // At the end: `Intro - 0:00`, `Intro (0:00)`.
        var end = line.count
        while end > 0, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
        if end > 0, line[end - 1] == ")" || line[end - 1] == "]" { end -= 1 }
        var first = end
        while first > 0, line[first - 1] == ":" || line[first - 1].properties.numericType == .decimal,
            line[first - 1].isASCII
        {
            first -= 1
        }
        guard first < end, first == 0 || [" ", "\t", "(", "["].contains(line[first - 1]),
            let (seconds, stamped) = timestamp(line, at: first), stamped == end
        else { return nil }
        var titleEnd = first
        while titleEnd > 0,
            separators.contains(line[titleEnd - 1]) || line[titleEnd - 1] == "(" || line[titleEnd - 1] == "["
        {
            titleEnd -= 1
        }
        return Chapter(start: seconds, title: trimmed(line[..<titleEnd]))
    }

    /// A timestamp at `start`: `M:SS`, `MM:SS` or `H:MM:SS`/`HH:MM:SS` (seconds below 60,
    /// minutes below 60 after hours), its seconds and where it ends.
    private static func timestamp(_ line: [Unicode.Scalar], at start: Int) -> (Int, Int)? {
        var groups: [(value: Int, digits: Int)] = []
        var index = start
        while groups.count < 3 {
            var value = 0
            var digits = 0
            while index < line.count, line[index].isASCII, (0x30...0x39).contains(line[index].value), digits < 3 {
                value = value * 10 + Int(line[index].value - 0x30)
                digits += 1
                index += 1
            }
            guard (1...2).contains(digits) else { return nil }
            groups.append((value, digits))
            guard index < line.count, line[index] == ":", index + 1 < line.count,
                line[index + 1].isASCII, (0x30...0x39).contains(line[index + 1].value)
            else { break }
            index += 1
        }
        if index < line.count, line[index].isASCII, (0x30...0x39).contains(line[index].value) { return nil }
        // `1:02:03:04` is no timestamp.
        if index + 1 < line.count, line[index] == ":", line[index + 1].isASCII,
            (0x30...0x39).contains(line[index + 1].value)
        {
            return nil
        }
        switch groups.count {
        case 2:
            guard groups[1].digits == 2, groups[1].value < 60 else { return nil }
            return (groups[0].value * 60 + groups[1].value, index)
        case 3:
            guard groups[1].digits == 2, groups[2].digits == 2, groups[1].value < 60, groups[2].value < 60 else {
                return nil
            }
            return (groups[0].value * 3600 + groups[1].value * 60 + groups[2].value, index)
        default:
            return nil
        }
    }

    private static func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var slice = scalars
        while let first = slice.first, first.properties.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.properties.isWhitespace { slice = slice.dropLast() }
        return string(slice)
    }
}
