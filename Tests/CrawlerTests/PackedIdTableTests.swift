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

    /// The 256 values whose hash has 56 zero low bits (an empty slot's key) are kept aside.
    @Test func valuesWhoseKeyIsZeroAreKeptAside() {
        // SplitMix64's finalizer undone: each step inverted, the multipliers by their inverses.
        func inverse(_ odd: UInt64) -> UInt64 {
            var x = odd
            for _ in 0..<6 { x = x &* (2 &- odd &* x) }
            return x
        }
        func unshift(_ z: UInt64, _ shift: UInt64) -> UInt64 {
            var x = z
            var step = shift
            while step < 64 {
                x ^= x >> step
                step *= 2
            }
            return x
        }
        func unmix(_ hash: UInt64) -> UInt64 {
            var z = unshift(hash, 31)
            z = z &* inverse(0x94D0_49BB_1331_11EB)
            z = unshift(z, 27)
            z = z &* inverse(0xBF58_476D_1CE4_E5B9)
            z = unshift(z, 30)
            return z &- 0x9E37_79B9_7F4A_7C15
        }
        var table = PackedIdTable()
        let aside = (0..<256).map { unmix(UInt64($0) << 56) }
        var generator = SystemRandomNumberGenerator()
        let ordinary = (0..<5_000).map { _ in generator.next() as UInt64 }
        for value in aside + ordinary {
            let inserted = table.insert(value)
            #expect(inserted)
        }
        for value in aside + ordinary {
            #expect(table.contains(value))
            let again = table.insert(value)
            #expect(!again)
        }
        #expect(table.count == 5_256)
        #expect(!table.contains(unmix(1 << 56 | 1)))
    }

    @Test func staysNearNineBytesAValue() {
        var table = PackedIdTable()
        var state: UInt64 = 12_345
        for _ in 0..<400_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            table.insert(state)
        }
        let bytesPerValue = Double(table.slotBytes) / Double(table.count)
        // 7-byte slots, segments 7/8 full before growing by a quarter: between 8 and 10 bytes a value.
        #expect(bytesPerValue > 7.9 && bytesPerValue < 10.1, "\(bytesPerValue) bytes a value")
    }
}
