/// Receives the events of ``JSONStreamParser`` in document order. Every event is for a complete
/// token: a value split across chunks arrives once, whole.
///
/// Texts passed to `key` and `string` and the buffer passed to `number` are valid only during
/// the call.
public protocol JSONEventHandler {
    mutating func startObject() throws
    mutating func endObject() throws
    mutating func startArray() throws
    mutating func endArray() throws
    /// An object key (unescaped, valid UTF-8). Return `false` to skip its value: the parser then
    /// checks the value's syntax without reporting it or building anything from it.
    mutating func key(_ text: JSONText) throws -> Bool
    /// A string value (unescaped, valid UTF-8).
    mutating func string(_ text: JSONText) throws
    /// A number, as its JSON text (already checked against RFC 8259's grammar).
    mutating func number(_ text: UnsafeRawBufferPointer) throws
    /// A number that is a plain whole number (digits only, at most 18), with its value, which
    /// the parser computed while reading it — when it is an object member's value whole in one
    /// chunk; any other number, whole ones too, comes to ``number(_:)``, so a handler must take
    /// whole numbers there as well. By default this passes the text on to ``number(_:)``.
    mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) throws
    mutating func bool(_ value: Bool) throws
    mutating func null() throws
}

extension JSONEventHandler {
    public mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) throws {
        try number(text)
    }
}
