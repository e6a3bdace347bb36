import TestSupport
import Testing

@testable import StreamingJSON

/// Sixteen-byte compares read as sixteen bits (`pmovmskb` through the `Builtin` module), and the
/// scans built on them: a key read from one block, a plain run's end and whether it held
/// non-ASCII bytes, each checked against a byte-by-byte reference on every byte value at every
/// position and on random blocks.
@Suite("Byte masks")
struct ByteMaskTests {
    static func vector(_ bytes: [UInt8]) -> SIMD16<UInt8> {
        var vector = SIMD16<UInt8>()
        for (lane, byte) in bytes.enumerated() { vector[lane] = byte }
        return vector
    }

    static func reference(_ bytes: [UInt8], _ test: (UInt8) -> Bool) -> UInt64 {
        var bits: UInt64 = 0
        for (lane, byte) in bytes.enumerated() where test(byte) { bits |= 1 << UInt64(lane) }
        return bits
    }

    /// Bytes that stop a scan, and their neighbours, more often than chance would give them.
    static func interestingByte(_ random: inout SplitMix) -> UInt8 {
        let pool: [UInt8] = [
            0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xBF, 0xC0, 0xE0, 0xE2, 0xFF,
        ]
        return random.next() % 3 == 0
            ? pool[Int(random.next() % UInt64(pool.count))] : UInt8(truncatingIfNeeded: random.next())
    }

    @Test func highBitsAreEachLanesTopBitWhicheverWayTheyAreMade() {
        var random = SplitMix(seed: 1)
        // Every byte value in every lane, the other lanes random.
        for lane in 0..<16 {
            for value in 0...255 {
                var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes[lane] = UInt8(value)
                let vector = Self.vector(bytes)
                let expected = Self.reference(bytes) { $0 >= 0x80 }
                #expect(ByteMask.highBits(vector) == expected)
                #expect(ByteMask.portableHighBits(vector) == expected)
            }
        }
        #expect(ByteMask.highBits(SIMD16()) == 0)
        #expect(ByteMask.highBits(SIMD16(repeating: 0xFF)) == 0xFFFF)
    }

    @Test func comparesBecomeTheirLanesBits() {
        var random = SplitMix(seed: 2)
        for _ in 0..<5_000 {
            let bytes = (0..<16).map { _ in Self.interestingByte(&random) }
            let vector = Self.vector(bytes)
            #expect(ByteMask.bits(vector .== SIMD16(repeating: 0x22)) == Self.reference(bytes) { $0 == 0x22 })
            #expect(
                JSONScanner.stringStops(vector)
                    == Self.reference(bytes) { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 })
        }
        for value in 0...255 {
            let vector = SIMD16<UInt8>(repeating: UInt8(value))
            #expect(ByteMask.bits(JSONScanner.isControl(vector)) == (value < 0x20 ? 0xFFFF : 0))
        }
    }

    /// `shortKey` on every key length it reads (0–23) with a byte that is not plain at every
    /// position: a key whose first stop is its closing quote is read with its length and its
    /// words zero past it; any other (an escape, a control character, a non-ASCII byte) is left
    /// to the general scan; a key of 24 bytes or more too.
    @Test func aShortKeyIsReadFromItsBlockOrLeftToTheGeneralScan() {
        var random = SplitMix(seed: 3)
        let plain = Array(UInt8(ascii: "#")...UInt8(ascii: "~")).filter { $0 != UInt8(ascii: "\\") }
        for length in 0...26 {
            for oddAt in [nil] + (0..<length).map(Optional.some) {
                for odd: UInt8 in [0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xFF] where oddAt != nil || odd == 0x5C {
                    var key = (0..<length).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
                    if let oddAt { key[oddAt] = odd }
                    let tail = (0..<40).map { _ in Self.interestingByte(&random) }
                    let buffer = key + [UInt8(ascii: "\"")] + tail
                    let read = buffer.withUnsafeBufferPointer { JSONStreamParser.shortKey($0.baseAddress!, 0) }
                    guard oddAt == nil, length <= 23 else {
                        #expect(read == nil, "length \(length), \(odd) at \(String(describing: oddAt))")
                        continue
                    }
                    guard let read else {
                        Issue.record("a plain key of \(length) bytes was not read")
                        continue
                    }
                    #expect(read.length == length)
                    var words = (UInt64(0), UInt64(0), UInt64(0))
                    withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: key) }
                    #expect(read.words == words, "length \(length)")
                }
            }
        }
    }

    /// `plainRun` stops at the first `"`, `\` or control character and says whether a byte before
    /// it was non-ASCII — never one after it, in the same block or the next.
    @Test func aPlainRunEndsAtTheFirstStopAndSeesOnlyTheBytesBeforeIt() {
        var random = SplitMix(seed: 4)
        for _ in 0..<4_000 {
            let length = Int(random.next() % 80)
            let bytes = (0..<length).map { _ in
                random.next() % 4 == 0 ? Self.interestingByte(&random) : UInt8(ascii: "a") &+ UInt8(random.next() % 26)
            }
            let start = min(Int(random.next() % 4), length)
            let expectedEnd =
                bytes.indices.dropFirst(start).first { bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] < 0x20 }
                ?? length
            let expectedHigh = bytes[start..<expectedEnd].contains { $0 >= 0x80 }
            var high: UInt64 = 0
            let end = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return JSONScanner.plainRun(base, start, length, &high)
            }
            #expect(end == expectedEnd, "\(bytes) from \(start)")
            #expect((high & JSONScanner.highBits != 0) == expectedHigh, "\(bytes) from \(start)")
        }
    }
}
