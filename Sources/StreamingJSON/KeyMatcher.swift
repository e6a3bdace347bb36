/// Finds which of a small set of known object keys a key is, without building a String:
/// keys of up to 24 bytes compare as three 64-bit words and a length.
struct KeyMatcher<Value: Sendable>: Sendable {
    private struct Entry {
        var length: Int
        var words: (UInt64, UInt64, UInt64)
        var bytes: [UInt8]
        var value: Value
    }

    private var entries: [Entry]

    init(_ pairs: [(String, Value)]) {
        entries = pairs.map { key, value in
            let bytes = Array(key.utf8)
            return bytes.withUnsafeBytes {
                Entry(length: bytes.count, words: Self.words($0), bytes: bytes, value: value)
            }
        }
    }

    @inline(__always)
    static func words(_ key: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { target in
            let count = min(24, key.count)
            if count > 0 { target.baseAddress!.copyMemory(from: key.baseAddress!, byteCount: count) }
        }
        return words
    }

    @inline(__always)
    func match(_ key: UnsafeRawBufferPointer) -> Value? {
        let words = Self.words(key)
        let length = key.count
        for entry in entries where entry.length == length && entry.words == words {
            if length <= 24 || entry.bytes.elementsEqual(key) { return entry.value }
        }
        return nil
    }
}
