import Foundation
import StreamingJSON
import Testing

@Suite("JSONStreamEncoder: Codable values written as they are encoded")
struct JSONStreamEncoderTests {
    struct Outcome: Codable, Hashable {
        enum Status: String, Codable { case done, capped }
        var status: Status
        var pages: Int
        var note: String?
    }

    struct Seed: Codable, Hashable {
        var file: String?
        var line: Int?
        var text: String
        var outcome: Outcome?
        var tags: [String] = []
        var counts: [String: Int] = [:]
        var byNumber: [Int: String] = [:]
        var ratio: Double = 0
        var share: Float = 0
        var big: UInt64 = 0
        var small: Int8 = 0
        var flags: [Bool?] = []
        var nested: [[Int]] = []
    }

    static func seed(_ index: Int, using generator: inout some RandomNumberGenerator) -> Seed {
        let texts = ["channel @x", "search \"a/b\" \\ c\n\t", "Ünïcödé 😀 \u{2028}", "", "\u{0}\u{1F}"]
        var seed = Seed(
            file: index % 2 == 0 ? "seeds/a b.txt" : nil, line: index % 3 == 0 ? nil : index,
            text: texts[index % texts.count])
        if index % 4 != 0 {
            seed.outcome = Outcome(
                status: index % 2 == 0 ? .done : .capped, pages: Int.random(in: -5...100_000, using: &generator),
                note: index % 5 == 0 ? "search limit" : nil)
        }
        seed.tags = (0..<(index % 4)).map { "t\($0)" }
        for key in 0..<(index % 6) { seed.counts["k\((key * 7919) % 13)"] = key }
        for key in 0..<(index % 3) { seed.byNumber[(key * 37) % 11 - 5] = "n\(key)" }
        seed.ratio = [0, 1.5, -2, 1e-7, 123_456_789.125, Double.greatestFiniteMagnitude, 0.1][index % 7]
        seed.share = [0, 0.1, 3, -1.25][index % 4]
        seed.big = index % 2 == 0 ? UInt64.max : UInt64(index)
        seed.small = Int8(truncatingIfNeeded: index)
        seed.flags = [true, nil, false].prefix(index % 4).map { $0 }
        seed.nested = index % 3 == 0 ? [] : [[], [index], [1, 2, 3]]
        return seed
    }

