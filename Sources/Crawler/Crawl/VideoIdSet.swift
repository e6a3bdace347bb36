/// The crawl's seen-set of video ids, in about 9 bytes an id (``PackedIdTable``) instead of a
/// `Set<String>`'s 16 to 32: the one structure that grows with every video a crawl finds.
///
/// A video id is 11 base64url characters, 66 bits, of which YouTube's ids use 64: the last
/// character is one of the 16 whose two low bits are zero (`AEIMQUYcgkosw048`). The emulator's
/// ids have the same shape. Such an id packs exactly into a `UInt64`; any other id (another
/// length, another last character, a character outside base64url) is kept as a string. An id
/// always lands in the same place, so membership is exact.
struct VideoIdSet: Sendable {
    private var packed = PackedIdTable()
    private var others = CompactStringSet()

    init() {}

    init(_ ids: some Sequence<String>) {
        for id in ids { insert(id) }
    }

    var count: Int { packed.count + others.count }

    /// Inserts `id`; `true` when it was not there yet.
    @discardableResult
    mutating func insert(_ id: String) -> Bool {
        if let value = Self.pack(id) { return packed.insert(value) }
        return others.insert(id)
    }

    func contains(_ id: String) -> Bool {
        if let value = Self.pack(id) { return packed.contains(value) }
        return others.contains(id)
    }

    /// The 64 bits of an 11-character base64url id whose last character has its two low bits
    /// zero; `nil` for any other string.
    static func pack(_ id: String) -> UInt64? {
        var value: UInt64 = 0
        var length = 0
        for byte in id.utf8 {
            length += 1
            guard length <= 11 else { return nil }
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt64(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt64(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"): digit = 62
            case UInt8(ascii: "_"): digit = 63
            default: return nil
            }
            if length == 11 {
                guard digit & 3 == 0 else { return nil }
                value = value << 4 | digit >> 2
            } else {
                value = value << 6 | digit
            }
        }
        return length == 11 ? value : nil
    }
}
