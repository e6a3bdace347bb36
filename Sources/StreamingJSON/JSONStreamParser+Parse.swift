import Foundation

/// The parse loop over one buffer, and its steps for containers, scalars and strings.
extension JSONStreamParser {
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
