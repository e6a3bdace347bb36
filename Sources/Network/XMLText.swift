/// Text made safe for an XML 1.0 attribute or element: the five markup characters escaped, and
/// the characters XML 1.0 does not allow at all (control characters but tab, line feed and
/// carriage return; U+FFFE and U+FFFF) left out, so that every XML reader opens the file.
enum XMLText {
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): bytes.append(contentsOf: "&apos;".utf8)
                // In an attribute a raw line break or tab would be read as a space: kept as a
                // character reference.
                case 0x09: bytes.append(contentsOf: "&#9;".utf8)
                case 0x0A: bytes.append(contentsOf: "&#10;".utf8)
                case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
                case 0x00..<0x20: continue
                case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF && utf8[index + 1] >= 0xBE:
                    // U+FFFE, U+FFFF.
                    index += 2
                default: bytes.append(byte)
                }
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
