/// Text made safe for GitHub-flavoured Markdown, as the generated references (docs/reference)
/// write it: help text keeps its `code spans`, everything else that Markdown would read as markup
/// (`*` in `videos-*.jsonl.gz`, `<`, `_`, brackets) is escaped, and a table cell keeps its `|`.
enum MarkdownText {
    /// The punctuation Markdown could read as markup outside a code span.
    private static let markup: Set<Character> = ["\\", "*", "_", "<", ">", "[", "]", "|", "#", "~"]

    /// `text` as inline Markdown: its code spans kept, markup outside them escaped. A text with
    /// an odd number of backticks has no code span; its backticks are escaped too.
    static func inline(_ text: String) -> String {
        let spans = text.filter { $0 == "`" }.count % 2 == 0
        var result = ""
        var inCode = false
        for character in text {
            if character == "`", spans {
                inCode.toggle()
                result.append(character)
            } else if inCode {
                result.append(character)
            } else {
                if markup.contains(character) || character == "`" { result.append("\\") }
                result.append(character)
            }
        }
        return result
    }

    /// `text` as a table cell: inline Markdown on one line, with every `|` escaped (in a code
    /// span too: GitHub splits a row at any unescaped pipe).
    static func cell(_ text: String) -> String {
        var result = ""
        var inCode = false
        let spans = text.filter { $0 == "`" }.count % 2 == 0
        for character in inline(text.split(whereSeparator: \.isNewline).joined(separator: " ")) {
            if character == "`", spans { inCode.toggle() }
            if character == "|", inCode { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// `text` (shown as typed: an option, a usage line) as a code span.
    static func code(_ text: String) -> String {
        let fence = text.contains("`") ? "``" : "`"
        return fence + (text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text) + fence
    }

    /// The paragraphs of a help text (blank-line separated) as Markdown: a paragraph's plain lines
    /// joined into one, its indented lines (tables, examples) kept as they are in a fenced block.
    static func paragraphs(_ text: String) -> String {
        var output: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            var prose: [Substring] = []
            var block: [Substring] = []
            func flushProse() {
                guard !prose.isEmpty else { return }
                output.append(inline(prose.map(trimmed).joined(separator: " ")))
                prose = []
            }
            func flushBlock() {
                guard !block.isEmpty else { return }
                let indent = block.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                output.append((["```"] + block.map { String($0.dropFirst(indent)) } + ["```"]).joined(separator: "\n"))
                block = []
            }
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(" ") {
                    flushProse()
                    block.append(line)
                } else {
                    flushBlock()
                    prose.append(line)
                }
            }
            flushProse()
            flushBlock()
        }
        return output.joined(separator: "\n\n")
    }

    /// A table: a header row, its rule and one row per entry, each value a cell already.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        ([header, header.map { _ in "---" }] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
            .joined(separator: "\n")
    }

    private static func trimmed(_ line: Substring) -> Substring {
        guard let first = line.firstIndex(where: { $0 != " " }), let last = line.lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return line[first...last]
    }
}
