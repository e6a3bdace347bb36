extension TextFeatures {
    /// The UTF-8 offset of the first `byte` in `text` from `start`, if any: a scan of the
    /// contiguous bytes (most texts hold no sign at all, and this is the whole cost for them).
    static func firstOffset(of byte: UInt8, in text: String, from start: Int = 0) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            var index = start
            while index < bytes.count {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }
    }

    /// The UTF-8 offset of the first `sign` in `text` whose next byte `followedBy` accepts.
    static func firstSign(_ sign: UInt8, in text: String, followedBy: (UInt8) -> Bool) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 2 else { return nil }
            for index in 0..<(bytes.count - 1) where bytes[index] == sign && followedBy(bytes[index + 1]) {
                return index
            }
            return nil
        }
    }

    /// The UTF-8 ranges of `text` that may hold a URL: each `://`, up to five ASCII bytes before
    /// it, and what follows to the next ASCII space, control, `<`, `>` or `"` (no URL holds one).
    static func schemeWindows(in text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { bytes in
            var windows: [Range<Int>] = []
            var index = 0
            while index + 2 < bytes.count {
                guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                    bytes[index + 2] == UInt8(ascii: "/")
                else {
                    index += 1
                    continue
                }
                var start = index
                let floor = windows.last?.upperBound ?? 0
                while start > floor, index - start < 5, bytes[start - 1] < 0x80 { start -= 1 }
                var end = index + 3
                while end < bytes.count, !endsWindow(bytes[end]) { end += 1 }
                windows.append(start..<end)
                index = end
            }
            return windows
        }
    }

    private static func endsWindow(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"")
    }

    /// The scalars of `text` between UTF-8 offsets (on scalar boundaries; to its end without
    /// `end`), and the scalar before them: a text is decoded where a sign is, not whole.
    static func scalars(of text: String, from offset: Int, to end: Int? = nil) -> (
        previous: Unicode.Scalar?, scalars: [Unicode.Scalar]
    ) {
        let view = text.unicodeScalars
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        let stop = end.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) } ?? text.utf8.endIndex
        let previous = start > view.startIndex ? view[view.index(before: start)] : nil
        return (previous, Array(view[start..<stop]))
    }

    /// The lines of `text` (split at line feeds and carriage returns) that hold `byte`, as
    /// scalars: the others are never decoded.
    static func lines(of text: String, holding byte: UInt8) -> [[Unicode.Scalar]] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [[Unicode.Scalar]] = []
            var start = 0
            var holds = false
            func close(_ end: Int) {
                if holds, end > start {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    lines.append(Array(line.unicodeScalars))
                }
            }
            for index in 0..<bytes.count {
                let value = bytes[index]
                if value == 0x0A || value == 0x0D {
                    close(index)
                    start = index + 1
                    holds = false
                } else if value == byte {
                    holds = true
                }
            }
            close(bytes.count)
            return lines
        }
    }
}
