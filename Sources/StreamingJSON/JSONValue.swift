import YouTubeKit

@_exported import enum YouTubeKit.JSONValue

extension JSONValue {
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

    /// The value built, leaving the builder ready for the next one (its storage kept).
    public mutating func takeResult() -> JSONValue? {
        defer { result = nil }
        return result
    }

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
