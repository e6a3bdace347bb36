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
///
/// The open containers are frames of a stack, each appended to in place: a container taken out of
/// the stack to append to and put back would share its storage with the copy being matched, and
/// every append would copy the whole container (a quadratic build: the provenance of a crawl of
/// thousands of seeds, rebuilt at each checkpoint, spent most of the crawler's time there).
///
/// The event methods are not inlined: the page decoders' handlers hold a builder for the values
/// they keep as sent, and its code written into their hot paths pushed the key lookup out of the
/// parser's loop (4% more instructions a search page).
public struct JSONValueBuilder: JSONEventHandler {
    private struct Frame {
        var isObject: Bool
        var members: [(key: String, value: JSONValue)] = []
        var values: [JSONValue] = []
        var pendingKey = ""
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
        let top = stack.count - 1
        guard top >= 0 else {
            result = value
            return
        }
        if stack[top].isObject {
            stack[top].members.append((stack[top].pendingKey, value))
        } else {
            stack[top].values.append(value)
        }
    }

    @inline(never) public mutating func startObject() { stack.append(Frame(isObject: true)) }

    @inline(never) public mutating func endObject() {
        if let frame = stack.popLast() { add(.object(frame.members)) }
    }

    @inline(never) public mutating func startArray() { stack.append(Frame(isObject: false)) }

    @inline(never) public mutating func endArray() {
        if let frame = stack.popLast() { add(.array(frame.values)) }
    }

    @inline(never) public mutating func key(_ text: JSONText) -> Bool {
        if !stack.isEmpty { stack[stack.count - 1].pendingKey = text.string }
        return true
    }

    @inline(never) public mutating func string(_ text: JSONText) { add(.string(text.string)) }
    @inline(never) public mutating func number(_ text: UnsafeRawBufferPointer) {
        add(.number(String(decoding: text, as: UTF8.self)))
    }
    @inline(never) public mutating func bool(_ value: Bool) { add(.bool(value)) }
    @inline(never) public mutating func null() { add(.null) }
}
