import StructuralIndex
import TestSupport
import Testing
import YouTubeKit

@testable import StreamingJSON

/// The structural index's first pass, chunk-fed: the positions it gives for a text split into
/// chunks anywhere — one byte, three bytes, random sizes, inside escaped quotes and backslash
/// runs that cross a 64-byte block — are the ones a byte-by-byte reading gives.
@Suite("Structural index")
struct StructuralIndexTests {

    /// The structural positions, one byte at a time: quotes that open or close a string,
    /// operators outside strings, and the first byte of every other run of non-whitespace
    /// outside strings (bytes up to 0x20 end a run, as whitespace does). A backslash escapes the
    /// byte after it wherever it is, as in simdjson: outside a string it is invalid JSON (the
    /// parser rejects it), and a quote it escapes there is part of the scalar, not a string.
    static func reference(_ text: [UInt8]) -> [Int] {
        var positions: [Int] = []
        var inString = false
        var escapesNext = false
        var inScalar = false
        for (offset, byte) in text.enumerated() {
            let escaped = escapesNext
            escapesNext = byte == UInt8(ascii: "\\") && !escaped
            if inString {
                if byte == UInt8(ascii: "\""), !escaped {
                    inString = false
                    positions.append(offset)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where !escaped:
                inString = true
                inScalar = false
                positions.append(offset)
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                UInt8(ascii: ","):
                inScalar = false
                positions.append(offset)
            case 0...0x20: inScalar = false
            default:
                if !inScalar { positions.append(offset) }
                inScalar = true
            }
        }
        return positions
    }

    /// The positions of `text` fed in chunks of the given sizes (cycled), then finished.
    static func chunked(_ text: [UInt8], sizes: [Int]) -> (positions: [Int], endsInString: Bool) {
        var index = StructuralIndex()
        var positions: [Int] = []
        text.withUnsafeBytes { buffer in
            var offset = 0
            var turn = 0
            while offset < buffer.count {
                let end = min(buffer.count, offset + sizes[turn % sizes.count])
                index.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end])) { bits, at in
                    StructuralIndex.appendPositions(bits, at, to: &positions)
                }
                offset = end
                turn += 1
            }
        }
        let endsInString = index.endsInString
        index.finish { bits, at in StructuralIndex.appendPositions(bits, at, to: &positions) }
        return (positions, endsInString)
    }

    /// A JSON-like text (not always valid: the pass checks nothing) rich in what the pass must
    /// get right: strings with escaped quotes, backslash runs of every length before a quote or
    /// a letter, operators and whitespace inside strings, numbers and literals between them,
    /// non-ASCII text and control bytes.
    static func text(_ random: inout SplitMix, length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
        while bytes.count < length {
            switch random.next() % 9 {
            case 0, 1:
                // A string: plain text, escapes, backslash runs, structurals that are not.
                var body = ""
                for _ in 0..<Int(random.next() % 6) {
                    switch random.next() % 7 {
                    case 0: body += String(repeating: "\\", count: Int(random.next() % 9)) + "\""
                    case 1: body += String(repeating: "\\", count: Int(random.next() % 9)) + "x"
                    case 2: body += "\\\""
                    case 3: body += pick(["{", "}", "[", "]", ":", ",", " ", "\n", "\t"])
                    case 4: body += pick(["café", "日本語", "🎸", "naïve"])
                    case 5: body += String(repeating: "\\\\", count: Int(random.next() % 70))
                    default: body += pick(["title", "a", "swift concurrency", "1234", "true"])
                    }
                }
                // An even run of backslashes before the closing quote keeps it a real one.
                bytes += Array(("\"" + body).utf8)
                if body.utf8.reversed().prefix(while: { $0 == UInt8(ascii: "\\") }).count % 2 == 1 {
                    bytes.append(UInt8(ascii: "\\"))
                }
                bytes.append(UInt8(ascii: "\""))
            case 2: bytes += Array(pick(["{", "}", "[", "]", ":", ","]).utf8)
            case 3: bytes += Array(pick([" ", "\n  ", "\r\n", "\t", "    ", "\u{01}"]).utf8)
            case 4: bytes += Array(pick(["0", "-12.5e+3", "1234567890", "true", "false", "null"]).utf8)
            case 5: bytes.append(UInt8(truncatingIfNeeded: random.next()))
            case 6: bytes += Array(pick(["\"\\\\\\\\\"", "\"\\\\\\\"\"", "\"\\\"\\\"\"", "\"\""]).utf8)
            default: bytes += Array(pick(["\"kind\":", "\"items\": [", "\"snippet\": {", "},", "]}"]).utf8)
            }
        }
        return bytes
    }

    @Test("random texts fed whole, byte by byte, three bytes at a time and in random chunks")
    func randomTexts() {
        var random = SplitMix(seed: 38)
        for round in 0..<300 {
            let text = Self.text(&random, length: 1 + Int(random.next() % 700))
            let expected = Self.reference(text)
            let whole = text.withUnsafeBytes { StructuralIndex.positions($0) }
            #expect(whole == expected, "round \(round), whole")
            #expect(Self.chunked(text, sizes: [1]).positions == expected, "round \(round), 1-byte chunks")
            #expect(Self.chunked(text, sizes: [3]).positions == expected, "round \(round), 3-byte chunks")
            let sizes = (0..<8).map { _ in 1 + Int(random.next() % 150) }
            #expect(Self.chunked(text, sizes: sizes).positions == expected, "round \(round), chunks \(sizes)")
        }
    }

    /// A backslash run of every length from 1 to 140 ending at every offset around a block
    /// boundary (63, 64, 65, 127, 128, …), before a quote: the quote is escaped exactly when the
    /// run is odd, wherever the blocks and chunks cut it.
    @Test("backslash runs across block and chunk boundaries")
    func backslashRunsAcrossBoundaries() {
        for run in 1...140 {
            for quoteAt in [63, 64, 65, 127, 128, 129, 191, 192, 255, 256] where quoteAt > run {
                // `"` at 0, filler, the run right before the quote at `quoteAt`, then `,1]`.
                var text = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: quoteAt - run - 1)
                text += Array(repeating: UInt8(ascii: "\\"), count: run)
                text += Array("\",1]\"".utf8)
                let expected = Self.reference(text)
                // Odd: the quote is escaped and the string goes on to the last quote.
                #expect(
                    expected
                        == (run % 2 == 1
                            ? [0, text.count - 1] : [0, quoteAt, quoteAt + 1, quoteAt + 2, quoteAt + 3, quoteAt + 4]))
                for cut in [quoteAt - run, quoteAt - 1, quoteAt, 64, 65] where cut > 0 && cut < text.count {
                    #expect(
                        Self.chunked(text, sizes: [cut, text.count]).positions == expected,
                        "run \(run), quote at \(quoteAt), cut at \(cut)")
                }
                #expect(Self.chunked(text, sizes: [1]).positions == expected, "run \(run), quote at \(quoteAt)")
            }
        }
    }

    @Test("whether the input read ends inside a string, carried across chunks")
    func endsInString() {
        let open = Array(("{\"description\": \"" + String(repeating: "lo \\\" fi ", count: 20)).utf8)
        #expect(Self.chunked(open, sizes: [7]).endsInString)
        #expect(!Self.chunked(open + [UInt8(ascii: "\"")] + Array(repeating: 0x20, count: 64), sizes: [5]).endsInString)
    }

    /// A page as the API sends it, pretty and compact: positions equal the reference, and the
    /// quotes found are exactly twice the strings the parser reads.
    @Test("an API page, pretty and compact")
    func apiPage() throws {
        let value = JSONValue.object([
            ("kind", .string("youtube#searchListResponse")),
            (
                "items",
                .array(
                    (0..<30).map { item in
                        .object([
                            ("id", .object([("videoId", .string("vid\(item)\\\"x"))])),
                            (
                                "snippet",
                                .object([
                                    ("title", .string("Café \"live\" \\ \(item) 🎸")),
                                    ("description", .string(String(repeating: "\\\\\"", count: item))),
                                    ("width", .number("120")), ("live", .bool(item % 2 == 0)), ("none", .null),
                                ])
                            ),
                        ])
                    })
            ),
        ])
        for pretty in [true, false] {
            let text = value.render(pretty: pretty)
            let expected = Self.reference(text)
            #expect(text.withUnsafeBytes { StructuralIndex.positions($0) } == expected)
            #expect(Self.chunked(text, sizes: [4096, 17, 1, 63]).positions == expected)
            let quotes = expected.filter { text[$0] == UInt8(ascii: "\"") }.count
            var counter = StringCounter()
            var parser = JSONStreamParser()
            try parser.feed(text, to: &counter)
            try parser.finish(to: &counter)
            #expect(quotes == 2 * counter.strings)
        }
    }

    /// Counts keys and string values.
    struct StringCounter: JSONEventHandler {
        var strings = 0
        mutating func startObject() {}
        mutating func endObject() {}
        mutating func startArray() {}
        mutating func endArray() {}
        mutating func key(_ text: JSONText) -> Bool {
            strings += 1
            return true
        }
        mutating func string(_ text: JSONText) { strings += 1 }
        mutating func number(_ text: UnsafeRawBufferPointer) {}
        mutating func bool(_ value: Bool) {}
        mutating func null() {}
    }
}
