import YouTubeKit

extension JSONValue {
    /// The value as JSON text: compact, or pretty-printed the way Google's APIs print
    /// (two-space indent, `"key": value`, a newline at the end).
    public func render(pretty: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        write(into: &writer, pretty: pretty, indent: 0)
        if pretty { writer.raw("\n") }
        return writer.bytes
    }

    /// Appends the value's JSON text to `writer`.
    public func write(into writer: inout JSONWriter, pretty: Bool, indent: Int) {
        switch self {
        case .string(let text): writer.string(text)
        case .number(let text): for byte in text.utf8 { writer.raw(byte) }
        case .bool(let value): writer.bool(value)
        case .null: writer.null()
        case .array(let values):
            writer.raw("[")
            for (index, value) in values.enumerated() {
                if index > 0 { writer.raw(",") }
                if pretty { Self.newline(&writer, indent + 2) }
                value.write(into: &writer, pretty: pretty, indent: indent + 2)
            }
            if pretty, !values.isEmpty { Self.newline(&writer, indent) }
            writer.raw("]")
        case .object(let members):
            writer.raw("{")
            for (index, member) in members.enumerated() {
                if index > 0 { writer.raw(",") }
                if pretty { Self.newline(&writer, indent + 2) }
                writer.string(member.key)
                if pretty { writer.raw(": ") } else { writer.raw(":") }
                member.value.write(into: &writer, pretty: pretty, indent: indent + 2)
            }
            if pretty, !members.isEmpty { Self.newline(&writer, indent) }
            writer.raw("}")
        }
    }

    private static func newline(_ writer: inout JSONWriter, _ indent: Int) {
        writer.raw("\n")
        for _ in 0..<indent { writer.raw(" ") }
    }

    /// An integer as a JSON number.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}
