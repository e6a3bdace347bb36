import StreamingJSON

/// The parser's events taken and dropped (every key kept, so every value is read as the page
/// decoders read it): `parse-only-<case>` measures the parser alone, without records, Strings,
/// entities or dates — what the decoder would cost if making records cost nothing (issue 38).
struct ParseOnlyHandler: JSONEventHandler {
    /// Events seen, so the work is not optimized away.
    var events = 0

    mutating func startObject() { events &+= 1 }
    mutating func endObject() { events &+= 1 }
    mutating func startArray() { events &+= 1 }
    mutating func endArray() { events &+= 1 }
    mutating func key(_ text: JSONText) -> Bool {
        events &+= 1
        return true
    }
    mutating func string(_ text: JSONText) { events &+= 1 }
    mutating func number(_ text: UnsafeRawBufferPointer) { events &+= 1 }
    mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) { events &+= 1 }
    mutating func bool(_ value: Bool) { events &+= 1 }
    mutating func null() { events &+= 1 }

    /// The events of every page, parsed whole.
    static func events(_ pages: [[UInt8]]) throws -> Int {
        var total = 0
        for page in pages {
            var handler = ParseOnlyHandler()
            var parser = JSONStreamParser()
            try parser.feed(page, to: &handler)
            try parser.finish(to: &handler)
            total &+= handler.events
        }
        return total
    }
}
