import Foundation
import Testing

@testable import StreamingJSON

@Suite("RFC 8259 conformance and errors")
struct ParserConformanceTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    static func error(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONValue.parse(bytes)
            return nil
        } catch let error as JSONError {
            return error
        } catch {
            return nil
        }
    }

    @Test(
        "valid documents",
        arguments: [
            "0", "-0", "1.5", "-1.5e10", "1E-2", "1e+2", "\"\"", "true", "false", "null", "[]", "{}", "[[]]",
            " \t\r\n[1, 2 ,3]\n ", #"{"a":{"b":[{"c":null}]}}"#, #""\u0000""#, #""\uD834\uDD1E""#,
            #"{"":""}"#, #"["\u2028"]"#,
        ])
    func valid(_ text: String) throws {
        let ours = try Self.parse(text)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        #expect(JSONComparison.equal(ours, foundation), "\(text)")
    }

    static let invalid: [(String, JSONError.Kind, Int)] = [
        ("", .truncated, 0),
        ("   ", .truncated, 3),
        ("[1,]", .syntax, 3),
        ("{\"a\":1,}", .syntax, 7),
        ("{\"a\" 1}", .syntax, 5),
        ("{a:1}", .syntax, 1),
        ("[1 2]", .syntax, 3),
        ("01", .syntax, 1),
        ("1.", .syntax, 2),
        (".5", .syntax, 0),
        ("1e", .syntax, 2),
        ("-", .syntax, 1),
        ("+1", .syntax, 0),
        ("tru", .truncated, 3),
        ("trUe", .syntax, 2),
        ("nul", .truncated, 3),
        ("[1] x", .trailingData, 4),
        ("{} {}", .trailingData, 3),
        ("\"abc", .truncated, 4),
        ("\"a\\x\"", .invalidString, 2),
        ("\"\\u12G4\"", .invalidString, 5),
        ("\"\\uD800\"", .invalidString, 1),
        ("\"\\uD800\\u0041\"", .invalidString, 1),
        ("\"\\uDC00\"", .invalidString, 1),
        ("\"tab\there\"", .invalidString, 4),
        ("[\"a\"", .truncated, 4),
        ("{\"a\":", .truncated, 5),
        ("[", .truncated, 1),
        ("'single'", .syntax, 0),
    ]

    @Test("invalid documents name the offset and what was expected", arguments: invalid)
    func invalidDocument(_ text: String, _ kind: JSONError.Kind, _ offset: Int) throws {
        let error = try #require(Self.error(Array(text.utf8)))
        #expect(error.kind == kind, "\(text): \(error)")
        #expect(error.offset == offset, "\(text): \(error)")
        #expect(!error.expected.isEmpty)
    }

    @Test func numbersBeyondDoubleAreValidJSON() throws {
        // RFC 8259 leaves the range to implementations; the text is kept as written.
        #expect(try Self.parse("[1e400]") == .array([.number("1e400")]))
    }

    @Test(
        "invalid UTF-8 is rejected",
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x22],
            [0x22, 0x80, 0x22],
        ] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) throws {
        let error = try #require(Self.error(bytes))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset >= 1)
    }

    @Test func theFirstErrorInAStringIsReportedWhateverItsKind() throws {
        // Invalid UTF-8 is checked in a pass of its own; it still wins over a later bad byte.
        let utf8First = try #require(Self.error([0x22, 0x61, 0xFF, 0x62, 0x01, 0x22]))
        #expect(utf8First.kind == .invalidUTF8 && utf8First.offset == 2, "\(utf8First)")
        let escapeAfterUTF8 = try #require(Self.error([0x22] + Array("é".utf8) + [0xFF] + Array(#"\q""#.utf8)))
        #expect(escapeAfterUTF8.kind == .invalidUTF8 && escapeAfterUTF8.offset == 3, "\(escapeAfterUTF8)")
        let controlFirst = try #require(Self.error([0x22, 0x61, 0x01, 0xFF, 0x22]))
        #expect(controlFirst.kind == .invalidString && controlFirst.offset == 2, "\(controlFirst)")
        let cutByQuote = try #require(Self.error([0x22, 0x61, 0xE6, 0x97, 0x22]))
        #expect(cutByQuote.kind == .invalidUTF8 && cutByQuote.offset == 4, "\(cutByQuote)")
    }

    @Test func invalidUTF8InALongStringIsReportedBeforeTheStringEnds() throws {
        // A chunk that ends inside a string has its text checked so far: the error does not wait
        // for the closing quote.
        var parser = JSONStreamParser()
        var builder = JSONValueBuilder()
        try parser.feed(Array("[\"caf\u{E9} ok".utf8), to: &builder)
        #expect {
            try parser.feed([0x61, 0xC3, 0x28, 0x61], to: &builder)
        } throws: { error in
            (error as? JSONError)?.kind == .invalidUTF8 && (error as? JSONError)?.offset == 12
        }
    }

    @Test func specialBytesAreFoundAtEveryPositionOfTheWordAndVectorScans() throws {
        // Strings are scanned sixteen and eight bytes at a time: an escape, a non-ASCII character
        // or a raw control character must be found wherever it falls in a block.
        for length in 0...40 {
            for position in 0...length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: length - position)
                for (insert, decoded) in [(#"\""#, "\""), (#"\n"#, "\n"), ("é", "é"), ("日", "日"), (#"\u00e9"#, "é")] {
                    let document = "[\"" + before + insert + after + "\"]"
                    #expect(try Self.parse(document) == .array([.string(before + decoded + after)]), "\(document)")
                }
                let control = Array(("[\"" + before).utf8) + [0x01] + Array((after + "\"]").utf8)
                let error = try #require(Self.error(control))
                #expect(error.kind == .invalidString && error.offset == 2 + position, "\(length) \(position)")
                let invalid = Array(("[\"" + before).utf8) + [0xFF] + Array((after + "\"]").utf8)
                let utf8Error = try #require(Self.error(invalid))
                #expect(utf8Error.kind == .invalidUTF8 && utf8Error.offset == 2 + position, "\(length) \(position)")
            }
        }
    }

    @Test func textsKnowWhetherTheyAreASCII() throws {
        struct Recorder: JSONEventHandler {
            var texts: [(String, Bool)] = []
            mutating func startObject() {}
            mutating func endObject() {}
            mutating func startArray() {}
            mutating func endArray() {}
            mutating func key(_ text: JSONText) -> Bool {
                texts.append((text.string, text.isASCII))
                return true
            }
            mutating func string(_ text: JSONText) { texts.append((text.string, text.isASCII)) }
            mutating func number(_ text: UnsafeRawBufferPointer) {}
            mutating func bool(_ value: Bool) {}
            mutating func null() {}
        }
        let document =
            #"{"plain":"ascii only, long enough to pass a word","é":"caf\u00e9","esc":"a\nb","emoji":"😀 and more text"}"#
        var parser = JSONStreamParser()
        var recorder = Recorder()
        try parser.feed(Array(document.utf8), to: &recorder)
        try parser.finish(to: &recorder)
        let expected: [(String, Bool)] = [
            ("plain", true), ("ascii only, long enough to pass a word", true), ("é", false), ("café", false),
            ("esc", true), ("a\nb", true), ("emoji", true), ("😀 and more text", false),
        ]
        #expect(recorder.texts.map(\.0) == expected.map(\.0))
        #expect(recorder.texts.map(\.1) == expected.map(\.1))
        // The Strings made without a second validation are the same Strings.
        for (text, _) in recorder.texts { #expect(text == String(decoding: Array(text.utf8), as: UTF8.self)) }
    }

    @Test func deepAlternatingNestingClosesInOrder() throws {
        // Objects and arrays alternate across the container stack's word boundaries (64, 128…).
        for depth in [63, 64, 65, 130, 256, 511] {
            var open = ""
            var close = ""
            for level in 0..<depth {
                if level % 2 == 0 {
                    open += #"{"k":"#
                    close = "}" + close
                } else {
                    open += "["
                    close = "]" + close
                }
            }
            let text = open + "1" + close
            let ours = try Self.parse(text)
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            #expect(JSONComparison.equal(ours, foundation), "depth \(depth)")
            // The wrong closer at the innermost level is caught whatever the depth.
            let swapped = open + "1" + (close.first == "}" ? "]" : "}") + close.dropFirst()
            let error = try #require(Self.error(Array(swapped.utf8)), "depth \(depth)")
            #expect(error.kind == .syntax && error.offset == open.utf8.count + 1, "depth \(depth)")
        }
    }

    @Test func plainWholeNumbersArriveWithTheirValues() throws {
        struct Recorder: JSONEventHandler {
            var events: [String] = []
            mutating func startObject() {}
            mutating func endObject() {}
            mutating func startArray() {}
            mutating func endArray() {}
            mutating func key(_ text: JSONText) -> Bool { true }
            mutating func string(_ text: JSONText) {}
            mutating func number(_ text: UnsafeRawBufferPointer) {
                events.append("number " + String(decoding: text, as: UTF8.self))
            }
            mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) {
                #expect(String(value) == String(decoding: text, as: UTF8.self))
                events.append("integer \(value)")
            }
            mutating func bool(_ value: Bool) {}
            mutating func null() {}
        }
        let document =
            #"{"a":120,"b":0,"c":-5,"d":1.5,"e":2e3,"f":123456789012345678,"g":1234567890123456789,"h":7 ,"i":[8]}"#
        var parser = JSONStreamParser()
        var recorder = Recorder()
        try parser.feed(Array(document.utf8), to: &recorder)
        try parser.finish(to: &recorder)
        #expect(
            recorder.events == [
                "integer 120", "integer 0", "number -5", "number 1.5", "number 2e3", "integer 123456789012345678",
                "number 1234567890123456789", "integer 7", "number 8",
            ])
        // A leading zero is still an error, found by the full scan.
        let error = try #require(Self.error(Array(#"{"a":012}"#.utf8)))
        #expect(error.kind == .syntax && error.offset == 6)
    }

    @Test func branchFreeSequenceCheckAgreesWithTheExactOne() throws {
        // The fast check of a four-byte window must accept exactly what the byte-by-byte check does.
        let scanner = JSONScanner(baseOffset: 0)
        // Every lead byte; for the others, each side of every boundary a range check has.
        let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        let tails: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0]
        var disagreements: [[UInt8]] = []
        for lead in 0x80...0xFF {
            for second in seconds {
                for third in tails {
                    for fourth in tails {
                        let bytes: [UInt8] = [UInt8(lead), second, third, fourth]
                        let exact = bytes.withUnsafeBufferPointer { buffer in
                            (try? scanner.utf8SequenceLength(buffer.baseAddress!, 0, 4)) ?? 0
                        }
                        let word = UInt32(lead) | UInt32(second) << 8 | UInt32(third) << 16 | UInt32(fourth) << 24
                        if JSONScanner.sequenceLength(word) != exact { disagreements.append(bytes) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func nestingLimitHasItsOwnError() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try Self.parse(ok)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(Self.error(Array(deep.utf8)))
        #expect(error.kind == .nestingTooDeep)
        #expect(error.offset == 512)
        #expect(error.description == "invalid JSON at byte 512: expected at most 512 nested objects and arrays")
    }

    @Test func offsetsCountFromTheStartOfTheWholeInputAcrossChunks() throws {
        var parser = JSONStreamParser()
        var builder = JSONValueBuilder()
        try parser.feed(Array("[1, 2, ".utf8), to: &builder)
        #expect {
            try parser.feed(Array("3 4]".utf8), to: &builder)
        } throws: { error in
            (error as? JSONError)?.offset == 9
        }
    }

    @Test func skippedValuesAreStillChecked() throws {
        // The page decoder skips "etag"; a bad escape inside it is still an error.
        let body = #"{"etag":"bad \q escape","items":[]}"#
        #expect(throws: JSONError.self) { try PageDecoder.decode(Array(body.utf8)) }
        let deepSkipped = #"{"etag":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(throws: JSONError.self) { try PageDecoder.decode(Array(deepSkipped.utf8)) }
    }
}

/// Compares our tree with JSONSerialization's.
enum JSONComparison {
    static func equal(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let value):
            guard let number = theirs as? NSNumber else { return false }
            return number.boolValue == value && CFGetTypeIDIfBool(number)
        case .string(let text): return (theirs as? String) == text
        case .number(let text):
            guard let number = theirs as? NSNumber, let double = Double(text) else { return false }
            let value = number.doubleValue
            return value == double || (value.isInfinite && double.isInfinite)
                || abs(value - double) <= abs(double) * 1e-12
        case .array(let values):
            guard let array = theirs as? [Any], array.count == values.count else { return false }
            return zip(values, array).allSatisfy { equal($0, $1) }
        case .object(let members):
            guard let object = theirs as? [String: Any] else { return false }
            var last: [String: JSONValue] = [:]
            for member in members { last[member.key] = member.value }
            guard last.count == object.count else { return false }
            return last.allSatisfy { key, value in object[key].map { equal(value, $0) } ?? false }
        }
    }

    /// JSONSerialization gives booleans as NSNumber; any NSNumber holding 0/1 is accepted.
    private static func CFGetTypeIDIfBool(_ number: NSNumber) -> Bool { true }
}

@Suite("Page context stack")
struct PageContextStackTests {
    @Test func popsWhatWasPushedAndCountsWhatOpensInsideIgnored() {
        var stack = PageContextStack()
        #expect(stack.innermost == nil)
        let path: [PageContext] = [.root, .items, .item, .snippet, .thumbnails, .thumbnail, .ignored, .ignored]
        for context in path { stack.push(context) }
        #expect(stack.innermost == .ignored)
        // Deeper than the packed word holds: still ignored, and unwound in order.
        for _ in 0..<20 { stack.push(.ignored) }
        for _ in 0..<20 { #expect(stack.pop() == .ignored) }
        for context in path.reversed() {
            #expect(stack.innermost == context)
            #expect(stack.pop() == context)
        }
        #expect(stack.innermost == nil)
    }

    @Test func aMeaningfulContextBeyondEightLevelsIsIgnored() {
        var stack = PageContextStack()
        for _ in 0..<8 { stack.push(.root) }
        stack.push(.item)
        #expect(stack.innermost == .ignored)
        #expect(stack.pop() == .ignored)
        #expect(stack.innermost == .root)
    }
}
