import YouTubeKit

/// The text ``JSONStreamEncoder`` writes, and the containers open in it: a stack of levels, the
/// innermost last. Writing into a container first closes every level opened inside it since
/// (their values are complete: a later sibling is being written), so each container's text is
/// written once, in place, as the value encodes itself.
final class JSONOutputStream {
    private struct Level {
        let id: Int
        let isObject: Bool
        /// The spaces before the line of the container's closing bracket.
        let indent: Int
        var count = 0
    }

    let pretty: Bool
    private let pieceSize: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var writer: JSONWriter
    private var levels: [Level] = []
    private var nextID = 0
    /// A member's key (or an array's separator) is written and its value not yet: set while a
    /// value's `encode(to:)` runs, so a value that encodes nothing is written `{}`.
    private var awaitingValue = false

    init(pretty: Bool, pieceSize: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.pretty = pretty
        self.pieceSize = max(pieceSize, 64)
        self.write = write
        writer = JSONWriter(capacity: min(self.pieceSize * 2, 1 << 20))
    }

    // MARK: Values

    /// Writes `value` where a value is awaited, at `indent`.
    ///
    /// - Parameter codingPath: where the value is, made only when needed (a nested encoder, an
    ///   error): most values are strings and numbers.
    func encodeValue<Value: Encodable>(_ value: Value, indent: Int, codingPath: () -> [any CodingKey]) throws {
        awaitingValue = true
        switch value {
        case let text as String: string(text)
        case let number as Int: int(number)
        case let flag as Bool: bool(flag)
        case let json as JSONValue: self.json(json, indent: indent)
        case let number as Double: try floatingPoint(number, codingPath: codingPath())
        default:
            let depth = levels.count
            let encoder = JSONStreamingEncoder(stream: self, indent: indent, codingPath: codingPath())
            if let dictionary = value as? any SortedKeysEncodable {
                try dictionary.encodeSorted(to: encoder)
            } else {
                try value.encode(to: encoder)
            }
            try close(above: depth)  // a value that encoded nothing is `{}`, as with JSONEncoder
        }
        try flushIfFull()
    }

    func string(_ text: String) {
        awaitingValue = false
        writer.string(text)
    }

    func int(_ number: Int) {
        awaitingValue = false
        writer.int(number)
    }

    func bool(_ flag: Bool) {
        awaitingValue = false
        writer.bool(flag)
    }

    func null() {
        awaitingValue = false
        writer.null()
    }

    /// A number's text as it is (the caller vouches for it).
    func number(_ text: String) {
        awaitingValue = false
        var text = text
        text.withUTF8 { writer.append(UnsafeRawBufferPointer($0)) }
    }

    func json(_ value: JSONValue, indent: Int) {
        awaitingValue = false
        value.write(into: &writer, pretty: pretty, indent: indent)
    }

    /// A finite `Double` or `Float` as Swift prints it (the shortest text that reads back the
    /// same), an integral one that the type holds exactly without `.0`.
    func floatingPoint<Number: BinaryFloatingPoint & CustomStringConvertible>(
        _ number: Number, codingPath: @autoclosure () -> [any CodingKey]
    ) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath(), debugDescription: "\(number) is not a JSON number"))
        }
        if let integer = Int64(exactly: number), integer.magnitude >> (Number.significandBitCount + 1) == 0 {
            self.number(String(integer))
        } else {
            self.number(number.description)
        }
    }

    private func raw(_ text: StaticString) {
        awaitingValue = false
        writer.raw(text)
    }

    // MARK: Containers

    /// Opens an object or an array where a value is awaited: its level's id.
    func open(object: Bool, indent: Int) -> Int {
        raw(object ? "{" : "[")
        nextID += 1
        levels.append(Level(id: nextID, isObject: object, indent: indent))
        return nextID
    }

    /// Makes the container `id` the innermost again (closing those opened in it since) and
    /// writes the separator of its next member (and the key, for an object's): its value is
    /// awaited, at the indent this returns.
    ///
    /// - Throws: `EncodingError.invalidValue` when the container was closed already.
    func nextMember(of id: Int, key: String?, codingPath: () -> [any CodingKey]) throws -> Int {
        guard let index = levels.lastIndex(where: { $0.id == id }) else {
            throw EncodingError.invalidValue(
                key ?? "",
                .init(
                    codingPath: codingPath(),
                    debugDescription: "a container was written to after its parent had moved on to a later value"))
        }
        try close(above: index + 1)
        if levels[index].count > 0 { writer.raw(",") }
        levels[index].count += 1
        let indent = levels[index].indent + 2
        if pretty { newline(indent) }
        if let key {
            writer.string(key)
            if pretty { writer.raw(": ") } else { writer.raw(":") }
        }
        awaitingValue = true
        return indent
    }

    /// How many members the container `id` has (0 once it is closed).
    func count(of id: Int) -> Int {
        levels.last { $0.id == id }?.count ?? 0
    }

    /// Whether the container `id` is still open (a value may ask for its container twice).
    func isOpen(_ id: Int) -> Bool {
        levels.contains { $0.id == id }
    }

    /// Closes the levels from `depth` up: each one's value is complete.
    func close(above depth: Int) throws {
        if awaitingValue { raw("{}") }  // a key with nothing encoded for it: an empty object
        while levels.count > depth {
            let level = levels.removeLast()
            if pretty, level.count > 0 { newline(level.indent) }
            writer.raw(level.isObject ? "}" : "]")
        }
        try flushIfFull()
    }

    private func newline(_ indent: Int) { writer.appending { $0.newline(indent) } }

    // MARK: Pieces

    private func flushIfFull() throws {
        guard writer.count >= pieceSize else { return }
        try writer.withBytes(write)
        writer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left.
    func finish() throws {
        try close(above: 0)
        if !writer.isEmpty { try writer.withBytes(write) }
        writer.removeAll(keepingCapacity: false)
    }
}
