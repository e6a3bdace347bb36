/// A JSON value as sent: what a record keeps of an object the API defines loosely (a content
/// rating, localizations), and what tools and tests parse documents into.
public indirect enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number's JSON text, exactly as written.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let values): hasher.combine(values)
        case .string(let text): hasher.combine(text)
        case .number(let text): hasher.combine(text)
        case .bool(let value): hasher.combine(value)
        case .null: hasher.combine(1)
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
