import Emulator
import Testing

@testable import StreamingJSON

/// The sixteen-byte UTF-8 check against a byte-by-byte reference of RFC 3629: the same verdict
/// and the same error offset, on text mixing every character length with every kind of bad
/// sequence, at every alignment.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// The first invalid byte of `bytes` (a sequence cut off by the end is reported at the end),
    /// or `nil` when it is all valid.
    static func referenceError(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (length, low, high): (Int, UInt8, UInt8)
            switch lead {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            default: return index
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return bytes.count }
                let byte = bytes[index + offset]
                let ok = offset == 1 ? (low...high).contains(byte) : byte & 0xC0 == 0x80
                if !ok { return index + offset }
            }
            index += length
        }
        return nil
    }

    static let valid: [[UInt8]] = [
        Array("a".utf8), Array(" ".utf8), Array("é".utf8), Array("ß".utf8), Array("日".utf8), Array("—".utf8),
        Array("😀".utf8), Array("\u{10FFFF}".utf8), Array("\u{FFFF}".utf8), Array("\u{800}".utf8), Array("\u{80}".utf8),
        Array("plain ascii words ".utf8),
        // The edges of each range the wide check tests with one compare.
        Array("\u{7FF}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8), Array("\u{10000}".utf8),
        Array("\u{FFFD}".utf8), Array("\u{FEFF}".utf8), Array("\u{100000}".utf8), Array("\u{FFFFF}".utf8),
    ]
    static let invalid: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE0, 0x80, 0x80],
        [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE6, 0x41, 0x80],
        // An ASCII byte, a lead or a byte past the range where the second byte of E0, ED, F0 or
        // F4 belongs; F5 and C1 beside the valid leads next to them.
        [0xE0, 0x41, 0x80], [0xED, 0x41, 0x80], [0xF0, 0x41, 0x80, 0x80], [0xF4, 0x41, 0x80, 0x80],
        [0xE0, 0xC2, 0x80], [0xED, 0xC0, 0x80], [0xF0, 0xC0, 0x80, 0x80], [0xF4, 0xBF, 0x80, 0x80],
        [0xF0, 0x90, 0x41, 0x80], [0xF5, 0x90, 0x80, 0x80], [0xC1, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]

    @Test func wideCheckAgreesWithTheReference() throws {
        var random = CorpusRandom(seed: 0x0DF8)
        var checked = 0
        for round in 0..<6000 {
            var text: [UInt8] = []
            let pieces = 8 + Int(random.next() % 40)
            for _ in 0..<pieces {
                let pick = Self.valid[Int(random.next() % UInt64(Self.valid.count))]
                text += pick
            }
            // Half the texts get one bad sequence somewhere (or at the very end).
            if round % 2 == 1 {
                let bad = Self.invalid[Int(random.next() % UInt64(Self.invalid.count))]
                let at = Int(random.next() % UInt64(text.count + 1))
                // Insert at a character boundary, as a writer would misencode a character.
                var boundary = at
                while boundary < text.count, text[boundary] & 0xC0 == 0x80 { boundary += 1 }
                text.insert(contentsOf: bad, at: boundary)
            }
            for prefix in [Array("\":\"".utf8), Array("日".utf8), Array("x\"".utf8)] {
                let bytes = prefix + text + [UInt8(ascii: "\"")]
                let start = prefix.count
                let end = bytes.count - 1
                let expected = Self.referenceError(text).map { $0 + start }
                try bytes.withUnsafeBufferPointer { buffer in
                    let scanner = JSONScanner(baseOffset: 0)
                    // The wide check itself: over all of valid text; never past an error.
                    let wide = JSONScanner.validPrefix(buffer.baseAddress!, start, end)
                    if let expected {
                        #expect(wide <= expected, "round \(round): the wide check passed an error")
                    } else if start >= 3, end - start >= 16 {  // else the exact check does it all
                        #expect(wide == end, "round \(round): the wide check stopped early at \(wide)")
                    }
                    do {
                        let result = try scanner.validateUTF8(buffer.baseAddress!, start, end, allowsCutOff: false)
                        #expect(expected == nil, "round \(round): accepted bad text \(text)")
                        #expect(result == end)
                    } catch let error as JSONError {
                        #expect(error.offset == expected, "round \(round): \(text)")
                    }
                    // Cut off anywhere: the valid part is accepted up to the cut sequence's start.
                    if expected == nil {
                        let cut = start + Int(random.next() % UInt64(text.count))
                        let resume = try scanner.validateUTF8(buffer.baseAddress!, start, cut, allowsCutOff: true)
                        #expect(resume <= cut && cut - resume < 4)
                        #expect(resume == cut || bytes[resume] >= 0xC0, "round \(round): resumes at a lead byte")
                    }
                }
                checked += 1
            }
        }
        #expect(checked == 18000)
    }
}
