import Synchronization

/// What reaches the terminal from servers and uploaders (error messages, titles) goes out only as
/// text: control characters are escaped (no ANSI or OSC sequences, no line that pretends to be
/// ytcrawl's), and any registered secret is replaced by its label.
enum TerminalText {
    private static let secrets = Mutex<[(value: String, matcher: SecretMatcher, label: String)]>([])

    /// Registers a secret (an API key) to be replaced by `label` wherever it would be printed,
    /// and its near-copies (``SecretMatcher``: case, URL-encoding, base64, splits, cut short).
    static func redact(_ value: String, as label: String) {
        guard !value.isEmpty else { return }
        secrets.withLock { $0.append((value, SecretMatcher(secret: value), label)) }
    }

    /// `text` as one safe line: control characters (newlines too; tabs, harmless, stay) written as
    /// `\u{…}` escapes, secrets replaced by their labels.
    static func line(_ text: String) -> String {
        var safe = ""
        safe.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09:
                safe.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                safe += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                safe.unicodeScalars.append(scalar)
            }
        }
        return redacted(safe)
    }

    /// `text` with every registered secret and near-copy of one replaced by its label (for files
    /// such as the summary too).
    static func redacted(_ text: String) -> String {
        secrets.withLock { secrets in
            secrets.reduce(text) { text, secret in
                secret.matcher.redact(
                    text.replacingOccurrences(of: secret.value, with: "[\(secret.label)]"), with: "[\(secret.label)]")
            }
        }
    }

    /// Each line of `text` made safe on its own (for our own multi-line reports).
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
    }
}
