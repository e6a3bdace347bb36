import YouTubeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the form a thumbnail URL is kept in (see `Thumbnail.URLForm`), so that the usual URLs
/// cost no allocation:
///
/// - a video's, `https://i.ytimg.com/vi/` + id + `/hqdefault.jpg`: the id's bytes and the file's
///   number;
/// - a channel's, `https://yt3.ggpht.com/…` + `=s88` + `-c-k-c0x00ffffff-no-rj`: the path, one
///   String the next sizes share while they start with it, and the size.
///
/// Anything else (another host, a size with a leading zero, an id longer than 16 bytes) is one
/// String, as before.
struct ThumbnailURLSplitter {
    /// The last path made: the sizes of one channel image share it.
    private var sharedPath = ""

    /// The form of the URL whose text is `text`.
    mutating func form(_ text: JSONText) -> Thumbnail.URLForm {
        let bytes = text.bytes
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .whole("") }
        let count = bytes.count
        let prefix = Thumbnail.videoPrefix
        if count > prefix.utf8CodeUnitCount, Self.same(base, prefix.utf8Start, prefix.utf8CodeUnitCount),
            let form = Self.videoForm(base, count)
        {
            return form
        }
        let options = Thumbnail.channelOptions
        let optionsStart = count &- options.utf8CodeUnitCount
        if optionsStart > 0, Self.same(base + optionsStart, options.utf8Start, options.utf8CodeUnitCount),
            let form = sizedForm(base, optionsStart, text.isASCII)
        {
            return form
        }
        return .whole(text.string)
    }

    /// Whether the `length` bytes (8 to 24) at `a` and `b` are the same: two or three words,
    /// the last overlapping, where `memcmp` is a call.
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        @inline(__always) func word(_ pointer: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
            UnsafeRawPointer(pointer + offset).loadUnaligned(as: UInt64.self)
        }
        let last = length &- 8
        guard word(a, 0) == word(b, 0), word(a, last) == word(b, last) else { return false }
        return length <= 16 || word(a, 8) == word(b, 8)
    }

    /// `https://i.ytimg.com/vi/ID/FILE` with a known file.
    private static func videoForm(_ base: UnsafePointer<UInt8>, _ count: Int) -> Thumbnail.URLForm? {
        let idStart = Thumbnail.videoPrefix.utf8CodeUnitCount
        var id: (UInt64, UInt64) = (0, 0)
        var slash = idStart
        if idStart &+ 16 <= count {
            // The usual URL: the id and the slash after it within two words, found by bit tricks
            // and kept from the words (no loop over the id, no copy call).
            let words = (JSONScanner.loadWord(base, idStart), JSONScanner.loadWord(base, idStart &+ 8))
            let first = JSONScanner.bytes(of: words.0, equalTo: UInt8(ascii: "/"))
            let second = JSONScanner.bytes(of: words.1, equalTo: UInt8(ascii: "/"))
            if first != 0 {
                slash = idStart &+ first.trailingZeroBitCount &>> 3
                id = (JSONScanner.bytes(of: words.0, before: first.trailingZeroBitCount), 0)
            } else if second != 0 {
                slash = idStart &+ 8 &+ second.trailingZeroBitCount &>> 3
                id = (words.0, JSONScanner.bytes(of: words.1, before: second.trailingZeroBitCount))
            }
        }
        if slash == idStart {
            while slash < count, base[slash] != UInt8(ascii: "/") { slash &+= 1 }
            guard slash &- idStart <= 16 else { return nil }
            withUnsafeMutableBytes(of: &id) {
                $0.baseAddress!.copyMemory(from: base + idStart, byteCount: slash &- idStart)
            }
        }
        let idLength = slash &- idStart
        guard slash < count, idLength > 0 else { return nil }
        let fileStart = slash &+ 1
        let fileLength = count &- fileStart
        // The candidate by length and first letter, then compared whole.
        let file: UInt8
        switch (fileLength, fileLength > 0 ? base[fileStart] : 0) {
        case (11, UInt8(ascii: "d")): file = 0
        case (13, UInt8(ascii: "m")): file = 1
        case (13, UInt8(ascii: "h")): file = 2
        case (13, UInt8(ascii: "s")): file = 3
        case (17, UInt8(ascii: "m")): file = 4
        case (16, UInt8(ascii: "d")): file = 5
        case (18, UInt8(ascii: "m")): file = 6
        case (18, UInt8(ascii: "h")): file = 7
        case (18, UInt8(ascii: "s")): file = 8
        case (22, UInt8(ascii: "m")): file = 9
        default: return nil
        }
        let name = Thumbnail.videoFile(file)
        guard same(base + fileStart, name.utf8Start, fileLength) else { return nil }
        return .video(id: id, idLength: UInt8(idLength), file: file)
    }

    /// `PATH=sSIZE-c-k-c0x00ffffff-no-rj`, the size in digits without a leading zero.
    private mutating func sizedForm(_ base: UnsafePointer<UInt8>, _ optionsStart: Int, _ isASCII: Bool)
        -> Thumbnail.URLForm?
    {
        var digitsStart = optionsStart
        var size = 0
        var scale = 1
        while digitsStart > 0, scale <= 10_000, case let digit = base[digitsStart &- 1],
            digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9")
        {
            size &+= Int(digit &- UInt8(ascii: "0")) &* scale
            scale &*= 10
            digitsStart &-= 1
        }
        let pathEnd = digitsStart &- 2
        guard digitsStart < optionsStart, base[digitsStart] != UInt8(ascii: "0"), size <= Int(UInt16.max),
            pathEnd > 0, base[pathEnd] == UInt8(ascii: "="), base[pathEnd &+ 1] == UInt8(ascii: "s")
        else { return nil }
        let same =
            sharedPath.utf8.withContiguousStorageIfAvailable { utf8 in
                utf8.count == pathEnd && memcmp(utf8.baseAddress!, base, pathEnd) == 0
            } ?? false
        if !same {
            sharedPath = JSONText.string(
                validUTF8: UnsafeRawBufferPointer(start: base, count: pathEnd), isASCII: isASCII)
        }
        return .sized(path: sharedPath, size: UInt16(size))
    }
}
