/// An incremental RFC 8259 JSON parser fed byte chunks of any size, from 1 byte to megabytes.
///
/// A chunk may end anywhere — inside a string, an escape, a `\u` surrogate pair, a multi-byte
/// UTF-8 sequence, a number or a literal: the unfinished token is kept and completed by the next
/// chunk, so a handler only ever sees whole tokens. Memory is bounded by the largest single token,
/// not by the document. Skipped values (see ``JSONEventHandler/key(_:)``) are checked but never
/// materialized.
///
/// ```swift
/// var parser = JSONStreamParser()
/// for chunk in chunks { try parser.feed(chunk, to: &handler) }
/// try parser.finish(to: &handler)
/// ```
public struct JSONStreamParser {
    /// The deepest nesting of objects and arrays accepted.
    public static let maximumDepth = 512

    enum State: UInt8 {
        case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, commaOrEnd, end
    }

    static let objectMarker: UInt8 = 1
    static let arrayMarker: UInt8 = 2

    var state: State = .value
    /// One marker per open container.
    var containers: [UInt8] = []
    /// While skipping a value: the container depth at which it started; otherwise -1.
    var skipDepth = -1
    /// Bytes of an unfinished token, carried to the next chunk.
    var carry: [UInt8] = []
    /// Offset of the first byte of the buffer being parsed, from the start of the input.
    var baseOffset = 0
    /// Unescaped text of the current string token.
    var scratch: [UInt8] = []
    /// How far an unfinished string token was already checked (offset from its quote), so the
    /// next chunk's scan goes on from there instead of starting over.
    var stringResume: (offset: Int, escaped: Bool)?
    /// A carried token joined with the start of the next chunk.
    var joined: [UInt8] = []
    var finished = false

    public init() {
        containers.reserveCapacity(32)
        scratch.reserveCapacity(256)
    }

    /// Whether a complete top-level value has been read.
    public var isComplete: Bool { state == .end }

    /// Total bytes consumed so far (not counting a carried, unfinished token).
    public var bytesConsumed: Int { baseOffset }

