import YouTubeKit

/// Writes JSON text at the end of a ``JSONWriter``'s buffer through a pointer and a count held in
/// registers: what every writing method of ``JSONWriter`` does, and what ``RecordEncoder`` writes
/// a whole record with.
///
/// Made by ``JSONWriter/appending(_:)``, which checks once that the buffer is the writer's own
/// (not shared with a copy); each write then only compares the end with the capacity, and a
/// member's `,"name":` or a `null` is copied as a constant (a few stores, no call) where the
/// name is a literal. Before, every piece checked the buffer's uniqueness (a runtime call) and
/// was copied by `memcpy`: three quarters of what a search record's line cost.
package struct JSONAppender {
    /// The writer's buffer: not retained (the writer holds it for the appender's whole life).
    private unowned(unsafe) let storage: JSONWriter.Storage
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes written, counting those written before the appender was made.
    private(set) var count: Int
    private var capacity: Int

    init(_ storage: JSONWriter.Storage) {
        self.storage = storage
        base = storage.base
        count = storage.count
        capacity = storage.capacity
    }

    /// Room for `extra` more bytes: where they go. The caller adds to ``count`` what it wrote.
    @inline(__always)
    mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(count &+ extra > capacity) { grow(extra) }
        return base + count
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        storage.count = count
        storage.grow(to: max(count &+ extra, capacity &* 2))
        base = storage.base
        capacity = storage.capacity
    }

    /// Ends the appender's writes: the count goes back to the writer's buffer.
    @inline(__always)
    func close() { storage.count = count }

    @inline(__always)
    mutating func raw(_ byte: UInt8) {
        room(1).pointee = byte
        count &+= 1
    }

    /// Appends `text` as it is (a literal: copied as a constant when this is inlined).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        UnsafeMutableRawPointer(room(length)).copyMemory(from: text.utf8Start, byteCount: length)
        count &+= length
    }

    /// Appends bytes in one copy.
    @inline(__always)
    mutating func append(_ buffer: UnsafeRawBufferPointer) {
        let length = buffer.count
        guard length > 0 else { return }
        UnsafeMutableRawPointer(room(length)).copyMemory(from: buffer.baseAddress!, byteCount: length)
        count &+= length
    }

    @inline(__always)
    mutating func null() { raw("null") }

    @inline(__always)
    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// An integer's digits, written straight into the buffer from the last one back.
    mutating func int(_ value: Int) {
        var magnitude = value.magnitude
        var digits = 1
        var bound: UInt = 10
        while digits < 20, magnitude >= bound {
            digits &+= 1
            bound = bound &* 10
        }
        let sign = value < 0 ? 1 : 0
        let output = room(digits &+ sign)
        if sign == 1 { output[0] = UInt8(ascii: "-") }
        var index = digits &+ sign
        repeat {
            index &-= 1
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while index > sign
        count &+= digits &+ sign
    }

    /// `"YYYY-MM-DDTHH:MM:SSZ"` (see ``JSONWriter/timestamp(seconds:)``).
    mutating func timestamp(seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = RFC3339.civilFromDays(Int(days))
        guard (0...9999).contains(year) else {
            string(RFC3339.format(seconds: seconds))
            return
        }
        let output = room(22)
        @inline(__always) func two(_ value: Int, at offset: Int) {
            output[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
            output[offset &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        }
        output[0] = UInt8(ascii: "\"")
        two(year / 100, at: 1)
        two(year % 100, at: 3)
        output[5] = UInt8(ascii: "-")
        two(month, at: 6)
        output[8] = UInt8(ascii: "-")
        two(day, at: 9)
        output[11] = UInt8(ascii: "T")
        two(secondsOfDay / 3600, at: 12)
        output[14] = UInt8(ascii: ":")
        two(secondsOfDay / 60 % 60, at: 15)
        output[17] = UInt8(ascii: ":")
        two(secondsOfDay % 60, at: 18)
        output[20] = UInt8(ascii: "Z")
        output[21] = UInt8(ascii: "\"")
        count &+= 22
    }

    @inline(__always)
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// A quoted, escaped JSON string from valid UTF-8 bytes (see ``JSONWriter/string(utf8:)``).
    mutating func string(utf8 input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            raw("\"\"")
            return
        }
        // Room for the worst case (every byte a six-byte `\u00XX`).
        let output = room(input.count &* 6 &+ 2)
        output[0] = UInt8(ascii: "\"")
        let written = JSONEscaping.escape(base, input.count, into: output + 1) &+ 1
        output[written] = UInt8(ascii: "\"")
        count &+= written &+ 1
    }

    /// String text without its quotes, escaped as ``string(utf8:)`` escapes it.
    mutating func escapedText(utf8 input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let output = room(input.count &* 6)
        count &+= JSONEscaping.escape(base, input.count, into: output)
    }

    @inline(__always)
    mutating func escapedText(_ value: String) {
        var value = value
        value.withUTF8 { escapedText(utf8: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    @inline(__always)
    mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// The commas between the members of an array or an object, none before the first: the one
    /// place hand-written JSON decides them. `next(_:)` goes before each member.
    struct Commas {
        private var first = true

        @inline(__always)
        mutating func next(_ writer: inout JSONAppender) {
            if first { first = false } else { writer.raw(",") }
        }
    }

    /// `[`, each of `values` as `write` writes it, `]`.
    @inline(__always)
    mutating func array<Values: Sequence>(_ values: Values, _ write: (inout JSONAppender, Values.Element) -> Void) {
        raw("[")
        var commas = Commas()
        for value in values {
            commas.next(&self)
            write(&self, value)
        }
        raw("]")
    }

    mutating func stringArray(_ values: some Sequence<String>) { array(values) { $0.string($1) } }

    mutating func intArray(_ values: [Int]) { array(values) { $0.int($1) } }

    mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        for byte in value.description.utf8 { raw(byte) }
    }

    /// `"name":` (the name must need no escaping).
    @inline(__always)
    mutating func key(_ name: StaticString) {
        raw(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// `,"name":`: one capacity check, the name copied as a constant where it is a literal.
    @inline(__always)
    mutating func memberKey(_ name: StaticString) { member(name, then: "\":") }

    /// `,"name":null`, in one write like ``memberKey(_:)``.
    @inline(__always)
    mutating func nullMember(_ name: StaticString) { member(name, then: "\":null") }

    /// `,"` + `name` + `suffix`, after one capacity check.
    @inline(__always)
    private mutating func member(_ name: StaticString, then suffix: StaticString) {
        let length = name.utf8CodeUnitCount
        let suffixLength = suffix.utf8CodeUnitCount
        let output = room(length &+ 2 &+ suffixLength)
        output[0] = UInt8(ascii: ",")
        output[1] = UInt8(ascii: "\"")
        (output + 2).update(from: name.utf8Start, count: length)
        (output + (length &+ 2)).update(from: suffix.utf8Start, count: suffixLength)
        count &+= length &+ 2 &+ suffixLength
    }

    /// `,"name":` and the value `write` writes, or `,"name":null`.
    @inline(__always)
    private mutating func member<Value>(
        _ name: StaticString, _ value: Value?, _ write: (inout JSONAppender, Value) -> Void
    ) {
        if let value {
            memberKey(name)
            write(&self, value)
        } else {
            nullMember(name)
        }
    }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: String?) { member(name, value) { $0.string($1) } }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Int?) { member(name, value) { $0.int($1) } }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Bool?) { member(name, value) { $0.bool($1) } }

    @inline(__always)
    mutating func member(_ name: StaticString, _ value: [String]?) { member(name, value) { $0.stringArray($1) } }

    /// A ``JSONValue``'s text: compact, or pretty-printed the way Google's APIs print.
    mutating func json(_ value: JSONValue, pretty: Bool, indent: Int) {
        switch value {
        case .string(let text): string(text)
        case .number(let text):
            var text = text
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        case .bool(let value): bool(value)
        case .null: null()
        case .array(let values):
            raw("[")
            var commas = Commas()
            for value in values {
                commas.next(&self)
                if pretty { newline(indent + 2) }
                json(value, pretty: pretty, indent: indent + 2)
            }
            if pretty, !values.isEmpty { newline(indent) }
            raw("]")
        case .object(let members):
            raw("{")
            var commas = Commas()
            for member in members {
                commas.next(&self)
                if pretty { newline(indent + 2) }
                string(member.key)
                if pretty { raw(": ") } else { raw(":") }
                json(member.value, pretty: pretty, indent: indent + 2)
            }
            if pretty, !members.isEmpty { newline(indent) }
            raw("}")
        }
    }

    mutating func newline(_ indent: Int) {
        let output = room(1 &+ indent)
        output[0] = UInt8(ascii: "\n")
        (output + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        count &+= 1 &+ indent
    }
}
