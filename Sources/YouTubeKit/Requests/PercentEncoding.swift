/// Percent-encoding of URL query components (RFC 3986): only the unreserved characters
/// `A–Z a–z 0–9 - . _ ~` stand as they are; every other byte of the UTF-8 form becomes `%XX`.
/// A space is `%20`, never `+`, so every server decodes it the same way.
public enum PercentEncoding {
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Encodes `value` for use as a query name or value.
    public static func encode(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a query component: `%XX` becomes its byte and `+` a space.
    ///
    /// - Returns: `nil` when an escape is malformed or the bytes are not UTF-8.
    public static func decode(_ component: Substring) -> String? {
        decode(bytes: component.utf8)
    }

    private static func decode(bytes component: Substring.UTF8View.SubSequence) -> String? {
        if !component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(Substring(component))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var iterator = component.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Splits a query string (`a=1&b=2`, without `?`) into decoded name/value pairs in order.
    ///
    /// - Returns: `nil` when a component does not decode.
    public static func parseQuery(_ query: Substring) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        // Split on the bytes: `&` and `=` are ASCII, and Character-wise splitting costs more.
        for part in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            guard let name = decode(bytes: part[..<(equals ?? part.endIndex)]) else { return nil }
            let value = equals.map { decode(bytes: part[part.index(after: $0)...]) } ?? ""
            guard let value else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }
}
