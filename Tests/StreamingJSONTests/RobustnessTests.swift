import Emulator
import Testing

@testable import StreamingJSON

/// Random and mutated bytes, for a bounded number of rounds: never a crash or a hang, only a
/// JSONError or a result.
@Suite("Random and mutated input")
struct RobustnessTests {
    @Test func randomBytesNeverCrash() {
        var random = CorpusRandom(seed: 99)
        let alphabet = Array("{}[]\",:\\/ 0123456789.eE+-truefalsn\u{00}".utf8) + [0xC3, 0xA9, 0xF0, 0x9F, 0x80, 0xFF]
        var outcomes = (errors: 0, values: 0)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 64)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            do {
                _ = try PageDecoder.decode(bytes)
                outcomes.values += 1
            } catch is JSONError {
                outcomes.errors += 1
            } catch {
                Issue.record("unexpected error type \(error)")
            }
        }
        #expect(outcomes.errors + outcomes.values == 20_000)
    }

    @Test func mutatedPagesNeverCrashAndFailAtTheSameOffsetWhateverTheChunking() throws {
        var random = CorpusRandom(seed: 5)
        let pages = OwnFixtures.all.map { Array($0.body.utf8) }
        for round in 0..<1500 {
            var bytes = pages[round % pages.count]
            for _ in 0...(random.next() % 3) {
                let position = Int(random.next() % UInt64(bytes.count))
                bytes[position] = UInt8(truncatingIfNeeded: random.next())
            }
            let whole = Result { try PageDecoder.decode(bytes) }
            let chunkSize = 1 + Int(random.next() % 17)
            let chunked = Result { () throws -> [DecodedRecord] in
                let collector = RecordCollector()
                var decoder = PageDecoder { collector.records.append($0) }
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + chunkSize, bytes.count)
                    try decoder.feed(Array(bytes[offset..<end]))
                    offset = end
                }
                _ = try decoder.finish()
                return collector.records
            }
            switch (whole, chunked) {
            case (.success(let a), .success(let b)):
                #expect(a.records == b)
            case (.failure(let a as JSONError), .failure(let b as JSONError)):
                #expect(a.offset == b.offset, "round \(round)")
                #expect(a.kind == b.kind, "round \(round)")
            case (.failure(let a as PageShapeError), .failure(let b as PageShapeError)):
                // A mutation that left valid JSON but broke the items' shape.
                #expect(a == b, "round \(round)")
            case (.failure(let a as PageValueError), .failure(let b as PageValueError)):
                // A mutation that left valid JSON but turned a count or a duration into garbage.
                #expect(a == b, "round \(round)")
            default:
                Issue.record("round \(round): whole and chunked decoding disagree")
            }
        }
    }
}
