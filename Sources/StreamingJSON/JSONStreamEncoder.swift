import YouTubeKit

/// Encodes an `Encodable` value as JSON text handed out in pieces as it is written: no tree of
/// the whole value (Foundation's `JSONEncoder` builds one before it writes a byte), no buffer of
/// the whole text. What the output's small files are written with — `manifest.json` and
/// `datapackage.json` hold every seed with its outcome and are rewritten at every checkpoint.
///
/// - An object's members come in the order the value encodes them (a synthesized `Codable`:
///   the order its properties are declared), except a dictionary's, which are sorted by key (a
///   `[String: V]` or `[Int: V]`), so the same value always gives the same text.
/// - Pretty text is indented the way ``JSONValue/render(pretty:)`` and Google's APIs print it:
///   two spaces, `"key": value`. A ``JSONValue`` is written as it is, its members in order.
/// - Strings are escaped as ``JSONWriter`` escapes them; a `Double` or `Float` that is not finite
///   throws `EncodingError.invalidValue`, as with `JSONEncoder`.
/// - A container must be written before a later sibling value (as every synthesized `Codable`
///   does); one used after its parent moved on throws `EncodingError.invalidValue`.
public struct JSONStreamEncoder: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// Encodes `value`, handing its text to `write` in pieces of about `pieceSize` bytes (a
    /// string longer than that is one piece with what surrounds it).
    ///
    /// - Parameter indent: the spaces before the line the value starts on, when it is written
    ///   inside pretty text (its inner lines and closing bracket are indented from there).
    /// - Throws: `EncodingError`, or what `write` or the value's `encode(to:)` throws.
    public func encode<Value: Encodable>(
        _ value: Value, indent: Int = 0, pieceSize: Int = 1 << 16,
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try withoutActuallyEscaping(write) { write in
            let stream = JSONOutputStream(pretty: pretty, pieceSize: pieceSize, write: write)
            try stream.encodeValue(value, indent: indent, codingPath: { [] })
            try stream.finish()
        }
    }

    /// The whole text of `value`.
    ///
    /// - Throws: `EncodingError`, or what the value's `encode(to:)` throws.
    public func encode<Value: Encodable>(_ value: Value, indent: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(value, indent: indent) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The whole text of `value` in a ``JSONWriter`` of `capacity` bytes to begin with (for a
    /// consumer of writers, as the checkpoint's frontier).
    ///
    /// - Throws: `EncodingError`, or what the value's `encode(to:)` throws.
    public func encode<Value: Encodable>(_ value: Value, capacity: Int) throws -> JSONWriter {
        var writer = JSONWriter(capacity: capacity)
        try encode(value) { writer.append($0) }
        return writer
    }
}

/// A dictionary whose members the encoder writes sorted by key.
protocol SortedKeysEncodable {
    func encodeSorted(to encoder: any Encoder) throws
}

extension Dictionary: SortedKeysEncodable where Key: Comparable & CodingKeyRepresentable, Value: Encodable {
    func encodeSorted(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringCodingKey.self)
        for key in keys.sorted() {
            try container.encode(self[key]!, forKey: StringCodingKey(key.codingKey))
        }
    }
}

/// A coding key that is its text (and its number, when it has one).
struct StringCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }
}

/// An object whose members are encoded in the order they were added: a document made of parts
/// (``JSONValue``s, `Codable` values) written by ``JSONStreamEncoder`` without a tree of the whole.
public struct OrderedJSONObject: Encodable {
    public private(set) var members: [(key: String, value: any Encodable)] = []

    public init() {}

    /// Adds a member, unless `value` is `nil`.
    public mutating func add(_ key: String, _ value: (any Encodable)?) {
        if let value { members.append((key, value)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringCodingKey.self)
        for member in members { try container.encode(member.value, forKey: StringCodingKey(stringValue: member.key)) }
    }
}
