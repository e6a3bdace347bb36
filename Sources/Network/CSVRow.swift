/// One CSV row (RFC 4180): fields quoted when they hold a comma, a quote or a line break.
public struct CSVRow {
    public init() {}

    public private(set) var bytes: [UInt8] = []
    private var fields = 0

    public mutating func append(_ field: String) {
        if fields > 0 { bytes.append(UInt8(ascii: ",")) }
        fields += 1
        let utf8 = field.utf8
        if utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: utf8)
        }
    }

    /// The row with its CRLF.
    public var line: [UInt8] { bytes + [0x0D, 0x0A] }
}
