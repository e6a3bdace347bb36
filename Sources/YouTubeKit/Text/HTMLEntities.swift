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
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", let (decoded, length) = reference(in: scalars, at: index) else {
                output.append(scalar)
                index += 1
                continue
            }
            output.append(decoded)
            index += length
        }
        return String(output)
    }

    /// The scalar and length (including `&` and `;`) of a valid reference starting at `start`.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        // The longest name we know is 6 letters; a numeric reference is at most `&#x10FFFF;`.
        let limit = min(scalars.count, start + 12)
        var end = start + 1
        while end < limit, scalars[end] != ";" { end += 1 }
        guard end < limit, end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return numeric(body.dropFirst(2), radix: 16).map { ($0, length) }
        }
        if body.hasPrefix("#") {
            return numeric(body.dropFirst(), radix: 10).map { ($0, length) }
        }
        return named[body].map { ($0, length) }
    }

    private static func numeric(_ digits: Substring, radix: Int) -> Unicode.Scalar? {
        guard !digits.isEmpty, digits.count <= 8,
            digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
            let value = UInt32(digits, radix: radix), value != 0
        else { return nil }
        return Unicode.Scalar(value)
    }
}
