import Emulator
import Testing

@testable import StreamingJSON

/// Generated documents (pretty and compact, strings with escaped quotes and backslash runs) fed
/// in random chunks: the same value as the whole document, and for a broken document the same
/// error at the same byte, wherever the chunks end (inside a backslash run, between a line break
/// and its indentation, between a key and its colon).
@Suite("Random chunk splits give the same values and the same errors")
struct RandomChunkSplitTests {
    static func parse(_ bytes: [UInt8], chunkSizes: [Int]) -> Result<JSONValue, JSONError> {
        var parser = JSONStreamParser()
        var builder = JSONValueBuilder()
        do {
            var offset = 0
            var sizes = chunkSizes.makeIterator()
            while offset < bytes.count {
                let end = min(bytes.count, offset + (sizes.next() ?? bytes.count))
                try parser.feed(Array(bytes[offset..<end]), to: &builder)
                offset = end
            }
            try parser.finish(to: &builder)
            return .success(builder.result!)
        } catch {
            return .failure(error as! JSONError)
        }
    }

    /// Chunk sizes for one feeding: 1 byte, 3 bytes, or a random mix from 1 to 40.
    static func chunkSizes(_ random: inout CorpusRandom, count: Int) -> [Int] {
        switch random.next() % 4 {
        case 0: return Array(repeating: 1, count: count)
        case 1: return Array(repeating: 3, count: count)
        default: return (0..<count).map { _ in 1 + Int(random.next() % 40) }
        }
    }

    static func mutate(_ bytes: inout [UInt8], _ random: inout CorpusRandom) {
        let position = Int(random.next() % UInt64(bytes.count))
        let replacements: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x2C, 0x3A, 0x0A, 0x20, 0x09, 0x00, 0xC3, 0xFF, 0x78]
        let replacement = replacements[Int(random.next() % UInt64(replacements.count))]
        switch random.next() % 3 {
        case 0: bytes[position] = replacement
        case 1: bytes.remove(at: position)
        default: bytes.insert(replacement, at: position)
        }
    }

    @Test func validDocumentsGiveTheSameValueAtAnySplit() throws {
        var generator = DifferentialTests.Generator(random: CorpusRandom(seed: 38))
        var random = CorpusRandom(seed: 3801)
        var backslashRunsCut = 0
        for index in 0..<1500 {
            let bytes = Array(generator.value(depth: 0).utf8)
            let whole = try JSONValue.parse(bytes)
            for _ in 0..<4 {
                let sizes = Self.chunkSizes(&random, count: bytes.count)
                #expect(
                    Self.parse(bytes, chunkSizes: sizes) == .success(whole),
                    "document \(index) in chunks \(sizes.prefix(12)): \(String(decoding: bytes, as: UTF8.self))")
                backslashRunsCut += Self.cutsInsideBackslashRuns(bytes, sizes)
            }
        }
        // The generator must really put chunk ends inside escapes, or the test proves little.
        #expect(backslashRunsCut > 1000, "only \(backslashRunsCut) chunk ends fell inside a backslash run")
    }

    @Test func brokenDocumentsFailAtTheSameByteAtAnySplit() throws {
        var generator = DifferentialTests.Generator(random: CorpusRandom(seed: 3802))
        var random = CorpusRandom(seed: 3803)
        var failures = 0
        for index in 0..<2500 {
            var bytes = Array(generator.value(depth: 0).utf8)
            guard !bytes.isEmpty else { continue }
            Self.mutate(&bytes, &random)
            let whole = Self.parse(bytes, chunkSizes: [])
            if case .failure = whole { failures += 1 }
            for _ in 0..<3 {
                let sizes = Self.chunkSizes(&random, count: bytes.count)
                #expect(
                    Self.parse(bytes, chunkSizes: sizes) == whole,
                    "document \(index) in chunks \(sizes.prefix(12)): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(failures > 800, "only \(failures) of the mutated documents were invalid")
    }

    /// How many chunk ends fall after a backslash inside a run of backslashes (the next chunk
    /// must know whether the run's count so far escapes the byte that follows).
    static func cutsInsideBackslashRuns(_ bytes: [UInt8], _ sizes: [Int]) -> Int {
        var cuts = 0
        var offset = 0
        for size in sizes {
            offset += size
            guard offset < bytes.count else { break }
            if bytes[offset - 1] == 0x5C, bytes[offset] == 0x5C || bytes[offset] == 0x22 { cuts += 1 }
        }
        return cuts
    }
}
