/// Lays out help text: an option group as a two-column table, its help lines wrapped.
enum HelpText {
    /// Where the help of an option starts.
    static let column = 26
    /// Lines are wrapped before this width.
    static let width = 100

    /// `Title:` and one entry per option, as `  --out DIR   output directory (default …)`.
    static func group(_ group: OptionGroup) -> String {
        let rows = group.options.map { spec -> (String, String) in
            var left = spec.names.joined(separator: ", ")
            if let placeholder = spec.placeholder { left += " " + placeholder }
            return (left, spec.help + (spec.shownDefault.map { " (\($0))" } ?? ""))
        }
        return group.title + ":\n" + table(rows, indent: 2, column: column)
    }

    /// Rows of a term and its text: the text starts at `column`, wrapped at ``width`` with its
    /// continuation lines at `column` too. A term that reaches `column` has its text on the next
    /// line, or after it on the same line with `wraps` false (lines are then left long).
    static func table(_ rows: [(term: String, text: String)], indent: Int, column: Int, wraps: Bool = true) -> String {
        let pad = String(repeating: " ", count: column)
        return rows.map { term, text in
            let start = String(repeating: " ", count: indent) + term
            let lines = wraps ? wrap(text, width: width - column) : [text]
            let first =
                start.count + 2 <= column
                ? start + String(repeating: " ", count: column - start.count) + lines[0]
                : start + (wraps ? "\n" + pad : "   ") + lines[0]
            return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
