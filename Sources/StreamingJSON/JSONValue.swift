/// A parsed JSON value: what ``JSONValueBuilder`` makes of a document. For tools and tests; the
/// page decoders never build one.
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

    /// Parses a whole document.
    ///
    /// - Throws: ``JSONError``.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONStreamParser()
        var builder = JSONValueBuilder()
        try parser.feed(bytes, to: &builder)
        try parser.finish(to: &builder)
        return builder.result!
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Builds a ``JSONValue`` from parser events.
public struct JSONValueBuilder: JSONEventHandler {
    private enum Frame {
        case object([(key: String, value: JSONValue)], pendingKey: String?)
        case array([JSONValue])
    }

    private var stack: [Frame] = []
    public private(set) var result: JSONValue?

    public init() {}

    private mutating func add(_ value: JSONValue) {
        guard let top = stack.popLast() else {
            result = value
            return
        }
        switch top {
        case .object(var members, let key):
            members.append((key ?? "", value))
            stack.append(.object(members, pendingKey: nil))
        case .array(var values):
            values.append(value)
            stack.append(.array(values))
        }
    }

    public mutating func startObject() { stack.append(.object([], pendingKey: nil)) }

    public mutating func endObject() {
        if case .object(let members, _)? = stack.popLast() { add(.object(members)) }
    }

    public mutating func startArray() { stack.append(.array([])) }

    public mutating func endArray() {
        if case .array(let values)? = stack.popLast() { add(.array(values)) }
    }

    public mutating func key(_ text: JSONText) -> Bool {
        if case .object(let members, _)? = stack.popLast() {
            stack.append(.object(members, pendingKey: text.string))
        }
        return true
    }

    public mutating func string(_ text: JSONText) { add(.string(text.string)) }
    public mutating func number(_ text: UnsafeRawBufferPointer) { add(.number(String(decoding: text, as: UTF8.self))) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func null() { add(.null) }
}
