/// The emulator corpus's deterministic generator (SplitMix64): the same seed gives the same
/// sequence on every machine and run, so the same flags give byte-identical responses.
public struct CorpusRandom: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one named part of the corpus, independent of how much other parts drew.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = CorpusRandom(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An 11-character video id or a 22-character channel id suffix, in YouTube's base64url alphabet.
    public mutating func identifier(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(length)
        for _ in 0..<length { bytes.append(alphabet[Int(next() & 63)]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