    /// Parses `chunk`, reporting every complete token to `handler`.
    ///
    /// - Throws: ``JSONError`` at the first invalid byte, or whatever the handler throws.
    public mutating func feed<Handler: JSONEventHandler>(
        _ chunk: UnsafeRawBufferPointer, to handler: inout Handler
    ) throws {
        precondition(!finished, "feed after finish")
        guard chunk.count > 0 else { return }
        var start = 0
        if !carry.isEmpty {
            // Complete the carried token with as few of the new bytes as it needs, then parse
            // the rest of the chunk in place: the chunk itself is never copied whole.
            let carried = carry.count
            // A long carried token (a description) is likely to need as many bytes again.
            var take = min(chunk.count, max(256, carried * 2))
            while true {
                joined.removeAll(keepingCapacity: true)
                joined.append(contentsOf: carry)
                joined.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<take]))
                let buffer = joined
                joined = []
                defer { joined = buffer }
                let consumed = try buffer.withUnsafeBytes { try parse($0, from: 0, isFinal: false, handler: &handler) }
                if consumed > 0 {
                    // The carried token is complete; what follows lies in the chunk.
                    baseOffset += carried
                    start = consumed - carried
                    carry.removeAll(keepingCapacity: true)
                    break
                }
                if take == chunk.count {
                    carry.append(contentsOf: chunk)
                    return
                }
                take = min(chunk.count, take * 4)
            }
        }
        let consumed = try parse(chunk, from: start, isFinal: false, handler: &handler)
        keepTail(of: chunk, from: consumed)
    }

    /// Parses a whole chunk held in an array.
    public mutating func feed<Handler: JSONEventHandler>(_ chunk: [UInt8], to handler: inout Handler) throws {
        try chunk.withUnsafeBytes { try feed($0, to: &handler) }
    }

    /// Ends the input: completes a trailing number and checks that one whole value was read.
    ///
    /// - Throws: ``JSONError`` of kind `.truncated` when the input ended inside a value.
    public mutating func finish<Handler: JSONEventHandler>(to handler: inout Handler) throws {
        if !carry.isEmpty {
            let buffer = carry
            carry = []
            try buffer.withUnsafeBytes { bytes in
                let consumed = try parse(bytes, from: 0, isFinal: true, handler: &handler)
                if consumed < bytes.count {
                    throw truncated(at: baseOffset + bytes.count)
                }
            }
        }
        finished = true
        guard state == .end else { throw truncated(at: baseOffset) }
    }

    private mutating func keepTail(of buffer: UnsafeRawBufferPointer, from consumed: Int) {
        baseOffset += consumed
        if consumed < buffer.count {
            carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[consumed...]))
        }
    }

    func truncated(at offset: Int) -> JSONError {
        let expected: String
        switch state {
        case .value, .valueOrArrayEnd:
            expected =
                containers.isEmpty ? "a JSON value, found the end of the input" : "a value before the end of the input"
        case .keyOrObjectEnd, .key: expected = "an object key before the end of the input"
        case .colon: expected = "':' before the end of the input"
        case .commaOrEnd:
            expected =
                containers.last == Self.objectMarker
                ? "',' or '}' before the end of the input" : "',' or ']' before the end of the input"
        case .end: expected = "the end of a token before the end of the input"
        }
        return JSONError(.truncated, offset: offset, expected: expected)
    }

    /// Parses as much of `buffer` as forms complete tokens.
    ///
    /// - Returns: the index up to which bytes were consumed (from `start`); the rest is an unfinished token.
    mutating func parse<Handler: JSONEventHandler>(
        _ buffer: UnsafeRawBufferPointer, from start: Int, isFinal: Bool, handler: inout Handler
    ) throws -> Int {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let count = buffer.count
        var index = start
        while index < count {
            let byte = base[index]
            // Whitespace between tokens.
            if byte <= 0x20 {
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    index += 1
                    // Pretty-printed indentation: runs of spaces, eight at a time, then one by one.
                    while index + 8 <= count, Self.loadWord(base, index) == 0x2020_2020_2020_2020 { index += 8 }
                    while index < count, base[index] == 0x20 { index += 1 }
                    continue
                }
            }
            switch state {
            case .value, .valueOrArrayEnd:
                if byte == UInt8(ascii: "]"), state == .valueOrArrayEnd {
                    try closeContainer(handler: &handler, isObject: false)
                    index += 1
                    continue
                }
                guard let next = try value(base, index, start, count, isFinal: isFinal, handler: &handler) else {
                    return index
                }
                index = next
            case .keyOrObjectEnd, .key:
                if byte == UInt8(ascii: "\"") {
                    guard let (end, escaped) = try stringToken(base, index, start, count) else { return index }
                    if skipDepth < 0 {
                        let keep = try withText(base, index + 1, end, escaped) { try handler.key($0) }
                        if !keep { skipDepth = containers.count }
                    }
                    state = .colon
                    index = end + 1
                    // The colon usually follows at once (compact) or after one space.
                    if index < count, base[index] == UInt8(ascii: ":") {
                        state = .value
                        index += 1
                    }
                } else if byte == UInt8(ascii: "}"), state == .keyOrObjectEnd {
                    try closeContainer(handler: &handler, isObject: true)
                    index += 1
                } else {
                    throw JSONError(
                        .syntax, offset: baseOffset + index,
                        expected: state == .key ? "a string key after ','" : "a string key or '}'")
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    throw JSONError(.syntax, offset: baseOffset + index, expected: "':' after an object key")
                }
                state = .value
                index += 1
            case .commaOrEnd:
                let isObject = containers.last == Self.objectMarker
                if byte == UInt8(ascii: ",") {
                    state = isObject ? .key : .value
                    index += 1
                } else if byte == UInt8(ascii: "}"), isObject {
                    try closeContainer(handler: &handler, isObject: true)
                    index += 1
                } else if byte == UInt8(ascii: "]"), !isObject {
                    try closeContainer(handler: &handler, isObject: false)
                    index += 1
                } else {
                    throw JSONError(
                        .syntax, offset: baseOffset + index,
                        expected: isObject ? "',' or '}' after an object member" : "',' or ']' after an array element")
                }
            case .end:
                throw JSONError(
                    .trailingData, offset: baseOffset + index, expected: "nothing after the end of the JSON document")
            }
        }
        return count
    }

    /// Reads one value starting at `index`.
    ///
    /// - Returns: the index after it, or `nil` when the buffer ends inside it.
    @inline(__always)
    private mutating func value<Handler: JSONEventHandler>(
        _ base: UnsafePointer<UInt8>, _ index: Int, _ start: Int, _ count: Int, isFinal: Bool, handler: inout Handler
    ) throws -> Int? {
        let byte = base[index]
        switch byte {
        case UInt8(ascii: "\""):
            guard let (end, escaped) = try stringToken(base, index, start, count) else { return nil }
            if skipDepth < 0 {
                try withText(base, index + 1, end, escaped) { try handler.string($0) }
            }
            completeValue()
            return end + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < Self.maximumDepth else {
                throw JSONError(
                    .nestingTooDeep, offset: baseOffset + index,
                    expected: "at most \(Self.maximumDepth) nested objects and arrays")
            }
            let isObject = byte == UInt8(ascii: "{")
            containers.append(isObject ? Self.objectMarker : Self.arrayMarker)
            if skipDepth < 0 {
                if isObject { try handler.startObject() } else { try handler.startArray() }
            }
            state = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
            return index + 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = try scanNumber(base, index, count, isFinal: isFinal)
            if end < 0 { return nil }
            if skipDepth < 0 {
                try handler.number(UnsafeRawBufferPointer(start: base + index, count: end - index))
            }
            completeValue()
            return end
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let literal: StaticString =
                byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
            let length = literal.utf8CodeUnitCount
            let available = min(length, count - index)
            for offset in 0..<available where base[index + offset] != literal.utf8Start[offset] {
                throw JSONError(.syntax, offset: baseOffset + index + offset, expected: "the literal \(literal)")
            }
            if available < length { return nil }
            if skipDepth < 0 {
                switch byte {
                case UInt8(ascii: "t"): try handler.bool(true)
                case UInt8(ascii: "f"): try handler.bool(false)
                default: try handler.null()
                }
            }
            completeValue()
            return index + length
        default:
            throw JSONError(
                .syntax, offset: baseOffset + index,
                expected: "a value (object, array, string, number, true, false or null)")
        }
    }

    /// Scans the string whose quote is at `index` — for the carried token that starts this parse,
    /// on from where the previous scan of it stopped.
    ///
    /// - Returns: the closing quote's index and whether the text has escapes; `nil` when the
    ///   buffer ends first (how far it got is kept for the next chunk).
    @inline(__always)
    private mutating func stringToken(_ base: UnsafePointer<UInt8>, _ index: Int, _ start: Int, _ count: Int) throws
        -> (
            Int, Bool
        )?
    {
        var escaped = false
        var scanFrom = index + 1
        if index == start, let resume = stringResume {
            escaped = resume.escaped
            scanFrom = index + resume.offset
        }
        stringResume = nil
        var stoppedAt = 0
        let end = try scanString(base, scanFrom, count, &escaped, &stoppedAt)
        guard end >= 0 else {
            stringResume = (stoppedAt - index, escaped)
            return nil
        }
        return (end, escaped)
    }

    @inline(__always)
    private mutating func closeContainer<Handler: JSONEventHandler>(handler: inout Handler, isObject: Bool) throws {
        containers.removeLast()
        if skipDepth < 0 {
            if isObject { try handler.endObject() } else { try handler.endArray() }
        }
        completeValue()
    }

    /// After a whole value: what may follow, and the end of a skipped value.
    @inline(__always)
    private mutating func completeValue() {
        state = containers.isEmpty ? .end : .commaOrEnd
        if skipDepth == containers.count { skipDepth = -1 }
    }

    /// Calls `body` with the string's text: straight from the input when it has no escapes,
    /// otherwise unescaped into the scratch buffer.
    @inline(__always)
    private mutating func withText<Result>(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ escaped: Bool,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        if !escaped {
            return try body(UnsafeRawBufferPointer(start: base + start, count: end - start))
        }
        scratch.removeAll(keepingCapacity: true)
        JSONUnescape.unescape(base, start, end, into: &scratch)
        return try scratch.withUnsafeBytes { try body($0) }
    }
}
