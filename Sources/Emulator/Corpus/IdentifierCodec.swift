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

    /// 11 characters holding 64 bits, as YouTube's video ids do: the value's bits in order, six to
    /// a character, so the last character carries the lowest 4 with two zero bits below them and is
    /// one of the 16 of ``lastCharacters``.
    func encode(_ index: Int) -> String {
        Self.characters(of: scramble(UInt64(index)))
    }

    /// The 11 characters of a 64-bit value, first the highest six bits.
    static func characters(of value: UInt64) -> String {
        var bits = value
        var bytes = [UInt8](repeating: 0, count: 11)
        bytes[10] = alphabet[Int(bits & 15) << 2]
        bits >>= 4
        for position in stride(from: 9, through: 0, by: -1) {
            bytes[position] = alphabet[Int(bits & 63)]
            bits >>= 6
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The characters an 11-character id can end with: those whose two low bits are zero.
    static let lastCharacters = "AEIMQUYcgkosw048"

    /// The 64-bit value 11 characters hold, or `nil` when they are not in that form (another
    /// length, a character outside base64url, a last character not among ``lastCharacters``).
    static func value(of id: Substring) -> UInt64? {
        var value: UInt64 = 0
        var length = 0
        for byte in id.utf8 {
            length += 1
            guard length <= 11 else { return nil }
            let digit = values[Int(byte)]
            guard digit >= 0 else { return nil }
            if length == 11 {
                guard digit & 3 == 0 else { return nil }
                value = value << 4 | UInt64(digit >> 2)
            } else {
                value = value << 6 | UInt64(digit)
            }
        }
        return length == 11 ? value : nil
    }

    /// The index an 11-character id encodes, or `nil` when it is not one of ours.
    func decode(_ id: Substring) -> Int? {
        guard let value = Self.value(of: id) else { return nil }
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

/// The corpus's video ids: the codec's, except that video 0 is ``Landmarks/videoId`` and the
/// index that id decodes to takes what would have been video 0's, so every id stays unique.
struct VideoIdentifiers: Sendable {
    let codec: IdentifierCodec
    /// The index whose own id is ``Landmarks/videoId`` (almost always far beyond the corpus).
    private let landmarkTwin: UInt64

    init(seed: UInt64) {
        codec = IdentifierCodec(seed: seed, domain: 1)
        guard let value = IdentifierCodec.value(of: Landmarks.videoId[...]) else {
            preconditionFailure("Landmarks.videoId is not an 11-character 64-bit id")
        }
        landmarkTwin = codec.unscramble(value)
    }

    /// The id of the video at `index` (also of indices beyond the corpus: placeholders).
    func id(_ index: Int) -> String {
        IdentifierCodec.characters(of: codec.scramble(swapped(UInt64(index))))
    }

    /// The index `id` names, possibly beyond the corpus; `nil` when it is not an id of this form.
    func index(_ id: Substring) -> UInt64? {
        IdentifierCodec.value(of: id).map { swapped(codec.unscramble($0)) }
    }

    private func swapped(_ index: UInt64) -> UInt64 {
        index == 0 ? landmarkTwin : index == landmarkTwin ? 0 : index
    }
}
