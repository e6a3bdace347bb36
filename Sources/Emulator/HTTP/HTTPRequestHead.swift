/// A parsed HTTP/1.1 request head.
struct HTTPRequestHead: Sendable {
    var method: String
    /// The request target as sent (`/youtube/v3/search?part=snippet`).
    var target: String
    var version: String
    /// Header names in lower case.
    var headers: [(name: String, value: String)]

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    var path: Substring {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target[...] }
        return target[..<mark]
    }

    var query: Substring {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        return target[target.utf8.index(after: mark)...]
    }

    /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 closes unless told to keep it.
    var keepAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    enum ParseError: Error {
        case malformed(String)
    }

    /// Parses the bytes of a head (without the final blank line), byte by byte: no intermediate
    /// Strings but the fields kept.
    static func parse(_ bytes: ArraySlice<UInt8>) throws -> HTTPRequestHead {
        try bytes.withUnsafeBufferPointer { buffer in
            guard String(validating: buffer, as: UTF8.self) != nil else {
                throw ParseError.malformed("head is not UTF-8")
            }
            var lines = HeadLines(buffer)
            guard let requestLine = lines.next() else { throw ParseError.malformed("empty request") }
            let words = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard words.count == 3, !words[0].isEmpty, words[1].first == UInt8(ascii: "/"),
                words[2].elementsEqual("HTTP/1.1".utf8) || words[2].elementsEqual("HTTP/1.0".utf8)
            else { throw ParseError.malformed("bad request line") }
            var headers: [(String, String)] = []
            while let line = lines.next() {
                if line.isEmpty { continue }
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                    throw ParseError.malformed("header without ':'")
                }
                let name = line[..<colon]
                guard !name.isEmpty, !name.contains(UInt8(ascii: " ")) else {
                    throw ParseError.malformed("bad header name")
                }
                var value = line[(colon + 1)...]
                while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
                while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
                headers.append((String(decoding: name.lazy.map(Self.lowercased), as: UTF8.self), Self.text(value)))
            }
            return HTTPRequestHead(
                method: text(words[0]), target: text(words[1]), version: text(words[2]), headers: headers)
        }
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The `\r\n`-separated lines of a head.
    private struct HeadLines {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0
        var done = false

        init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard !done else { return nil }
            var end = index
            while end + 1 < buffer.count, !(buffer[end] == 13 && buffer[end + 1] == 10) { end += 1 }
            if end + 1 >= buffer.count {
                done = true
                return buffer[index..<buffer.count]
            }
            defer { index = end + 2 }
            return buffer[index..<end]
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return String(result)
    }
}
