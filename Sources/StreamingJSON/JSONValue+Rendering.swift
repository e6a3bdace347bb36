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
        writer.appending { $0.json(self, pretty: pretty, indent: indent) }
    }

    /// An integer as a JSON number.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}
