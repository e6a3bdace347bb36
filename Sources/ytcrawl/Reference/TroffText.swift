/// Text made safe for a man page: troff's escape character, leading dots and quotes, minus signs
/// (so options copy as typed) and characters beyond ASCII as groff's `\[uXXXX]`; a break point
/// (`\:`) after each comma inside a word, so that long lists wrap.
enum TroffText {
    /// `text` as one troff text line (or a macro's argument, quoted by the caller).
    static func escaped(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            // A list without spaces (`a,b,c`) may break after its commas.
            if previous == ",", scalar != " " { result += "\\:" }
            previous = scalar
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\"": result += "\\(dq"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.hasPrefix(".") || result.hasPrefix("'") ? "\\&" + result : result
    }

    /// The paragraphs of a help text (blank-line separated) as troff: a paragraph's plain lines
    /// filled, its indented lines (tables, examples) kept as they are, indented.
    static func paragraphs(_ text: String) -> String {
        var output: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            output.append(".PP")
            var block: [Substring] = []
            func flushBlock() {
                guard !block.isEmpty else { return }
                let indent = block.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                output += [".RS 2", ".nf"] + block.map { escaped(String($0.dropFirst(indent))) } + [".fi", ".RE"]
                block = []
            }
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(" ") {
                    block.append(line)
                } else {
                    flushBlock()
                    output.append(escaped(String(line)))
                }
            }
            flushBlock()
        }
        return output.joined(separator: "\n")
    }
}
