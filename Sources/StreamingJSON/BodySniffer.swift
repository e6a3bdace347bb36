/// Which reader a body needs, from its first bytes: the comment reader or the page reader (which
/// also reads Google's error bodies).
enum BodySniffer {
    /// How far to look for a `kind` before deciding by other keys.
    static let window = 4096

    /// `true` for the comment reader, `false` for the page reader, `nil` when more bytes are
    /// needed (never when `complete`).
    static func choose(_ bytes: UnsafeRawBufferPointer, endpoint: Endpoint, complete: Bool) -> Bool? {
        guard let first = firstKey(bytes) else {
            // Not an object yet (or not JSON at all: the page reader reports that).
            if complete || bytes.count >= window || startsWithNonObject(bytes) { return endpoint.isComments }
            return nil
        }
        if first.elementsEqual("error".utf8) { return false }
        if endpoint.isComments { return true }
        if let kind = value(of: "\"kind\"", in: bytes) {
            return kind.starts(with: Array("youtube#comment".utf8))
        }
        guard complete || bytes.count >= window else { return nil }
        for key in ["\"topLevelComment\"", "\"textOriginal\"", "\"textDisplay\"", "\"authorChannelId\""]
        where find(Array(key.utf8), in: bytes) != nil {
            return true
        }
        return false
    }

    /// The first key of the top-level object, once all of it has arrived.
    private static func firstKey(_ bytes: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer>? {
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return bytes[start..<end]
    }

    private static func startsWithNonObject(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first(where: { !isSpace($0) }) else { return false }
        return first != UInt8(ascii: "{")
    }

    /// The string value after the first occurrence of `key` (`"kind"`), when it has arrived whole.
    private static func value(of key: String, in bytes: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer>? {
        guard let at = find(Array(key.utf8), in: bytes) else { return nil }
        var index = at + key.utf8.count
        while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ":") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return bytes[start..<end]
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        // Only the first few KB are looked at: the decision needs no more.
        let limit = min(bytes.count, window + needle.count)
        var index = 0
        while index + needle.count <= limit {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
