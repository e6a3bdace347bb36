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
    public static func decode(utf8 input: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + input.count)
        let count = input.count
        var index = 0
        var runStart = 0
        while index < count {
            // Skip eight bytes at a time while none is `&`.
            while index + 8 <= count {
                let word = input.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x2626_2626_2626_2626
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { break }
            guard input[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            // Find the `;` within the longest reference we decode (`&#x10FFFF;`, 10 bytes).
            var end = index + 1
            let limit = min(count, index + 11)
            while end < limit, input[end] != UInt8(ascii: ";") { end += 1 }
            guard end < limit, end > index + 1,
                let scalar = reference(UnsafeRawBufferPointer(rebasing: input[(index + 1)..<end]))
            else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[runStart..<index]))
            UTF8Encoding.append(scalar.value, to: &output)
            index = end + 1
            runStart = index
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[runStart..<count]))
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
        // The names search.list uses, without building a String.
        switch body.count {
        case 2 where body[0] == UInt8(ascii: "l") && body[1] == UInt8(ascii: "t"): return "<"
        case 2 where body[0] == UInt8(ascii: "g") && body[1] == UInt8(ascii: "t"): return ">"
        case 3 where body[0] == UInt8(ascii: "a") && body[1] == UInt8(ascii: "m") && body[2] == UInt8(ascii: "p"):
            return "&"
        case 4 where body.elementsEqual("quot".utf8): return "\""
        case 4 where body.elementsEqual("apos".utf8): return "'"
        default:
            guard body.count <= 8 else { return nil }
            return named[String(decoding: body, as: UTF8.self)]
        }
    }
}
