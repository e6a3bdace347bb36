/// Turns corpus indices into YouTube-shaped ids and back, so a lookup by id needs no table:
/// an index is scrambled by an invertible 64-bit permutation and written in base64url.
struct IdentifierCodec: Sendable {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    let key: UInt64

    init(seed: UInt64, domain: UInt64) {
        var random = CorpusRandom(seed: seed, stream: 0xC0DE_0000 + domain)
        key = random.next()
    }

    // Each step is invertible: xor with a key, multiply by an odd constant, xorshift.
    private static let multiplier: UInt64 = 0xD6E8_FEB8_6659_FD93
    private static let inverse: UInt64 = {
        // Newton iteration for the multiplicative inverse modulo 2^64.
        var x = multiplier
        for _ in 0..<6 { x = x &* (2 &- multiplier &* x) }
        return x
    }()

    func scramble(_ index: UInt64) -> UInt64 {
        var x = index ^ key
        x = x &* Self.multiplier
        x ^= x >> 32
        return x
    }

    func unscramble(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 32
        x = x &* Self.inverse
        return x ^ key
    }

    /// 11 characters holding 64 bits (the first character carries 4).
    func encode(_ index: Int) -> String {
        var value = scramble(UInt64(index))
        var bytes = [UInt8](repeating: 0, count: 11)
        for position in stride(from: 10, through: 0, by: -1) {
            bytes[position] = Self.alphabet[Int(value & 63)]
            value >>= 6
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The index an 11-character id encodes, or `nil` when it is not one of ours.
    func decode(_ id: Substring) -> Int? {
        let bytes = Array(id.utf8)
        guard bytes.count == 11 else { return nil }
        var value: UInt64 = 0
        for (position, byte) in bytes.enumerated() {
            let digit = Self.values[Int(byte)]
            guard digit >= 0, position > 0 || digit < 16 else { return nil }
            value = value << 6 | UInt64(digit)
        }
        let index = unscramble(value)
        return index < UInt64(Int.max) ? Int(index) : nil
    }

    /// `count` more characters derived from an id, to lengthen it (channel and playlist ids).
    func padding(for id: String, count: Int) -> String {
        var random = CorpusRandom(seed: key ^ UInt64(truncatingIfNeeded: id.hashValueStable))
        return random.identifier(length: count)
    }
}

extension String {
    /// FNV-1a over the UTF-8 bytes: a hash that is the same in every process (unlike `hashValue`).
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return hash
    }
}
