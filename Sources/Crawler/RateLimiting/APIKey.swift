import Foundation

/// An API key and where it came from. The value is a secret: `description` shows only the label
/// (`key 2 of keys.txt`), never the key.
public struct APIKey: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    /// Where the key came from, safe to print.
    public let label: String

    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }

    public var description: String { label }

    /// Reads a key file: one key per line; blank lines and `#` comments ignored.
    ///
    /// - Throws: ``KeyFileError`` naming the file and line of a malformed entry, or an empty file.
    public static func load(file path: String) throws -> [APIKey] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KeyFileError("cannot read key file \(path): no such file or not readable")
        }
        var text = String(decoding: data, as: UTF8.self)
        // Editors on some systems save a byte-order mark first.
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let name = (path as NSString).lastPathComponent
        var keys: [APIKey] = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if let problem = Self.problem(in: line) {
                throw KeyFileError("\(path):\(offset + 1): \(problem); fix or remove that line")
            }
            keys.append(APIKey(value: line, label: "key \(keys.count + 1) of \(name) (line \(offset + 1))"))
        }
        guard !keys.isEmpty else { throw KeyFileError("key file \(path) holds no key: put one key per line") }
        return keys
    }
}

extension APIKey {
    /// What is wrong with `value` as a key, or `nil` when it can be sent: a key is printable ASCII
    /// with no spaces. The answer never quotes the value.
    public static func problem(in value: String) -> String? {
        if value.isEmpty { return "the key is empty" }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the key holds a control character (a CR, LF, NUL or tab inside it)"
        }
        if value.contains(" ") { return "a key line holds one key and nothing else (no spaces)" }
        if !value.allSatisfy(\.isASCII) { return "the key holds a character that is not ASCII" }
        return nil
    }
}

/// A key file that cannot be used; the message never contains a key.
public struct KeyFileError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