    static func seeds(_ count: Int) -> [Seed] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { seed($0, using: &generator) }
    }

    /// What Foundation reads back is the value encoded, compact and pretty, whatever the strings,
    /// numbers, optionals, dictionaries and nesting.
    @Test(arguments: [false, true]) func roundTripsThroughJSONDecoder(pretty: Bool) throws {
        let seeds = Self.seeds(300)
        let text = try JSONStreamEncoder(pretty: pretty).encode(seeds)
        #expect(try JSONDecoder().decode([Seed].self, from: Data(text)) == seeds)
        // The same document as Foundation's, member for member (it sorts keys; we keep a value's order).
        let foundation = try JSONEncoder().encode(seeds)
        #expect(try JSONValue.parse(text).sortedKeys == JSONValue.parse(Array(foundation)).sortedKeys)
    }

    /// Members in the order the value encodes them; a dictionary's sorted, so the text is the
    /// same every time; pretty text as Google's APIs print it, `JSONValue`s as they are.
    @Test func prettyTextIsPinned() throws {
        struct Document: Encodable {
            var name = "x"
            var empty: [Int] = []
            var none: [String: Int] = [:]
            var units = ["videos.list": 2, "search.list": 100, "channels.list": 1]
            var list = [1, 2]
            var raw = JSONValue.object([("z", .number("1.50")), ("a", .array([.null, .bool(true)]))])
        }
        let text = String(decoding: try JSONStreamEncoder(pretty: true).encode(Document()), as: UTF8.self)
        #expect(
            text == """
                {
                  "name": "x",
                  "empty": [],
                  "none": {},
                  "units": {
                    "channels.list": 1,
                    "search.list": 100,
                    "videos.list": 2
                  },
                  "list": [
                    1,
                    2
                  ],
                  "raw": {
                    "z": 1.50,
                    "a": [
                      null,
                      true
                    ]
                  }
                }
                """)
        let compact = String(decoding: try JSONStreamEncoder().encode(Document()), as: UTF8.self)
        #expect(
            compact
                == #"{"name":"x","empty":[],"none":{},"units":{"channels.list":1,"search.list":100,"videos.list":2},"list":[1,2],"raw":{"z":1.50,"a":[null,true]}}"#
        )
        // Written inside pretty text: inner lines indented from `indent`.
        let nested = String(decoding: try JSONStreamEncoder(pretty: true).encode([1], indent: 4), as: UTF8.self)
        #expect(nested == "[\n      1\n    ]")
    }

    /// The text comes in pieces of about the piece size, never as one buffer of the whole: a
    /// manifest of thousands of seeds is written without the memory of its text.
    @Test func textComesInPiecesOfAboutThePieceSize() throws {
        let seeds = Self.seeds(5_000)
        var pieces: [[UInt8]] = []
        try JSONStreamEncoder(pretty: true).encode(seeds, pieceSize: 4096) { pieces.append(Array($0)) }
        let whole = pieces.flatMap { $0 }
        #expect(whole == (try JSONStreamEncoder(pretty: true).encode(seeds)))
        #expect(whole.count > 1_000_000)
        #expect(pieces.count > 200)
        #expect(pieces.map(\.count).max()! < 4096 + 2048, "a piece holds at most one seed past the piece size")
    }

    /// Values that write their own containers: asked for twice (a subclass's members after its
    /// parent's), nested, a super encoder, a value that encodes nothing, single values.
    @Test func handWrittenEncodingsAreFollowed() throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case a, b, c, d, e }
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: Keys.self)
                try first.encode(1, forKey: .a)
                var inner = first.nestedContainer(keyedBy: Keys.self, forKey: .b)
                try inner.encode("in", forKey: .a)
                var list = inner.nestedUnkeyedContainer(forKey: .b)
                try list.encode(true)
                try list.encodeNil()
                var deeper = list.nestedContainer(keyedBy: Keys.self)
                try deeper.encode(2.5, forKey: .c)
                #expect(list.count == 3)
                _ = first.superEncoder(forKey: .c)  // nothing written through it: {}
                var again = encoder.container(keyedBy: Keys.self)
                try again.encode(Empty(), forKey: .d)
                try again.encodeNil(forKey: .e)
            }
        }
        struct Empty: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        struct Wrapped: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(["x": Custom()])
            }
        }
        let text = String(decoding: try JSONStreamEncoder().encode(Wrapped()), as: UTF8.self)
        #expect(text == #"{"x":{"a":1,"b":{"a":"in","b":[true,null,{"c":2.5}]},"c":{},"d":{},"e":null}}"#)
        #expect(String(decoding: try JSONStreamEncoder().encode(Empty()), as: UTF8.self) == "{}")
        #expect(String(decoding: try JSONStreamEncoder().encode("a\"b"), as: UTF8.self) == #""a\"b""#)
        #expect(String(decoding: try JSONStreamEncoder().encode(Optional<Int>.none), as: UTF8.self) == "null")
    }

    /// A container written to after its parent moved on cannot be put back: an error, not wrong text.
    @Test func aContainerUsedAfterItsParentMovedOnIsAnError() {
        struct Misuse: Encodable {
            enum Keys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Keys.self)
                var early = outer.nestedUnkeyedContainer(forKey: .a)
                try outer.encode(1, forKey: .b)
                try early.encode(2)
            }
        }
        #expect(throws: EncodingError.self) { try JSONStreamEncoder().encode(Misuse()) }
    }

    /// Not a JSON number: an error naming where it is, as with JSONEncoder; the pieces written
    /// before it are the caller's to drop (``AtomicFile`` leaves the target as it was).
    @Test(arguments: [Double.nan, .infinity, -.infinity]) func nonFiniteNumbersAreErrors(number: Double) {
        struct Holder: Encodable {
            var values: [Double]
        }
        #expect {
            try JSONStreamEncoder().encode(Holder(values: [1, number]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.first?.stringValue == "values" && context.codingPath.last?.intValue == 1
        }
        #expect(throws: EncodingError.self) { try JSONStreamEncoder().encode([Float.nan]) }
    }

    /// What the writer throws stops the encoding and reaches the caller.
    @Test func aFailingWriterStopsTheEncoding() {
        struct Full: Error {}
        var calls = 0
        #expect(throws: Full.self) {
            try JSONStreamEncoder().encode(Self.seeds(2_000), pieceSize: 1024) { _ in
                calls += 1
                if calls == 3 { throw Full() }
            }
        }
        #expect(calls == 3)
    }
}
