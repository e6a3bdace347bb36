/// Opaque page tokens: the offset of the next page, bound to the request it continues and
/// signed, so an edited or foreign token is refused with invalidPageToken.
struct PageTokenCodec: Sendable {
    let secret: UInt64

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    func mac(_ offset: UInt32, _ fingerprint: UInt32) -> UInt32 {
        var random = CorpusRandom(seed: secret ^ (UInt64(offset) << 32 | UInt64(fingerprint)))
        return UInt32(truncatingIfNeeded: random.next())
    }

    func encode(offset: Int, fingerprint: UInt32) -> String {
        let offset32 = UInt32(offset)
        let value = (UInt128(offset32) << 64) | (UInt128(fingerprint) << 32) | UInt128(mac(offset32, fingerprint))
        var bytes: [UInt8] = [UInt8(ascii: "C")]
        var remaining = value
        var digits: [UInt8] = []
        for _ in 0..<16 {
            digits.append(Self.alphabet[Int(remaining & 63)])
            remaining >>= 6
        }
        bytes.append(contentsOf: digits.reversed())
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset a token carries, when it is ours and continues a request with `fingerprint`.
    func decode(_ token: String, fingerprint: UInt32) -> Int? {
        let bytes = Array(token.utf8)
        guard bytes.count == 17, bytes[0] == UInt8(ascii: "C") else { return nil }
        var value: UInt128 = 0
        for byte in bytes.dropFirst() {
            guard let digit = Self.alphabet.firstIndex(of: byte) else { return nil }
            value = value << 6 | UInt128(digit)
        }
        let offset = UInt32(truncatingIfNeeded: value >> 64)
        let tokenFingerprint = UInt32(truncatingIfNeeded: value >> 32)
        let signature = UInt32(truncatingIfNeeded: value)
        guard value >> 96 == 0, tokenFingerprint == fingerprint, signature == mac(offset, fingerprint) else {
            return nil
        }
        return Int(offset)
    }
}
