import Testing
import YouTubeKit

@testable import StreamingJSON

/// A string of megabytes split over many chunks is gathered once: the bytes the parser copies to
/// carry it grow with its length, not with its length times the number of chunks.
@Suite("Long strings across many chunks")
struct LongStringTests {
    /// A videos page of one video whose title is `title` (plain) and description `description`
    /// (written with escapes), and what they decode to.
    static func page(repeating count: Int) -> (body: [UInt8], title: String, description: String) {
        let title = String(repeating: "plain words, é and 日本語 ", count: count)
        let escapedDescription = String(repeating: #"a line with \"quotes\" \u00e9 and a break\n"#, count: count)
        let description = String(repeating: "a line with \"quotes\" é and a break\n", count: count)
        let body =
            #"{"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"abcdefghijk","snippet":{"title":""#
            + title + #"","description":""# + escapedDescription
            + #""},"statistics":{"viewCount":"5"}}]}"#
        return (Array(body.utf8), title, description)
    }

    @Test(arguments: [4096, 65_536])
    func aMultiMegabyteStringIsCopiedOnceNotOncePerChunk(chunkSize: Int) throws {
        let (body, title, description) = Self.page(repeating: 60_000)
        #expect(body.count > 3_000_000)
        let collector = RecordCollector()
        var decoder = PageDecoder(endpoint: .videos) { collector.records.append($0) }
        try body.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunkSize, bytes.count)
                try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
            }
        }
        let summary = try decoder.finish()
        #expect(summary.videoCount == 1)
        guard case .video(let video)? = collector.records.first else {
            Issue.record("no video decoded")
            return
        }
        #expect(video.title == title)
        #expect(video.description == description)
        #expect(video.viewCount == 5)
        // Each byte of the two strings is carried once (plus the chunk a token ends in); the
        // quadratic way copied every carried byte again with each chunk.
        #expect(
            decoder.carriedBytesCopied <= body.count + 4 * chunkSize,
            "\(decoder.carriedBytesCopied) bytes copied to carry a \(body.count)-byte body")
    }
}

/// A number split over many chunks is scanned again from its start with each, so numbers are
/// limited in length (RFC 8259 allows it): past the limit, the same error whether the number
/// arrived whole or in chunks, and the work stays linear.
@Suite("Numbers of absurd length")
struct LongNumberTests {
    @Test(arguments: [1, 1024, 65_536])
    func aNumberPastTheLimitIsAnErrorAtTheSameOffsetHoweverItArrives(chunkSize: Int) {
        let body = Array(("[1, " + String(repeating: "7", count: 20_000) + "]").utf8)
        var parser = JSONStreamParser()
        var handler = CountingHandler()
        let error = #expect(throws: JSONError.self) {
            try body.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + chunkSize, bytes.count)
                    try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), to: &handler)
                    offset = end
                }
            }
            try parser.finish(to: &handler)
        }
        #expect(error?.offset == 4 + JSONStreamParser.maximumNumberLength)
        #expect(error?.kind == .syntax)
        #expect(parser.carriedBytesCopied <= 2 * JSONStreamParser.maximumNumberLength + 2 * chunkSize)
    }

    @Test func aNumberAtTheLimitIsRead() throws {
        let digits = String(repeating: "7", count: JSONStreamParser.maximumNumberLength)
        var parser = JSONStreamParser()
        var handler = CountingHandler()
        try parser.feed(Array("[\(digits)]".utf8), to: &handler)
        try parser.finish(to: &handler)
        #expect(handler.numbers == 1)
    }

    /// Counts numbers; every other event is ignored.
    struct CountingHandler: JSONEventHandler {
        var numbers = 0
        mutating func number(_ text: UnsafeRawBufferPointer) { numbers += 1 }
        mutating func startObject() {}
        mutating func endObject() {}
        mutating func startArray() {}
        mutating func endArray() {}
        mutating func key(_ text: JSONText) -> Bool { true }
        mutating func string(_ text: JSONText) {}
        mutating func bool(_ value: Bool) {}
        mutating func null() {}
    }
}
