/// The `Encoder` a value encodes itself into, writing at one place of a ``JSONOutputStream``.
final class JSONStreamingEncoder: Encoder {
    let stream: JSONOutputStream
    /// The spaces before the line of the value's closing bracket.
    let indent: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The container the value opened, asked for again (a value encoding its parent's members
    /// and then its own) to go on in it.
    private var opened: (id: Int, isObject: Bool)?

    init(stream: JSONOutputStream, indent: Int, codingPath: [any CodingKey]) {
        self.stream = stream
        self.indent = indent
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer<Key>(encoder: self, id: container(object: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(encoder: self, id: container(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }

    private func container(object: Bool) -> Int {
        if let opened, opened.isObject == object, stream.isOpen(opened.id) { return opened.id }
        let id = stream.open(object: object, indent: indent)
        opened = (id, object)
        return id
    }

    /// An encoder for a value nested at `key`, written where the stream awaits it.
    func nested(at key: any CodingKey, indent: Int) -> JSONStreamingEncoder {
        JSONStreamingEncoder(stream: stream, indent: indent, codingPath: codingPath + [key])
    }

    /// Writes `value` as the next member of the container `id`.
    func encode<Value: Encodable>(_ value: Value, in id: Int, key: (any CodingKey)?, index: Int) throws {
        let path = { self.codingPath + [key ?? StringCodingKey(intValue: index)] }
        let indent = try stream.nextMember(of: id, key: key?.stringValue, codingPath: path)
        try stream.encodeValue(value, indent: indent, codingPath: path)
    }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONStreamingEncoder
    let id: Int
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        _ = try encoder.stream.nextMember(of: id, key: key.stringValue, codingPath: { codingPath + [key] })
        encoder.stream.null()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encode(value, in: id, key: key, index: 0)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder(StringCodingKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(key) }

    /// An encoder for the member `key`, its key written (these methods cannot throw: a
    /// container closed already is written to as if it were open, and the text is wrong only for
    /// a value that misuses its containers).
    private func nestedEncoder(_ key: any CodingKey) -> JSONStreamingEncoder {
        let indent =
            (try? encoder.stream.nextMember(of: id, key: key.stringValue, codingPath: { codingPath + [key] }))
            ?? encoder.indent + 2
        return encoder.nested(at: key, indent: indent)
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONStreamingEncoder
    let id: Int
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.stream.count(of: id) }

    mutating func encodeNil() throws {
        _ = try encoder.stream.nextMember(of: id, key: nil, codingPath: { codingPath })
        encoder.stream.null()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encode(value, in: id, key: nil, index: count)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder() }

    private func nestedEncoder() -> JSONStreamingEncoder {
        let key = StringCodingKey(intValue: count)
        let indent =
            (try? encoder.stream.nextMember(of: id, key: nil, codingPath: { codingPath + [key] })) ?? encoder.indent + 2
        return encoder.nested(at: key, indent: indent)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONStreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.stream.null() }
    mutating func encode(_ value: Bool) throws { encoder.stream.bool(value) }
    mutating func encode(_ value: String) throws { encoder.stream.string(value) }
    mutating func encode(_ value: Double) throws { try encoder.stream.floatingPoint(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try encoder.stream.floatingPoint(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { encoder.stream.int(value) }
    mutating func encode(_ value: Int8) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: Int16) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: Int32) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: Int64) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: UInt) throws { encoder.stream.number(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.stream.int(Int(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.stream.number(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.stream.encodeValue(value, indent: encoder.indent, codingPath: { codingPath })
    }
}
