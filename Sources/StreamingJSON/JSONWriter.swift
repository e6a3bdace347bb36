import YouTubeKit

/// Writes JSON text into a byte buffer: the record encoder of the JSON-lines shards.
///
/// Strings are escaped per RFC 8259 — `"`, `\`, every control character — and U+2028/U+2029 as
/// `\u2028`/`\u2029`, so a line is also valid JavaScript. No Foundation on this path.
///
/// Each piece goes into the buffer in as few appends as it can (a member's `,"name":` is one),
/// since every append checks the buffer's capacity and uniqueness.
public struct JSONWriter: @unchecked Sendable {  // a value: its storage is copied before a shared one is written
    private var storage: Storage

    /// The buffer: written through a pointer, grown by doubling, copied when a second writer
    /// shares it and one of them writes.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }

        func grow(to capacity: Int) {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
            self.capacity = capacity
        }
    }

    public init(capacity: Int = 4096) {
        storage = Storage(capacity: capacity)
    }

    /// A writer that holds `text` as written so far (JSON the caller vouches for).
    public init(json text: String) {
        var text = text
        storage = Storage(capacity: text.utf8.count)
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// What was written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// How many bytes were written.
    public var count: Int { storage.count }

    public var isEmpty: Bool { storage.count == 0 }

    /// Calls `body` with what was written, without copying it.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        if !keepingCapacity {
            storage = Storage(capacity: 64)
        } else if isKnownUniquelyReferenced(&storage) {
            storage.count = 0
        } else {
            storage = Storage(capacity: storage.capacity)
        }
    }

    /// Room for `extra` more bytes, in a buffer of this writer's own: where they go.
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        let needed = storage.count &+ extra
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: max(needed, storage.capacity))
        } else if needed > storage.capacity {
            storage.grow(to: max(needed, storage.capacity &* 2))
        }
        return storage.base + storage.count
    }

    @inline(__always)
    public mutating func raw(_ byte: UInt8) {
        reserve(1).pointee = byte
        storage.count &+= 1
    }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes in one copy.
    @inline(__always)
    mutating func append(_ buffer: UnsafeRawBufferPointer) {
        let count = buffer.count
        guard count > 0 else { return }
        UnsafeMutableRawPointer(reserve(count)).copyMemory(from: buffer.baseAddress!, byteCount: count)
        storage.count &+= count
    }

    public mutating func null() { raw("null") }

    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    public mutating func int(_ value: Int) {
        // Digits written back to front into 24 bytes on the stack, then appended in one move.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var magnitude = value.magnitude
        let start = withUnsafeMutableBytes(of: &digits) { buffer in
            var index = 24
            repeat {
                index &-= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index &-= 1
                buffer[index] = UInt8(ascii: "-")
            }
            return index
        }
        withUnsafeBytes(of: &digits) { append(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// `"YYYY-MM-DDTHH:MM:SSZ"`, the RFC 3339 form of every record time (whole seconds, UTC),
    /// written as digits: no String is made. Years outside 0…9999 take the general formatter.
    public mutating func timestamp(seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = RFC3339.civilFromDays(Int(days))
        guard (0...9999).contains(year) else {
            string(RFC3339.format(seconds: seconds))
            return
        }
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            @inline(__always) func two(_ value: Int, at offset: Int) {
                buffer[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                buffer[offset &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            }
            buffer[0] = UInt8(ascii: "\"")
            two(year / 100, at: 1)
            two(year % 100, at: 3)
            buffer[5] = UInt8(ascii: "-")
            two(month, at: 6)
            buffer[8] = UInt8(ascii: "-")
            two(day, at: 9)
            buffer[11] = UInt8(ascii: "T")
            two(secondsOfDay / 3600, at: 12)
            buffer[14] = UInt8(ascii: ":")
            two(secondsOfDay / 60 % 60, at: 15)
            buffer[17] = UInt8(ascii: ":")
            two(secondsOfDay % 60, at: 18)
            buffer[20] = UInt8(ascii: "Z")
            buffer[21] = UInt8(ascii: "\"")
        }
        withUnsafeBytes(of: &text) { append(UnsafeRawBufferPointer(rebasing: $0[..<22])) }
    }

    /// A quoted, escaped JSON string.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// A quoted, escaped JSON string from valid UTF-8 bytes.
    ///
    /// Text that needs no escaping — nearly all of it — is found sixteen bytes at a time (the scan
    /// the decoder uses for string text) and copied in one move; only the byte that stops the scan
    /// (`"`, `\`, a control character, or 0xE2, which may begin U+2028/U+2029) is looked at alone.
    public mutating func string(utf8 input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            raw("\"\"")
            return
        }
        // Room for the worst case (every byte a six-byte `\u00XX`), written through a pointer.
        let output = reserve(input.count &* 6 &+ 2)
        output[0] = UInt8(ascii: "\"")
        let written = Self.escape(base, input.count, into: output + 1) &+ 1
        output[written] = UInt8(ascii: "\"")
        storage.count &+= written &+ 1
    }

    /// The text of a JSON string without its quotes: valid UTF-8 bytes, escaped as
    /// ``string(utf8:)`` escapes them. A long text may be given in pieces (cut between
    /// characters), each escaped on its own.
    public mutating func escapedText(utf8 input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let output = reserve(input.count &* 6)
        storage.count &+= Self.escape(base, input.count, into: output)
    }

    /// The text of `value` as a JSON string's, without quotes.
    public mutating func escapedText(_ value: String) {
        var value = value
        value.withUTF8 { escapedText(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `count` bytes from `base` escaped to `output` (room for six bytes each); returns
    /// how many it wrote.
    @inline(__always)
    private static func escape(_ base: UnsafePointer<UInt8>, _ count: Int, into output: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var written = 0
        var runStart = 0
        var index = 0
        @inline(__always) func flush(to end: Int) {
            let length = end &- runStart
            if length > 0 {
                (output + written).update(from: base + runStart, count: length)
                written &+= length
            }
        }
        @inline(__always) func put(_ text: StaticString) {
            (output + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            written &+= text.utf8CodeUnitCount
        }
        while true {
            index = plainRun(base, index, count)
            guard index < count else { break }
            flush(to: index)
            runStart = index
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""): put("\\\"")
            case UInt8(ascii: "\\"): put("\\\\")
            case 0x0A: put("\\n")
            case 0x0D: put("\\r")
            case 0x09: put("\\t")
            case 0x08: put("\\b")
            case 0x0C: put("\\f")
            case 0x00..<0x20:
                put("\\u00")
                output[written] = hex[Int(byte >> 4)]
                output[written &+ 1] = hex[Int(byte & 0xF)]
                written &+= 2
            default:
                // 0xE2: U+2028 LINE SEPARATOR / U+2029 PARAGRAPH SEPARATOR are escaped; any other
                // character it begins is copied with the next run.
                if index &+ 2 < count && base[index &+ 1] == 0x80 && (base[index &+ 2] | 1) == 0xA9 {
                    put(base[index &+ 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    index &+= 3
                    runStart = index
                } else {
                    index &+= 1
                }
                continue
            }
            index &+= 1
            runStart = index
        }
        flush(to: count)
        return written
    }

    /// The index of the first byte from `start` on that may need escaping — `"`, `\`, a control
    /// character or 0xE2 — or `count`: sixteen bytes at a time, then one by one.
    @inline(__always)
    static func plainRun(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int {
        var index = start
        if index &+ 16 <= count {
            let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
            let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let space = SIMD16<UInt8>(repeating: 0x20)
            let separatorLead = SIMD16<UInt8>(repeating: 0xE2)
            repeat {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let special =
                    (chunk .== quote) .| (chunk .== backslash) .| (chunk .< space) .| (chunk .== separatorLead)
                // Lanes are all ones or all zeros: read as two words (see JSONScanner.plainRun).
                let lanes = unsafeBitCast(special, to: (UInt64, UInt64).self)
                if lanes.0 | lanes.1 != 0 {
                    if lanes.0 != 0 { return index &+ (lanes.0.trailingZeroBitCount &>> 3) }
                    return index &+ 8 &+ (lanes.1.trailingZeroBitCount &>> 3)
                }
                index &+= 16
            } while index &+ 16 <= count
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0xE2 { return index }
            index &+= 1
        }
        return index
    }

    public mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    public mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// `["a","b"]`.
    public mutating func stringArray(_ values: some Sequence<String>) {
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
        punctuatedKey(name, comma: false)
    }

    /// `"name":`, after a `,` when `comma`: one append for names up to 27 bytes.
    @inline(__always)
    private mutating func punctuatedKey(_ name: StaticString, comma: Bool) {
        let length = name.utf8CodeUnitCount
        guard length <= 27 else {
            if comma { raw(UInt8(ascii: ",")) }
            raw(UInt8(ascii: "\""))
            raw(name)
            raw("\":")
            return
        }
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let total = withUnsafeMutableBytes(of: &text) { buffer in
            var index = 0
            if comma {
                buffer[0] = UInt8(ascii: ",")
                index = 1
            }
            buffer[index] = UInt8(ascii: "\"")
            (buffer.baseAddress! + (index &+ 1)).copyMemory(from: name.utf8Start, byteCount: length)
            index &+= length &+ 1
            buffer[index] = UInt8(ascii: "\"")
            buffer[index &+ 1] = UInt8(ascii: ":")
            return index &+ 2
        }
        withUnsafeBytes(of: &text) { append(UnsafeRawBufferPointer(rebasing: $0[..<total])) }
    }

    /// `,"name":"value"` (or `null`): one member after the first of an object.
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: String?) {
        punctuatedKey(name, comma: true)
        optionalString(value)
    }

    /// `,"name":123` (or `null`).
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Int?) {
        punctuatedKey(name, comma: true)
        optionalInt(value)
    }

    /// `,"name":true` (or `null`).
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Bool?) {
        punctuatedKey(name, comma: true)
        if let value { bool(value) } else { null() }
    }

    /// `,"name":["a","b"]` (or `null`).
    public mutating func member(_ name: StaticString, _ value: [String]?) {
        punctuatedKey(name, comma: true)
        if let value { stringArray(value) } else { null() }
    }

    /// A finite number in the shortest text that reads back as the same `Double` (`32.7360353`,
    /// `0.0`); `null` when not finite (JSON has no NaN).
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        for byte in value.description.utf8 { raw(byte) }
    }

    /// `,"name":` before a value the caller writes.
    @inline(__always)
    public mutating func memberKey(_ name: StaticString) {
        punctuatedKey(name, comma: true)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
