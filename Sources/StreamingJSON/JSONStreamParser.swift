/// An incremental RFC 8259 JSON parser fed byte chunks of any size, from 1 byte to megabytes.
///
/// A chunk may end anywhere — inside a string, an escape, a `\u` surrogate pair, a multi-byte
/// UTF-8 sequence, a number or a literal: the unfinished token is kept and completed by the next
/// chunk, so a handler only ever sees whole tokens. Memory is bounded by the largest single token,
/// not by the document, and a token split over many chunks costs time in proportion to its
/// length: its bytes are gathered once, and its scan goes on where the last chunk's stopped. Skipped values (see ``JSONEventHandler/key(_:)``) are checked but never
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
    /// The longest number accepted, in characters (RFC 8259 lets a parser limit numbers; a double
    /// needs at most 767 significant digits). A number split over many chunks is scanned again
    /// from its start with each: the limit keeps that linear in the input.
    public static let maximumNumberLength = 4096

    enum State: UInt8 {
        case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, commaOrEnd, end
    }

    var state: State = .value
    /// The open containers.
    var containers = ContainerStack()
    /// While skipping a value: the container depth at which it started; otherwise -1.
    var skipDepth = -1
    /// Bytes of an unfinished token, carried to the next chunk.
    var carry: [UInt8] = []
    /// Offset of the first byte of the buffer being parsed, from the start of the input.
    var baseOffset = 0
    /// Unescaped text of the current string token.
    var scratch: [UInt8] = []
    /// How far an unfinished string token was already checked, so the next chunk's scan goes
    /// on from there instead of starting over.
    var stringResume: StringResume?
    /// Bytes copied into `carry` so far: what the carried tokens cost (the tests check that it
    /// grows linearly with the input, however a long string is split).
    var carriedBytesCopied = 0
    /// The carry buffer's capacity is kept for the next token up to this size, and given back
    /// above it (after a token of megabytes).
    static let keptCarryCapacity = 1 << 20
    var finished = false

    public init() {
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
            // The carried token is completed in the carry buffer itself, with as few of the new
            // bytes as it needs; the rest of the chunk is then parsed in place, never copied. A
            // token still unfinished keeps the bytes appended: a string split over many chunks
            // is gathered once, in amortized linear time, and its scan goes on where it stopped.
            var buffer: [UInt8] = []
            swap(&buffer, &carry)
            let carried = buffer.count
            // A long carried token (a description) is likely to need as many bytes again.
            var take = min(chunk.count, max(256, carried * 2))
            var appended = 0
            while true {
                buffer.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: chunk[appended..<take]).assumingMemoryBound(
                        to: UInt8.self))
                carriedBytesCopied &+= take &- appended
                appended = take
                let consumed = try buffer.withUnsafeBytes { try parse($0, from: 0, isFinal: false, handler: &handler) }
                if consumed > 0 {
                    // The carried token is complete; what follows lies in the chunk.
                    baseOffset += carried
                    start = consumed - carried
                    buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCarryCapacity)
                    swap(&buffer, &carry)
                    break
                }
                if take == chunk.count {
                    swap(&buffer, &carry)
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
            carry.append(
                contentsOf: UnsafeRawBufferPointer(rebasing: buffer[consumed...]).assumingMemoryBound(to: UInt8.self))
            carriedBytesCopied &+= buffer.count &- consumed
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
                containers.innermostIsObject
                ? "',' or '}' before the end of the input" : "',' or ']' before the end of the input"
        case .end: expected = "the end of a token before the end of the input"
        }
        return JSONError(.truncated, offset: offset, expected: expected)
    }

    /// Parses as much of `buffer` as forms complete tokens.
    ///
    /// The members of an object are read one after another in a loop of their own — key, colon,
    /// value, comma — so the state is dispatched on only where a container opens or closes or
    /// a chunk ends, not at every token.
    ///
    /// - Returns: the index up to which bytes were consumed (from `start`); the rest is an unfinished token.
    mutating func parse<Handler: JSONEventHandler>(
        _ buffer: UnsafeRawBufferPointer, from start: Int, isFinal: Bool, handler: inout Handler
    ) throws -> Int {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let count = buffer.count
        let scanner = JSONScanner(baseOffset: baseOffset)
        var recent = RecentStrings()
        var index = start
        while true {
            Self.skipWhitespace(base, &index, count)
            guard index < count else { return count }
            var byte = base[index]
            switch state {
            case .value, .valueOrArrayEnd:
                if byte == UInt8(ascii: "]"), state == .valueOrArrayEnd {
                    try closeContainer(handler: &handler, isObject: false)
                    index &+= 1
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    try openContainer(byte, at: index, handler: &handler)
                    index &+= 1
                } else {
                    guard let next = try scalar(scanner, base, index, start, count, isFinal: isFinal, handler: &handler)
                    else { return index }
                    index = next
                }
            case .keyOrObjectEnd, .key:
                if byte == UInt8(ascii: "}") {
                    guard state == .keyOrObjectEnd else {
                        throw JSONError(.syntax, offset: baseOffset + index, expected: "a string key after ','")
                    }
                    try closeContainer(handler: &handler, isObject: true)
                    index &+= 1
                    continue
                }
                // Member after member: `"key": value,` until the object closes or a container opens.
                members: while true {
                    guard byte == UInt8(ascii: "\"") else {
                        throw JSONError(
                            .syntax, offset: baseOffset + index,
                            expected: state == .key ? "a string key after ','" : "a string key or '}'")
                    }
                    // A short plain key (the usual kind) is read as words while its end is found —
                    // unless it is the carried token, whose scan an earlier chunk began.
                    if index &+ 25 <= count, index != start || stringResume == nil,
                        let key = Self.shortKey(base, index &+ 1)
                    {
                        if skipDepth < 0 {
                            let text = JSONText(
                                UnsafeRawBufferPointer(start: base + (index &+ 1), count: key.length), words: key.words)
                            if try !handler.key(text) { skipDepth = containers.depth }
                        }
                        index = index &+ key.length &+ 2
                    } else {
                        guard let token = try stringToken(scanner, base, index, start, count) else { return index }
                        if skipDepth < 0 {
                            let keep = try withText(base, index &+ 1, count, token) { try handler.key($0) }
                            if !keep { skipDepth = containers.depth }
                        }
                        index = token.end &+ 1
                    }
                    if index &+ 2 < count, base[index] == UInt8(ascii: ":") {
                        // The colon right after the key, then the value or one space before it
                        // (`"key":value`, `"key": value`): no loop for the usual separators.
                        index &+= base[index &+ 1] == 0x20 ? 2 : 1
                        state = .value
                        byte = base[index]
                        if byte <= 0x20 {
                            Self.skipWhitespace(base, &index, count)
                            guard index < count else { return count }
                            byte = base[index]
                        }
                    } else {
                        state = .colon
                        Self.skipWhitespace(base, &index, count)
                        guard index < count else { return count }
                        guard base[index] == UInt8(ascii: ":") else {
                            throw JSONError(.syntax, offset: baseOffset + index, expected: "':' after an object key")
                        }
                        index &+= 1
                        state = .value
                        Self.skipWhitespace(base, &index, count)
                        guard index < count else { return count }
                        byte = base[index]
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        try openContainer(byte, at: index, handler: &handler)
                        index &+= 1
                        break members
                    }
                    if byte == UInt8(ascii: "\""), index != start || stringResume == nil {
                        // Only a skipped value is compared with the last long ones: the repeats
                        // (snippet.localized, a comment's textOriginal) are values no record keeps,
                        // and a kept value is nearly always a first occurrence.
                        if skipDepth >= 0, let repeated = recent.match(base, index, count) {
                            // A long value repeated: its end is known, its bytes were checked.
                            completeValue()
                            index = index &+ 2 &+ repeated.length
                        } else {
                            var high: UInt64 = 0
                            let stop = JSONScanner.plainRun(base, index &+ 1, count, &high)
                            let nonASCII = high & JSONScanner.highBits != 0
                            if stop < count, base[stop] == UInt8(ascii: "\"") {
                                // The usual value: a string without escapes, whole in the buffer. Written
                                // out here, not called: `parse` is past the size up to which the optimizer
                                // inlines, and a call per string value costs its arguments and registers.
                                // The closing quote is included in the UTF-8 check: a sequence cut short
                                // by it is reported at the quote.
                                if nonASCII {
                                    _ = try scanner.validateUTF8(base, index &+ 1, stop &+ 1, allowsCutOff: false)
                                }
                                if skipDepth < 0 {
                                    let first = index &+ 1
                                    let text = UnsafeRawBufferPointer(start: base + first, count: stop &- first)
                                    try handler.string(JSONText(text, isASCII: !nonASCII, readable: count &- first))
                                }
                                completeValue()
                                recent.note(start: index &+ 1, end: stop, escaped: false, nonASCII: nonASCII)
                                index = stop &+ 1
                            } else if skipDepth < 0,
                                let whole = JSONUnescape.scanWhole(base, textStart: index &+ 1, count, into: &scratch)
                            {
                                // Escapes in a kept string whole in the buffer (a description's line
                                // breaks and quotes): found, checked and unescaped in one pass.
                                try scratch.withUnsafeBytes {
                                    try handler.string(
                                        JSONText(
                                            UnsafeRawBufferPointer(rebasing: $0[..<whole.written]),
                                            isASCII: !whole.nonASCII))
                                }
                                completeValue()
                                recent.note(start: index &+ 1, end: whole.end, escaped: true, nonASCII: whole.nonASCII)
                                index = whole.end &+ 1
                            } else {
                                // Escapes, in general (a string the handler skips, one that goes on in
                                // the next chunk): the scan goes on from where the plain run stopped.
                                guard
                                    let token = try stringToken(
                                        scanner, base, index, start, count, plainUntil: stop, nonASCII: nonASCII)
                                else { return index }
                                if skipDepth < 0 {
                                    try withText(base, index &+ 1, count, token) { try handler.string($0) }
                                }
                                completeValue()
                                recent.note(
                                    start: index &+ 1, end: token.end, escaped: token.escaped, nonASCII: token.nonASCII)
                                index = token.end &+ 1
                            }
                        }
                    } else if let plain = JSONScanner.plainInteger(base, index, count) {
                        // The usual number: a count or a size, its value read with its digits.
                        if skipDepth < 0 {
                            try handler.integer(
                                plain.value,
                                text: UnsafeRawBufferPointer(start: base + index, count: plain.end &- index))
                        }
                        completeValue()
                        index = plain.end
                    } else {
                        guard
                            let next = try scalar(
                                scanner, base, index, start, count, isFinal: isFinal, handler: &handler)
                        else { return index }
                        index = next
                    }
                    Self.skipWhitespace(base, &index, count)
                    guard index < count else { return count }
                    byte = base[index]
                    if byte == UInt8(ascii: ",") {
                        index &+= 1
                        state = .key
                        guard index < count else { return count }
                        byte = base[index]
                        if byte <= 0x20 {
                            // A pretty page's line break and indentation are read as one run.
                            Self.skipLineAndIndentation(base, &index, count)
                            Self.skipWhitespace(base, &index, count)
                            guard index < count else { return count }
                            byte = base[index]
                        }
                        continue members
                    }
                    if byte == UInt8(ascii: "}") {
                        try closeContainer(handler: &handler, isObject: true)
                        index &+= 1
                        break members
                    }
                    throw JSONError(.syntax, offset: baseOffset + index, expected: "',' or '}' after an object member")
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    throw JSONError(.syntax, offset: baseOffset + index, expected: "':' after an object key")
                }
                state = .value
                index &+= 1
            case .commaOrEnd:
                let isObject = containers.innermostIsObject
                if byte == UInt8(ascii: ",") {
                    state = isObject ? .key : .value
                    index &+= 1
                } else if byte == UInt8(ascii: "}"), isObject {
                    try closeContainer(handler: &handler, isObject: true)
                    index &+= 1
                } else if byte == UInt8(ascii: "]"), !isObject {
                    try closeContainer(handler: &handler, isObject: false)
                    index &+= 1
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
    }

    /// A key of at most 23 bytes, all plain ASCII (no escape, no control character), starting at
    /// `start` (after its quote), when 24 bytes may be read there: its length and its words,
    /// zero past its end. Anything else is left to the general string scan.
    ///
    /// The first sixteen bytes are looked at in one block: its stops (`"`, `\`, control
    /// characters) and non-ASCII bytes are one ``ByteMask`` (a stop lane is all ones, so OR-ed
    /// with the bytes its high bit is set), and the first set bit is the key's length.
    @inline(__always)
    static func shortKey(_ base: UnsafePointer<UInt8>, _ start: Int) -> (length: Int, words: (UInt64, UInt64, UInt64))?
    {
        let block = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self)
        let stopLanes = JSONScanner.stringStopLanes(block)
        let stops = ByteMask.highBits(unsafeBitCast(stopLanes, to: SIMD16<UInt8>.self) | block)
        let words = unsafeBitCast(block, to: (UInt64, UInt64).self)
        if stops != 0 {
            let length = stops.trailingZeroBitCount
            guard base[start &+ length] == UInt8(ascii: "\"") else { return nil }
            // Little-endian: the key's bytes are the words' low bytes.
            if length < 8 {
                return (length, (words.0 & ((1 &<< UInt64(length &<< 3)) &- 1), 0, 0))
            }
            return (length, (words.0, words.1 & ((1 &<< UInt64((length &- 8) &<< 3)) &- 1), 0))
        }
        let word2 = JSONScanner.loadWord(base, start &+ 16)
        let stop2 = JSONScanner.specialBytes(word2) | (word2 & JSONScanner.highBits)
        guard stop2 != 0 else { return nil }
        let bit = stop2.trailingZeroBitCount
        let length = 16 &+ bit &>> 3
        guard base[start &+ length] == UInt8(ascii: "\"") else { return nil }
        return (length, (words.0, words.1, JSONScanner.bytes(of: word2, before: bit)))
    }

    /// Moves `index` past whitespace: pretty-printed indentation is skipped eight spaces at a time.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        while index < count {
            let byte = base[index]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index &+= 1
            // After a line break comes indentation, counted a word at a time; after anything
            // else (the space after a colon) the next byte is usually the value.
            guard byte == 0x0A else { continue }
            skipSpaces(base, &index, count)
        }
    }

    /// Moves `index` past spaces eight at a time while eight bytes may be read (the rest, and
    /// any other whitespace, are left to ``skipWhitespace(_:_:_:)``).
    @inline(__always)
    static func skipSpaces(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        while index &+ 8 <= count {
            let notSpace = JSONScanner.loadWord(base, index) ^ 0x2020_2020_2020_2020
            if notSpace != 0 {
                index &+= notSpace.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
    }

    /// Moves `index` past a line break and the spaces after it, when it is at one and eight
    /// bytes may be read there: the newline is compared within the first word of indentation,
    /// not in a loop of its own. Anything else is left to ``skipWhitespace(_:_:_:)``.
    @inline(__always)
    static func skipLineAndIndentation(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) {
        guard index &+ 8 <= count else { return }
        // Little-endian: the first byte is the lowest.
        let lineBreak = JSONScanner.loadWord(base, index) ^ 0x2020_2020_2020_200A
        if lineBreak != 0 {
            // Zero bytes: a line break and spaces before the first other byte (none if the
            // first byte is not a line break, and `index` stays).
            index &+= lineBreak.trailingZeroBitCount &>> 3
            return
        }
        index &+= 8
        skipSpaces(base, &index, count)
    }

    /// Opens the object or array whose bracket is at `index`.
    @inline(__always)
    private mutating func openContainer<Handler: JSONEventHandler>(
        _ byte: UInt8, at index: Int, handler: inout Handler
    ) throws {
        guard containers.depth < Self.maximumDepth else {
            throw JSONError(
                .nestingTooDeep, offset: baseOffset + index,
                expected: "at most \(Self.maximumDepth) nested objects and arrays")
        }
        let isObject = byte == UInt8(ascii: "{")
        containers.push(isObject: isObject)
        if skipDepth < 0 {
            if isObject { try handler.startObject() } else { try handler.startArray() }
        }
        state = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
    }

    /// Reads one string, number or literal starting at `index`.
    ///
    /// - Returns: the index after it, or `nil` when the buffer ends inside it.
    @inline(__always)
    private mutating func scalar<Handler: JSONEventHandler>(
        _ scanner: JSONScanner, _ base: UnsafePointer<UInt8>, _ index: Int, _ start: Int, _ count: Int,
        isFinal: Bool, handler: inout Handler
    ) throws -> Int? {
        let byte = base[index]
        switch byte {
        case UInt8(ascii: "\""):
            guard let token = try stringToken(scanner, base, index, start, count) else { return nil }
            if skipDepth < 0 {
                try withText(base, index &+ 1, count, token) { try handler.string($0) }
            }
            completeValue()
            return token.end &+ 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = try scanner.scanNumber(base, index, count, isFinal: isFinal)
            // The same offset whether the number arrived whole or is still arriving.
            if (end < 0 ? count : end) &- index > Self.maximumNumberLength {
                throw JSONError(
                    .syntax, offset: baseOffset + index + Self.maximumNumberLength,
                    expected: "a number of at most \(Self.maximumNumberLength) characters")
            }
            if end < 0 { return nil }
            if skipDepth < 0 {
                try handler.number(UnsafeRawBufferPointer(start: base + index, count: end &- index))
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

    /// A string token: its closing quote, whether it has escapes, whether it has non-ASCII bytes.
    struct StringToken {
        var end: Int
        var escaped: Bool
        var nonASCII: Bool
    }

    /// How far an unfinished string was scanned and validated, kept for the next chunk.
    struct StringResume {
        /// Where the scan goes on, from the opening quote.
        var scanned: Int
        /// Where UTF-8 validation goes on (a character boundary), from the opening quote.
        var validated: Int
        var escaped: Bool
        var nonASCII: Bool
    }

    /// Scans and validates the string whose quote is at `index` — for the carried token that
    /// starts this parse, on from where the previous scan of it stopped.
    ///
    /// - Returns: the token; `nil` when the buffer ends first (how far it got is kept for the
    ///   next chunk, and the UTF-8 seen so far is already checked, so errors are not deferred).
    /// - Parameters:
    ///   - plainUntil: how far the text is known to be plain (a scan stopped there), if it is.
    ///   - nonASCII: whether that plain text has non-ASCII bytes.
    @inline(__always)
    private mutating func stringToken(
        _ scanner: JSONScanner, _ base: UnsafePointer<UInt8>, _ index: Int, _ start: Int, _ count: Int,
        plainUntil: Int? = nil, nonASCII sawNonASCII: Bool = false
    ) throws -> StringToken? {
        var escaped = false
        var nonASCII = sawNonASCII
        var scanFrom = plainUntil ?? index + 1
        var validFrom = index + 1
        if index == start, let resume = stringResume {
            escaped = resume.escaped
            nonASCII = resume.nonASCII
            scanFrom = index + resume.scanned
            validFrom = index + resume.validated
            stringResume = nil
        }
        var stoppedAt = 0
        let end = try scanner.scanString(
            base, textStart: index &+ 1, from: scanFrom, count, &escaped, &nonASCII, &stoppedAt)
        guard end >= 0 else {
            if nonASCII { validFrom = try scanner.validateUTF8(base, validFrom, stoppedAt, allowsCutOff: true) }
            stringResume = StringResume(
                scanned: stoppedAt - index, validated: validFrom - index, escaped: escaped, nonASCII: nonASCII)
            return nil
        }
        // The closing quote is included: a sequence cut short by it is reported at the quote.
        if nonASCII { _ = try scanner.validateUTF8(base, validFrom, end &+ 1, allowsCutOff: false) }
        return StringToken(end: end, escaped: escaped, nonASCII: nonASCII)
    }

    @inline(__always)
    private mutating func closeContainer<Handler: JSONEventHandler>(handler: inout Handler, isObject: Bool) throws {
        containers.pop()
        if skipDepth < 0 {
            if isObject { try handler.endObject() } else { try handler.endArray() }
        }
        completeValue()
    }

    /// After a whole value: what may follow, and the end of a skipped value.
    @inline(__always)
    private mutating func completeValue() {
        state = containers.isEmpty ? .end : .commaOrEnd
        if skipDepth == containers.depth { skipDepth = -1 }
    }

    /// Calls `body` with the string's text: straight from the input when it has no escapes,
    /// otherwise unescaped into the scratch buffer.
    @inline(__always)
    private mutating func withText<Result>(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ token: StringToken,
        _ body: (JSONText) throws -> Result
    ) throws -> Result {
        if !token.escaped {
            return try body(
                JSONText(
                    UnsafeRawBufferPointer(start: base + start, count: token.end - start), isASCII: !token.nonASCII,
                    readable: count - start))
        }
        let (written, wroteNonASCII) = JSONUnescape.unescape(base, start, token.end, into: &scratch)
        return try scratch.withUnsafeBytes {
            try body(
                JSONText(UnsafeRawBufferPointer(rebasing: $0[..<written]), isASCII: !token.nonASCII && !wroteNonASCII))
        }
    }
}
