import TestSupport
import Testing

@testable import StreamingJSON

@Suite("Chunked feeding gives identical records")
struct ChunkSplitTests {
    static func decode(_ bytes: [UInt8], chunks sizes: (Int) -> [Int]) throws -> ([DecodedRecord], PageSummary) {
        let collector = RecordCollector()
        var decoder = PageDecoder { collector.records.append($0) }
        var offset = 0
        for size in sizes(bytes.count) {
            try decoder.feed(Array(bytes[offset..<offset + size]))
            offset += size
        }
        try decoder.feed(Array(bytes[offset...]))
        // Finish first: a body without `kind` is read once its reader is chosen, at the end.
        let summary = try decoder.finish()
        return (collector.records, summary)
    }

    static func checkEverySplit(_ bytes: [UInt8], label: String) throws {
        let whole = try PageDecoder.decode(bytes)
        var failures: [Int] = []
        for split in 0...bytes.count {
            let parts = try decode(bytes) { _ in [split] }
            if parts.0 != whole.records || parts.1 != whole.summary { failures.append(split) }
        }
        #expect(failures.isEmpty, "\(label): records differ when split at \(failures.prefix(10))")
        let bytewise = try decode(bytes) { count in Array(repeating: 1, count: count) }
        #expect(bytewise.0 == whole.records, "\(label) fed 1 byte at a time")
        #expect(bytewise.1 == whole.summary)
        // Many chunks of each size: carried tokens meet chunks of every alignment (a key cut in
        // one chunk and completed in the next must not leave its scan state to a later token).
        for size in [2, 3, 5, 7, 11, 13, 16, 17, 19, 23, 24, 25, 26, 31, 47, 64, 100, 257] {
            let parts = try decode(bytes) { count in Array(repeating: size, count: count / size) }
            #expect(parts.0 == whole.records && parts.1 == whole.summary, "\(label) fed \(size) bytes at a time")
        }
    }

    @Test("own pages at every split", arguments: OwnFixtures.all.map(\.name))
    func ownPages(_ name: String) throws {
        let body = OwnFixtures.all.first { $0.name == name }!.body
        try Self.checkEverySplit(Array(body.utf8), label: name)
    }

    @Test(
        "real pages at every split", .enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent),
        arguments: [
            "api-responses/python-youtube/search_by_keywords_p1.json",
            "api-responses/joostlek-python-youtube/video_response_2.json",
            "api-responses/python-youtube/playlist_items_paged_1.json",
            "api-responses/home-assistant-core/get_channel.json",
            "api-responses/joostlek-python-youtube/youtube_not_activated.json",
        ])
    func realPages(_ path: String) throws {
        try Self.checkEverySplit(try SharedFixtures.bytes(path), label: path)
    }

    @Test func tokensCutInsideEveryKindOfToken() throws {
        // Surrogate pairs, multi-byte UTF-8, escapes, numbers with exponents, literals.
        let text =
            #"{"a":"x\ud83d\ude00y","b":"é日😀","c":"\"\\\/\b\f\n\r\t\u00e9","d":-12.5e+3,"e":[true,false,null],"f":0}"#
        let bytes = Array(text.utf8)
        let whole = try JSONValue.parse(bytes)
        for split in 0...bytes.count {
            var parser = JSONStreamParser()
            var builder = JSONValueBuilder()
            try parser.feed(Array(bytes[..<split]), to: &builder)
            try parser.feed(Array(bytes[split...]), to: &builder)
            try parser.finish(to: &builder)
            #expect(builder.result == whole, "split at \(split)")
        }
        #expect(whole["a"] == .string("x😀y"))
        #expect(whole["c"] == .string("\"\\/\u{8}\u{C}\n\r\té"))
        #expect(whole["d"] == .number("-12.5e+3"))
    }

    @Test func carriedBytesStayBoundedByTheLargestToken() throws {
        // A 50 KB page fed in 16-byte chunks never carries more than one token.
        let body = Array(OwnFixtures.searchPage.utf8)
        var parser = JSONStreamParser()
        var builder = JSONValueBuilder()
        var offset = 0
        var largestCarry = 0
        while offset < body.count {
            let end = min(offset + 16, body.count)
            try parser.feed(Array(body[offset..<end]), to: &builder)
            largestCarry = max(largestCarry, parser.carry.count)
            offset = end
        }
        try parser.finish(to: &builder)
        #expect(largestCarry < 120, "the longest token of the page is a ~100-byte string")
    }
}
