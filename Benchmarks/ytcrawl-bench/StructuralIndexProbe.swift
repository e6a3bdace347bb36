import StreamingJSON
import StructuralIndex

/// The first pass of simdjson's design (``StructuralIndex``, its own module beside the benchmark), measured on the
/// decode pages as `index-pass-<case>`: what a structural index costs before an event pass walks
/// it. Each page is fed whole, as the decoder gets a response body's chunks; the count
/// of structural characters keeps the work from being optimized away and is checked against a
/// byte-by-byte count.
enum StructuralIndexProbe {
    /// The structural characters of `page`, counted.
    static func structuralCount(_ page: [UInt8]) -> Int {
        var index = StructuralIndex()
        var total = 0
        page.withUnsafeBytes { buffer in
            index.feed(buffer) { bits, _ in total &+= bits.nonzeroBitCount }
        }
        index.finish { bits, _ in total &+= bits.nonzeroBitCount }
        return total
    }

    /// The same count, one byte at a time: the reference the probe is checked against.
    static func referenceCount(_ page: [UInt8]) -> Int {
        var total = 0
        var inString = false
        var escaped = false
        var previousIsScalar = false
        for byte in page {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    total += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                previousIsScalar = false
                total += 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                UInt8(ascii: ","):
                previousIsScalar = false
                total += 1
            case 0...0x20: previousIsScalar = false
            default:
                if !previousIsScalar { total += 1 }
                previousIsScalar = true
            }
        }
        return total
    }
}
