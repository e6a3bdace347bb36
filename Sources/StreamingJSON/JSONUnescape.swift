import YouTubeKit

/// Turns the text of a validated JSON string (escapes already checked) into UTF-8.
enum JSONUnescape {
    /// Writes the unescaped text at the start of `output`, a scratch buffer kept between calls.
    /// Unescaped text is never longer than its escaped form, so the buffer is made that long and
    /// sixteen bytes more when it is shorter (it grows to the longest string seen, and is never
    /// cleared) and written through a pointer, with no growth checks on the way: sixteen bytes at
    /// a time are stored before they are looked at, and the output goes on from a backslash's
    /// place with what it stands for (no copy call per run between escapes).
    ///
    /// - Returns: how many bytes of `output` hold the text, and whether a `\u` escape wrote a
    ///   non-ASCII character.
    static func unescape(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into output: inout [UInt8]) -> (
        count: Int, wroteNonASCII: Bool
    ) {
        let room = end - start + 16
        if output.count < room { output.append(contentsOf: repeatElement(0, count: room - output.count)) }
        var wroteNonASCII = false
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int in
            let out = buffer.baseAddress!
            var count = 0
            var index = start
            let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            while true {
                // Stored, then scanned: the output is never ahead of the input, so a block fits.
                while index &+ 16 <= end {
                    let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                    UnsafeMutableRawPointer(out + count).storeBytes(of: block, as: SIMD16<UInt8>.self)
                    let backslashes = ByteMask.bits(block .== backslash)
                    if backslashes == 0 {
                        index &+= 16
                        count &+= 16
                        continue
                    }
                    let skip = backslashes.trailingZeroBitCount
                    index &+= skip
                    count &+= skip
                    break
                }
                while index < end, base[index] != UInt8(ascii: "\\") {
                    out[count] = base[index]
                    count &+= 1
                    index &+= 1
                }
                guard index < end else { break }
                let kind = base[index + 1]
                if let byte = simpleEscape(kind) {
                    out[count] = byte
                } else {
                    // `\u`: the scan checked every escape.
                    var scalar = hex4(base, index + 2)
                    if (0xD800...0xDBFF).contains(scalar) {
                        let low = hex4(base, index + 8)
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index &+= 6
                    }
                    if scalar >= 0x80 { wroteNonASCII = true }
                    count &+= UTF8Encoding.write(scalar, to: out + count) - 1
                    index &+= 4
                }
                count &+= 1
                index &+= 2
            }
            return count
        }
        return (written, wroteNonASCII)
    }

    /// The longest string ``scanWhole(_:textStart:_:into:)`` reads: the scratch buffer it fills is
    /// made no longer for it (and sixteen bytes), whatever the buffer holds.
    static let wholeScanLength = 1 << 16

    /// A string with escapes, whole in the buffer and kept by the handler (a description with
    /// line breaks and quotes): found, checked and unescaped into `output` in one pass, where the
    /// general path scans it, then checks its UTF-8, then unescapes it, each a pass of its own.
    ///
    /// Sixteen bytes at a time: the block is stored to the output, its UTF-8 checked
    /// (``JSONScanner/utf8BlockIsValid(_:_:)``, each byte against the three before it, so a block
    /// may start anywhere), and the first `"`, `\` or control character found; a plain escape
    /// is written as its byte and the scan goes on after it.
    ///
    /// - Returns: the closing quote's index, how many bytes of `output` hold the text, and whether
    ///   it has non-ASCII bytes; `nil` for anything else — a `\u` escape, a control character or
    ///   an escape that is not one, UTF-8 that fails a block's check (the block's bytes past the
    ///   string's end included), a string that does not end sixteen bytes before the buffer does
    ///   or within what the scratch buffer holds (8 KB at first, ``wholeScanLength`` at most). The general path then reads the string from its start,
    ///   and reports any error where and as it always has.
    static func scanWhole(
        _ base: UnsafePointer<UInt8>, textStart: Int, _ count: Int, into output: inout [UInt8]
    ) -> (end: Int, written: Int, nonASCII: Bool)? {
        guard textStart >= 3 else { return nil }
        // As far as the scratch buffer holds (at least 8 KB: most descriptions): a longer string
        // takes the general path once, which makes the buffer as long as it.
        let reach = min(max(output.count &- 16, 8192), wholeScanLength)
        let limit = min(count, textStart &+ reach)
        let room = limit &- textStart &+ 16
        if output.count < room { output.append(contentsOf: repeatElement(0, count: room - output.count)) }
        return output.withUnsafeMutableBufferPointer { buffer -> (end: Int, written: Int, nonASCII: Bool)? in
            let out = buffer.baseAddress!
            // The non-ASCII bytes seen, as ``ByteMask`` bits (only whether any is set matters).
            var nonASCII: UInt64 = 0
            var index = textStart
            var written = 0
            // The output is never ahead of the input (an escape writes one byte for two), so a
            // block stored at `written` fits in the room.
            while index &+ 16 <= limit {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(out + written).storeBytes(of: block, as: SIMD16<UInt8>.self)
                guard JSONScanner.utf8BlockIsValid(base, index) else { return nil }
                let stops = JSONScanner.stringStops(block)
                if stops == 0 {
                    nonASCII |= ByteMask.highBits(block)
                    index &+= 16
                    written &+= 16
                    continue
                }
                let skip = stops.trailingZeroBitCount
                nonASCII |= ByteMask.highBits(block) & ((1 &<< UInt64(skip)) &- 1)
                index &+= skip
                written &+= skip
                let byte = base[index]
                if byte == UInt8(ascii: "\"") {
                    return (index, written, nonASCII != 0)
                }
                guard byte == UInt8(ascii: "\\") else { return nil }
                // A backslash that ends the block may end the buffer too: what it escapes is then
                // in the next chunk, for the general path.
                guard index &+ 1 < limit else { return nil }
                guard let escaped = simpleEscape(base[index &+ 1]) else { return nil }
                out[written] = escaped
                written &+= 1
                index &+= 2
            }
            return nil
        }
    }

    /// The byte a two-character escape stands for (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`,
    /// `\t`), given the character after the backslash; `nil` for `u` and anything else.
    @inline(__always)
    static func simpleEscape(_ kind: UInt8) -> UInt8? {
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): kind
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        default: nil
        }
    }

    @inline(__always)
    static func hex4(_ base: UnsafePointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            value = value << 4 | (JSONScanner.hexValue(base[index]) ?? 0)
        }
        return value
    }
}
