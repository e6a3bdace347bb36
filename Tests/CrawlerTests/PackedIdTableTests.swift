import Testing

@testable import Crawler

@Suite("PackedIdTable")
struct PackedIdTableTests {
    @Test func agreesWithASetOnRandomAndAdversarialValues() {
        var table = PackedIdTable()
        var reference: Set<UInt64> = []
        var generator = SystemRandomNumberGenerator()
        // Random values, small values, zero, the extremes, and values equal in their high bits.
        var values: [UInt64] = (0..<60_000).map { _ in generator.next() }
        values += (0..<2_000).map { UInt64($0) }
        values += [0, .max, 1 << 63, (1 << 63) - 1]
        values += (0..<2_000).map { 0xABCD_0000_0000_0000 | UInt64($0) }
        values += values.prefix(5_000)  // repeats
        for value in values {
            #expect(table.insert(value) == reference.insert(value).inserted)
        }
        #expect(table.count == reference.count)
        for value in reference { #expect(table.contains(value)) }
        var absent = 0
        for _ in 0..<20_000 {
            let probe = generator.next()
            if !reference.contains(probe) {
                #expect(!table.contains(probe))
                absent += 1
            }
        }
        #expect(absent > 19_000)
    }

    @Test func staysNearTenBytesAValue() {
        var table = PackedIdTable()
        var state: UInt64 = 12_345
        for _ in 0..<400_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            table.insert(state)
        }
        let bytesPerValue = Double(table.slotBytes) / Double(table.count)
        // Segments are 7/8 full before growing by a quarter: between 9.1 and 11.5 bytes a value.
        #expect(bytesPerValue > 9 && bytesPerValue < 11.6, "\(bytesPerValue) bytes a value")
    }
}
