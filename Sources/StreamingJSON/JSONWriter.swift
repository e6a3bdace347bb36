/// Writes JSON text into a byte buffer: the record encoder of the JSON-lines shards.
///
/// Strings are escaped per RFC 8259 — `"`, `\`, every control character — and U+2028/U+2029 as
/// `\u2028`/`\u2029`, so a line is also valid JavaScript. No Foundation on this path.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
    }

    @inline(__always)
    public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func null() { raw("null") }

    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    public mutating func int(_ value: Int) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, no allocation
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeBytes(of: &digits) { buffer in
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A quoted, escaped JSON string.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// A quoted, escaped JSON string from valid UTF-8 bytes.
    public mutating func string(utf8 input: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = input.count
        while index < count {
            let byte = input[index]
            let escape: StaticString?
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20: escape = nil
            case 0xE2
            where index + 2 < count && input[index + 1] == 0x80
                && (input[index + 2] == 0xA8 || input[index + 2] == 0xA9):
                // U+2028 LINE SEPARATOR / U+2029 PARAGRAPH SEPARATOR.
                flush(input, from: runStart, to: index)
                raw(input[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 3
                runStart = index
                continue
            default:
                index += 1
                continue
            }
            flush(input, from: runStart, to: index)
            if let escape {
                raw(escape)
            } else {
                raw("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            }
            index += 1
            runStart = index
        }
        flush(input, from: runStart, to: count)
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    public mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// `["a","b"]`.
    public mutating func stringArray(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }

    /// `[1,2]`.
    public mutating func intArray(_ values: [Int]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            int(value)
        }
        raw("]")
    }

    /// `"name":` (the name must need no escaping).
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `,"name":"value"` (or `null`): one member after the first of an object.
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: String?) {
        bytes.append(UInt8(ascii: ","))
        key(name)
        optionalString(value)
    }

    /// `,"name":123` (or `null`).
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Int?) {
        bytes.append(UInt8(ascii: ","))
        key(name)
        optionalInt(value)
    }

    /// `,"name":` before a value the caller writes.
    @inline(__always)
    public mutating func memberKey(_ name: StaticString) {
        bytes.append(UInt8(ascii: ","))
        key(name)
    }

    @inline(__always)
    private mutating func flush(_ input: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        if end > start { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[start..<end])) }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
