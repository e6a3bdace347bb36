/// The crawl's seen-set of video ids, in about 9 bytes an id (``PackedIdTable``) instead of a
/// `Set<String>`'s 16 to 32: the one structure that grows with every video a crawl finds.
///
/// A video id is 11 base64url characters, 66 bits. YouTube's ids carry 64 of them (the last
/// character is one of 16, its two low bits zero); the emulator's also carry 64 (the first
/// character is one of 16). Each form packs exactly into a `UInt64` of its own set; any other id
/// is kept as a string. An id always lands in the same place, so membership is exact.
struct VideoIdSet: Sendable {
    private var lowBitsFree = PackedIdTable()
    private var highBitsFree = PackedIdTable()
    private var others = CompactStringSet()

    init() {}

    init(_ ids: some Sequence<String>) {
        for id in ids { insert(id) }
    }

    var count: Int { lowBitsFree.count + highBitsFree.count + others.count }

    /// Inserts `id`; `true` when it was not there yet.
    @discardableResult
    mutating func insert(_ id: String) -> Bool {
        switch Self.pack(id) {
        case .lowBitsFree(let value): return lowBitsFree.insert(value)
        case .highBitsFree(let value): return highBitsFree.insert(value)
        case nil: return others.insert(id)
        }
    }

    func contains(_ id: String) -> Bool {
        switch Self.pack(id) {
        case .lowBitsFree(let value): return lowBitsFree.contains(value)
        case .highBitsFree(let value): return highBitsFree.contains(value)
        case nil: return others.contains(id)
        }
    }

    enum Packed: Equatable {
        case lowBitsFree(UInt64)
        case highBitsFree(UInt64)
    }

    /// The 66 bits of an 11-character base64url id, as 64 when two of them are known to be zero.
    static func pack(_ id: String) -> Packed? {
        var high: UInt64 = 0  // the top two of the 66 bits
        var value: UInt64 = 0  // the low 64
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
            high = (high << 6 | value >> 58) & 3
            value = value << 6 | digit
        }
        guard length == 11 else { return nil }
        if value & 3 == 0 { return .lowBitsFree(high << 62 | value >> 2) }
        if high == 0 { return .highBitsFree(value) }
        return nil
    }
}
