import StreamingJSON

/// The `fields` parameter of Google APIs (partial responses): `items(id,snippet(title,publishedAt)),nextPageToken`,
/// `items/snippet/title`. Only the selected members of the response are kept.
struct FieldsFilter: Sendable {
    /// Selected member → what to keep inside it (`nil`: all of it).
    private var members: [String: FieldsFilter?] = [:]

    enum ParseError: Error {
        case malformed(String)
    }

    /// Parses a selection.
    ///
    /// - Throws: ``ParseError`` for unbalanced parentheses or empty names.
    init(parsing text: String) throws {
        var characters = Substring(text)
        self = try Self.parseList(&characters)
        guard characters.isEmpty else { throw ParseError.malformed("unexpected ')'") }
    }

    private init() {}

    private static func parseList(_ text: inout Substring) throws -> FieldsFilter {
        var filter = FieldsFilter()
        while true {
            try filter.parseField(&text)
            if text.first == "," {
                text.removeFirst()
                continue
            }
            return filter
        }
    }

    private mutating func parseField(_ text: inout Substring) throws {
        var name = ""
        while let character = text.first, !",()/".contains(character) {
            name.append(character)
            text.removeFirst()
        }
        name = name.trimmingCharacters(in: " ")
        guard !name.isEmpty else { throw ParseError.malformed("empty field name") }
        var inner: FieldsFilter?
        if text.first == "/" {
            text.removeFirst()
            var nested = members[name].flatMap { $0 } ?? FieldsFilter()
            try nested.parseField(&text)
            inner = nested
        } else if text.first == "(" {
            text.removeFirst()
            let nested = try Self.parseList(&text)
            guard text.first == ")" else { throw ParseError.malformed("missing ')'") }
            text.removeFirst()
            inner = nested
        }
        if let existing = members[name], existing == nil || inner == nil {
            members[name] = .some(nil)
        } else {
            members[name] = inner
        }
    }

    /// The parts of `value` the selection keeps. Arrays are filtered element by element.
    func apply(to value: JSONValue) -> JSONValue {
        switch value {
        case .object(let pairs):
            return .object(
                pairs.compactMap { pair in
                    guard let selection = members[pair.key] else { return nil }
                    guard let inner = selection else { return pair }
                    return (pair.key, inner.apply(to: pair.value))
                })
        case .array(let values):
            return .array(values.map { apply(to: $0) })
        default:
            return value
        }
    }
}

extension FieldsFilter: Equatable {
    static func == (lhs: FieldsFilter, rhs: FieldsFilter) -> Bool {
        lhs.members.keys.sorted() == rhs.members.keys.sorted()
            && lhs.members.allSatisfy { key, value in rhs.members[key].map { $0 == value } ?? false }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        Substring(self).trimmingCharacters(in: set)
    }
}
