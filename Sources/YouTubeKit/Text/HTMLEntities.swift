/// HTML character references, as search.list puts them in snippet titles and descriptions
/// (`&#39;`, `&amp;`, `&quot;`).
public enum HTMLEntities {
    /// The named references a YouTube text is likely to hold.
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
        "laquo": "«", "raquo": "»", "middot": "·", "bull": "•", "deg": "°", "euro": "€",
        "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "times": "×", "divide": "÷",
        "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "iexcl": "¡", "iquest": "¿",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Ntilde": "Ñ",
        "agrave": "à", "egrave": "è", "ccedil": "ç", "auml": "ä", "ouml": "ö", "uuml": "ü",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "hearts": "♥", "larr": "←", "rarr": "→",
    ]

    /// Escapes text the way search.list escapes its snippets: `&`, `<`, `>`, `"` and `'`
    /// (as `&#39;`).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Whether `text` holds an `&` at all (the common case for plain text is no work).
    public static func mightContainEntities(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "&"))
    }

    /// Decodes named, decimal (`&#39;`) and hexadecimal (`&#x27;`) references.
    ///
    /// A reference that is unknown, malformed, lacks its `;`, or names no valid Unicode scalar
    /// (0, a surrogate, beyond U+10FFFF) is left exactly as it was.
    public static func decode(_ text: String) -> String {
        guard mightContainEntities(text) else { return text }
        var copy = text
        return copy.withUTF8 { input in
            var output: [UInt8] = []
            decode(utf8: UnsafeRawBufferPointer(input), into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Decodes references in UTF-8 bytes, appending the result to `output`.
    ///
    /// - Returns: whether a reference decoded to a non-ASCII character.
    @discardableResult
    public static func decode(utf8 input: UnsafeRawBufferPointer, into output: inout [UInt8]) -> Bool {
        guard let inputBase = input.baseAddress, input.count > 0 else { return false }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: input.count))
        let result = output.withUnsafeMutableBufferPointer { buffer in
            decode(utf8: input, to: buffer.baseAddress! + start)
        }
        let written = result?.count ?? input.count
        if result == nil {
            output.withUnsafeMutableBufferPointer { buffer in
                UnsafeMutableRawPointer(buffer.baseAddress! + start).copyMemory(from: inputBase, byteCount: input.count)
            }
        }
        output.removeLast(input.count - written)
        return result?.wroteNonASCII ?? false
    }

    /// Decodes references in UTF-8 bytes into `output`, which must have room for `input.count`
    /// bytes: decoding never lengthens text (the shortest reference, `&lt;`, takes 4 bytes, and
    /// no character more than 4 in UTF-8).
    ///
    /// - Returns: `nil` when there was nothing to decode (`output` is then untouched: use the
    ///   input as it is); otherwise the bytes written and whether a reference decoded to a
    ///   non-ASCII character.
    public static func decode(
        utf8 input: UnsafeRawBufferPointer, to output: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, wroteNonASCII: Bool)? {
        decode(utf8: input, to: output, searchingFrom: 0)
    }

    /// ``decode(utf8:to:)`` for a caller that has already looked for the first `&` (the
    /// decoder, with a wider scan than this module has): no byte before `start` is one.
    package static func decode(
        utf8 input: UnsafeRawBufferPointer, to output: UnsafeMutablePointer<UInt8>, searchingFrom start: Int
    ) -> (count: Int, wroteNonASCII: Bool)? {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = input.count
        var written = -1  // nothing written until the first reference
        var wroteNonASCII = false
        var index = start
        var runStart = 0
        while true {
            index = firstAmpersand(base, from: index, count)
            guard index < count else { break }
            // The references search.list writes, recognised from one load; any other the long way.
            var end = -1
            var scalar: Unicode.Scalar = "&"
            if index + 8 <= count, let (length, common) = commonReference(base, index) {
                end = index + length - 1
                scalar = common
            } else {
                // Find the `;` within the longest reference we decode (`&#x10FFFF;`, 10 bytes).
                var semicolon = index + 1
                let limit = min(count, index + 11)
                while semicolon < limit, base[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                if semicolon < limit, semicolon > index + 1,
                    let named = reference(UnsafeRawBufferPointer(start: base + index + 1, count: semicolon - index - 1))
                {
                    end = semicolon
                    scalar = named
                }
            }
            guard end >= 0 else {
                index += 1
                continue
            }
            if written < 0 { written = 0 }
            (output + written).update(from: base + runStart, count: index - runStart)
            written += index - runStart
            written += UTF8Encoding.write(scalar.value, to: output + written)
            if !scalar.isASCII { wroteNonASCII = true }
            index = end + 1
            runStart = index
        }
        guard written >= 0 else { return nil }
        (output + written).update(from: base + runStart, count: count - runStart)
        return (written + count - runStart, wroteNonASCII)
    }

    /// The index of the first `&` from `start` on, or `count`: sixteen bytes at a time, then
    /// eight, then one by one.
    @inline(__always)
    static func firstAmpersand(_ base: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int {
        var index = start
        let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        while index &+ 16 <= count {
            let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            // Each lane of the mask is all ones or all zeros: read as two words.
            let lanes = unsafeBitCast(bytes .== ampersand, to: (UInt64, UInt64).self)
            if lanes.0 != 0 { return index &+ lanes.0.trailingZeroBitCount &>> 3 }
            if lanes.1 != 0 { return index &+ 8 &+ lanes.1.trailingZeroBitCount &>> 3 }
            index &+= 16
        }
        if index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x2626_2626_2626_2626
            let found = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < count, base[index] != UInt8(ascii: "&") { index &+= 1 }
        return index
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;` (what search.list's escaping writes) at
    /// `index`, matched as one little-endian word, with their length.
    @inline(__always)
    private static func commonReference(_ base: UnsafePointer<UInt8>, _ index: Int) -> (Int, Unicode.Scalar)? {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        switch word & 0xFFFF_FFFF {
        case 0x3B74_6C26: return (4, "<")  // &lt;
        case 0x3B74_6726: return (4, ">")  // &gt;
        default: break
        }
        switch word & 0xFF_FFFF_FFFF {
        case 0x3B_706D_6126: return (5, "&")  // &amp;
        case 0x3B_3933_2326: return (5, "'")  // &#39;
        default: break
        }
        if word & 0xFFFF_FFFF_FFFF == 0x3B74_6F75_7126 { return (6, "\"") }  // &quot;
        return nil
    }

    /// The scalar a reference body (between `&` and `;`) names.
    private static func reference(_ body: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        if body[0] == UInt8(ascii: "#") {
            guard body.count > 1 else { return nil }
            let isHex = body[1] == UInt8(ascii: "x") || body[1] == UInt8(ascii: "X")
            let digits = UnsafeRawBufferPointer(rebasing: body[(isHex ? 2 : 1)...])
            guard !digits.isEmpty, digits.count <= 7 else { return nil }
            var value: UInt32 = 0
            for byte in digits {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * (isHex ? 16 : 10) + digit
            }
            guard value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
        // The names search.list uses, compared as little-endian words, without building a String.
        var word: UInt32 = 0
        if body.count <= 4 {
            for index in 0..<body.count { word |= UInt32(body[index]) << (8 * UInt32(index)) }
        }
        switch (body.count, word) {
        case (2, 0x746C): return "<"  // lt
        case (2, 0x7467): return ">"  // gt
        case (3, 0x70_6D61): return "&"  // amp
        case (4, 0x746F_7571): return "\""  // quot
        case (4, 0x736F_7061): return "'"  // apos
        default:
            guard body.count <= 8 else { return nil }
            return named[String(decoding: body, as: UTF8.self)]
        }
    }
}
