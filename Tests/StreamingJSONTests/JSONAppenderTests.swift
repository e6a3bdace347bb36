import Emulator
import Foundation
import Testing
import YouTubeKit

@testable import StreamingJSON

/// The appender every write goes through: escaping sixteen and eight bytes at a time against a
/// byte-by-byte reference, integers, growth in the middle of a record, and copies of a writer.
@Suite("JSON appender")
struct JSONAppenderTests {
    /// RFC 8259 escaping as the schema writes it, one byte at a time: the reference.
    static func referenceEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x00..<0x20: output += Array(String(format: "\\u%04x", byte).utf8)
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8:
                output += Array(#"\u2028"#.utf8)
                index += 2
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                output += Array(#"\u2029"#.utf8)
                index += 2
            default: output.append(byte)
            }
            index += 1
        }
        output.append(UInt8(ascii: "\""))
        return output
    }

    /// Random text of every length up to 80 (the sixteen-byte blocks, the eight-byte words and
    /// the last bytes each take a part), drawn from characters that need escaping, that begin
    /// with 0xE2 and do not (`…`, `—`), other multibyte ones and plain ASCII.
    @Test func escapingMatchesAByteByByteReference() {
        let pieces = [
            "a", "b", "Z", "0", " ", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}",
            "\u{7F}", "\u{2028}", "\u{2029}", "…", "—", "é", "日", "🎸", "/", "plain run of text ",
        ]
        var random = CorpusRandom(seed: 38)
        for round in 0..<4000 {
            var text = ""
            let length = Int(random.next() % 81)
            while text.utf8.count < length {
                // Mostly plain text, so that whole blocks and words pass without a stop.
                let plain = random.next() % 3 != 0
                text += plain ? pieces[Int(random.next() % 4)] : pieces[Int(random.next() % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            var writer = JSONWriter(capacity: 1)
            bytes.withUnsafeBytes { writer.string(utf8: $0) }
            #expect(writer.bytes == Self.referenceEscaped(bytes), "round \(round): \(bytes)")
            var bare = JSONWriter(capacity: 1)
            bare.escapedText(text)
            #expect(bare.bytes == Array(Self.referenceEscaped(bytes).dropFirst().dropLast()), "round \(round)")
        }
    }

    @Test func integersOfEveryLength() {
        var values: [Int] = [0, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power]
        }
        var random = CorpusRandom(seed: 7)
        for _ in 0..<2000 { values.append(Int(bitPattern: UInt(random.next())) >> Int(random.next() % 63)) }
        for value in values {
            var writer = JSONWriter(capacity: 1)
            writer.int(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }

    static func records() throws -> [DecodedRecord] {
        var records: [DecodedRecord] = []
        for (body, endpoint) in [
            (OwnFixtures.searchPage, Endpoint.search), (OwnFixtures.videosPage, .videos),
            (OwnFixtures.playlistItemsPage, .playlistItems), (OwnFixtures.channelsPage, .channels),
        ] {
            var decoder = PageDecoder(endpoint: endpoint) { records.append($0) }
            try decoder.feed(Array(body.utf8))
            _ = try decoder.finish()
        }
        return records
    }

    /// A record written into a writer that starts small grows the buffer in the middle of the
    /// record (several times, a long description among the fields) and ends the same as one
    /// written with room to spare.
    @Test func aRecordThatGrowsTheBufferIsTheSame() throws {
        var records = try Self.records()
        #expect(records.count >= 6)
        if case .video(var video) = records[0] {
            video.description = String(repeating: "long \"description\"\n — 日本語 ", count: 300)
            records.append(.video(video))
        }
        for record in records {
            var roomy = JSONWriter(capacity: 1 << 20)
            RecordEncoder.encode(record, into: &roomy)
            var small = JSONWriter(capacity: 1)
            RecordEncoder.encode(record, into: &small)
            #expect(small.bytes == roomy.bytes)
            let line = try JSONSerialization.jsonObject(with: Data(small.bytes.dropLast())) as? [String: Any]
            #expect(line != nil)
        }
    }

    /// A record written into a copy of a writer leaves the original as it was: the appender
    /// makes the buffer the writer's own before its first write.
    @Test func aRecordWrittenIntoACopyLeavesTheOriginal() throws {
        for record in try Self.records() {
            var original = JSONWriter(capacity: 1 << 16)
            original.raw("[")
            var copy = original
            RecordEncoder.encode(record, into: &copy)
            #expect(original.bytes == [UInt8(ascii: "[")])
            #expect(copy.count > 100 && copy.withBytes { $0.first } == UInt8(ascii: "["))
        }
    }
}
